/// The deterministic runtime: a `VirtualScheduler` behind the `ScenarioRuntime` protocol.
///
/// Scenario actors get lanes of their own hosted on the cooperative pool (a virtual `block` is a
/// suspension, so a default actor would let other calls in during it).
public final class VirtualRuntime: ScenarioRuntime, @unchecked Sendable {
  public let scheduler: VirtualScheduler
  /// Records (and may make) the run's choices; nil for ordinary runs.
  public let chooser: ScheduleChooser?
  public let threads: Int
  public let seed: UInt64
  public let mainActor: any Actor
  public var mode: RuntimeMode { .virtual }

  public init(
    threads: Int, seed: UInt64, policy: SchedulingPolicy = .random,
    chooser: ScheduleChooser? = nil
  ) {
    self.threads = threads
    self.seed = seed
    self.chooser = chooser
    scheduler = VirtualScheduler(threads: threads, seed: seed, policy: policy, chooser: chooser)
    mainActor = LaneActor(
      name: "main", executor: scheduler.serialExecutor(lane: scheduler.mainLane))
  }

  public var taskExecutor: any TaskExecutor {
    scheduler.taskExecutor(pool: scheduler.cooperativePool)
  }

  public func taskExecutorStartingOnMain(ahead: Bool, nonisolated: Bool) -> any TaskExecutor {
    scheduler.taskExecutor(
      pool: scheduler.cooperativePool, firstJobOnLane: scheduler.mainLane, ahead: ahead,
      nonisolated: nonisolated)
  }

  public func goesFirstOnMain() { scheduler.runningTaskGoesFirstOnMain() }

  public func goesFirstOnItsPool() { scheduler.runningTaskGoesFirstOnItsPool() }

  public func nextTaskGoesFirstOnItsPool() { scheduler.nextTaskGoesFirstOnItsPool() }

  public func nextHopIsQueued() { scheduler.runningTaskQueuesItsNextHop() }

  public func makeActor(named name: String) -> any Actor {
    // A default actor: a busy one runs its waiting calls highest priority first.
    let lane = scheduler.addLane(
      name: name, hostPool: scheduler.cooperativePool, ordersByPriority: true)
    return LaneActor(name: name, executor: scheduler.serialExecutor(lane: lane))
  }

  public var now: Double { Double(scheduler.now) }
  public var currentThread: String { scheduler.currentThreadName ?? "?" }
  public var isAborting: Bool { scheduler.isAborting }

  public func block(milliseconds: Int64, isolation: isolated (any Actor)?) async {
    await scheduler.block(milliseconds: milliseconds)
  }

  public func sleep(milliseconds: Int64, isolation: isolated (any Actor)?) async throws {
    try await scheduler.sleep(milliseconds: milliseconds)
  }

  public func sleep(untilMilliseconds deadline: Int64, isolation: isolated (any Actor)?)
    async throws
  {
    try await scheduler.sleep(milliseconds: max(0, deadline - scheduler.now))
  }

  public func yield(isolation: isolated (any Actor)?) async {
    await scheduler.yield()
  }

  public func interleave(isolation: isolated (any Actor)?) async {
    await scheduler.block(milliseconds: 0)
  }

  /// A turn when the chooser makes the choices, else only noted.
  public func preemptionPoint(isolation: isolated (any Actor)?) async {
    if chooser?.choosesTurns == true {
      await scheduler.preempt()
    } else {
      scheduler.passPreemptionPoint()
    }
  }

  public var startedTaskMayGoFirst: Bool { scheduler.startedTaskMayGoFirst }

  public func newTaskMayStartFirst(isolation: isolated (any Actor)?) async {
    await scheduler.newTaskMayStartFirst()
  }

  /// Never asks `watch`: the scheduler sees a deadlock itself, when nothing can run.
  public func run(
    limits: RuntimeLimits, watch: (@Sendable () -> String?)?,
    _ body: sending @escaping @isolated(any) () async -> Void
  ) -> RuntimeReport {
    let outcome = scheduler.run(
      limits: VirtualScheduler.Limits(
        maxTime: limits.maxTime, maxJobs: limits.maxJobs, maxMemoryBytes: limits.maxMemoryBytes),
      body)
    let end: RunEnd =
      switch outcome {
      case .finished: .finished
      case .deadlock: .deadlock
      case .limitReached(let message): .limitReached(message)
      }
    return RuntimeReport(
      end: end, mainStall: mainStall, busySpans: busySpans, scale: nil,
      escapedJobs: scheduler.escapedJobs, tearDownUnwindsAll: true)
  }

  public func stop(_ reason: String) { scheduler.stop(reason) }
  public func stopAtDeadlock(_ reason: String) { scheduler.stopAtDeadlock(reason) }
  public func onAbort(_ body: @escaping @Sendable () -> Void) { scheduler.onAbort(body) }
  public func tearDown() { scheduler.tearDown() }

  public func schedule(atMilliseconds milliseconds: Int64, _ body: @escaping @Sendable () -> Void) {
    scheduler.schedule(at: milliseconds, body)
  }

  /// Dispatch's pool: 64 threads, as GCD allows by default, named `dispatch-1`….
  private lazy var dispatchPool = scheduler.addPool(name: "dispatch", width: 64)
  private var serialQueues: [String: Int] = [:]

  public func dispatchExecutor(queue: String, serial: Bool) -> any TaskExecutor {
    guard serial else { return scheduler.taskExecutor(pool: dispatchPool) }
    if let lane = serialQueues[queue] { return scheduler.taskExecutor(lane: lane) }
    let lane = scheduler.addLane(name: queue, hostPool: dispatchPool, taskPool: dispatchPool)
    serialQueues[queue] = lane
    return scheduler.taskExecutor(lane: lane)
  }

  public func makeDispatchGroup() -> any LabDispatchGroup {
    VirtualDispatchGroup(scheduler: scheduler)
  }

  public func makeLock() -> any LabLock { VirtualLock(scheduler: scheduler) }

  public func makeSemaphore(value: Int) -> any LabSemaphore {
    VirtualSemaphore(scheduler: scheduler, value: value)
  }

  private var mainStall: Double { Double(scheduler.longestBusy(lane: scheduler.mainLane)) }

  private var busySpans: [ThreadSpan] {
    scheduler.busySpans.map {
      ThreadSpan(thread: $0.thread, start: Double($0.start), end: Double($0.end))
    }
  }
}

/// A `DispatchGroup` on the virtual runtime: the counter lives on the loop thread, and `wait`
/// holds the virtual thread until the last `leave`.
final class VirtualDispatchGroup: LabDispatchGroup, @unchecked Sendable {
  private let scheduler: VirtualScheduler
  private var count = 0
  private var notifications: [@Sendable () -> Void] = []
  private var waiters: [@Sendable () -> Void] = []

  init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

  func enter() { count += 1 }

  func leave() {
    count -= 1
    guard count <= 0 else { return }
    count = 0
    let (notified, released) = (notifications, waiters)
    notifications = []
    waiters = []
    for resume in released { resume() }
    for notify in notified { notify() }
  }

  func notify(_ body: @escaping @Sendable () -> Void) {
    if count == 0 { body() } else { notifications.append(body) }
  }

  func wait(isolation: isolated (any Actor)?) async {
    guard count > 0 else { return }
    await scheduler.hold { release in waiters.append(release) }
  }
}
