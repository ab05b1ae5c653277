import LabModel
import LabRuntime

/// `Task.immediate` started from main: Swift runs the new task on the caller's thread, at once,
/// up to its first suspension, and only then does the caller go on (docs/runtimes.md,
/// "Task.immediate, measured"). The runtime's own `Task.immediate` cannot do it inside the lab:
/// with a task executor preference, which every task of a run has, Swift 6.3.1 enqueues the new
/// task instead. So the caller starts an ordinary task whose first job goes to main, and waits on
/// main for this gate: the new task opens it at its first suspension (the first `sleep`, `yield`,
/// hop or `await` it records) or when it ends, whichever comes first. Main is serial, so nothing
/// of the caller runs in between, and the caller goes on as soon as main is free again. (Its way
/// back to main passes through the pool, as every continuation of the run does: ahead of the new
/// task's own next job only where the pool is first-in, first-out.)
final class FirstPart: Sendable {
  private enum State {
    case running
    case callerWaiting(CheckedContinuation<Void, Never>)
    case ended
  }
  private let state = Locked<State>(.running)
  /// The new task's clock where its first part ended: what the caller, going on after it, knows
  /// happened before (the part ran on the caller's thread, ahead of it), so that the race
  /// detector orders the part's accesses before the caller's next ones.
  private let endClock = Locked<VectorClock?>(nil)

  /// The new task reached its first suspension, or ended (or the run stopped, `clock` nil): the
  /// caller goes on.
  func end(clock: VectorClock?) {
    let waiting: CheckedContinuation<Void, Never>? = state.withLock { state in
      if case .ended = state { return nil }
      endClock.withLock { $0 = clock }
      defer { state = .ended }
      if case .callerWaiting(let caller) = state { return caller }
      return nil
    }
    waiting?.resume()
  }

  /// Whether the first part still runs: the task has neither suspended nor ended.
  var isRunning: Bool {
    state.withLock { state in
      if case .ended = state { return false }
      return true
    }
  }

  /// Whether `payload`, recorded by the new task, is a suspension: the end of its first part.
  static func suspends(_ payload: TraceEvent.Payload) -> Bool {
    switch payload {
    case .sleep, .yield, .hop, .await, .end: true
    case .spawn, .start, .block, .wake, .resume, .log, .set, .read, .cancel, .collect, .throw,
      .catch, .race, .input, .escalate, .leak, .text:
      false
    }
  }

  /// Waits, on the caller's actor, until the new task's first part has ended; returns the task's
  /// clock then.
  func reached(isolation: isolated (any Actor)?) async -> VectorClock? {
    await withCheckedContinuation(isolation: isolation) { caller in
      let ended = state.withLock { state in
        if case .ended = state { return true }
        state = .callerWaiting(caller)
        return false
      }
      if ended { caller.resume() }
    }
    return endClock.withLock { $0 }
  }
}

/// How a `Task.immediate` starts, by where its caller runs and where the task is isolated
/// (docs/runtimes.md, "Task.immediate, measured").
enum ImmediateStart {
  /// Not immediate: a `Task {}`.
  case queued
  /// Made on main, for main or for no actor: the task's first part runs there before the caller
  /// goes on (`FirstPart`); a nonisolated task's later parts run on the pool.
  case inline
  /// Both off every actor: Swift's own `Task.immediate`, on the caller's thread.
  case atOnce
  /// Both on one scenario actor: Swift runs the first part on that actor; not modelled.
  case unmodelled
}

extension Interpreter {
  /// How `spec` starts when made by code isolated to `isolation`. A task isolated to another
  /// actor than its caller's is queued there like a `Task {}`
  /// ([fact](Tests/NativeFacts/task-immediate-enqueued-elsewhere.swift)).
  func immediateStart(_ spec: TaskSpec, isolation: isolated (any Actor)?) -> ImmediateStart {
    guard spec.immediate else { return .queued }
    let target = actor(for: spec.isolation, caller: isolation)
    // Nonisolated, the task runs its first part on its caller's thread, wherever that is
    // ([fact](Tests/NativeFacts/task-immediate-nonisolated-resumes-on-pool.swift)).
    if target == nil, let isolation {
      return isSameActor(isolation, runtime.mainActor) ? .inline : .unmodelled
    }
    guard isSameActor(target, isolation) else { return .queued }
    if isolation == nil { return .atOnce }
    return isSameActor(isolation, runtime.mainActor) ? .inline : .unmodelled
  }

  /// Whether a `task` step makes its caller wait for the task's first part: an immediate task
  /// started on main, for main or for no actor, or started off every actor.
  func startsInline(_ spec: TaskSpec, isolation: isolated (any Actor)?) -> Bool {
    switch immediateStart(spec, isolation: isolation) {
    case .inline, .atOnce: true
    case .queued, .unmodelled: false
    }
  }

  /// `Task.immediate { … }` on main: the new task runs on main up to its first suspension, while
  /// the caller waits (`FirstPart`).
  func startInline(
    _ spec: TaskSpec, _ context: inout Context, isolation: isolated (any Actor)?
  ) async {
    let firstPart = FirstPart()
    // A stopped run may never start the task: the caller must not wait for it past the teardown.
    runtime.onAbort { firstPart.end(clock: nil) }
    startTask(spec, &context, isolation: isolation, firstPart: firstPart)
    if immediateStart(spec, isolation: isolation) == .atOnce {
      await waitOnCallersThread(for: firstPart, spec, &context)
      return
    }
    waits.wait(
      context.task, for: "task \(tasks.displayName(for: spec.name)) to reach its first suspension")
    defer { waits.done(context.task) }
    // In Swift the caller never lets main go: it goes on ahead of what waits for main.
    runtime.goesFirstOnMain()
    if let clock = await firstPart.reached(isolation: isolation) { context.clock.join(clock) }
  }

  /// Off every actor, Swift runs the first part on the caller's thread. The lab's task goes ahead
  /// of the pool's waiting jobs while the caller waits for its first part to end, then the caller
  /// goes on ahead of them too, as one that never let its thread go. Swift's own `Task.immediate`
  /// ran the part outside the run's executors, and Swift moved it to them at its first `await` of
  /// the interpreter's own, before the task's first suspension: its caller went on in the middle
  /// of the part (fidelity alarm 4-5: every seed had the caller block on a lock the part held).
  private func waitOnCallersThread(
    for firstPart: FirstPart, _ spec: TaskSpec, _ context: inout Context
  ) async {
    guard firstPart.isRunning else {
      if let clock = await firstPart.reached(isolation: nil) { context.clock.join(clock) }
      return
    }
    waits.wait(
      context.task, for: "task \(tasks.displayName(for: spec.name)) to reach its first suspension")
    defer { waits.done(context.task) }
    runtime.goesFirstOnItsPool()
    if let clock = await firstPart.reached(isolation: nil) { context.clock.join(clock) }
  }
}
