/// The virtual scheduler as a value: pools, lanes, runnable queues, pinned jobs, timers, the
/// clock and every task's turns, changed only by the named transitions below.
///
/// The state stores jobs and continuations but never runs or resumes them: a transition returns
/// what the driver (`VirtualScheduler`) must do, and the driver does it between transitions, so
/// a job that enqueues more work while it runs never finds a transition half done. Generic over
/// `Job`, `Sleeper` and `Timer` for that reason, and so tests can step it with plain values.
///
/// A run goes: `enqueue` (jobs arrive) → `nextTurn` (choose one and reserve its worker or lane)
/// → `jobStarting` / `jobReturned` for it and any job continued in place → `turnEnded` (release
/// what is not held by a block); when nothing is runnable, `popDueTimer` and `advanceClock`.
struct VirtualSchedulerState<Job, Sleeper, Timer> {
  typealias QueuedJob = VirtualQueuedJob<Job>
  typealias Pool = VirtualPool<Job>
  typealias Lane = VirtualLane<Job>

  /// Virtual time in scenario milliseconds.
  private(set) var now: Int64 = 0
  /// How many runtime jobs have run.
  private(set) var jobsRun = 0
  /// How many times a task re-enqueued itself where it ran and was continued in place.
  private(set) var inlineContinuations = 0
  /// Spans during which a thread was held by blocking work (`block`), in order of their end.
  private(set) var busySpans: [VirtualScheduler.BusySpan] = []
  private(set) var pools: [Pool] = []
  private(set) var lanes: [Lane] = []
  private(set) var running: Running?
  private(set) var timers = VirtualTimers<Sleeper, Timer>()
  private(set) var rootFinished = false
  private(set) var aborting = false
  private(set) var stopReason: String?

  private(set) var oracle: ChoiceOracle
  private(set) var pinned: [PinnedJob] = []
  private(set) var pins: [UInt64: Pin] = [:]
  /// Each task's ordinal, by task id; a job carries its ordinal after this one lookup.
  private(set) var ordinals: [UInt64: Int] = [:]
  /// How many turns (runs from a queue) each task has had, by ordinal.
  private var turns: [Int] = []
  /// The task about to yield: its next enqueue where it runs goes to the queue. Its own, not the
  /// run's: a yield whose job goes elsewhere (from main, to the pool) leaves it set until the task
  /// resumes, and another task's hop meanwhile is no yield.
  private(set) var yieldingTask: UInt64?
  /// A sleeper's timer fired and the driver is resuming it: its job may have to wait (`heldWakes`).
  private var sleeperWaking = false
  /// Jobs that go ahead of the ones waiting: a `Task.immediate`'s part and its caller.
  var ahead = AheadMarks()
  /// A task the running turn started on a pool, which may start before its creator's next step.
  var spawnCoin = SpawnCoin()

  init(oracle: ChoiceOracle) {
    self.oracle = oracle
  }

  // MARK: - Building the machine

  mutating func addPool(name: String, width: Int) -> Int {
    pools.append(Pool(name: name, width: width))
    return pools.count - 1
  }

  mutating func addLane(
    name: String, hostPool: Int?, taskPool: Int, ordersByPriority: Bool = false
  ) -> Int {
    lanes.append(
      Lane(
        name: name, hostPool: hostPool, taskPool: taskPool, ordersByPriority: ordersByPriority))
    return lanes.count - 1
  }

  // MARK: - Queries

  /// `now + milliseconds`, saturating: a scenario may ask for `Int64.max` ms, which must reach the
  /// `--max-time` limit, not overflow.
  private func deadline(after milliseconds: Int64) -> Int64 {
    let (sum, overflow) = now.addingReportingOverflow(max(0, milliseconds))
    return overflow ? .max : sum
  }

  func priority(of job: QueuedJob) -> (UInt64, Int) {
    (oracle.priority(ordinal: job.ordinal, turns: turns[job.ordinal]), -job.ordinal)
  }
}

// MARK: - Transitions: jobs

