import Foundation
import Synchronization

/// The real runtime: real threads, real blocking, real `Task.sleep`, measured with
/// `ContinuousClock`.
///
/// Scenario time is played faster than life: one scenario millisecond lasts `scale` real
/// milliseconds (0.05 by default, so a 5-second scenario takes 250 ms), and measured times are
/// converted back to scenario milliseconds. Blocks, sleeps and inputs end on time
/// (`LiveTiming`), so what remains of the error is what the runtime itself costs: a hop between
/// threads, tens of real µs.
public final class LiveRuntime: ScenarioRuntime, @unchecked Sendable {
  /// Real milliseconds per scenario millisecond unless a run asks otherwise.
  public static let defaultScale = 0.05

  public let threads: Int
  public let scale: Double
  public var mode: RuntimeMode { .live }
  public let mainActor: any Actor

  private let pool: FixedPoolExecutor
  private let mainExecutor: ThreadSerialExecutor
  private let clock: ScaledClock
  private let stopping = Atomic<Bool>(false)
  private let stopReason = Locked<String?>(nil)
  private let abortHandlers = Locked<[@Sendable () -> Void]>([])
  private let done = DispatchSemaphore(value: 0)

  public init(threads: Int, scale: Double = LiveRuntime.defaultScale) {
    self.threads = threads
    self.scale = scale
    pool = FixedPoolExecutor(width: threads)
    let clock = ScaledClock(scale: scale)
    self.clock = clock
    mainExecutor = ThreadSerialExecutor(
      name: "main", taskExecutor: pool, scale: scale, clock: { clock.now })
    mainActor = LaneActor(name: "main", executor: mainExecutor)
    pool.main = mainExecutor
  }

  deinit {
    pool.shutdown()
    mainExecutor.shutdown()
  }

  public var taskExecutor: any TaskExecutor { pool }

  public func makeActor(named name: String) -> any Actor { PoolActor(name: name) }

  public func taskExecutorStartingOnMain(ahead: Bool, nonisolated: Bool) -> any TaskExecutor {
    FirstJobExecutor(first: mainExecutor, then: pool, ahead: ahead, nonisolated: nonisolated)
  }

  public func goesFirstOnMain() { mainExecutor.runningTaskGoesFirst() }

  public func goesFirstOnItsPool() { pool.runningTaskGoesFirst() }

  public func nextTaskGoesFirstOnItsPool() { ThreadNames.nextTaskGoesFirst = true }

  /// Nothing to do: a live task prefers the run's pool, and Swift never runs a hop from a task
  /// with a preference in place.
  public func nextHopIsQueued() {}

  public var now: Double { clock.now }

  public var currentThread: String { ThreadNames.current ?? "?" }
  public var isAborting: Bool { stopping.load(ordering: .relaxed) }

  private func realDuration(_ milliseconds: Int64) -> Duration {
    // Clamped to 0…1e15 µs (31 years): `Int64(_:)` traps on a Double past Int64.max, and a
    // scenario may ask for Int64.max ms; --timeout ends such a run long before.
    .microseconds(Int64(min(max(0, (Double(milliseconds) * scale * 1000).rounded()), 1e15)))
  }

  public func block(milliseconds: Int64, isolation: isolated (any Actor)?) async {
    let deadline = ContinuousClock.now + realDuration(milliseconds)
    ThreadNames.waiting { LiveTiming.hold(until: deadline) }
  }

  /// Ends on time (`LiveTiming.fire`), then waits for a free thread of the task's pool before it
  /// queues, as a sleep on Swift's pool does (`LiveSleep`).
  public func sleep(milliseconds: Int64, isolation: isolated (any Actor)?) async throws {
    try await sleep(until: ContinuousClock.now + realDuration(milliseconds))
  }

  public func sleep(untilMilliseconds deadline: Int64, isolation: isolated (any Actor)?)
    async throws
  {
    try await sleep(until: clock.origin + realDuration(deadline))
  }

  private func sleep(until deadline: ContinuousClock.Instant) async throws {
    let sleep = LiveSleep()
    let timers = callbacks
    try await withTaskCancellationHandler {
      try await sleep.suspend {
        LiveTiming.fire(on: timers, at: deadline) { TimerWake.perform { sleep.wake() } }
      }
    } onCancel: {
      sleep.cancel()
    }
  }

  public func yield(isolation: isolated (any Actor)?) async {
    mainExecutor.requestYield()
    await Task.yield()
  }

  public func interleave(isolation: isolated (any Actor)?) async {}

