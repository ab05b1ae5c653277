import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The runtime's own identifier of the task a job belongs to. This is the stable entry point the
/// standard library's `UnownedJob.description` is built on ("UnownedJob(id: N)"), without the string.
@_silgen_name("swift_task_getJobTaskId")
private func jobTaskID(_ job: UnownedJob) -> UInt64

/// A deterministic machine for Swift concurrency: virtual thread pools and serial lanes whose jobs are
/// all run, one at a time, by a loop on the calling OS thread, under a virtual clock.
///
/// Jobs are real runtime jobs (tasks created with `Task(executorPreference:)`, `async let` children,
/// task-group children, actor hops); only the choice of which runnable job runs next, and the passage
/// of time, are the scheduler's. Time moves only when nothing is runnable, straight to the next timer.
///
/// - Blocking (`block`) keeps the current virtual worker or lane occupied for its duration, as
///   `Thread.sleep` does; sleeping (`sleep`) frees it, as `Task.sleep` does.
/// - A serial lane with a host pool needs a free worker of that pool to run, as a default actor runs
///   on a cooperative thread.
/// - Choices among runnable jobs come from a `ChoiceOracle`, a pure function of the seed and of
///   scenario-level identities, so a seed replays byte for byte in debug and release builds.
public final class VirtualScheduler: @unchecked Sendable {
  /// Where a job waits: any free worker of a pool, or a serial lane.
  enum Target: Equatable {
    case pool(Int)
    case lane(Int)
  }

  /// A virtual worker thread: the pool it belongs to and its index there.
  struct WorkerRef: Equatable {
    var pool: Int
    var index: Int
  }

  /// How a run of the loop ended.
  public enum Outcome: Equatable, Sendable {
    /// The root task finished and no work is left.
    case finished
    /// Nothing can run and no timer is set, but the root task has not finished.
    case deadlock
    /// A limit stopped a runaway scenario; the message says which limit and how to raise it.
    case limitReached(String)
  }

  /// The work a timer does when it fires.
  private enum TimerAction {
    case wakeSleeper(id: UInt64)
    case unblock(CheckedContinuation<Void, Never>)
    case callback(@Sendable () -> Void)
  }

  private struct QueuedJob {
    var job: UnownedJob
    var task: UInt64
    /// The task's identity for choices: the order in which the scheduler first saw it.
    var ordinal: Int
  }

  /// A job whose worker (and lane) are reserved for it: the continuation of a blocked task.
  private struct PinnedJob {
    var queued: QueuedJob
    var target: Target
    var pin: Pin
  }

  private struct Pin {
    var worker: WorkerRef?
    var lane: Int?
    var home: Target { lane.map { .lane($0) } ?? .pool(worker!.pool) }
  }

  private final class Pool {
    let name: String
    @exclusivity(unchecked) var busy: [Bool]
    @exclusivity(unchecked) var busySince: [Int64]
    @exclusivity(unchecked) var free: Int
    @exclusivity(unchecked) var queue: WindowQueue<QueuedJob>
    var executor: VirtualPoolExecutor!

    init(name: String, width: Int) {
      self.name = name
      queue = WindowQueue(width: max(16, 2 * width))
      busy = Array(repeating: false, count: width)
      busySince = Array(repeating: 0, count: width)
      free = width
    }
  }

  private final class Lane {
    let name: String
    let hostPool: Int?
    let taskPool: Int
    @exclusivity(unchecked) var queue: [QueuedJob] = []
    @exclusivity(unchecked) var head = 0
    @exclusivity(unchecked) var busy = false
    @exclusivity(unchecked) var busySince: Int64 = 0
    @exclusivity(unchecked) var longestBusy: Int64 = 0
    var executor: VirtualLaneExecutor!

    init(name: String, hostPool: Int?, taskPool: Int) {
      self.name = name
      self.hostPool = hostPool
      self.taskPool = taskPool
    }

