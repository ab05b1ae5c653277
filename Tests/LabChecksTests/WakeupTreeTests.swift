import Testing

@testable import LabChecks
@testable import LabRuntime

/// The wakeup tree of one point of the optimal search: a sequence equivalent to one already there
/// (up to swapping turns that commute) must add nothing, or a class of schedules runs twice; a
/// sequence that is not must be added, or a class is never run.
@Suite struct WakeupTreeTests {
  typealias Object = TurnFootprint.Object
  typealias Access = TurnFootprint.Access

  static func event(
    _ task: Int, _ accesses: [Object: Access], index: Int = 0, enabler: RunEvent.ID? = nil
  ) -> RunEvent {
    var footprint = TurnFootprint()
    footprint.accesses = accesses
    return RunEvent(id: .init(task: task, index: index), footprint: footprint, enabler: enabler)
  }

  /// Task 0 writes x, task 1 writes y (they commute), task 2 writes x (it conflicts with task
  /// 0), task 3 writes y (it conflicts with task 1).
  static let a = event(0, [.variable("x"): .write])
  static let b = event(1, [.variable("y"): .write])
  static let c = event(2, [.variable("x"): .write])
  static let d = event(3, [.variable("y"): .write])

  /// Every branch of the tree followed to a leaf, as task numbers.
  static func paths(_ tree: WakeupTree) -> [[Int]] {
    tree.branches.flatMap { branch in
      branch.children.isEmpty
        ? [[branch.event.task]] : paths(branch.children).map { [branch.event.task] + $0 }
    }
  }

  static func tasks(_ events: [RunEvent]?) -> [Int]? { events?.map(\.task) }

  /// Task 1 then task 0 is task 0 then task 1, the two commuting; and once a branch goes on
  /// with task 3, task 3, 0, 1 is that branch with task 0 moved first.
  @Test func aSequenceEquivalentToABranchAddsNothing() {
    var tree = WakeupTree(chain: [Self.a, Self.b][...])
    tree.insert([Self.b, Self.a])
    #expect(Self.paths(tree) == [[0, 1]])
    tree.insert([Self.a, Self.d])
    tree.insert([Self.d, Self.a, Self.b])
    #expect(Self.paths(tree) == [[0, 1], [0, 3]])
  }

  /// A branch that, followed to its leaf, is a prefix of the sequence covers it; so does a
  /// branch the sequence is a prefix of.
  @Test func aSequenceABranchBeginsOrEndsWithinAddsNothing() {
    var short = WakeupTree(chain: [Self.a][...])
    short.insert([Self.a, Self.c])
    #expect(Self.paths(short) == [[0]])
    var long = WakeupTree(chain: [Self.a, Self.c][...])
    long.insert([Self.a])
    #expect(Self.paths(long) == [[0, 2]])
  }

  /// A sequence whose first turn conflicts with every branch's is a new branch, after the
  /// others; one that begins like a branch and then differs goes below that branch's start.
  @Test func aNewSequenceIsAppended() {
    var tree = WakeupTree(chain: [Self.a, Self.b][...])
    tree.insert([Self.c])
    #expect(Self.paths(tree) == [[0, 1], [2]])
    tree.insert([Self.a, Self.d])
    #expect(Self.paths(tree) == [[0, 1], [0, 3], [2]])
  }

  @Test func afterRemovesAnInitialEvent() {
    #expect(Self.tasks(WakeupTree.after(Self.a, in: [Self.b, Self.a])) == [1])
    #expect(Self.tasks(WakeupTree.after(Self.a, in: [Self.a, Self.c])) == [2])
  }

  @Test func afterKeepsASequenceThatCommutesWithTheEvent() {
    #expect(Self.tasks(WakeupTree.after(Self.a, in: [Self.b])) == [1])
    #expect(Self.tasks(WakeupTree.after(Self.a, in: [Self.b, Self.d])) == [1, 3])
  }

  /// The event conflicts with a turn of the sequence, its task's turn there waits for another
  /// one, or it enables a turn there: running it first changes the sequence's result.
  @Test func afterRefusesADependentSequence() {
    #expect(WakeupTree.after(Self.a, in: [Self.c]) == nil)
    #expect(WakeupTree.after(Self.a, in: [Self.b, Self.c]) == nil)
    #expect(WakeupTree.after(Self.a, in: [Self.c, Self.a]) == nil)
    let enabled = Self.event(1, [.variable("y"): .write], enabler: Self.a.id)
    #expect(WakeupTree.after(Self.a, in: [enabled]) == nil)
  }

  /// An initial task has a turn in the sequence that waits for nothing before it; a weak
  /// initial may also commute with all of it, without a turn there.
  @Test func initialsAndWeakInitials() {
    #expect(WakeupTree.isInitial(0, of: [Self.b, Self.a]))
    #expect(!WakeupTree.isInitial(0, of: [Self.c, Self.a]))
    #expect(!WakeupTree.isInitial(0, of: [Self.b]))
    #expect(WakeupTree.isWeakInitial(Self.a, of: [Self.b]))
    #expect(WakeupTree.isWeakInitial(Self.a, of: [Self.b, Self.a]))
    #expect(!WakeupTree.isWeakInitial(Self.a, of: [Self.c]))
  }

  @Test func popFirstTakesTheLeftmostBranch() {
    var tree = WakeupTree(chain: [Self.a, Self.b][...])
    tree.insert([Self.c])
    #expect(tree.popFirst()?.event.task == 0)
    #expect(tree.popFirst()?.event.task == 2)
    #expect(tree.popFirst() == nil)
    #expect(tree.isEmpty)
  }
}
