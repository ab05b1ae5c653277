/// Sequences of events still to explore from one point of a search, as an ordered tree: each
/// branch starts with one task's event, and branches that begin alike share their start
/// (Abdulla, Aronis, Jonsson and Sagonas, "Optimal dynamic partial order reduction", 2014).
struct WakeupTree {
  struct Branch {
    var event: RunEvent
    var children: WakeupTree
  }

  private(set) var branches: [Branch] = []

  var isEmpty: Bool { branches.isEmpty }

  init() {}

  init(chain events: ArraySlice<RunEvent>) {
    guard let first = events.first else { return }
    branches = [Branch(event: first, children: WakeupTree(chain: events.dropFirst()))]
  }

  /// Removes and returns the leftmost branch.
  mutating func popFirst() -> Branch? {
    branches.isEmpty ? nil : branches.removeFirst()
  }

  /// Adds `sequence` unless a branch already covers it: one that, followed to a leaf, is a
  /// prefix of a sequence equivalent to it, or that it is a prefix of.
  mutating func insert(_ sequence: [RunEvent]) {
    for index in branches.indices {
      guard let rest = Self.after(branches[index].event, in: sequence) else { continue }
      if rest.isEmpty || branches[index].children.isEmpty { return }
      branches[index].children.insert(rest)
      return
    }
    branches.append(Branch(event: sequence[0], children: WakeupTree(chain: sequence.dropFirst())))
  }

  /// What is left of `sequence` once `event` runs first, or nil when that changes its result:
  /// `event`'s task begins `sequence` without waiting for anything in it (its first event there
  /// is removed), or `event` commutes with all of it (it is unchanged).
  static func after(_ event: RunEvent, in sequence: [RunEvent]) -> [RunEvent]? {
    if let first = sequence.firstIndex(where: { $0.task == event.task }) {
      let waits = sequence[..<first].contains { $0.precedes(sequence[first]) }
      guard !waits else { return nil }
      var rest = sequence
      rest.remove(at: first)
      return rest
    }
    return sequence.allSatisfy { event.commutes(with: $0) } ? sequence : nil
  }

  /// Whether `task` has an event in `sequence` that waits for nothing before it there: every
  /// run that goes on from the sequence can start with that event.
  static func isInitial(_ task: Int, of sequence: [RunEvent]) -> Bool {
    guard let first = sequence.firstIndex(where: { $0.task == task }) else { return false }
    return !sequence[..<first].contains { $0.precedes(sequence[first]) }
  }

  /// Whether task `task`, whose next event is `event`, is a weak initial of `sequence`: it could
  /// run first with the same result.
  static func isWeakInitial(_ event: RunEvent, of sequence: [RunEvent]) -> Bool {
    after(event, in: sequence) != nil
  }
}