    var isEmpty: Bool { head == queue.count }
    func popFirst() -> QueuedJob {
      let job = queue[head]
      head += 1
      if head > 64, head * 2 > queue.count {
        queue.removeFirst(head)
        head = 0
      }
      return job
    }
  }

  private struct Running {
    var task: UInt64
    var target: Target
    var worker: WorkerRef?
  }

  /// A span of time during which one thread or lane was held without running anything else.
  public struct BusySpan: Sendable, Equatable {
    public var thread: String
    public var start: Int64
    public var end: Int64
  }

  // MARK: - State
  // Everything below is touched only by the loop thread, one access at a time; dynamic
  // exclusivity checks (`@exclusivity(unchecked)`) cost about a third of every job when measured.

  /// Virtual time in scenario milliseconds.
  @exclusivity(unchecked) public private(set) var now: Int64 = 0
  /// How many runtime jobs the loop has run.
  @exclusivity(unchecked) public private(set) var jobsRun = 0
  /// How many times a task re-enqueued itself on the lane it was running on and was continued in place.
  @exclusivity(unchecked) public private(set) var inlineContinuations = 0
  /// Spans during which a thread was held by blocking work (`block`), in order of their end.
  @exclusivity(unchecked) public private(set) var busySpans: [BusySpan] = []

  private let seed: UInt64
  @exclusivity(unchecked) private var oracle: ChoiceOracle
  @exclusivity(unchecked) private var pools: [Pool] = []
  @exclusivity(unchecked) private var lanes: [Lane] = []
  @exclusivity(unchecked) private var pinned: [PinnedJob] = []
  @exclusivity(unchecked) private var pins: [UInt64: Pin] = [:]
  /// Each task's ordinal, by task id; a job carries its ordinal after this one lookup.
  @exclusivity(unchecked) private var ordinals: [UInt64: Int] = [:]
  /// How many turns (runs from a queue) each task has had, by ordinal.
  @exclusivity(unchecked) private var turns: [Int] = []
  @exclusivity(unchecked) private var timers = TimerHeap<TimerAction>()
  @exclusivity(unchecked) private var sleepers: [UInt64: (timer: TimerHeap<TimerAction>.Handle, continuation: CheckedContinuation<Void, any Error>)] = [:]
  @exclusivity(unchecked) private var cancelledBeforeSleeping: Set<UInt64> = []
  @exclusivity(unchecked) private var nextSleeperID: UInt64 = 0
  @exclusivity(unchecked) private var running: Running?
  @exclusivity(unchecked) private var inlineNext: QueuedJob?
  @exclusivity(unchecked) private var blockedDuringRun = false
  @exclusivity(unchecked) private var yieldRequested = false
  @exclusivity(unchecked) private var rootFinished = false
  @exclusivity(unchecked) private var aborting = false
  @exclusivity(unchecked) private var stopReason: String?

  private let loopThread = pthread_self()
  private let foreignEnqueues = Atomic<Int>(0)
  private let inbox = Locked<[(UnownedJob, Target)]>([])

  /// The cooperative pool: the pool every scenario task prefers.
  public let cooperativePool = 0
  /// The lab's main lane: a serial lane on its own dedicated virtual thread.
  public let mainLane = 0

  /// Creates a scheduler with a cooperative pool of `threads` virtual workers and a main lane.
  public init(threads: Int, seed: UInt64, policy: SchedulingPolicy = .random) {
    precondition(threads >= 1, "a pool needs at least one thread")
    self.seed = seed
    oracle = ChoiceOracle(seed: seed, policy: policy)
    _ = addPool(name: "worker", width: threads)
    _ = addLane(name: "main", hostPool: nil)
  }

  /// Adds a pool of virtual threads named `name-1`…`name-width` and returns its index.
  public func addPool(name: String, width: Int) -> Int {
    let pool = Pool(name: name, width: width)
    pool.executor = VirtualPoolExecutor(scheduler: self, pool: pools.count)
    pools.append(pool)
    return pools.count - 1
  }

