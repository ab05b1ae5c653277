import LabModel

/// Synchronous code: a Dispatch work item, a `notify` block, a cancellation handler, the body of
/// `MainActor.assumeIsolated`. The lab runs any step there; Swift cannot await in it. A work
/// item, a `notify` block and a cancellation handler can neither throw nor return a value
/// either; `assumeIsolated` rethrows and returns its closure's result, but the lab writes it
/// only where neither could go further (a work item, a continuation's closure). A step that
/// would is refused with that reason rather than written as code that does not compile.
extension ProgramWriter {
  func synchronousClosureAllows(_ step: Step, _ context: Context) throws(NotExpressible) {
    let key = step.kind.key.rawValue
    if Self.needsAwait(step.kind, context, synchronousFunctions) {
      throw NotExpressible(
        origin: nil,
        message: "'\(key)' suspends, and here it stands in synchronous code (a Dispatch work "
          + "item, a cancellation handler, MainActor.assumeIsolated), which cannot await")
    }
    if context.inClosure, !context.catchesAll, !Self.isSleep(step.kind),
      Self.throwsIn([step], throwsKeys)
    {
      throw NotExpressible(
        origin: nil,
        message: "'\(key)' can throw, and here it stands in a closure that cannot (a Dispatch "
          + "work item, a cancellation handler, MainActor.assumeIsolated)")
    }
  }

  /// Whether Swift writes the step with `await` where `context` is: a `sleep` in synchronous
  /// code is a completion handler called later (`later`), a call of a synchronous function and
  /// `onMain` already on main need none.
  static func needsAwait(_ kind: Step.Kind, _ context: Context, _ synchronous: Set<String>)
    -> Bool
  {
    switch kind {
    case .sleep: return false
    case .call(let call, _): return !synchronous.contains(call.function)
    case .onMain: return context.place != .main
    // `withTaskCancellationHandler` is async whatever its steps.
    case .onCancel: return true
    case .log, .set, .add, .repeat, .forEach, .if, .return, .block, .yield, .asyncLet, .await,
      .group, .addTask, .next, .cancelAll, .task, .awaitTask, .cancel, .assumeIsolated, .throw,
      .try, .checkCancellation,
      .dispatch, .enter, .leave, .notify, .wait, .withLock, .atomicAdd,
      .semaphoreWait, .semaphoreSignal, .continuation, .resume, .streamYield, .streamFinish,
      .forAwait, .streamNext, .onTermination, .withValue, .while, .break, .continue, .whileNext:
      return kind.traits.suspends
    }
  }

  static func isSleep(_ kind: Step.Kind) -> Bool {
    if case .sleep = kind { true } else { false }
  }
}
