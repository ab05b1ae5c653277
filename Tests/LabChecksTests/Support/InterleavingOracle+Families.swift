/// The programs the oracle checks the explorer on, written as the events the explorer is to see
/// in the matching scenario (ExhaustiveOracleTests holds the scenarios). Task starts, ends,
/// spawns and the group's wait are not events: they are ordered by causality and touch nothing.
extension InterleavingOracle {
  /// `children` tasks each doing `adds` unlocked `add`s on one shared counter.
  static func counter(children: Int, adds: Int) -> InterleavingOracle {
    let task = (0..<adds).flatMap { _ in Event.add("counter") }
    return InterleavingOracle(
      initial: ["counter": 0], tasks: Array(repeating: task, count: children))
  }

  /// Two tasks writing and reading two variables crosswise, each read copied into a variable
  /// only its task writes, so the end state shows what each read saw.
  enum Crosswise: String, CaseIterable, Sendable {
    /// A: x = 1, seenByA = y. B: y = 1, seenByB = x. Sequential consistency forbids 0 and 0.
    case storeBuffering
    /// A: x = 1, y = 1. B: seenY = y, seenX = x. Seeing y's write but not x's is forbidden.
    case messagePassing

    var variables: [String] {
      switch self {
      case .storeBuffering: ["x", "y", "seenByA", "seenByB"]
      case .messagePassing: ["x", "y", "seenY", "seenX"]
      }
    }
  }

  static func crosswise(_ shape: Crosswise) -> InterleavingOracle {
    let initial = Dictionary(uniqueKeysWithValues: shape.variables.map { ($0, Int64(0)) })
    switch shape {
    case .storeBuffering:
      return InterleavingOracle(
        initial: initial,
        tasks: [
          [.set("x", to: 1), .set("seenByA", copying: "y")],
          [.set("y", to: 1), .set("seenByB", copying: "x")],
        ])
    case .messagePassing:
      return InterleavingOracle(
        initial: initial,
        tasks: [
          [.set("x", to: 1), .set("y", to: 1)],
          [.set("seenY", copying: "y"), .set("seenX", copying: "x")],
        ])
    }
  }

  /// `tasks` tasks each making `calls` calls of an actor method that adds 1 to the actor's
  /// `value`: each call is one block on the actor.
  static func actorCalls(tasks: Int, calls: Int) -> InterleavingOracle {
    let call = Event.atomic(on: "actor Counter", Event.add("value"))
    return InterleavingOracle(
      initial: ["value": 0],
      tasks: Array(repeating: Array(repeating: call, count: calls), count: tasks))
  }

  /// `tasks` tasks each adding 1 to a shared counter inside one lock: each critical section is
  /// one block on the lock.
  static func lockedAdds(tasks: Int) -> InterleavingOracle {
    let section = Event.atomic(on: "lock l", Event.add("counter"))
    return InterleavingOracle(
      initial: ["counter": 0], tasks: Array(repeating: [section], count: tasks))
  }
}

extension InterleavingOracle {
  /// Where family 5's reader runs: the code that reads `x` twice while a task it did not wait
  /// for writes it. `x` is top-level state, which every task reaches whatever its isolation, so
  /// the reader's isolation orders nothing: a write can come before, between or after its reads.
  enum ReaderPlace: String, CaseIterable, Sendable {
    /// The root, on the pool, right after it starts the writer.
    case pool
    /// The root on main (a button's action), the writer off main.
    case main
    /// A method of an actor, called by a task of its own.
    case actor
    /// Inside a lock the writer does not take.
    case lock
  }

  /// A: a = x, b = x. B: x = 1. Three classes: the write before, between or after the reads.
  static func readTwice() -> InterleavingOracle {
    InterleavingOracle(
      initial: ["x": 0, "a": 0, "b": 0],
      tasks: [[.set("a", copying: "x"), .set("b", copying: "x")], [.set("x", to: 1)]])
  }
}
