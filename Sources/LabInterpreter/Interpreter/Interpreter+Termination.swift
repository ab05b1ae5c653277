import LabModel
import LabRuntime

/// A stream's `onTermination`, the real continuation's. Measured (docs/runtimes.md, "Async
/// streams, measured"): Swift calls it once, synchronously, inside the `finish()` that ends the
/// stream (`.finished`) or inside the `cancel()` of its consumer's task (`.cancelled`), on that
/// caller's thread; set after the stream ended, it never runs. So its steps are recorded as the
/// finisher's or the canceller's, with the values the installing task had.
extension Interpreter {
  /// The task calling a stream's `finish()` while it does.
  @TaskLocal static var finisher: Context?

  /// `continuation.onTermination = { termination in … }`.
  func setOnTermination(_ name: String, _ handler: [Step], _ installer: Context) {
    guard let stream = streams.records[name] else { return }
    record(.set(.onTerminationSet(stream: name)), installer)
    // Weak: the continuation keeps the closure, and this interpreter keeps the continuation.
    stream.continuation.onTermination = { [weak self] termination in
      self?.runTerminationHandler(handler, of: name, installedBy: installer, termination)
    }
  }

  private func runTerminationHandler(
    _ steps: [Step], of name: String, installedBy installer: Context,
    _ termination: AsyncStream<StreamItem>.Continuation.Termination
  ) {
    // A teardown finishing the streams of a stopped run is not the scenario's doing.
    guard !runtime.isAborting else { return }
    let finished = termination == .finished
    var context = installer
    let ender = finished ? Self.finisher : Self.canceller
    if let ender {
      context.task = ender.task
      context.id = ender.id
      context.clock = ender.clock
    }
    context.locals["termination"] = .string(finished ? "finished" : "cancelled")
    let place = ender.map { "inside \($0.task)'s \(finished ? "finish()" : "cancel()")" } ?? "now"
    record(.set(.onTerminationRuns(stream: name, finished: finished, place: place)), context)
    runHandler(steps, &context)
  }
}