  /// Adds a serial lane and returns its index. A lane with a host pool occupies one of its workers
  /// while it runs a job (an actor on the cooperative pool); one without is its own thread (main).
  public func addLane(name: String, hostPool: Int?, taskPool: Int? = nil) -> Int {
    let lane = Lane(name: name, hostPool: hostPool, taskPool: taskPool ?? hostPool ?? 0)
    lane.executor = VirtualLaneExecutor(scheduler: self, lane: lanes.count)
    lanes.append(lane)
    return lanes.count - 1
  }

  /// The task executor of a pool, for `Task(executorPreference:)`.
  public func taskExecutor(pool: Int) -> any TaskExecutor { pools[pool].executor }

  /// A task executor for one task whose first job runs on `lane` and every later one on `pool`.
  public func taskExecutor(pool: Int, firstJobOnLane lane: Int) -> any TaskExecutor {
    VirtualFirstJobExecutor(scheduler: self, lane: lane, pool: pool)
  }

  /// A serial lane as a task executor: tasks that prefer it run only there (a serial queue).
  public func taskExecutor(lane: Int) -> any TaskExecutor { lanes[lane].executor }

  /// The serial executor of a lane, for an actor's `unownedExecutor`.
  public func serialExecutor(lane: Int) -> any SerialExecutor { lanes[lane].executor }

  /// Jobs that arrived from another OS thread: work that escaped the virtual machine. Always zero
  /// when every task of a scenario prefers the scheduler's executors.
  public var escapedJobs: Int { foreignEnqueues.load(ordering: .relaxed) }

  /// The longest time the lane was held without interruption, in milliseconds.
  public func longestBusy(lane: Int) -> Int64 { lanes[lane].longestBusy }

  /// The name of the thread the current job runs on (`worker-2`, `main`), or nil outside a job.
  public var currentThreadName: String? {
    guard let running else { return nil }
    if let worker = running.worker { return "\(pools[worker.pool].name)-\(worker.index + 1)" }
    if case .lane(let lane) = running.target { return lanes[lane].name }
    return nil
  }

  /// Whether the current job runs on the given lane.
  public func isRunning(lane: Int) -> Bool {
    guard pthread_equal(pthread_self(), loopThread) != 0 else { return false }
    return running?.target == .lane(lane)
  }

  /// Whether the loop is tearing down a run that was stopped by a deadlock or a limit.
  public var isAborting: Bool { aborting || stopReason != nil }

  /// Stops the run at the end of the current job; `run` returns `.limitReached(reason)`.
  public func stop(_ reason: String) {
    if stopReason == nil { stopReason = reason }
  }

  // MARK: - Enqueueing

  func enqueue(_ job: UnownedJob, to target: Target) {
    guard pthread_equal(pthread_self(), loopThread) != 0 else {
      foreignEnqueues.add(1, ordering: .relaxed)
      inbox.withLock { $0.append((job, target)) }
      return
    }
    var task = jobTaskID(job)
    // A job that is not a task (id 0) is the runtime's helper for the task that made it —
    // `Task.yield()` enqueues one that, when run, enqueues the task. It belongs to that task: so
    // choices see the yielding task, and the task it forwards to continues in place.
    if task == 0, let running { task = running.task }
    let ordinal: Int
    if let known = ordinals[task] {
      ordinal = known
    } else {
      ordinal = turns.count
      ordinals[task] = ordinal
      turns.append(0)
    }
    let queued = QueuedJob(job: job, task: task, ordinal: ordinal)
    if let running, running.task == task, running.target == target {
      if yieldRequested {
        yieldRequested = false
      } else {
        // The running task hopped to where it already runs (a hop the optimizer keeps in one build
        // and removes in another): continue it in place so both builds schedule alike.
        inlineNext = queued
        return
      }
    }
    // A blocked task's way back to its worker or lane is reserved; once it runs there again, its
    // further hops are ordinary.
    if !pins.isEmpty, let pin = pins[task], !(running?.task == task && running?.target == pin.home) {
      pinned.append(PinnedJob(queued: queued, target: target, pin: pin))
      return
    }
    switch target {
    case .pool(let index):
      pools[index].queue.append(
        queued, priority: oracle.priority(ordinal: ordinal, turns: turns[ordinal]),
        tiebreak: ordinal)
    case .lane(let index):
      lanes[index].queue.append(queued)
    }
  }

