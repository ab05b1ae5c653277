import Foundation
import Synchronization

/// A first-in, first-out queue of jobs that threads wait on: the shared core of the live executors.
final class BlockingJobQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []  // everything below is guarded by `condition`
  private var head = 0
  private var stopping = false
  private var busy = 0
  private var threads = 0
  /// Sleepers' jobs that found every thread busy: they queue when a thread next finishes a job.
  private var heldWakes: [UnownedJob] = []

  func append(_ job: UnownedJob) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Queues `job` ahead of every waiting job.
  func prepend(_ job: UnownedJob) {
    condition.lock()
    if head > 0 {
      head -= 1
      jobs[head] = job
    } else {
      jobs.insert(job, at: 0)
    }
    condition.signal()
    condition.unlock()
  }

  /// The next job, waiting for one; nil once `shutdown` was called and the queue is empty. The
  /// caller runs it and then calls `finished()`.
  func next() -> UnownedJob? {
    condition.lock()
    defer { condition.unlock() }
    while head == jobs.count && !stopping { condition.wait() }
    guard head < jobs.count else { return nil }
    let job = jobs[head]
    head += 1
    if head > 256, head * 2 > jobs.count {
      jobs.removeFirst(head)
      head = 0
    }
    busy += 1
    return job
  }

  /// A job taken with `next()` has run: the wakes held meanwhile join the queue, in the order
  /// they came.
  func finished() {
    condition.lock()
    busy -= 1
    jobs.append(contentsOf: heldWakes)
    heldWakes = []
    condition.broadcast()
    condition.unlock()
  }

  /// Appends a sleeper's job as Swift's pool takes a timer's job: at once if a thread is idle,
  /// else once a thread finishes its job, behind the jobs queued meanwhile.
  func appendWake(_ job: UnownedJob) {
    condition.lock()
    if busy < threads {
      jobs.append(job)
      condition.signal()
    } else {
      heldWakes.append(job)
    }
    condition.unlock()
  }

  /// Lets waiting threads finish once the queue is empty.
  func shutdown() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until no job is queued or running, or until `timeout` seconds have passed.
  func waitUntilIdle(timeout: Double) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    while busy > 0 || head < jobs.count {
      if !condition.wait(until: deadline) { break }
    }
    condition.unlock()
  }

  /// Starts a thread that runs jobs from this queue until it shuts down. `run` may keep its
  /// executor alive: the thread ends, and lets go of it, once the queue is shut down and empty.
  func startThread(named name: String, run: @escaping @Sendable (UnownedJob) -> Void) {
    condition.lock()
    threads += 1
    condition.unlock()
    let thread = Thread { [self] in
      Thread.current.name = name  // on Linux a name set before start() is lost
      ThreadNames.adopt(name)
      while let job = next() {
        run(job)
        finished()
      }
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
}

/// A task executor with exactly `width` threads per priority: the lab's cooperative pool in live
/// mode.
///
/// The runtime's own pool on Linux is as wide as the machine has cores and no setting changes it,
/// so a scenario's `threads` would otherwise depend on the machine it runs on. As on Linux, each
/// priority has a pool of its own (`PriorityBand`): a job goes to the threads of the priority it
/// has when it is enqueued. Every band's threads start with the executor, so no run's first job
/// of a priority waits for a thread to be made.
final class FixedPoolExecutor: TaskExecutor, @unchecked Sendable {
  private let bands: [PriorityBand: BlockingJobQueue]
  let width: Int
  /// The run's main thread, which may claim a job of a task that must go on there
  /// (`ThreadSerialExecutor.takesFirst`); set once, before the run.
  weak var main: ThreadSerialExecutor?
  /// The task whose next job goes ahead of the waiting ones (`runningTaskGoesFirst`), or 0.
  private let firstTask = Atomic<UInt64>(0)

  init(width: Int) {
    self.width = width
    bands = Dictionary(uniqueKeysWithValues: PriorityBand.allCases.map { ($0, BlockingJobQueue()) })
    for (band, queue) in bands {
      for index in 0..<width {
        queue.startThread(named: "\(band.poolName)-\(index + 1)") { [self] job in
          ThreadNames.runningTask = jobTaskID(job)
          defer { ThreadNames.runningTask = 0 }
          job.runSynchronously(on: asUnownedTaskExecutor())
        }
      }
    }
  }

  /// A sleeper's job (`TimerWake`) goes to its priority's queue as a timer's job does, the rest
  /// at once. Its priority is the one it has now: a sleeper escalated meanwhile wakes higher.
  func enqueue(_ job: consuming ExecutorJob) {
    let queue = bands[PriorityBand(rawPriority: job.priority.rawValue)]!
    let job = UnownedJob(job)
    if main?.takesFirst(job) == true { return }
    if ThreadNames.nextTaskGoesFirst {
      // Made by this thread's task right after it asked: the new task's first job.
      ThreadNames.nextTaskGoesFirst = false
      queue.prepend(job)
    } else if firstTask.load(ordering: .acquiring) != 0, case let task = jobTaskID(job), task != 0,
      firstTask.compareExchange(expected: task, desired: 0, ordering: .acquiringAndReleasing)
        .exchanged
    {
      queue.prepend(job)
    } else if TimerWake.isInProgress {
      queue.appendWake(job)
    } else {
      queue.append(job)
    }
  }

  /// The task running on this pool thread: its next job here goes ahead of the waiting ones.
  func runningTaskGoesFirst() {
    let task = ThreadNames.runningTask
    if task != 0 { firstTask.store(task, ordering: .releasing) }
  }

  func shutdown() {
    for queue in bands.values { queue.shutdown() }
  }
}

/// A serial executor backed by one dedicated thread: the lab's main thread in live mode.
final class ThreadSerialExecutor: SerialExecutor, @unchecked Sendable {
  private let queue = BlockingJobQueue()
  private let clock: @Sendable () -> Double
  private let scale: Double
  /// Spans during which one job held the thread, in the clock's units.
  private let spans = NSLock()
  private var recorded: [(start: Double, end: Double)] = []  // guarded by `spans`
  /// The longest job, in scenario milliseconds: the time it spent waiting while it held the
  /// thread (a block, a lock, a group or semaphore wait), as the scaled clock counts it. The
  /// interpreter's own work is left out: its steps stand for code that takes microseconds in a
  /// real program, and counted they reported the lab's cost as the scenario's — 0.1–0.3 ms a job
  /// of three steps in a debug build, and 1–2.5 ms when the machine slowed it, which failed
  /// `mainStall: 0` within its 1 ms tolerance (docs/runtimes.md, "Live timing").
  private var longest = 0.0  // guarded by `spans`
  private weak var taskExecutor: FixedPoolExecutor?
  let name: String
  /// The task whose job the thread runs, and that task's continuation when it re-enqueued itself
  /// here; touched only on the executor's own thread (`enqueue` checks which thread it is on).
  private var runningTask: UInt64 = 0
  private var inlineNext: UnownedJob?
  /// The running task that asked to yield: its re-enqueue during this job goes to the back of
  /// the queue (0: none). A yield may instead go by the task's own executor, so it is forgotten
  /// when the job ends, not left for another task's re-enqueue.
  private var yieldingTask: UInt64 = 0
  /// A task whose next job here goes ahead of the waiting ones (0: none): set on this thread,
  /// read by `enqueue` on any.
  private let firstTask = Atomic<UInt64>(0)
  /// Tasks whose first job here runs as a job of the task's own executor, not isolated to this
  /// thread's actor, by task id (`FirstJobExecutor.nonisolated`); rare, so a count is read first.
  private let runningAs = Locked<[UInt64: UnownedTaskExecutor]>([:])
  private let runningAsCount = Atomic<Int>(0)

  init(
    name: String, taskExecutor: FixedPoolExecutor, scale: Double,
    clock: @escaping @Sendable () -> Double
  ) {
    self.name = name
    self.clock = clock
    self.scale = scale
    self.taskExecutor = taskExecutor
    queue.startThread(named: name) { [self] job in
      _ = ThreadNames.takeWaited()
      let start = clock()
      var job = job
      while true {
        run(job)
        // A task that re-enqueued itself here goes on at once, as one job, as it would on
        // Swift's main actor: see `enqueue`.
        guard let next = inlineNext else { break }
        inlineNext = nil
        job = next
      }
      let end = clock()
      let waited = ThreadNames.takeWaited() / .milliseconds(1) / scale
      spans.withLock {
        recorded.append((start, end))
        longest = max(longest, waited)
      }
    }
  }

  private func run(_ job: UnownedJob) {
    runningTask = jobTaskID(job)
    defer { (runningTask, yieldingTask) = (0, 0) }
    if runningAsCount.load(ordering: .acquiring) > 0,
      let executor = runningAs.withLock({ $0.removeValue(forKey: runningTask) })
    {
      runningAsCount.subtract(1, ordering: .releasing)
      job.runSynchronously(on: executor)
    } else if let taskExecutor {
      job.runSynchronously(
        isolatedTo: asUnownedSerialExecutor(), taskExecutor: taskExecutor.asUnownedTaskExecutor())
    } else {
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }

  /// A task started on main prefers its own first-job executor, not the pool this thread runs
  /// jobs with, so the runtime sees a different task executor and re-enqueues the task here at
  /// its next isolated call — where another task's job could slip in, as on no real main
  /// actor (two main tasks "blocked" at once). The task's own re-enqueue from this thread, while
  /// its job runs, is continued in place instead, as the virtual scheduler does; a yield is not.
  func enqueue(_ job: consuming ExecutorJob) { enqueue(job, ahead: false) }

  /// `ahead`: ahead of every waiting job (a `Task.immediate`'s first job on main), as is the next
  /// job of a task marked by `runningTaskGoesFirst`. `runningAs`: the executor the job runs as,
  /// not isolated to this thread's actor.
  func enqueue(
    _ job: consuming ExecutorJob, ahead: Bool, runningAs executor: UnownedTaskExecutor? = nil
  ) {
    let job = UnownedJob(job)
    if let executor {
      runningAs.withLock { $0[jobTaskID(job)] = executor }
      runningAsCount.add(1, ordering: .releasing)
    }
    if ThreadNames.current == name, runningTask != 0, inlineNext == nil,
      jobTaskID(job) == runningTask
    {
      if yieldingTask == runningTask {
        yieldingTask = 0
      } else {
        inlineNext = job
        return
      }
    }
    if ahead {
      queue.prepend(job)
    } else if !takesFirst(job) {
      queue.append(job)
    }
  }

  /// Queues `job` ahead of the waiting ones if its task was marked by `runningTaskGoesFirst`,
  /// wherever it was enqueued (the pool sends it here): in Swift the caller of a `Task.immediate`
  /// never let main go, so it goes on here, not by way of the pool.
  func takesFirst(_ job: UnownedJob) -> Bool {
    // Every pool job asks: a plain load answers nearly all of them, before any task id is read.
    guard firstTask.load(ordering: .acquiring) != 0 else { return false }
    let task = jobTaskID(job)
    guard task != 0,
      firstTask.compareExchange(expected: task, desired: 0, ordering: .acquiringAndReleasing)
        .exchanged
    else { return false }
    queue.prepend(job)
    return true
  }

  /// The task running on this thread: its next job here goes ahead of the waiting ones.
  func runningTaskGoesFirst() {
    if ThreadNames.current == name { firstTask.store(runningTask, ordering: .releasing) }
  }

  /// Called by a task about to `Task.yield()` on this executor: its re-enqueue is a real turn.
  func requestYield() {
    if ThreadNames.current == name { yieldingTask = runningTask }
  }

  func shutdown() { queue.shutdown() }

  /// Waits until no job runs and none is queued, so the last job's span is recorded: the job
  /// that ends a run signals its end from inside, before its span is.
  func waitUntilIdle(timeout: Double) { queue.waitUntilIdle(timeout: timeout) }

  /// The spans during which one job held the thread.
  var busySpans: [(start: Double, end: Double)] { spans.withLock { recorded } }

  /// The longest time one job held the thread, in scenario milliseconds (see `longest`).
  var longestJob: Double { spans.withLock { longest } }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  func checkIsolated() {
    precondition(ThreadNames.current == name, "not on the \(name) thread")
  }
}
