import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deterministic machine for Swift concurrency: virtual thread pools and serial lanes whose
/// jobs are all run, one at a time, by a loop on the calling OS thread, under a virtual clock.
///
/// Jobs are real runtime jobs (tasks created with `Task(executorPreference:)`, `async let`
/// children, task-group children, actor hops); only the choice of which runnable job runs next,
/// and the passage of time, are the scheduler's. Time moves only when nothing is runnable,
/// straight to the next timer.
///
/// - Blocking (`block`) keeps the current virtual worker or lane occupied for its duration, as
///   `Thread.sleep` does; sleeping (`sleep`) frees it, as `Task.sleep` does.
/// - A serial lane with a host pool needs a free worker of that pool to run, as a default actor
///   runs on a cooperative thread.
/// - Choices among runnable jobs come from a `ChoiceOracle`, a pure function of the seed and of
///   scenario-level identities, so a seed replays byte for byte in debug and release builds.
///
/// This class is the driver: it owns the executors, runs jobs and resumes continuations. What is
/// runnable, what is held and when things happen is `VirtualSchedulerState`, a value changed only
/// through its named transitions.
public final class VirtualScheduler: @unchecked Sendable {
  /// How a run of the loop ended.
  public enum Outcome: Equatable, Sendable {
    /// The root task finished and no work is left.
    case finished
    /// Nothing can run and no timer is set, but the root task has not finished.
    case deadlock
    /// A limit stopped a runaway scenario; the message says which limit and how to raise it.
    case limitReached(String)
  }

  /// A span of time during which one thread or lane was held without running anything else.
  public struct BusySpan: Sendable, Equatable {
    public var thread: String
    public var start: Int64
    public var end: Int64
  }

  /// The work a timer does when it fires.
  enum TimerAction {
    case wakeSleeper(id: UInt64)
    case unblock(CheckedContinuation<Void, Never>)
    case callback(@Sendable () -> Void)
  }

  typealias State = VirtualSchedulerState<
    UnownedJob, CheckedContinuation<Void, any Error>, TimerAction
  >

  /// Touched only by the loop thread, one access at a time, and never while a transition runs;
  /// dynamic exclusivity checks cost about a third of every job when measured.
  /// The scheduler's state; it changes only through its named transitions. Not private so the
  /// driver's extensions in other files (VirtualScheduler+Time.swift) can run them too.
  @exclusivity(unchecked) var state: State
  @exclusivity(unchecked) private var poolExecutors: [VirtualPoolExecutor] = []
  @exclusivity(unchecked) private var laneExecutors: [VirtualLaneExecutor] = []
  /// The cooperative pools of the priorities other than medium, made when a job first needs one.
  @exclusivity(unchecked) private var bandPools: [PriorityBand: Int] = [:]
  private let threads: Int

  /// Tasks in `hold` that only another task's release ends, by hold id; a teardown ends them.
  @exclusivity(unchecked) var openHolds: [UInt64: CheckedContinuation<Void, Never>] = [:]
  @exclusivity(unchecked) var nextHoldID: UInt64 = 0
  /// What ends the waits of the code above the scheduler when a stopped run is torn down.
  @exclusivity(unchecked) var abortHandlers: [@Sendable () -> Void] = []
  /// How the last run ended, so `tearDown` knows whether anything is left to unwind.
  @exclusivity(unchecked) var lastOutcome: Outcome?
  /// The stop was a deadlock found above the scheduler (`stopAtDeadlock`).
  @exclusivity(unchecked) var stoppedAtDeadlock = false
  /// Tasks in their first part on a lane's thread, running as jobs of the task's own executor, by
  /// task id (`VirtualFirstJobExecutor.nonisolated`, `routeFirstPart`).
  @exclusivity(unchecked) var firstPartsOnLanes: [UInt64: UnownedTaskExecutor] = [:]

  private let loopThread = pthread_self()
  private let foreignEnqueues = Atomic<Int>(0)
  private let inbox = Locked<[(UnownedJob, VirtualTarget)]>([])

  /// The cooperative pool: the pool every scenario task prefers.
  public let cooperativePool = 0
  /// The lab's main lane: a serial lane on its own dedicated virtual thread.
  public let mainLane = 0

  /// What the last run left behind that a finished run must not (see `endOfRunViolations`).
  /// Checked only when a run finishes: a deadlock or a limit leaves work behind by definition.
  @exclusivity(unchecked) public private(set) var invariantViolations: [String] = []