  // MARK: - Choosing and running

  private enum Choice {
    case pinned(Int)
    case pool(Int, Int)
    case lane(Int)
  }

  private func priority(of job: QueuedJob) -> (UInt64, Int) {
    (oracle.priority(ordinal: job.ordinal, turns: turns[job.ordinal]), -job.ordinal)
  }

  /// Picks the runnable job with the highest priority and runs it; false if none is runnable.
  private func runOne() -> Bool {
    var best: Choice?
    var bestPriority: (UInt64, Int) = (0, Int.min)
    func consider(_ choice: Choice, _ priority: (UInt64, Int)) {
      if best == nil || priority > bestPriority {
        best = choice
        bestPriority = priority
      }
    }
    for (index, job) in pinned.enumerated() { consider(.pinned(index), priority(of: job.queued)) }
    for (index, pool) in pools.enumerated() where pool.free > 0 {
      if let best = pool.queue.best { consider(.pool(index, best.index), (best.priority, -best.tiebreak)) }
    }
    for (index, lane) in lanes.enumerated() where !lane.busy && !lane.isEmpty {
      if let host = lane.hostPool, pools[host].free == 0 { continue }
      consider(.lane(index), priority(of: lane.queue[lane.head]))
    }
    guard let best else { return false }

    switch best {
    case .pinned(let index):
      let job = pinned.remove(at: index)
      run(job.queued, target: job.target, worker: job.pin.worker, pin: job.pin)
    case .pool(let index, let position):
      let job = pools[index].queue.remove(at: position)
      let worker = acquireWorker(pool: index)
      run(job, target: .pool(index), worker: worker, pin: nil)
    case .lane(let index):
      let lane = lanes[index]
      let job = lane.popFirst()
      let worker = lane.hostPool.map { acquireWorker(pool: $0) }
      lane.busy = true
      lane.busySince = now
      run(job, target: .lane(index), worker: worker, pin: nil)
    }
    return true
  }

  private func acquireWorker(pool index: Int) -> WorkerRef {
    let pool = pools[index]
    let worker = pool.busy.firstIndex(of: false)!
    pool.busy[worker] = true
    pool.busySince[worker] = now
    pool.free -= 1
    return WorkerRef(pool: index, index: worker)
  }

  private func releaseWorker(_ worker: WorkerRef) {
    let pool = pools[worker.pool]
    pool.busy[worker.index] = false
    pool.free += 1
    let since = pool.busySince[worker.index]
    if now > since {
      busySpans.append(BusySpan(thread: "\(pool.name)-\(worker.index + 1)", start: since, end: now))
    }
  }

  private func releaseLane(_ index: Int) {
    let lane = lanes[index]
    lane.busy = false
    let held = now - lane.busySince
    lane.longestBusy = max(lane.longestBusy, held)
    if held > 0, lane.hostPool == nil {
      busySpans.append(BusySpan(thread: lane.name, start: lane.busySince, end: now))
    }
  }

