/// `Task.immediate` (SE-0472): a task that starts on the caller's thread, synchronously, and runs
/// there up to its first suspension (docs/runtimes.md, "Task.immediate, measured").
extension ScenarioDecoder {
  /// `"immediate": true` on a `task`; what the lab does not model with it is refused.
  mutating func decodeImmediate(_ step: StepInput, _ spec: TaskSpec) -> Bool {
    guard let node = step.option("immediate"),
      bool(step.object, "immediate", path: "\(step.path).immediate") == true
    else { return false }
    // Swift has no detached immediate task, and a chain's task first awaits the previous one.
    let refused: [(what: String, key: String, isGiven: Bool)] = [
      ("\"detached\"", "detached", spec.detached), ("\"chain\"", "chain", spec.chain != nil),
    ]
    if let other = refused.first(where: \.isGiven) {
      error(
        "an immediate task with \(other.what): the lab runs Task.immediate only as a task that "
          + "inherits its caller's context or is isolated to main, an actor or none; remove "
          + "\"\(other.key)\" or \"immediate\"",
        at: node.location, path: "\(step.path).immediate")
      return false
    }
    return true
  }
}

/// What the lab says of `Task.immediate`, in the step table and at run time.
public enum TaskRules {
  static let immediateDoc =
    "`Task.immediate { … }`: the task starts at once on the caller's thread and runs there, "
    + "synchronously, until its first suspension (a sleep, an await); the caller goes on after "
    + "that. From code on the pool or on main; isolated to an actor the caller is not on (main "
    + "from the pool), it is queued there like a `Task {}`; nonisolated (`\"isolation\": "
    + "\"concurrent\"`) on main, its first part runs on main and the rest on the pool."

  /// Why a run stops at an immediate task started on a scenario actor, which the lab does not
  /// model (main it does: `Interpreter.startInline`).
  public static let onAnActor =
    "an immediate task started on an actor other than main: Swift runs its first part "
    + "synchronously on that actor's thread, which the lab does not model; start it from main "
    + "or from code on the pool (a function with the default isolation), or drop \"immediate\""
}