extension VirtualSchedulerState {
  /// A job of task `id` arrived for `target` (from the runtime, on the loop thread). On a lane
  /// that runs on a pool's worker, `host` is the pool of the job's priority; `priority` is the
  /// job's own (raw), which a lane that orders by priority runs it by.
  mutating func enqueue(
    _ job: Job, task id: UInt64, to target: VirtualTarget, host: Int? = nil, priority: UInt8 = 0,
    first: Bool = false
  ) {
    var task = id
    // A job that is not a task (id 0) is the runtime's helper for the task that made it —
    // `Task.yield()` enqueues one that, when run, resumes the task's continuation, which
    // enqueues the task. It belongs to that task, so choices see the yielding task; and the task
    // joins the back of its queue behind what was enqueued while the helper waited, not in place
    // (docs/runtimes.md, "Queue order, measured": a yield goes round the queue twice).
    if task == 0, let running { task = running.task }
    let known = ordinals[task]
    let created = known == nil
    let queued = QueuedJob(
      job: job, task: task, ordinal: known ?? ordinal(of: task), host: host, priority: priority,
      forwards: id == 0)
    oracle.chooser?.enqueued(
      ordinal: queued.ordinal, byRunningTask: running.map { $0.task == task }, created: created)
    if let running, running.task == task, running.target == target, !running.forwards {
      if yieldingTask == task {
        yieldingTask = nil
      } else {
        // The running task hopped to where it already runs (a hop the optimizer keeps in one build
        // and removes in another): continue it in place so both builds schedule alike.
        self.running!.inlineNext = queued
        return
      }
    }
    let hopQueued = !ahead.queuedHop.isEmpty && ahead.queuedHop.remove(task) != nil
    if let running, running.task == task, !first, !running.forwards, !hopQueued,
      switchesInPlace(running, to: target, host: host)
    {
      switchInPlace(to: queued, on: target)
      return
    }
    // A blocked task's way back to its worker or lane is reserved; once it runs there again, its
    // further hops are ordinary.
    if !pins.isEmpty, let pin = pins[task],
      !(running?.task == task && running?.target == pin.home)
    {
      // A task that blocked goes on on the worker it holds, whichever pool its priority now
      // routes it to: escalated during its block, it would otherwise never let that worker go.
      var target = target
      if case .pool = target, pin.lane == nil, let worker = pin.worker {
        target = .pool(worker.pool)
      }
      pinned.append(PinnedJob(queued: queued, target: target, pin: pin))
      return
    }
    // The caller of a `Task.immediate` on main goes on there, ahead of what waits and not by way
    // of the pool: in Swift it never let main go.
    let marked = ahead.onLane.isEmpty ? nil : ahead.onLane.removeValue(forKey: task)
    switch marked.map(VirtualTarget.lane) ?? target {
    case .pool(let index):
      if sleeperWaking, pools[index].free == 0 {
        pools[index].heldWakes.append(queued)
        return
      }
      notePoolArrival(index)
      let first = ahead.goesAheadOnPool(task, created: created, by: running?.task)
      appendToQueue(queued, pool: index, first: first)
      if created, let running, running.task != task { spawnCoin.fresh = queued.ordinal }
    case .lane(let index):
      noteLaneArrival(index, priority: priority)
      lanes[index].append(queued, first: first || marked != nil)
    }
  }

  /// The running task goes on at `target` in its turn, on its worker: it lets go of the actor it
  /// leaves (whose waiting jobs, if any, then wait for a worker, as Swift schedules them on the
  /// pool) and holds the one it goes to, as if it had started a turn there.
  private mutating func switchInPlace(to queued: QueuedJob, on target: VirtualTarget) {
    // Each switch acts on its actor as an arrival there does, and no more: two tasks that switch
    // in turn race for the idle actor (a turn that ran a queued job would be ordered after every
    // arrival, and the search would never try the other task first). And each is a step another
    // thread sees — whether the actor is free — so the task's next step may begin a turn of its
    // own: another task may take the actor between this task's calls, as on a thread beside it.
    let from = running!.target
    if case .lane(let index) = from {
      oracle.chooser?.sawStep()
      releaseLane(index)
    }
    if case .lane(let index) = target {
      oracle.chooser?.touch(.lane(index), .write, step: true)
      lanes[index].busy = true
      lanes[index].busySince = now
    }
    // A task that blocked is home again once it runs there; leaving, it holds nothing more.
    pins[queued.task] = nil
    running!.target = target
    running!.switched = true
    running!.inlineNext = queued
  }

  private mutating func appendToQueue(_ queued: QueuedJob, pool index: Int, first: Bool = false) {
    let priority = oracle.priority(ordinal: queued.ordinal, turns: turns[queued.ordinal])
    if first {
      pools[index].queue.prepend(queued, priority: priority, tiebreak: queued.ordinal)
    } else {
      pools[index].queue.append(queued, priority: priority, tiebreak: queued.ordinal)
    }
  }

  private mutating func ordinal(of task: UInt64) -> Int {
    if let known = ordinals[task] { return known }
    let ordinal = turns.count  // creation order: the chooser orders creations (`.creation`)
    ordinals[task] = ordinal
    turns.append(0)
    return ordinal
  }

