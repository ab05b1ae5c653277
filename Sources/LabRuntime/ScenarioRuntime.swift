/// The runtime a scenario runs on: executors, a clock, blocking and sleeping. Two implementations —
/// `VirtualRuntime` (deterministic, virtual time) and `LiveRuntime` (real threads, real time) — so
/// one interpreter drives both. Knows nothing about scenarios.
public protocol ScenarioRuntime: AnyObject, Sendable {
  /// `virtual` or `live`, as it appears in traces.
  var mode: RuntimeMode { get }
  /// Width of the cooperative pool the scenario's tasks run on.
  var threads: Int { get }
  /// The executor every scenario task prefers (`Task(executorPreference:)`); children inherit it.
  var taskExecutor: any TaskExecutor { get }
  /// A task executor for one new task that should start on the main actor: its first job goes to
  /// main's executor, every later job to the pool, like `taskExecutor`. `ahead`: the first job
  /// goes ahead of the jobs waiting for main, as a `Task.immediate` made on main runs at once.
  /// `nonisolated`: the task is isolated to no actor (a nonisolated `Task.immediate` made on
  /// main): its first job runs on main's thread with this executor as the one it runs on, not
  /// isolated to main, so its code runs there without a hop until it suspends, and then on the
  /// pool, as in Swift.
  func taskExecutorStartingOnMain(ahead: Bool, nonisolated: Bool) -> any TaskExecutor
  /// The calling task's next job on main goes ahead of the jobs waiting for main: the caller of a
  /// `Task.immediate` on main, which in Swift goes on without ever letting main go.
  func goesFirstOnMain()
  /// The running task's next job goes ahead of the jobs waiting on its pool: the caller of a
  /// `Task.immediate` made off every actor, which in Swift never let its thread go.
  func goesFirstOnItsPool()
  /// The next task the running code creates goes ahead of the jobs waiting on its pool: a
  /// `Task.immediate` made off every actor, whose first part runs while its caller waits.
  func nextTaskGoesFirstOnItsPool()
  /// The running task's next hop to an actor is queued there, never run in place: a
  /// `Task.immediate`'s first part runs on its caller's thread, inside the caller's job, which
  /// Swift does not give to the actor (docs/runtimes.md, "Task.immediate, measured").
  func nextHopIsQueued()
  /// The lab's main actor: a serial executor on its own thread, like an app's main thread.
  var mainActor: any Actor { get }
  /// A new actor for a scenario, running its jobs on the cooperative pool.
  func makeActor(named name: String) -> any Actor
  /// Scenario time since the run started, in milliseconds.
  var now: Double { get }
  /// The thread the caller runs on (`main`, `worker-2`), for traces.
  var currentThread: String { get }
  /// True while a stopped run unwinds; long-running scenario code should stop promptly.
  var isAborting: Bool { get }

  /// Holds the current thread for `milliseconds` of scenario time (`Thread.sleep`, CPU work).
  func block(milliseconds: Int64, isolation: isolated (any Actor)?) async
  /// Suspends the current task for `milliseconds` of scenario time (`Task.sleep`); throws on
  /// cancel.
  func sleep(milliseconds: Int64, isolation: isolated (any Actor)?) async throws
  /// Suspends the current task until scenario time `deadline`, in milliseconds since the run
  /// started (`Task.sleep(until:)`): a deadline already past still suspends. Throws on cancel.
  func sleep(untilMilliseconds deadline: Int64, isolation: isolated (any Actor)?) async throws
  /// `Task.yield()`.
  func yield(isolation: isolated (any Actor)?) async
  /// A point inside a non-atomic read–modify–write where another thread may run. The virtual
  /// runtime lets its scheduler switch here while the thread stays held; on real threads nothing
  /// is needed.
  func interleave(isolation: isolated (any Actor)?) async

