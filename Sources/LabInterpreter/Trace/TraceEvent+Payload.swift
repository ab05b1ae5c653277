/// What each kind of event says, as values: the consumers of a trace (checks, pictures,
/// warnings) read these, and the text is rendered from them (`TraceEvent+Text.swift`). Values
/// are kept as the trace shows them (`Value.description`, or a native program's own printing).
extension TraceEvent {
  public enum Payload: Sendable, Equatable {
    case spawn(Spawn)
    /// `note`: a native handler's `(input 3)`; empty otherwise.
    case start(note: String)
    case end(Ending)
    case block(Block)
    case sleep(milliseconds: Int64)
    case wake(Wake)
    case yield
    case hop(Hop)
    case await(Await)
    case resume(Resume)
    case log(String)
    case set(Change)
    /// A non-atomic `add` read `value` from `variable`.
    case read(variable: String, value: String)
    case cancel(Cancel)
    case collect(Collect)
    case `throw`(Throw)
    /// A `try` step caught the error of that name.
    case `catch`(error: String)
    case race(Race)
    case input(Input)
    /// Awaiting `task` raised its priority.
    case escalate(task: String, from: String, to: String)
    /// The last work that could resume `continuation` let go of it unresumed: Swift prints its
    /// "leaked its continuation" warning here, and `waiter` stays suspended for good.
    case leak(continuation: String, waiter: String)
    /// Details known only as text, of no shape the lab renders: an event written by hand.
    case text(Kind, String)
  }

  /// What a `spawn` created.
  public enum Spawn: Sendable, Equatable {
    /// `async let name = work`.
    case asyncLet(name: String, work: String)
    /// A task-group child.
    case child(name: String)
    /// `Task { }` or `Task.detached { }`, optionally after the previous task of a chain.
    case task(name: String, detached: Bool, chain: String?)
    /// Dispatch work: `queue.method { N steps } as name`.
    case dispatch(queue: String, method: String, steps: Int, name: String)
  }

  /// How a task's body ended.
  public enum Ending: Sendable, Equatable {
    /// It returned: its value as shown, nil for none.
    case returned(String?)
    case threw(error: String)
    /// A step failed and stopped the run.
    case failed(message: String)
    case cancelled
    /// A stopped run unwound it.
    case stopped
    /// A native handler's end: `(input 3)`.
    case noted(String)
  }

  /// What held the thread.
  public enum Block: Sendable, Equatable {
    /// A `block` step (`Thread.sleep`): negative times return at once, and the text says so.
    case work(milliseconds: Int64)
    /// A native program's `block`, as it printed it.
    case printed(milliseconds: Int64)
    /// `withLock` on a lock another task holds.
    case lockWait(lock: String, holder: String)
    /// `semaphore.wait()` with nothing to take; `value` is the semaphore's value after it.
    case semaphoreWait(semaphore: String, timeout: Int64?, value: Int)
    /// `DispatchGroup.wait()`.
    case groupWait(group: String)
    /// `queue.sync` onto the queue the caller runs on (the run stops).
    case syncOntoOwnQueue(queue: String)
    /// `queue.sync`: the caller waits for `work` to run.
    case sync(work: String)
    /// An own program's wait that held its thread (a semaphore, a `Mutex`): what it waited in,
    /// and how long it waited.
    case held(what: String, milliseconds: Int64)
  }

  /// Why a sleep ended.
  public enum Wake: Sendable, Equatable {
    /// At its time, or within a clock's noise of it.
    case onTime
    /// The timer fired at `readyAt` but no thread was free: it waited `waited` ms for one.
    case late(readyAt: Double, waited: Double)
    /// The task was cancelled: `Task.sleep` threw.
    case cancelled
  }

  public enum Hop: Sendable, Equatable {
    /// Onto an actor: `main`, a scenario actor.
    case to(String)
    /// Off an actor: a function that is not isolated runs on the pool.
    case toPool(function: String, from: String)
  }

  /// What the task began to wait for.
  public enum Await: Sendable, Equatable {
    /// `async let` bindings.
    case bindings([String])
    case task(String)
    case group(name: String, children: Int, discarding: Bool, maxInFlight: Int64?)
    case continuation(String)
    case stream(String)
  }

  /// What the task went on with.
  public enum Resume: Sendable, Equatable {
    /// The `async let` values received, by name.
    case values([Binding])
    case task(name: String, value: String?)
    case groupDone(String)
    case lockTaken(String)
    case semaphoreSignalled(String)
    case semaphoreTimedOut(semaphore: String, value: Int)
    case continuationThrew(continuation: String, error: String)
    /// `value`: the binding it received (`x = 5`), nil when it binds none.
    case continuationResumed(continuation: String, value: Binding?)
    case streamValue(Binding, stream: String)
    /// The stream's consumer was cancelled, which terminates the stream.
    case streamCancelled(String)
    case streamFinished(String)
    /// A `streamNext` found no value: the stream is finished and empty, or its consumer was
    /// cancelled; the binding holds its `orElse`.
    case streamNoValue(Binding, stream: String, cancelled: Bool)
    /// `DispatchGroup.wait()` returned.
    case groupEmpty(String)
    /// `queue.sync`'s work ran.
    case syncReturned(work: String)
  }

