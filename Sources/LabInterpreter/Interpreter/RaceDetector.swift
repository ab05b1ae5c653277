import LabModel
import LabRuntime

/// A vector clock: for each task, how many of its steps happened before this point.
///
/// Stored as a persistent trie indexed by task id (ids are small and dense, in creation order)
/// whose nodes never change once built, so clocks share them. A clock often holds every task
/// before it: in a serial chain the k-th task's clock names all k − 1 before it, and a dictionary
/// per clock kept n²/2 entries for n tasks (10,000 tasks: 50 million, 1.6 GB). Here `tick`
/// copies one path, and `join` keeps any subtree that one side lacks or that both share,
/// rebuilding only the paths where the two clocks differ; each clock of a chain costs a few paths.
/// The counts are the same as a dictionary's, so races are found exactly as before.
struct VectorClock: Sendable {
  private final class Node: Sendable {
    /// A leaf's counts, one per task id in its range; empty in an inner node.
    let counts: [Int]
    /// An inner node's subtrees; empty in a leaf.
    let children: [Node?]

    init(counts: [Int] = [], children: [Node?] = []) {
      self.counts = counts
      self.children = children
    }
  }

  private static let bits = 4
  private static let width = 1 << bits
  private static let mask = width - 1

  private var root: Node?
  /// How far to shift a task id for the root's slot: 0 when the root is a leaf.
  private var shift = 0

  subscript(task: Int) -> Int {
    guard task >= 0, task >> shift < Self.width else { return 0 }
    var node = root
    var shift = shift
    while let current = node {
      let slot = (task >> shift) & Self.mask
      if shift == 0 { return current.counts[slot] }
      node = current.children[slot]
      shift -= Self.bits
    }
    return 0
  }

  mutating func tick(_ task: Int) {
    precondition(task >= 0, "task ids are not negative")
    while task >> shift >= Self.width { grow() }
    root = Self.ticked(root, task, shift)
  }

  /// Everything either clock has seen.
  mutating func join(_ other: VectorClock) {
    var other = other
    while shift < other.shift { grow() }
    while other.shift < shift { other.grow() }
    root = Self.joined(root, other.root, shift)
  }

  /// One level more above the root, so that the clock covers 16 times more task ids.
  private mutating func grow() {
    if let root {
      self.root = Node(children: [root] + Array(repeating: nil, count: Self.width - 1))
    }
    shift += Self.bits
  }

  private static func ticked(_ node: Node?, _ task: Int, _ shift: Int) -> Node {
    let slot = (task >> shift) & mask
    if shift == 0 {
      var counts = node?.counts ?? Array(repeating: 0, count: width)
      counts[slot] += 1
      return Node(counts: counts)
    }
    var children = node?.children ?? Array(repeating: nil, count: width)
    children[slot] = ticked(children[slot], task, shift - bits)
    return Node(children: children)
  }

  /// The larger count for every task; returns `a` or `b` itself when it already holds them all.
  private static func joined(_ a: Node?, _ b: Node?, _ shift: Int) -> Node? {
    guard let a else { return b }
    guard let b, a !== b else { return a }
    if shift == 0 {
      let counts = zip(a.counts, b.counts).map(max)
      if counts == a.counts { return a }
      return counts == b.counts ? b : Node(counts: counts)
    }
    let children = zip(a.children, b.children).map { joined($0, $1, shift - bits) }
    if zip(children, a.children).allSatisfy(===) { return a }
    if zip(children, b.children).allSatisfy(===) { return b }
    return Node(children: children)
  }

  /// How many nodes the clocks hold between them, each shared node once: their memory, for tests.
  static func distinctNodes(in clocks: some Sequence<VectorClock>) -> Int {
    var seen = Set<ObjectIdentifier>()
    func visit(_ node: Node?) {
      guard let node, seen.insert(ObjectIdentifier(node)).inserted else { return }
      node.children.forEach(visit)
    }
    for clock in clocks { visit(clock.root) }
    return seen.count
  }
}

/// Finds data races on shared memory with vector clocks (happens-before, as ThreadSanitizer does):
/// two accesses to one variable from different tasks, at least one a write, with no chain of
/// synchronization between them — task creation, awaiting a task's result, or both running on the
/// same actor. Reports a race even in runs where no update happened to be lost.
final class RaceDetector: Sendable {
  /// One access to a variable: which task, its clock entry then, and where in the scenario.
  struct Access: Sendable {
    var task: Int
    var taskName: String
    var time: Int
    var write: Bool
    var origin: StepOrigin
  }

  struct Race: Sendable {
    var variable: String
    var earlier: Access
    var later: Access
  }

  private struct VariableHistory {
    var lastWrite: Access?
    var readsSinceWrite: [Access] = []
  }

  private struct State {
    var variables: [String: VariableHistory] = [:]
    var reported: Set<String> = []
    /// Each serial executor's clock (main, actors): accesses made while isolated to it are ordered.
    var actorClocks: [ObjectIdentifier: VectorClock] = [:]
    /// Final clocks of finished tasks, so whoever awaits them learns what they did.
    var finished: [Int: VectorClock] = [:]
  }

  private let state = Locked(State())

  /// Records an access by the task in `context`, made while isolated to `actor` (nil: no actor).
  /// Returns a race when this access races with an earlier one (reported once per variable).
  func access(
    _ variable: String, write: Bool, context: inout Interpreter.Context, actor: (any Actor)?,
    origin: StepOrigin
  ) -> Race? {
    state.withLock { state in
      if let actor {
        let id = ObjectIdentifier(actor)
        context.clock.join(state.actorClocks[id] ?? VectorClock())
      }
      context.clock.tick(context.id)
      let access = Access(
        task: context.id, taskName: context.task, time: context.clock[context.id], write: write,
        origin: origin)
      var history = state.variables[variable] ?? VariableHistory()
      var conflicts: [Access] = []
      if let lastWrite = history.lastWrite { conflicts.append(lastWrite) }
      if write { conflicts += history.readsSinceWrite }
      let race = conflicts.first { earlier in
        earlier.task != access.task && earlier.time > context.clock[earlier.task]
      }
      if write {
        history.lastWrite = access
        history.readsSinceWrite = []
      } else {
        history.readsSinceWrite.removeAll { $0.task == access.task }
        history.readsSinceWrite.append(access)
      }
      state.variables[variable] = history
      if let actor {
        state.actorClocks[ObjectIdentifier(actor), default: VectorClock()].join(context.clock)
      }
      guard let race, state.reported.insert(variable).inserted else { return nil }
      return Race(variable: variable, earlier: race, later: access)
    }
  }

  /// A task ended: keep its clock for whoever awaits it.
  func finished(_ context: Interpreter.Context) {
    state.withLock { $0.finished[context.id] = context.clock }
  }

  /// How many nodes the kept clocks of finished tasks hold between them (for tests).
  var finishedClockNodes: Int {
    state.withLock { VectorClock.distinctNodes(in: $0.finished.values) }
  }

  /// The awaiting task now knows everything the awaited one did.
  func awaited(_ task: Int, by context: inout Interpreter.Context) {
    let clock = state.withLock { $0.finished[task] }
    if let clock { context.clock.join(clock) }
  }
}