  /// Creates a scheduler with a cooperative pool of `threads` virtual workers and a main lane.
  /// A `chooser` records every choice and may make it.
  public init(
    threads: Int, seed: UInt64, policy: SchedulingPolicy = .random, chooser: ScheduleChooser? = nil
  ) {
    precondition(threads >= 1, "a pool needs at least one thread")
    self.threads = threads
    state = State(oracle: ChoiceOracle(seed: seed, policy: policy, chooser: chooser))
    _ = addPool(name: PriorityBand.medium.poolName, width: threads)
    _ = addLane(name: "main", hostPool: nil)
  }

  /// Adds a pool of virtual threads named `name-1`…`name-width` and returns its index.
  public func addPool(name: String, width: Int) -> Int {
    let index = state.addPool(name: name, width: width)
    poolExecutors.append(VirtualPoolExecutor(scheduler: self, pool: index))
    return index
  }

  /// Adds a serial lane and returns its index. A lane with a host pool occupies one of its workers
  /// while it runs a job (an actor on the cooperative pool); one without is its own thread (main).
  /// A lane that `ordersByPriority` (a default actor) runs its waiting jobs highest priority first.
  public func addLane(
    name: String, hostPool: Int?, taskPool: Int? = nil, ordersByPriority: Bool = false
  ) -> Int {
    let index = state.addLane(
      name: name, hostPool: hostPool, taskPool: taskPool ?? hostPool ?? 0,
      ordersByPriority: ordersByPriority)
    laneExecutors.append(VirtualLaneExecutor(scheduler: self, lane: index))
    return index
  }

  /// The task executor of a pool, for `Task(executorPreference:)`.
  public func taskExecutor(pool: Int) -> any TaskExecutor { poolExecutors[pool] }

  /// A task executor for one task whose first job runs on `lane` and every later one on `pool`.
  /// `ahead`: the first job goes ahead of the jobs waiting on the lane. `nonisolated`: the first
  /// job runs on the lane's thread as a job of this executor, not isolated to the lane.
  public func taskExecutor(
    pool: Int, firstJobOnLane lane: Int, ahead: Bool = false, nonisolated: Bool = false
  ) -> any TaskExecutor {
    VirtualFirstJobExecutor(
      scheduler: self, lane: lane, pool: pool, ahead: ahead, nonisolated: nonisolated)
  }

  /// A serial lane as a task executor: tasks that prefer it run only there (a serial queue).
  public func taskExecutor(lane: Int) -> any TaskExecutor { laneExecutors[lane] }

  /// The serial executor of a lane, for an actor's `unownedExecutor`.
  public func serialExecutor(lane: Int) -> any SerialExecutor { laneExecutors[lane] }

  /// Virtual time in scenario milliseconds.
  public var now: Int64 { state.now }
  /// How many runtime jobs the loop has run.
  public var jobsRun: Int { state.jobsRun }
  /// How many times a task re-enqueued itself on the lane it was running on and was continued
  /// in place.
  public var inlineContinuations: Int { state.inlineContinuations }
  /// Spans during which a thread was held by blocking work (`block`), in order of their end; a
  /// thread of its own (main) still held when the run ended (a deadlock) is held until now.
  public var busySpans: [BusySpan] {
    state.busySpans
      + state.lanes.filter { $0.hostPool == nil && $0.busy && now > $0.busySince }.map {
        BusySpan(thread: $0.name, start: $0.busySince, end: now)
      }
  }

  /// Jobs that arrived from another OS thread: work that escaped the virtual machine. Always zero
  /// when every task of a scenario prefers the scheduler's executors.
  public var escapedJobs: Int { foreignEnqueues.load(ordering: .relaxed) }

  /// The longest time the lane was held without interruption, in milliseconds.
  /// A lane still held (main blocked in `DispatchGroup.wait()` at a deadlock) counts until now.
  public func longestBusy(lane: Int) -> Int64 {
    let lane = state.lanes[lane]
    return lane.busy ? max(lane.longestBusy, now - lane.busySince) : lane.longestBusy
  }

  /// The name of the thread the current job runs on (`worker-2`, `main`), or nil outside a job.
  /// Read field by field: calling a method of the whole state from here would copy it first, and
  /// this runs for every trace event.
  public var currentThreadName: String? {
    guard let running = state.running else { return nil }
    if let worker = running.worker { return "\(state.pools[worker.pool].name)-\(worker.index + 1)" }
    if case .lane(let lane) = running.target { return state.lanes[lane].name }
    return nil
  }