  /// Chooses the runnable job with the highest priority and reserves its worker and lane; nil if
  /// nothing is runnable.
  mutating func nextTurn() -> Turn? {
    guard let choice = oracle.chooser == nil ? bestChoice() : chosenChoice() else { return nil }
    let turn: Turn
    switch choice {
    case .pinned(let index):
      let job = pinned.remove(at: index)
      turn = Turn(first: job.queued, target: job.target, worker: job.pin.worker, pin: job.pin)
    case .pool(let index, let position):
      if let turn = searchTurn { pools[index].orderWaitingJobs(after: turn) }
      let job = pools[index].queue.remove(at: position)
      turn = Turn(first: job, target: .pool(index), worker: acquireWorker(pool: index), pin: nil)
    case .lane(let index):
      let worker = lanes[index].headHost.map { acquireWorker(pool: $0) }
      let job = lanes[index].popFirst()
      lanes[index].busy = true
      lanes[index].busySince = now
      turn = Turn(first: job, target: .lane(index), worker: worker, pin: nil)
    }
    turns[turn.first.ordinal] += 1
    spawnCoin.startsNext = nil
    oracle.picked(ordinal: turn.first.ordinal)
    return turn
  }

  /// The driver is about to run `job` of `turn`.
  mutating func jobStarting(_ job: QueuedJob, of turn: Turn) {
    // A job continued in place runs where its task is now: it may have switched executors.
    running = Running(
      task: job.task, target: running?.target ?? turn.target, worker: turn.worker,
      switched: running?.switched ?? false, forwards: job.forwards)
    jobsRun += 1
  }

  /// The job returned; the job to continue in place, if the task re-enqueued itself there.
  mutating func jobReturned() -> QueuedJob? {
    guard let next = running?.inlineNext else { return nil }
    inlineContinuations += 1
    return next
  }

  /// The turn's last job returned: releases its worker and lane unless a block holds them.
  mutating func turnEnded(_ turn: Turn) {
    guard let last = running else { preconditionFailure("a turn ended with no job running") }
    running = nil
    spawnCoin.fresh = nil
    if last.blocked {
      // The worker and lane stay held until the block ends: a hold that takes a pool's last free
      // worker while a job waits for one keeps it waiting.
      let pool = turn.pin == nil ? turn.worker?.pool : nil
      oracle.chooser?.ended(blocked: true, tightPool: pool.flatMap { starves($0) ? $0 : nil })
      return
    }
    // A blocked task's transient hop on the way back to its lane keeps what it holds; a task
    // that switched in place left its home, and gives back where it runs now.
    let givesBack = last.switched || (turn.pin.map { turn.target == $0.home } ?? true)
    var tight: Int?
    if turn.pin != nil, givesBack, let worker = turn.worker {
      // A held worker comes back to a pool that had none free for a waiting job.
      if starves(worker.pool) { tight = worker.pool }
    }
    if givesBack, let worker = turn.worker, !pools[worker.pool].heldWakes.isEmpty {
      // The worker it frees lets the sleepers that woke meanwhile join the queue, here.
      oracle.chooser?.touch(.poolQueue(worker.pool), .write)
    }
    oracle.chooser?.ended(blocked: false, tightPool: tight)
    guard givesBack else { return }
    if turn.pin != nil { pins[last.task] = nil }
    if let worker = turn.worker { releaseWorker(worker) }
    if case .lane(let index) = last.target { releaseLane(index) }
  }

  /// Whether pool `index` has no free worker while a job waits for one.
  private func starves(_ index: Int) -> Bool {
    guard pools[index].free == 0 else { return false }
    if !pools[index].queue.isEmpty || !pools[index].heldWakes.isEmpty { return true }
    return lanes.contains { !$0.isEmpty && !$0.busy && $0.headHost == index }
  }

  private mutating func acquireWorker(pool index: Int) -> VirtualWorker {
    let worker = pools[index].busy.firstIndex(of: false)!
    pools[index].busy[worker] = true
    pools[index].busySince[worker] = now
    pools[index].free -= 1
    return VirtualWorker(pool: index, index: worker)
  }