  public func preemptionPoint(isolation: isolated (any Actor)?) async {}
  public var startedTaskMayGoFirst: Bool { false }
  public func newTaskMayStartFirst(isolation: isolated (any Actor)?) async {}

  /// Asks `watch` every 10 ms while the run goes on: the interpreter sees a deadlock real threads
  /// cannot show.
  public func run(
    limits: RuntimeLimits, watch: (@Sendable () -> String?)?,
    _ body: sending @escaping @isolated(any) () async -> Void
  ) -> RuntimeReport {
    let end = runToEnd(limits: limits, watch: watch, body)
    return RuntimeReport(
      end: end, mainStall: mainExecutor.longestJob, busySpans: busySpans, scale: scale,
      escapedJobs: 0, tearDownUnwindsAll: false)
  }

  private func runToEnd(
    limits: RuntimeLimits, watch: (@Sendable () -> String?)?,
    _ body: sending @escaping @isolated(any) () async -> Void
  ) -> RunEnd {
    let done = self.done
    let clock = self.clock
    // Measured once per process, before the run's clock starts (a sleep's timer is set by it).
    _ = LiveTiming.timerLateness
    // Time counts from the root's first job, as in virtual and native runs: starting a thread
    // is not part of the scenario.
    // At `.medium`, a program's main task's priority (see `VirtualScheduler.run`).
    Task(executorPreference: pool, priority: .medium) {
      clock.reset()
      await body()
      done.signal()
    }
    // The watchdog: the memory budget every 10 ms while the run goes on, then the timeout.
    var memory = MemoryBudget(maxGrowth: limits.maxMemoryBytes)
    let deadline = DispatchTime.now() + limits.wallClockSeconds
    // A run stopped by the lab (a limit, a cycle of awaits) ends when its tasks have wound down,
    // or after half a second: a task suspended forever never will.
    var stoppedAt: DispatchTime?
    while done.wait(timeout: min(deadline, .now() + .milliseconds(10))) == .timedOut {
      if let reason = stopReason.withLock({ $0 }) {
        let since = stoppedAt ?? .now()
        stoppedAt = since
        if DispatchTime.now() >= since + .milliseconds(500) { return .limitReached(reason) }
      }
      if DispatchTime.now() >= deadline {
        stopping.store(true, ordering: .relaxed)
        return .limitReached(
          "the live run took longer than \(Int(limits.wallClockSeconds)) s of real time; "
            + "raise the limit with --timeout, or, if it is stuck, run it without --live: the "
            + "virtual runtime names a deadlock's whole cycle")
      }
      if !isAborting, let problem = memory.check() { stop(problem) }
      if !isAborting, let reason = watch?() { stop(reason) }
    }
    mainExecutor.waitUntilIdle(timeout: 1)
    if let reason = stopReason.withLock({ $0 }) { return .limitReached(reason) }
    return .finished
  }

  public func stop(_ reason: String) {
    stopReason.withLock { if $0 == nil { $0 = reason } }
    stopping.store(true, ordering: .relaxed)
  }

  /// On real threads a deadlock is a stop like any other: the runner reports it as a deadlock.
  public func stopAtDeadlock(_ reason: String) { stop(reason) }

  public func onAbort(_ body: @escaping @Sendable () -> Void) {
    abortHandlers.withLock { $0.append(body) }
  }

  /// Ends the waits above the runtime of a stopped run. A task waiting for a real thread (a lock,
  /// a semaphore, `DispatchGroup.wait`) holds it for good: Dispatch has no way to end that wait.
  public func tearDown() {
    guard isAborting else { return }
    for handler in abortHandlers.withLock({ $0 }) { handler() }
  }

  public func schedule(atMilliseconds milliseconds: Int64, _ body: @escaping @Sendable () -> Void) {
    LiveTiming.run(on: callbacks, at: clock.origin + realDuration(milliseconds), body)
  }

  private let queues = Locked<[String: DispatchQueueExecutor]>([:])
  /// Where inputs and group notifications fire: a queue of the run's own, never the width-limited
  /// global queue, which the cooperative pool shares and blocked tasks can starve.
  private let callbacks = DispatchQueue(label: "lab.callbacks")

  public func dispatchExecutor(queue: String, serial: Bool) -> any TaskExecutor {
    queues.withLock { queues in
      if let executor = queues[queue] { return executor }
      let executor = DispatchQueueExecutor(
        DispatchQueue(label: "lab.\(queue)", attributes: serial ? [] : .concurrent))
      queues[queue] = executor
      return executor
    }
  }

