/// Decoding of cancellation handlers, and the rules Swift gives an `onCancel` closure.
extension ScenarioDecoder {
  mutating func decodeOnCancel(_ step: StepInput) -> Step.Kind? {
    guard let operationNode = required("steps", of: step) else {
      return nil
    }
    let handler = decodeSteps(step.value, path: step.keyPath)
    let operation = decodeSteps(operationNode, path: "\(step.path).steps")
    checkHandler(handler, .onCancel)
    return .onCancel(handler: handler, operation: operation)
  }

  /// A handler runs inside another task's call (`cancel()`, `finish()`): a synchronous,
  /// non-throwing closure.
  mutating func checkHandler(_ steps: [Step], _ handler: HandlerRules.Handler) {
    for step in steps {
      if let problem = HandlerRules.problem(step.kind, in: handler) {
        error(problem, at: step.origin.location, path: step.origin.path)
      }
      if case .if(_, let thenSteps, let elseSteps) = step.kind {
        checkHandler(thenSteps + elseSteps, handler)
      }
    }
  }
}

/// What a handler closure may hold: `onCancel` is `@Sendable () -> Void`, called synchronously by
/// whoever cancels (docs/runtimes.md, "Cancellation handlers, measured"); a stream's
/// `onTermination` is `@Sendable (Termination) -> Void`, called synchronously inside the `finish()`
/// or `cancel()` that ends the stream ("Async streams, measured").
enum HandlerRules {
  enum Handler: String {
    case onCancel, onTermination

    /// The closure's type, as Swift's diagnostics spell it.
    func type(_ effect: String) -> String {
      // Swift writes an async closure's result as `()`, the others' as `Void`.
      let result = effect == "async " ? "()" : "Void"
      return switch self {
      case .onCancel: "@Sendable () \(effect)-> \(result)"
      case .onTermination:
        "@Sendable (AsyncStream<Element>.Continuation.Termination) \(effect)-> \(result)"
      }
    }
  }

  /// The steps a handler may run, named as the refusal below names them; `StepTableTests`
  /// checks they are the rows whose `inHandler` is true.
  static let namedInRefusal =
    "log, set, atomicAdd, semaphoreSignal, streamYield, streamFinish"
    + ", start a task, cancel one, or branch with if"

  static func problem(_ kind: Step.Kind, in handler: Handler) -> String? {
    guard !kind.traits.inHandler else { return nil }
    let name = handler.rawValue
    let elsewhere =
      handler == .onCancel ? "the operation's steps" : "the steps around it"
    if let awaiting = LockRules.awaiting(kind) {
      let swift =
        handler == .onCancel
        ? "'cannot pass function of type '\(handler.type("async "))' to parameter expecting "
          + "synchronous function type'"
        : "'invalid conversion from 'async' function of type '\(handler.type("async "))' to "
          + "synchronous function type '\(handler.type(""))''"
      return "'\(awaiting)' inside \(name): the handler is synchronous and cannot await (Swift: "
        + "\(swift)); start a task from it, or do the work in \(elsewhere)"
    }
    switch kind {
    case .throw, .checkCancellation, .try:
      return "a step that throws inside \(name): the handler cannot throw (Swift: 'invalid "
        + "conversion from throwing function of type '\(handler.type("throws "))' to "
        + "non-throwing function type '\(handler.type(""))''); "
        + (handler == .onCancel
          ? "let the operation notice the cancellation (a sleep throws CancellationError) and "
            + "throw there" : "throw from \(elsewhere)")
    case .return:
      return "'return' inside \(name) would return from the handler, not the function; return "
        + "from \(elsewhere)"
    case .log, .set, .add, .repeat, .forEach, .if, .call, .block, .sleep, .yield, .asyncLet,
      .await, .group, .addTask, .next, .cancelAll, .task, .awaitTask, .cancel, .onMain,
      .assumeIsolated, .dispatch, .enter,
      .leave, .notify, .wait, .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal,
      .continuation, .resume, .onCancel, .streamYield, .streamFinish, .forAwait, .streamNext,
      .onTermination, .withValue, .while, .break, .continue, .whileNext:
      let call =
        handler == .onCancel ? "the canceller's `cancel()` call" : "the call that ends the stream"
      return "a step the lab cannot run inside \(name): it runs the handler at once, inside "
        + "\(call), and cannot hold or loop there; a handler may \(namedInRefusal)"
    }
  }
}