  private func run(_ first: QueuedJob, target: Target, worker: WorkerRef?, pin: Pin?) {
    turns[first.ordinal] += 1
    oracle.picked(ordinal: first.ordinal)
    var job = first
    while true {
      running = Running(task: job.task, target: target, worker: worker)
      blockedDuringRun = false
      inlineNext = nil
      jobsRun += 1
      switch target {
      case .pool(let index):
        job.job.runSynchronously(on: pools[index].executor.asUnownedTaskExecutor())
      case .lane(let index):
        // Passing the task executor too matters: with `runSynchronously(on:)` alone every
        // same-actor hop would re-enqueue the task.
        let lane = lanes[index]
        job.job.runSynchronously(
          isolatedTo: lane.executor.asUnownedSerialExecutor(),
          taskExecutor: pools[lane.taskPool].executor.asUnownedTaskExecutor())
      }
      guard let next = inlineNext else { break }
      inlineContinuations += 1
      job = next
    }
    running = nil
    if blockedDuringRun { return }  // the worker and lane stay held until the block ends
    if let pin {
      guard target == pin.home else { return }  // a transient hop on the way back to its lane
      pins[job.task] = nil
    }
    if let worker { releaseWorker(worker) }
    if case .lane(let index) = target { releaseLane(index) }
  }

  // MARK: - The loop

  private func drainInbox() {
    guard foreignEnqueues.load(ordering: .relaxed) > 0 else { return }
    for (job, target) in inbox.withLock({ queue in defer { queue.removeAll() }; return queue }) {
      enqueue(job, to: target)
    }
  }

  private func fireDueTimers() {
    while let action = timers.popDue(now: now) {
      switch action {
      case .wakeSleeper(let id):
        sleepers.removeValue(forKey: id)?.continuation.resume()
      case .unblock(let continuation):
        continuation.resume()  // enqueues the task synchronously: a pinned job (see `enqueue`)
      case .callback(let body):
        body()
      }
    }
  }

  /// One scheduling step: runs one job, or moves time to the next timer. False when idle.
  private func step() -> Bool {
    drainInbox()
    fireDueTimers()
    if runOne() { return true }
    guard let next = timers.nextDeadline else { return false }
    now = max(now, next)
    return true
  }

  /// Limits that stop a runaway scenario.
  public struct Limits: Sendable {
    /// The latest virtual time a scenario may reach, in milliseconds.
    public var maxTime: Int64
    /// The most runtime jobs a run may take.
    public var maxJobs: Int

    public init(maxTime: Int64 = 3_600_000, maxJobs: Int = 5_000_000) {
      self.maxTime = maxTime
      self.maxJobs = maxJobs
    }
  }

  /// Runs `body` as the root task, preferring the cooperative pool, until it and everything it
  /// started have finished, a deadlock is found, or a limit is reached.
  ///
  /// Must be called on the thread that created the scheduler; it runs every job on that thread.
  public func run(
    limits: Limits = Limits(), _ body: sending @escaping @isolated(any) () async -> Void
  ) -> Outcome {
    precondition(pthread_equal(pthread_self(), loopThread) != 0, "run the scheduler on its own thread")
    rootFinished = false
    Task(executorPreference: pools[cooperativePool].executor) {
      await body()
      self.rootFinished = true
    }
    var outcome = Outcome.finished
    while true {
      if let stopReason {
        outcome = .limitReached(stopReason)
        break
      }
      if jobsRun > limits.maxJobs {
        outcome = .limitReached(
          "the run took more than \(limits.maxJobs) runtime jobs; raise the limit with --max-jobs")
        break
      }
      if let next = timers.nextDeadline, next > limits.maxTime, !hasRunnableWork {
        outcome = .limitReached(
          "virtual time would pass \(limits.maxTime) ms; raise the limit with --max-time")
        break
      }
      if step() { continue }
      if waitForStragglers() { continue }
      return rootFinished ? .finished : .deadlock
    }
    abortAndDrain()
    return outcome
  }