  public func makeDispatchGroup() -> any LabDispatchGroup {
    LiveDispatchGroup(notifying: callbacks)
  }

  public func makeLock() -> any LabLock { LiveLock() }

  public func makeSemaphore(value: Int) -> any LabSemaphore {
    LiveSemaphore(value: value, scale: scale)
  }

  private var busySpans: [ThreadSpan] {
    mainExecutor.busySpans.filter { $0.end - $0.start >= 1 }.map {
      ThreadSpan(thread: "main", start: $0.start, end: $0.end)
    }
  }
}

/// `ContinuousClock` read as scenario milliseconds since the run began.
private final class ScaledClock: Sendable {
  private let start = Locked<ContinuousClock.Instant>(.now)
  let scale: Double

  init(scale: Double) { self.scale = scale }

  func reset() { start.withLock { $0 = .now } }

  /// The instant the run began.
  var origin: ContinuousClock.Instant { start.withLock { $0 } }

  var elapsed: Duration { ContinuousClock.now - origin }

  var now: Double {
    let elapsed = elapsed
    return
      (Double(elapsed.components.seconds) * 1000
      + Double(elapsed.components.attoseconds) / 1e15) / scale
  }
}

/// Runs jobs on a real Dispatch queue, so Dispatch work really runs on Dispatch's threads.
final class DispatchQueueExecutor: TaskExecutor, @unchecked Sendable {
  private let queue: DispatchQueue
  private static let threadCount = Atomic<Int>(0)

  init(_ queue: DispatchQueue) { self.queue = queue }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async {
      if ThreadNames.current == nil {
        ThreadNames.adopt("dispatch-\(Self.threadCount.add(1, ordering: .relaxed).newValue)")
      }
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}

/// A real `DispatchGroup`; `wait` really blocks the thread.
final class LiveDispatchGroup: LabDispatchGroup, @unchecked Sendable {
  private let group = DispatchGroup()
  private let queue: DispatchQueue

  /// Entered and not yet left. Apple's libdispatch traps when a group is freed while entered
  /// ("Group object deallocated while in use"; the Linux one, measured, does not), and a scenario
  /// may well end with work never left.
  private let entered = Atomic<Int>(0)
  /// Groups freed while entered, kept for the life of the process: a few hundred bytes each.
  private static let unbalanced = Locked<[DispatchGroup]>([])

  init(notifying queue: DispatchQueue) { self.queue = queue }

  deinit {
    if entered.load(ordering: .acquiring) > 0 {
      let group = group
      Self.unbalanced.withLock { $0.append(group) }
    }
  }

  func enter() {
    group.enter()
    entered.add(1, ordering: .releasing)
  }

  /// The interpreter never leaves more than it entered (see `Interpreter.leaveGroup`).
  func leave() {
    entered.subtract(1, ordering: .releasing)
    group.leave()
  }

  func notify(_ body: @escaping @Sendable () -> Void) {
    group.notify(queue: queue, execute: body)
  }

  func wait(isolation: isolated (any Actor)?) async {
    ThreadNames.waiting { waitSynchronously(group) }
  }
}

/// `DispatchGroup.wait()` is unavailable from async code; the lab calls it on purpose, to show
/// what it does to the thread.
private func waitSynchronously(_ group: DispatchGroup) {
  group.wait()
}

/// The preferred executor of one task that must start on the main thread: the first job goes to
/// main, later jobs (and the task's children) to the pool.
final class FirstJobExecutor: TaskExecutor, @unchecked Sendable {
  private let first: ThreadSerialExecutor
  private let then: FixedPoolExecutor
  private let ahead: Bool
  /// The task is isolated to no actor: its first job runs on main's thread as a job of this
  /// executor, not isolated to main (see `VirtualFirstJobExecutor.nonisolated`).
  private let nonisolated: Bool
  private let started = Atomic<Bool>(false)

  init(first: ThreadSerialExecutor, then: FixedPoolExecutor, ahead: Bool, nonisolated: Bool) {
    self.first = first
    self.then = then
    self.ahead = ahead
    self.nonisolated = nonisolated
  }

  func enqueue(_ job: consuming ExecutorJob) {
    if started.exchange(true, ordering: .acquiringAndReleasing) {
      then.enqueue(job)
    } else {
      first.enqueue(job, ahead: ahead, runningAs: nonisolated ? asUnownedTaskExecutor() : nil)
    }
  }
}
