/// Dispatch's work items and `MainActor.run`'s body are synchronous closures, as `withLock`'s is
/// (ScenarioDecoder+Locks): what would need `await` there is refused with Swift's reason, so a
/// file that validates has a program. A `sleep` in an `async` work item or a `notify` block is
/// the request a completion handler answers later, which the program writes as `asyncAfter`.
extension ScenarioDecoder {
  /// `nested`: the steps stand inside an `if`, a loop or a `try` of the closure, where a
  /// `sleep`'s completion handler could not hold the steps after it.
  mutating func checkSynchronousBody(
    _ steps: [Step], _ closure: SynchronousClosure, nested: Bool = false
  ) {
    for step in steps {
      if let problem = closure.problem(step.kind, nested: nested) {
        error(problem, at: step.origin.location, path: step.origin.path)
      }
      // A `withLock` inside checks its own body, with the lock's words.
      if case .withLock = step.kind { continue }
      for block in LockRules.sameThreadBlocks(step.kind) {
        checkSynchronousBody(block, closure, nested: true)
      }
    }
  }
}

/// A synchronous closure that a step's body is, as Swift writes it.
enum SynchronousClosure {
  /// `queue.async { … }`, `group.notify(queue:) { … }` or, with `sync`, `queue.sync { … }`.
  case workItem(sync: Bool)
  /// `await MainActor.run { … }`.
  case onMain

  /// Swift's words for an `await` in such a closure, measured with Swift 6.3.1.
  static let compilerSays =
    "Swift: 'cannot pass function of type '@Sendable () async -> ()' to parameter expecting "
    + "synchronous function type'"

  func problem(_ kind: Step.Kind, nested: Bool) -> String? {
    guard let awaiting = LockRules.awaiting(kind) else { return nil }
    // Whether a call awaits is its function's: NameChecker+SynchronousCalls judges it.
    if case .call = kind { return nil }
    switch self {
    case .workItem(let sync):
      if case .sleep = kind, !sync {
        guard nested else { return nil }
        return "'sleep' inside an if, a loop or a try of a work item: the program writes a "
          + "work item's sleep as a request whose completion handler runs the steps after it "
          + "(asyncAfter), which only the work item's own steps can be; put the sleep in the "
          + "work item's steps, or start a task in it to await"
      }
      return "'\(awaiting)' inside a work item: its closure is synchronous and cannot await "
        + "(\(Self.compilerSays)); start a task in it ({\"task\": …}) to await, or do it "
        + "outside the work item"
    case .onMain:
      return "'\(awaiting)' inside onMain: MainActor.run's closure is synchronous and cannot "
        + "await (\(Self.compilerSays)); do it before or after the onMain, or start a task "
        + "({\"task\": …, \"isolation\": \"main\"})"
    }
  }
}