  private var hasRunnableWork: Bool {
    !pinned.isEmpty || pools.contains { $0.free > 0 && !$0.queue.isEmpty }
      || lanes.contains { !$0.busy && !$0.isEmpty }
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

  /// Stops a run: wakes every sleeper with `RunAborted`, ends every block, and lets the tasks
  /// unwind (the interpreter checks `isAborting`) so nothing is left suspended forever.
  private func abortAndDrain() {
    aborting = true
    var budget = 1_000_000
    while budget > 0 {
      budget -= 1
      drainInbox()
      for action in timers.removeAll() {
        switch action {
        case .wakeSleeper(let id):
          sleepers.removeValue(forKey: id)?.continuation.resume(throwing: RunAborted())
        case .unblock(let continuation): continuation.resume()
        case .callback: break
        }
      }
      if !runOne() && timers.isEmpty { break }
    }
  }

  // MARK: - Virtual time for scenario code

  /// Holds the current virtual worker (or lane) for `milliseconds`, as `Thread.sleep` does: nothing
  /// else runs there meanwhile, and the task continues there before anything queued behind it.
  public func block(
    milliseconds: Int64, isolation: isolated (any Actor)? = #isolation
  ) async {
    await holdPinned { continuation in
      timers.insert(deadline: deadline(after: milliseconds), .unblock(continuation))
    }
  }

  /// Holds the current virtual worker (or lane), as `block` does, until the `release` handed to
  /// `register` is called — for waits whose end is another task's action (`DispatchGroup.wait`).
  public func hold(
    isolation: isolated (any Actor)? = #isolation,
    _ register: (_ release: @escaping @Sendable () -> Void) -> Void
  ) async {
    await holdPinned { continuation in
      register {
        // Called from a job on the loop thread: end the hold at the current virtual time.
        self.timers.insert(deadline: self.now, .unblock(continuation))
      }
    }
  }

  /// Suspends the current task with its worker and lane held (pinned) until `register`'s
  /// continuation is resumed by an `unblock` timer.
  private func holdPinned(
    isolation: isolated (any Actor)? = #isolation,
    until register: (CheckedContinuation<Void, Never>) -> Void
  ) async {
    guard let current = running else { preconditionFailure("blocking outside a virtual job") }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      blockedDuringRun = true
      var lane: Int?
      if case .lane(let index) = current.target { lane = index }
      pins[current.task] = Pin(worker: current.worker, lane: lane)
      register(continuation)
    }
  }

  /// Suspends the current task for `milliseconds`, freeing its worker, as `Task.sleep` does.
  /// Cancellation wakes it at once with `CancellationError`.
  public func sleep(
    milliseconds: Int64, isolation: isolated (any Actor)? = #isolation
  ) async throws {
    if aborting { throw RunAborted() }
    nextSleeperID += 1
    let id = nextSleeperID
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        if cancelledBeforeSleeping.remove(id) != nil || Task.isCancelled {
          continuation.resume(throwing: CancellationError())
          return
        }
        let timer = timers.insert(deadline: deadline(after: milliseconds), .wakeSleeper(id: id))
        sleepers[id] = (timer, continuation)
      }
    } onCancel: {
      self.cancelSleeper(id)
    }
  }

  private func cancelSleeper(_ id: UInt64) {
    guard let sleeper = sleepers.removeValue(forKey: id) else {
      cancelledBeforeSleeping.insert(id)
      return
    }
    _ = timers.remove(sleeper.timer)
    sleeper.continuation.resume(throwing: CancellationError())
  }

  /// Gives other runnable work a turn, as `Task.yield` does: the task goes back to its queue.
  public func yield(isolation: isolated (any Actor)? = #isolation) async {
    yieldRequested = true
    await Task.yield()
    yieldRequested = false
  }

  /// `now + milliseconds`, saturating: a scenario may ask for `Int64.max` ms, which must reach the
  /// `--max-time` limit, not overflow.
  private func deadline(after milliseconds: Int64) -> Int64 {
    let (sum, overflow) = now.addingReportingOverflow(max(0, milliseconds))
    return overflow ? .max : sum
  }

  /// Runs `body` on the loop at virtual time `deadline` (an input arriving, a timer callback).
  public func schedule(at deadline: Int64, _ body: @escaping @Sendable () -> Void) {
    timers.insert(deadline: max(deadline, now), .callback(body))
  }
}

/// Thrown into tasks that were suspended when a run was stopped (deadlock or limit).
public struct RunAborted: Error, Sendable {
  public init() {}
}