  /// A name and the value it was given, as shown.
  public struct Binding: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// What a `set` changed.
  public enum Change: Sendable, Equatable {
    /// A variable was written; `read`: on shared memory, the value the writing task had read.
    case variable(String, value: String, read: String?)
    /// An atomic add: `old` read and `new` written in one step.
    case atomic(String, new: Int64, old: Int64)
    case lockTaken(String)
    case lockReleased(String)
    /// `wait()` took one; `value` after it.
    case semaphoreTaken(semaphore: String, value: Int)
    case semaphoreSignal(semaphore: String, value: Int)
    /// `resume(returning:)` or `resume(throwing:)`, as written.
    case continuationResume(continuation: String, call: String)
    /// `yield(value)` and what it returned (`.enqueued(remaining: 1)`).
    case streamYield(stream: String, value: String, result: String)
    case streamFinish(String)
    /// An operator between a stream and its loop applied to a value (`map { price * 2 }`,
    /// `1 → 2`), or a `prefix(n)` done (`result` nil).
    case streamOperator(stream: String, operator: String, result: String?)
    case onTerminationSet(stream: String)
    /// The stream's `onTermination` runs: `finished` or cancelled, `place` where.
    case onTerminationRuns(stream: String, finished: Bool, place: String)
    case groupEnter(String)
    case groupLeave(String)
    case groupNotify(group: String, queue: String)
    /// `withValue`: the task-local bound, and unbound again.
    case taskLocalBound(Binding)
    case taskLocalRestored(Binding)

    /// The shared or local variable this change wrote, and its new value; nil for changes to
    /// locks, semaphores, streams and the like.
    public var assignment: Binding? {
      switch self {
      case .variable(let name, let value, _): Binding(name, value)
      case .atomic(let name, let new, _): Binding(name, String(new))
      case .lockTaken, .lockReleased, .semaphoreTaken, .semaphoreSignal, .continuationResume,
        .streamYield, .streamFinish, .streamOperator, .onTerminationSet, .onTerminationRuns,
        .groupEnter,
        .groupLeave, .groupNotify, .taskLocalBound, .taskLocalRestored:
        nil
      }
    }
  }

  public enum Cancel: Sendable, Equatable {
    case task(String)
    case noTaskYet(String)
    /// An `async let` left its scope unawaited.
    case unawaited(String)
    case cancelAll(group: String)
    /// `addTaskUnlessCancelled` on a cancelled group.
    case childRefused(String)
    case onCancelRuns(of: String, place: String)
    case switchToLatest(previous: String)
    /// `main` returned and the process exits (`"lifetime": "commandLine"`), cutting these short.
    case processExit(cut: [String])
  }

  public enum Collect: Sendable, Equatable {
    case result(Int, of: Int, value: String)
    case next(Int, of: Int, child: String)
  }

  public enum Throw: Sendable, Equatable {
    case error(String)
    case checkCancellation
    case groupRethrows(group: String, error: String)
  }

  public enum Race: Sendable, Equatable {
    /// Two accesses to `variable` that are not ordered, each `read`/`write by TASK (path)`.
    case unordered(variable: String, earlier: String, later: String)
    /// A native build's ThreadSanitizer report.
    case sanitizer(String)
  }

  public enum Input: Sendable, Equatable {
    /// `tap HANDLER` or `key HANDLER = V` arrived.
    case arrives(String)
    case dropped(value: String, reason: String)
    /// The handler got it: `value` nil for a tap.
    case handled(handler: String, value: String?, ordinal: Int, sentAt: Int64, waited: Double)
  }
}

extension TraceEvent.Payload {
  public var kind: TraceEvent.Kind {
    switch self {
    case .spawn: .spawn
    case .start: .start
    case .end: .end
    case .block: .block
    case .sleep: .sleep
    case .wake: .wake
    case .yield: .yield
    case .hop: .hop
    case .await: .await
    case .resume: .resume
    case .log: .log
    case .set: .set
    case .read: .read
    case .cancel: .cancel
    case .collect: .collect
    case .throw: .throw
    case .catch: .catch
    case .race: .race
    case .input: .input
    case .escalate: .escalate
    case .leak: .leak
    case .text(let kind, _): kind
    }
  }

  /// A variable's new value, from a `set` that wrote one.
  public var assignment: TraceEvent.Binding? {
    if case .set(let change) = self { change.assignment } else { nil }
  }

  /// The held time of blocking work, in milliseconds (0 for a negative time); nil for a wait.
  public var blockedMilliseconds: Int64? {
    switch self {
    case .block(.work(let milliseconds)), .block(.printed(let milliseconds)),
      .block(.held(_, let milliseconds)):
      max(0, milliseconds)
    default: nil
    }
  }

  /// The Swift task a spawn created, by name; nil for Dispatch work, which is no task.
  public var spawnedTask: String? {
    guard case .spawn(let spawn) = self else { return nil }
    switch spawn {
    case .asyncLet(let name, _), .child(let name), .task(let name, _, _): return name
    case .dispatch: return nil
    }
  }
}
