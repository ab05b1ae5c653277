import LabModel
import LabRuntime

/// Continuations: a task suspends in a real `withChecked(Throwing)Continuation` until work it
/// started resumes it. A second resume traps in Swift, so the lab stops the run before making it.
/// A continuation that the last work able to resume it let go of unresumed is recorded as leaked
/// when it does, as Swift warns then; its task stays suspended and the run goes on
/// (`ContinuationCapture`).
extension Interpreter {
  /// `let x = await withCheckedContinuation { NAME in steps }`: the steps run first (they cannot
  /// suspend; the decoder refuses those that would), then the task waits for the resume.
  func runContinuation(
    _ spec: ContinuationSpec, _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws {
    let continuation = ContinuationRecord()
    let outer = context.continuations[spec.name]
    context.continuations[spec.name] = ContinuationCapture(continuation) {
      [weak self, waiter = context] in
      self?.leaked(spec.name, waiter: waiter)
    }
    defer { context.continuations[spec.name] = outer }
    _ = try await runNested(spec.steps, &context, isolation: isolation)
    // The closure has returned: from here only the work it started holds the continuation, and
    // when the last of it lets go without resuming, Swift warns that it leaked. Marked first, so
    // work that already ended makes this the last capture, and the leak is still seen.
    continuation.suspending()
    context.continuations[spec.name] = outer
    record(.await(.continuation(spec.name)), context)
    waits.wait(context.task, for: "continuation \(spec.name), which nothing resumes")
    defer { waits.done(context.task) }
    openContinuations.insert(continuation)
    defer { openContinuations.remove(continuation) }
    let value: Value
    do {
      if spec.throwing {
        value = try await withCheckedThrowingContinuation(isolation: isolation) {
          continuation.attach(.throwing($0))
        }
      } else {
        value = await withCheckedContinuation(isolation: isolation) {
          continuation.attach(.plain($0))
        }
      }
    } catch {
      context.clock.join(continuation.clock.withLock { $0 })
      record(
        .resume(.continuationThrew(continuation: spec.name, error: Self.errorName(error))),
        context)
      throw error
    }
    // A torn-down run ends the wait (`abort`); a non-throwing continuation unwinds here.
    if continuation.endedByAbort { throw RunAborted() }
    context.clock.join(continuation.clock.withLock { $0 })
    let bound = spec.bind.map { TraceEvent.Binding($0, Self.shown(value)) }
    record(.resume(.continuationResumed(continuation: spec.name, value: bound)), context)
    if let bind = spec.bind { context.locals[bind] = value }
  }

  /// `NAME.resume(returning:)` or `resume(throwing:)`. The second resume of a continuation is
  /// never made: it stops the run, in both modes, as it stops a real program.
  func resumeContinuation(
    _ name: String, _ result: ContinuationResult, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws {
    guard let continuation = context.continuations[name]?.record else {
      throw Failure(message: "continuation \(name) is not in scope here", origin: origin)
    }
    let outcome: Result<Value, any Error>
    let text: String
    switch result {
    case .returning(let expression):
      let value = try expression.map {
        try read($0, &context, origin: origin, isolation: isolation)
      }
      outcome = .success(value ?? .none)
      // `resume()` of a continuation that returns nothing, as the program writes it.
      text = value.map { "resume(returning: \($0.description))" } ?? "resume()"
    case .throwing(let error):
      outcome = .failure(ScenarioError(name: error))
      text = "resume(throwing: \(error))"
    }
    let now = runtime.now
    if let first = continuation.claim(by: context.task, at: now) {
      stopForMisuse(Self.resumedTwice(name, first: first, again: (now, context.task)))
      throw RunAborted()
    }
    record(.set(.continuationResume(continuation: name, call: text)), context)
    continuation.clock.withLock { $0.join(context.clock) }
    context.clock.tick(context.id)
    continuation.deliver(outcome)
  }

  /// The last capture of an unresumed continuation went: Swift prints its warning now, the
  /// waiting task stays suspended for good, and everything else goes on (measured).
  func leaked(_ name: String, waiter: Context) {
    guard !runtime.isAborting else { return }
    record(.leak(continuation: name, waiter: waiter.task), waiter)
    stuckForever(waiter)
  }

  static func resumedTwice(
    _ name: String, first: (time: Double, task: String), again: (time: Double, task: String)
  ) -> String {
    "continuation \(name) was resumed twice (first at \(Int(first.time)) ms by \(first.task), "
      + "again at \(Int(again.time)) ms by \(again.task)): Swift stops the program here "
      + "('Fatal error: SWIFT TASK CONTINUATION MISUSE: … tried to resume its continuation more "
      + "than once'); resume it exactly once on every path"
  }
}

/// One run of a `continuation` step: the real continuation once the task has suspended, a result
/// that came before it did (a resume may win the race with the suspension, as Swift allows), who
/// resumed it first, and the resumer's clock for the race detector.
final class ContinuationRecord: Sendable {
  enum Waiter: Sendable {
    case plain(CheckedContinuation<Value, Never>)
    case throwing(CheckedContinuation<Value, any Error>)

    func resume(with result: Result<Value, any Error>) {
      switch self {
      case .plain(let continuation): continuation.resume(returning: (try? result.get()) ?? .none)
      case .throwing(let continuation): continuation.resume(with: result)
      }
    }
  }

  private struct State {
    /// The closure has returned and the task suspends (or is about to).
    var suspended = false
    var waiter: Waiter?
    var early: Result<Value, any Error>?
    var firstResume: (time: Double, task: String)?
    /// A teardown ended the wait: a task that suspends after it goes on at once.
    var aborted = false
    /// The waiting task was resumed by the teardown, not by a resume.
    var endedByAbort = false
  }

  private let state = Locked(State())
  let clock = Locked(VectorClock())

  func suspending() { state.withLock { $0.suspended = true } }

  /// Whether a task waits for it that no resume has been claimed for.
  var isAbandoned: Bool { state.withLock { $0.suspended && $0.firstResume == nil } }

  /// Takes the one resume a continuation allows; returns the first resume when it was taken.
  func claim(by task: String, at time: Double) -> (time: Double, task: String)? {
    state.withLock { state in
      if let first = state.firstResume { return first }
      state.firstResume = (time, task)
      return nil
    }
  }

  /// Hands the result to the suspended task, or keeps it until the task suspends.
  func deliver(_ result: Result<Value, any Error>) {
    let waiter = state.withLock { state -> Waiter? in
      guard let waiter = state.waiter else {
        state.early = result
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(with: result)
  }

  /// Ends the wait of a stopped run's task with `RunAborted`, now or when it suspends.
  func abort() {
    let waiter = state.withLock { state -> Waiter? in
      state.aborted = true
      defer { state.waiter = nil }
      if state.waiter != nil { state.endedByAbort = true }
      return state.waiter
    }
    waiter?.resume(with: .failure(RunAborted()))
  }

  var endedByAbort: Bool { state.withLock { $0.endedByAbort } }

  /// The task has suspended: resumes it at once when its result came first.
  func attach(_ waiter: Waiter) {
    let early = state.withLock { state -> Result<Value, any Error>? in
      if state.aborted && state.early == nil {
        state.endedByAbort = true
        return .failure(RunAborted())
      }
      guard let early = state.early else {
        state.waiter = waiter
        return nil
      }
      state.early = nil
      return early
    }
    if let early { waiter.resume(with: early) }
  }
}

/// What captures a continuation: the context of the closure's steps and of every task and work
/// item they start. When the last capture goes, nothing can resume it any more; left
/// unresumed, that is the moment Swift's checked continuation warns that it leaked (measured).
final class ContinuationCapture: Sendable {
  let record: ContinuationRecord
  private let onLeak: @Sendable () -> Void

  init(_ record: ContinuationRecord, onLeak: @escaping @Sendable () -> Void) {
    self.record = record
    self.onLeak = onLeak
  }

  deinit {
    if record.isAbandoned { onLeak() }
  }
}

/// The continuations whose tasks wait for a resume. After `abortAll`, one that begins to wait
/// is ended at once.
final class OpenContinuations: Sendable {
  private let state = Locked<(aborted: Bool, records: [ObjectIdentifier: ContinuationRecord])>(
    (false, [:]))

  func insert(_ record: ContinuationRecord) {
    let aborted = state.withLock { state in
      state.records[ObjectIdentifier(record)] = record
      return state.aborted
    }
    if aborted { record.abort() }
  }

  func remove(_ record: ContinuationRecord) {
    state.withLock { _ = $0.records.removeValue(forKey: ObjectIdentifier(record)) }
  }

  func abortAll() {
    let records = state.withLock { state in
      state.aborted = true
      return Array(state.records.values)
    }
    for record in records { record.abort() }
  }
}
