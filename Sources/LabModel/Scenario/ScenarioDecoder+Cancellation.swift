/// Decoding of cancellation handlers, and the rules Swift gives an `onCancel` closure.
extension ScenarioDecoder {
  mutating func decodeOnCancel(_ step: StepInput) -> Step.Kind? {
    guard let operationNode = required("steps", "[ … ] the operation", of: step) else {
      return nil
    }
    let handler = decodeSteps(step.value, path: step.keyPath)
    let operation = decodeSteps(operationNode, path: "\(step.path).steps")
    checkCancellationHandler(handler)
    return .onCancel(handler: handler, operation: operation)
  }

  /// The handler runs inside another task's `cancel()`: a synchronous, non-throwing closure.
  mutating func checkCancellationHandler(_ steps: [Step]) {
    for step in steps {
      if let problem = CancellationHandlerRules.problem(step.kind) {
        error(problem, at: step.origin.location, path: step.origin.path)
      }
      if case .if(_, let thenSteps, let elseSteps) = step.kind {
        checkCancellationHandler(thenSteps + elseSteps)
      }
    }
  }
}

/// What an `onCancel` closure may hold (docs/runtimes.md, "Cancellation handlers, measured"): it
/// is `@Sendable () -> Void`, called synchronously by whoever cancels.
enum CancellationHandlerRules {
  /// The steps the handler runs as they are, without suspending.
  static func allowed(_ kind: Step.Kind) -> Bool {
    switch kind {
    case .log, .set, .atomicAdd, .semaphoreSignal, .task, .cancel, .if, .streamYield,
      .streamFinish:
      true
    default: false
    }
  }

  static func problem(_ kind: Step.Kind) -> String? {
    guard !allowed(kind) else { return nil }
    if let awaiting = LockRules.awaiting(kind) {
      return "'\(awaiting)' inside onCancel: the handler is synchronous and cannot await (Swift: "
        + "'cannot pass function of type '@Sendable () async -> Void' to parameter expecting "
        + "synchronous function type'); start a task from it, or do the work in the "
        + "operation's steps"
    }
    switch kind {
    case .throw, .checkCancellation, .try:
      return "a step that throws inside onCancel: the handler cannot throw (Swift: 'invalid "
        + "conversion from throwing function of type '@Sendable () throws -> Void' to "
        + "non-throwing function type '@Sendable () -> Void''); let the operation notice the "
        + "cancellation (a sleep throws CancellationError) and throw there"
    case .return:
      return "'return' inside onCancel would return from the handler, not the function; return "
        + "from the operation's steps"
    default:
      return "a step the lab cannot run inside onCancel: it runs the handler at once, inside the "
        + "canceller's `cancel()` call, and cannot hold or loop there; a handler may log, set, "
        + "atomicAdd, semaphoreSignal, streamYield, streamFinish, start a task, cancel one, or "
        + "branch with if"
    }
  }
}
