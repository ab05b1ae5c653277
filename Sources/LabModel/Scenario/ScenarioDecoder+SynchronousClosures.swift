/// Dispatch's work items and `MainActor.run`'s body are synchronous closures, as `withLock`'s is
/// (ScenarioDecoder+Locks): what would need `await` there is refused with Swift's reason, so a
/// file that validates has a program. A `sleep` in an `async` work item or a `notify` block is
/// the request a completion handler answers later, which the program writes as `asyncAfter`.
extension ScenarioDecoder {
  mutating func checkSynchronousBody(_ steps: [Step], _ closure: SynchronousClosure) {
    for step in steps {
      if let problem = closure.problem(step.kind) {
        error(problem, at: step.origin.location, path: step.origin.path)
      }
      // A `withLock` inside checks its own body, with the lock's words.
      if case .withLock = step.kind { continue }
      for nested in LockRules.sameThreadBlocks(step.kind) { checkSynchronousBody(nested, closure) }
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

  func problem(_ kind: Step.Kind) -> String? {
    guard let awaiting = LockRules.awaiting(kind) else { return nil }
    // Whether a call awaits is its function's: NameChecker+SynchronousCalls judges it.
    if case .call = kind { return nil }
    switch self {
    case .workItem(let sync):
      if case .sleep = kind, !sync { return nil }
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
