// The step table's row for cancellation handlers (docs/runtimes.md, "Cancellation handlers,
// measured").
extension StepRows {
  static let onCancel = StepSpec(
    value: .steps,
    doc: "`withTaskCancellationHandler { steps } onCancel: { … }`: runs \"steps\" (the operation); "
      + "when the task is cancelled meanwhile, these steps run at once, synchronously, on the "
      + "thread of whoever cancels and inside its `cancel()` call — while the operation goes on. "
      + "A task already cancelled runs them first, before the operation. They cannot await, "
      + "sleep, block, throw or return: only log, set, atomicAdd, semaphoreSignal, streamYield, "
      + "streamFinish (the usual `continuation.finish()`), task, cancel and if.",
    swift: "try await withTaskCancellationHandler { … } onCancel: { … }",
    lab: "a real handler: the runtime calls it from the canceller's `cancel()`",
    options: [
      .init(
        key: "steps", shape: .steps, requiredExample: "[ … ] the operation",
        doc: "The operation: what runs while the handler is installed.")
    ],
    examples: [
      #"{ "onCancel": [{ "log": "cancel the request" }], "steps": [{ "sleep": 1000 }] }"#
    ],
    // `await withTaskCancellationHandler`: the step is awaited whatever its operation does.
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.cancellation]))
}