  /// A point inside a statement that reads shared memory (`add`, before its read) where another
  /// task may run: a turn where a run's choices are made, else at most noted, so seeded runs
  /// schedule as they always did. Real threads need nothing here.
  func preemptionPoint(isolation: isolated (any Actor)?) async

  /// Whether the calling task started a task since its last step that a free thread could start
  /// before its next one. Real threads do so themselves: the live runtime says false.
  var startedTaskMayGoFirst: Bool { get }
  /// Before the step after such a start: the virtual runtime lets the new task start first at a
  /// seeded one start in 16, as natively the creator goes on first about nine times in ten.
  func newTaskMayStartFirst(isolation: isolated (any Actor)?) async

  /// Runs `body` as the root task and returns when it and all its work have ended or the run stops,
  /// with what the runtime saw of it. `watch` is asked every few milliseconds while the run goes on
  /// by a runtime that cannot see for itself that nothing will run again (live): the reason to
  /// stop the run, once there is one. A runtime that can (virtual) never asks it.
  func run(
    limits: RuntimeLimits, watch: (@Sendable () -> String?)?,
    _ body: sending @escaping @isolated(any) () async -> Void
  ) -> RuntimeReport
  /// Stops the run from inside it (a limit the interpreter enforces): the run ends with
  /// `limitReached(reason)` and suspended tasks unwind.
  func stop(_ reason: String)
  /// Stops the run as a deadlock the interpreter found (a cycle of awaits): the run ends with
  /// `deadlock`, and its tasks stay as the deadlock left them until `tearDown`.
  func stopAtDeadlock(_ reason: String)
  /// Registers what ends a wait kept above the runtime (an `async let`'s result, a continuation,
  /// the inputs still to come) when a stopped run is torn down.
  func onAbort(_ body: @escaping @Sendable () -> Void)
  /// Ends the waits a stopped run left, once its results have been read, so its suspended tasks
  /// unwind and are freed: a task suspended forever keeps its frames and children in memory.
  func tearDown()
  /// Calls `body` at scenario time `milliseconds` (UI inputs, timer callbacks).
  func schedule(atMilliseconds milliseconds: Int64, _ body: @escaping @Sendable () -> Void)

  /// A task executor that runs jobs on a Dispatch queue's threads — Dispatch's own pool, apart from
  /// the cooperative one. Concurrent queues share that pool; a serial queue runs one job at a time.
  func dispatchExecutor(queue: String, serial: Bool) -> any TaskExecutor
  /// A new `DispatchGroup`.
  func makeDispatchGroup() -> any LabDispatchGroup
  /// A new `Mutex`: a task that asks for it while another holds it waits holding its thread.
  func makeLock() -> any LabLock
  /// A new `DispatchSemaphore` with this initial value.
  func makeSemaphore(value: Int) -> any LabSemaphore
}

/// What a runtime tells of a run once it has ended: how it ended, and what only the runtime saw.
/// The runner reads this and nothing of which runtime it was.
public struct RuntimeReport: Sendable, Equatable {
  /// How the run ended.
  public var end: RunEnd
  /// The longest time the main thread was held by one piece of work, in milliseconds.
  public var mainStall: Double
  /// Spans during which a thread was held by blocking work.
  public var busySpans: [ThreadSpan]
  /// Real milliseconds per scenario millisecond; nil where time is not real (virtual).
  public var scale: Double?
  /// Jobs that reached the runtime from an OS thread it does not own: work that escaped it. A
  /// virtual run counts them (always 0); on real threads every thread is the runtime's, so 0.
  public var escapedJobs: Int
  /// Whether `tearDown` has unwound every task a stopped run left before it returns, so a task
  /// still suspended after it was leaked (virtual); false where threads unwind in their own time
  /// (live).
  public var tearDownUnwindsAll: Bool

  public init(
    end: RunEnd, mainStall: Double, busySpans: [ThreadSpan], scale: Double?, escapedJobs: Int,
    tearDownUnwindsAll: Bool
  ) {
    self.end = end
    self.mainStall = mainStall
    self.busySpans = busySpans
    self.scale = scale
    self.escapedJobs = escapedJobs
    self.tearDownUnwindsAll = tearDownUnwindsAll
  }
}