  private mutating func releaseWorker(_ worker: VirtualWorker) {
    // A job still beyond the idle threads' reach needs every worker given back meanwhile.
    if let turn = searchTurn { pools[worker.pool].orderWaitingJobs(after: turn) }
    pools[worker.pool].busy[worker.index] = false
    pools[worker.pool].free += 1
    // Swift's pool takes a timer's job only when a worker is free: a sleep that ended while all
    // were held joins the queue now, behind the jobs queued meanwhile.
    if !pools[worker.pool].heldWakes.isEmpty {
      let woken = pools[worker.pool].heldWakes
      pools[worker.pool].heldWakes = []
      for job in woken { appendToQueue(job, pool: worker.pool) }
    }
    let since = pools[worker.pool].busySince[worker.index]
    if now > since {
      busySpans.append(.init(thread: threadName(worker), start: since, end: now))
    }
  }

  private mutating func releaseLane(_ index: Int) {
    lanes[index].busy = false
    let since = lanes[index].busySince
    let held = now - since
    lanes[index].longestBusy = max(lanes[index].longestBusy, held)
    if held > 0, lanes[index].hostPool == nil {
      busySpans.append(.init(thread: lanes[index].name, start: since, end: now))
    }
  }
}

// MARK: - Transitions: time, blocks, sleeps and the run

extension VirtualSchedulerState {
  /// Nothing is runnable: moves the clock to the next timer. False when no timer is set.
  mutating func advanceClock() -> Bool {
    guard let next = timers.nextDeadline else { return false }
    now = max(now, next)
    return true
  }

  /// The earliest timer due now, removed, for the driver to perform.
  mutating func popDueTimer() -> Timer? { timers.popDue(now: now) }

  /// Sets `timer` to fire at `deadline`, or now if that has passed.
  mutating func setTimer(at deadline: Int64, _ timer: Timer) {
    // Timers due together fire in the order they were set.
    oracle.chooser?.touch(.timers(at: max(deadline, now)), .write)
    timers.set(deadline: max(deadline, now), timer)
  }

  /// Sets `timer` to fire `milliseconds` from now.
  mutating func setTimer(after milliseconds: Int64, _ timer: Timer) {
    timers.set(deadline: deadline(after: milliseconds), timer)
  }

  /// The running task blocks: its worker and lane stay held (pinned) for its way back.
  mutating func blockRunningTask(preempted: Bool = false) {
    guard let current = running else { preconditionFailure("blocking outside a virtual job") }
    running!.blocked = true
    var lane: Int?
    if case .lane(let index) = current.target { lane = index }
    pins[current.task] = Pin(worker: current.worker, lane: lane, preempted: preempted)
  }

  mutating func newSleeperID() -> UInt64 { timers.newSleeperID() }

  /// Whether the sleep `id` was cancelled before it began.
  mutating func claimEarlyCancellation(ofSleep id: UInt64) -> Bool {
    timers.claimEarlyCancellation(of: id)
  }

  /// The sleep `id` begins, to end `milliseconds` from now, when `timer` fires.
  mutating func sleep(id: UInt64, milliseconds: Int64, _ sleeper: Sleeper, timer: Timer) {
    // Sleeps that end together wake in the order they began.
    oracle.chooser?.touch(.timers(at: deadline(after: milliseconds)), .write)
    timers.sleep(id: id, until: deadline(after: milliseconds), sleeper, timer: timer)
  }

  /// The sleep `id` was cancelled: its sleeper to wake with an error, if it had begun.
  mutating func cancelSleep(id: UInt64) -> Sleeper? {
    oracle.chooser?.touchOpaque()
    return timers.cancelSleep(id: id)
  }

  /// The sleep `id` ended (its timer fired or was removed): its sleeper, unless it was cancelled.
  mutating func takeSleeper(id: UInt64) -> Sleeper? { timers.takeSleeper(id: id) }

  /// The driver resumes a sleeper whose timer fired (`true`), and is done (`false`).
  mutating func sleeperWaking(_ waking: Bool) { sleeperWaking = waking }

  /// The running task is about to yield: its next enqueue where it runs goes to the queue.
  mutating func yieldRequested(_ requested: Bool) {
    if requested {
      yieldingTask = running?.task
    } else if yieldingTask == running?.task {
      yieldingTask = nil
    }
  }

  mutating func rootStarted() { rootFinished = false }
  mutating func rootEnded() { rootFinished = true }

  /// Asks the loop to stop at the end of the current job; the first reason wins.
  mutating func stop(_ reason: String) {
    if stopReason == nil { stopReason = reason }
  }

  /// The run is being torn down: tasks see `aborting` and unwind.
  mutating func beginAbort() { aborting = true }
  /// Removes every timer, in firing order, for the driver to end (tearing down).
  mutating func removeAllTimers() -> [Timer] { timers.removeAll() }
}
