import LabModel
import LabRuntime

/// Cancellation handlers: a real `withTaskCancellationHandler`. The runtime calls the handler
/// synchronously from inside the canceller's `cancel()`, on its thread, while the operation goes
/// on (docs/runtimes.md, "Cancellation handlers, measured"); so the handler's steps are recorded
/// as the canceller's, with the values the operation's task captured.
extension Interpreter {
  /// The task calling `cancel()` (or `cancelAll()`) while it does, so a handler the call runs
  /// knows whose thread and task it runs on.
  @TaskLocal static var canceller: Context?

  func runOnCancel(
    _ handler: [Step], _ operation: [Step], _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let installer = context
    return try await withTaskCancellationHandler(
      operation: { try await runNested(operation, &context, isolation: isolation) },
      onCancel: { self.runCancellationHandler(handler, installedBy: installer) },
      isolation: isolation)
  }

  /// Cancels a task as `task.cancel()` does, telling a handler it runs who cancels.
  func cancelling(_ context: Context, _ cancel: () -> Void) {
    chooser?.touchUnknown()  // what the cancelled tasks do next changes
    Self.$canceller.withValue(context, operation: cancel)
  }

  private func runCancellationHandler(_ steps: [Step], installedBy installer: Context) {
    var context = installer
    // Cancelled before the handler was installed, or by the runtime (a parent's cancellation
    // reaching a child): the handler runs in the task that installed it.
    if let canceller = Self.canceller, canceller.id != installer.id {
      context.task = canceller.task
      context.id = canceller.id
      context.clock = canceller.clock
    }
    let place = context.id == installer.id ? "at once" : "inside \(context.task)'s cancel()"
    record(.cancel(.onCancelRuns(of: installer.task, place: place)), context)
    runHandler(steps, &context)
  }

  /// A handler's steps (`onCancel`, `onTermination`), run at once: a step that fails stops the
  /// run with its message, as it would anywhere else.
  func runHandler(_ steps: [Step], _ context: inout Context) {
    do {
      try runHandlerSteps(steps, &context)
    } catch let failure as Failure {
      stopForMisuse(problem(failure))
    } catch {
      // The decoder lets no step that throws into a handler; a stopped run unwinds here.
    }
  }

  /// The handler's steps, as they are: none of them suspends (`HandlerRules`).
  private func runHandlerSteps(_ steps: [Step], _ context: inout Context) throws {
    for step in steps {
      try takeStep()
      if case .if(let condition, let thenSteps, let elseSteps) = step.kind {
        let holds = try self.condition(condition, &context, origin: step.origin, isolation: nil)
        try runHandlerSteps(holds ? thenSteps : elseSteps, &context)
      } else {
        _ = try runAtOnce(step, &context, isolation: nil)
      }
    }
  }
}