/// Which runtime a run is on, as it appears in traces.
public enum RuntimeMode: String, Sendable, Codable, CaseIterable {
  case virtual
  case live
}

/// How a run ended.
public enum RunEnd: Equatable, Sendable {
  case finished
  case deadlock
  case limitReached(String)
}

/// The limits a runtime keeps itself, each with a flag to raise it: time, jobs and memory are
/// counted where jobs run. The limits of what a scenario does (events, tasks, steps, calls) are
/// the interpreter's (`InterpreterLimits`).
public struct RuntimeLimits: Sendable, Equatable {
  /// The latest scenario time a virtual run may reach, in milliseconds (`--max-time`).
  public var maxTime: Int64
  /// The most runtime jobs a virtual run may take (`--max-jobs`).
  public var maxJobs: Int
  /// The longest a live run may take in real seconds (`--timeout`).
  public var wallClockSeconds: Double
  /// The most a run may grow the process's resident memory, in bytes (`--max-memory-mb`): sampled
  /// every few thousand jobs in a virtual run and every 10 ms in a live one, so a runaway that
  /// stays under every count limit (each task a few KB) still stops long before the machine does.
  public var maxMemoryBytes: Int

  public init(
    maxTime: Int64 = 3_600_000, maxJobs: Int = 5_000_000, wallClockSeconds: Double = 60,
    maxMemoryBytes: Int = 512 << 20
  ) {
    self.maxTime = maxTime
    self.maxJobs = maxJobs
    self.wallClockSeconds = wallClockSeconds
    self.maxMemoryBytes = maxMemoryBytes
  }
}

/// A span of scenario time during which one thread was held.
public struct ThreadSpan: Sendable, Equatable, Codable {
  public var thread: String
  public var start: Double
  public var end: Double

  public init(thread: String, start: Double, end: Double) {
    self.thread = thread
    self.start = start
    self.end = end
  }
}

/// An actor whose jobs run on a given serial executor: the lab's main actor, and scenario actors in
/// the virtual runtime (where each actor is its own lane, so blocking inside it holds it).
public actor LaneActor {
  public nonisolated let name: String
  private nonisolated let executor: any SerialExecutor

  public init(name: String, executor: any SerialExecutor) {
    self.name = name
    self.executor = executor
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }
}

/// A default actor: the runtime runs its jobs on the task's preferred executor (the lab's pool).
public actor PoolActor {
  public nonisolated let name: String

  public init(name: String) {
    self.name = name
  }
}

/// A `DispatchGroup`: a counter of work in flight, with callbacks and waiters for when it empties.
public protocol LabDispatchGroup: AnyObject, Sendable {
  func enter()
  func leave()
  /// Calls `body` once the group is empty (at once if it already is).
  func notify(_ body: @escaping @Sendable () -> Void)
  /// Holds the current thread until the group is empty, as `DispatchGroup.wait()` does.
  func wait(isolation: isolated (any Actor)?) async
}

/// A `Mutex` taken and released around a synchronous body: a waiter holds its thread (a futex
/// wait on Linux), it does not suspend.
public protocol LabLock: AnyObject, Sendable {
  /// Takes the lock, holding the current thread while another task has it.
  func lock(isolation: isolated (any Actor)?) async
  /// Releases it; the longest waiter, if any, takes it.
  func unlock()
}

/// A `DispatchSemaphore`: `wait` takes one from the value or holds the thread until a `signal`.
public protocol LabSemaphore: AnyObject, Sendable {
  /// Waits holding the thread; with a timeout in scenario milliseconds, gives up after it and
  /// returns true (`.timedOut`), giving back the one it would have taken.
  func wait(timeout: Int64?, isolation: isolated (any Actor)?) async -> Bool
  func signal()
}