  /// Whether the current job runs on the given lane.
  public func isRunning(lane: Int) -> Bool {
    guard pthread_equal(pthread_self(), loopThread) != 0 else { return false }
    return state.running?.target == .lane(lane)
  }

  /// Whether the loop is tearing down a run that was stopped by a deadlock or a limit.
  public var isAborting: Bool { state.aborting || state.stopReason != nil }

  /// Stops the run at the end of the current job; `run` returns `.limitReached(reason)`.
  public func stop(_ reason: String) { state.stop(reason) }

  /// Stops the run at the end of the current job as a deadlock found above the scheduler (a
  /// cycle of awaits): `run` returns `.deadlock`, and the tasks stay as they are until
  /// `tearDown`, so what the run shows is what the deadlock left.
  public func stopAtDeadlock(_ reason: String) {
    if state.stopReason == nil { stoppedAtDeadlock = true }
    state.stop(reason)
  }

  // MARK: - Enqueueing

  /// `first`: ahead of the jobs waiting on the lane (a `Task.immediate`'s first job on main).
  /// `runningAs`: the executor the job runs as when its lane takes it, not isolated to the lane.
  func enqueue(
    _ job: UnownedJob, to target: VirtualTarget, first: Bool = false,
    runningAs executor: UnownedTaskExecutor? = nil
  ) {
    guard pthread_equal(pthread_self(), loopThread) != 0 else {
      foreignEnqueues.add(1, ordering: .relaxed)
      inbox.withLock { $0.append((job, target)) }
      return
    }
    var target = target
    if let executor {
      firstPartsOnLanes[jobTaskID(job)] = executor
    } else if !firstPartsOnLanes.isEmpty {
      target = routeFirstPart(jobTaskID(job), target)
    }
    switch target {
    case .pool(cooperativePool):
      state.enqueue(job, task: jobTaskID(job), to: .pool(pool(of: job.priority)))
    case .lane(let lane) where state.lanes[lane].hostPool == cooperativePool:
      state.enqueue(
        job, task: jobTaskID(job), to: target, host: pool(of: job.priority),
        priority: job.priority.rawValue, first: first)
    default:
      state.enqueue(job, task: jobTaskID(job), to: target, first: first)
    }
  }

  /// A nonisolated task running on a lane's thread as its own executor goes back to the pool
  /// through that executor. While it holds the lane (a block, a preemption) that is its way back
  /// to the lane: its thread is still the lane's. Once it let the lane go (it suspended), its
  /// first part has ended, and it goes on on the pool from then on.
  private func routeFirstPart(_ task: UInt64, _ target: VirtualTarget) -> VirtualTarget {
    guard case .pool = target, firstPartsOnLanes[task] != nil else { return target }
    if let lane = state.pins[task]?.lane { return .lane(lane) }
    firstPartsOnLanes[task] = nil
    return target
  }

  /// The cooperative pool of a job's priority: each priority has its own, as wide as the
  /// scenario's `threads` (`PriorityBand`). Its jobs run with the cooperative pool's executor,
  /// the one every scenario task prefers, so a task's later jobs are routed by priority again.
  private func pool(of priority: JobPriority) -> Int {
    let band = PriorityBand(rawPriority: priority.rawValue)
    if band == .medium { return cooperativePool }
    if let pool = bandPools[band] { return pool }
    let pool = state.addPool(name: band.poolName, width: threads)
    poolExecutors.append(poolExecutors[cooperativePool])
    bandPools[band] = pool
    return pool
  }

  func drainInbox() {
    guard foreignEnqueues.load(ordering: .relaxed) > 0 else { return }
    for (job, target) in inbox.withLock({ queue in
      defer { queue.removeAll() }
      return queue
    }) {
      enqueue(job, to: target)
    }
  }

  // MARK: - Running

  /// Runs the next turn the state chooses; false if nothing is runnable.
  func runOne() -> Bool {
    guard let turn = state.nextTurn() else { return false }
    var job = turn.first
    while true {
      state.jobStarting(job, of: turn)
      run(job.job, on: state.running!.target)
      guard let next = state.jobReturned() else { break }
      job = next
    }
    state.turnEnded(turn)
    return true
  }

  private func run(_ job: UnownedJob, on target: VirtualTarget) {
    switch target {
    case .pool(let index):
      job.runSynchronously(on: poolExecutors[index].asUnownedTaskExecutor())
    case .lane(let index):
      if !firstPartsOnLanes.isEmpty, let executor = firstPartsOnLanes[jobTaskID(job)] {
        // A nonisolated task's first part on main's thread: run as a job of the task's own
        // executor, its code goes on there, as Swift runs a nonisolated `Task.immediate`'s first
        // part on its caller's thread, until it suspends (`routeFirstPart`).
        job.runSynchronously(on: executor)
        return
      }
      // Passing the task executor too matters: with `runSynchronously(on:)` alone every
      // same-actor hop would re-enqueue the task.
      job.runSynchronously(
        isolatedTo: laneExecutors[index].asUnownedSerialExecutor(),
        taskExecutor: poolExecutors[state.lanes[index].taskPool].asUnownedTaskExecutor())
    }
  }

  func fireDueTimers() {
    // Most steps find no timer due: a look at the deadline is cheaper than a pop that finds none.
    while let next = state.timers.nextDeadline, next <= state.now,
      let action = state.popDueTimer()
    {
      switch action {
      case .wakeSleeper(let id):
        // The resume enqueues the task synchronously, as a timer's job (see `heldWakes`).
        state.sleeperWaking(true)
        state.takeSleeper(id: id)?.resume()
        state.sleeperWaking(false)
      case .unblock(let continuation):
        continuation.resume()  // enqueues the task synchronously: a pinned job (see `enqueue`)
      case .callback(let body): body()
      }
    }
  }

  /// One scheduling step: runs one job, or moves time to the next timer. False when idle.
  private func step() -> Bool {
    drainInbox()
    fireDueTimers()
    return runOne() || state.advanceClock()
  }

  // MARK: - The loop

  /// Runs `body` as the root task, preferring the cooperative pool, until it and everything it
  /// started have finished, a deadlock is found, or a limit is reached. A finished run is then
  /// checked: see `invariantViolations`.
  ///
  /// Must be called on the thread that created the scheduler; it runs every job on that thread.
  public func run(
    limits: Limits = Limits(), _ body: sending @escaping @isolated(any) () async -> Void
  ) -> Outcome {
    precondition(
      pthread_equal(pthread_self(), loopThread) != 0, "run the scheduler on its own thread")
    state.rootStarted()
    invariantViolations = []
    lastOutcome = nil
    stoppedAtDeadlock = false
    // At `.medium`, the priority of a program's main task: unstated, it would be the loop
    // thread's, and the tasks the root starts would run in another priority's pool.
    Task(executorPreference: poolExecutors[cooperativePool], priority: .medium) {
      await body()
      self.state.rootEnded()
    }
    let outcome = loop(limits: limits)
    switch outcome {
    case .finished: invariantViolations = state.endOfRunViolations()
    case .deadlock: break
    case .limitReached: abortAndDrain()
    }
    lastOutcome = outcome
    return outcome
  }

  private func loop(limits: Limits) -> Outcome {
    var memory = MemoryBudget(maxGrowth: limits.maxMemoryBytes)
    var nextSample = 0
    while true {
      if let stopReason = state.stopReason {
        return stoppedAtDeadlock ? .deadlock : .limitReached(stopReason)
      }
      // A sample costs a few microseconds; a job about one. Every 4,096 jobs a runaway grows by
      // a few tens of MB at most between samples (a task holds a few KB). A search's run notes,
      // at each turn, every job still waiting for a thread, which is a job's worth of memory
      // per waiting job: 10,000 of them grew it by 300 MB between two such samples, so a
      // search's run samples every 256.
      if state.jobsRun >= nextSample {
        nextSample = state.jobsRun + (state.oracle.chooser?.choosesTurns == true ? 256 : 4_096)
        if let problem = memory.check() { return .limitReached(problem) }
      }
      if state.jobsRun > limits.maxJobs {
        return .limitReached(
          "the run took more than \(limits.maxJobs) runtime jobs; raise the limit with --max-jobs")
      }
      if let next = state.timers.nextDeadline, next > limits.maxTime, !state.hasRunnableWork {
        return .limitReached(
          "virtual time would pass \(limits.maxTime) ms; raise the limit with --max-time")
      }
      if step() { continue }
      if waitForStragglers() { continue }
      return state.rootFinished ? .finished : .deadlock
    }
  }

  /// Jobs that escaped to another thread may still arrive; give them a moment before calling the
  /// machine idle. None arrive when every task prefers our executors, so this costs nothing then.
  private func waitForStragglers() -> Bool {
    guard foreignEnqueues.load(ordering: .relaxed) > 0 else { return false }
    for _ in 0..<50 {
      if !inbox.withLock({ $0.isEmpty }) { return true }
      usleep(1000)
    }
    return false
  }
}
