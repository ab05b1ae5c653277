// The text of the scheduler's LabScheduler.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabScheduler.swift`: the queues, the workers, the choice of what runs next, and virtual time.
  static let loopSource = #"""
    // The lab's scheduler, compiled into the learner's program (`lab run FILE.swift`). It installs
    // the program's main and default executors before `main` runs and runs every job they receive
    // one at a time — the main actor's on the main thread, the pools' on workers, each priority's
    // pool as wide as `LAB_POOL_WIDTH` says — in an order a seed or a schedule chooses, with a virtual clock that
    // `Task.sleep`, the clocks and a blocking sleep (`Thread.sleep`, `usleep`) move.
    // LabSchedulerRuntime.swift holds what it reaches into the runtime with and the records it
    // writes; LabSchedulerClock.swift the C library's clocks and sleeps. docs/own-programs.md
    // explains each part.
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    import Glibc
    import Synchronization

    /// The virtual time in nanoseconds since the program began. A plain global, since the clocks
    /// read it from any thread and before anything else is made.
    nonisolated(unsafe) var labSchedulerNow: Int64 = 0
    /// While the virtual clock follows the machine's (a Dispatch timer is set and nothing else can
    /// run), the machine's boot-time clock when it began to; else 0.
    nonisolated(unsafe) var labSchedulerFollowing: Int64 = 0

    /// Jobs begun, and whether one is running: what the watchdog reads from its own thread.
    let labSchedulerJobsBegun = Atomic<Int>(0)
    /// How many records with a text were written (a print's among them), from any thread: a
    /// job that waits while other threads of the program print is not blocked (the watchdog).
    let labSchedulerTextRecords = Atomic<Int>(0)
    let labSchedulerInJob = Atomic<Bool>(false)
    /// The kernel ID of the thread the running job runs on, and whether the scheduler waits for a
    /// job from another thread: for the watchdog.
    let labSchedulerRunningThread = Atomic<Int32>(0)
    let labSchedulerIdle = Atomic<Bool>(false)
    /// Semaphore signals and lock releases so far: counted without the scheduler's lock, since a
    /// pthread mutex the runtime lets go of while the scheduler chooses (its metadata's) is one.
    let labSchedulerReleases = Atomic<UInt64>(0)

    final class LabSchedulerLoop: @unchecked Sendable {
      static let shared = LabSchedulerLoop()

      struct Job {
        /// The runtime's job; nil for a drain of Dispatch's main queue.
        var job: UnownedJob?
        var onMain: Bool
        var task: UInt64
        var order: UInt64 = 0
        /// What it runs for, for the choice's priorities: its task, the actor whose turn it is, or
        /// a sleep's end's sleeper.
        var owner: UInt64 = 0
        /// The pool of its priority (`Band`).
        var band = 1
      }

      /// What a thread is handed with the turn: a job to run, or its blocking sleep's end.
      enum Turn {
        case run(Job)
        case resume
      }

      /// One of the scheduler's threads: 0 the main thread, then each pool's workers, band by band:
      /// worker `1 + band × width + k` is the k-th (from 0) of `band`'s pool.
      struct Worker {
        enum State {
          case idle, running
          /// In a blocking sleep until `until`; `order` places it among the jobs when it ends.
          case blocked(until: Int64, order: UInt64)
          /// Its blocking sleep has ended: it may go on when chosen.
          case ready
          /// Waiting in a semaphore or for a lock (LabSchedulerWaits.swift) since `releases` was
          /// `since`, until `until` (nil: no limit); `order` places its next try among the jobs.
          case waiting(since: UInt64, order: UInt64, until: Int64?)
        }
        var state: State
        var handed: Turn?
        let wake: UnsafeMutablePointer<pthread_cond_t>
      }

      // Guards everything below: a job may arrive from a thread the lab does not control.
      var lock = pthread_mutex_t()
      var arrived = pthread_cond_t()
      var mainQueue: [Job] = []
      var mainHead = 0
      /// Each band's ready jobs, oldest first.
      var pools: [[Job]] = Array(repeating: [], count: Band.count)
      private var timers: [(due: Int64, order: UInt64, job: Job)] = []
      /// Workers whose blocking sleep has ended, or that gave way inside a job (`mayGiveWay`),
      /// oldest first, with the key the policy knows each by.
      var resumable: [(order: UInt64, worker: Int, key: UInt64)] = []
      /// Semaphore signals and lock releases so far, from any thread (`labSchedulerReleases`); the
      /// workers waiting in a semaphore or for a lock; and, at a choice, those that may try again,
      /// oldest first.
      var releases: UInt64 { labSchedulerReleases.load(ordering: .sequentiallyConsistent) }
      var waiters = 0
      /// Whether a drain of Dispatch's main queue waits among the main actor's jobs.
      var mainQueueDrainWaits = false
      var retrying: [(order: UInt64, worker: Int)] = []
      var workers: [Worker]
      /// Each pool's width; each band's workers started, and those not idle.
      let width: Int
      var started = Array(repeating: 0, count: Band.count)
      var poolBusy = Array(repeating: 0, count: Band.count)
      /// Each worker's lane in the trace: `main`, `worker-1` (medium), `high-1`, `low-1`, ….
      let lanes: [String]
      /// Where the walk over the candidates stands in each band's queue, and the candidates it
      /// found; kept, so that no choice allocates.
      var cursors = Array(repeating: 0, count: Band.count)
      var candidates: [(source: Int, position: Int)] = []
      var candidateKeys: [UInt64] = []
      var order: UInt64 = 0
      var policy: LabSchedulerPolicy
      let seeded: Bool
      let maxJobs: Int
      private let maxTime: Int64
      private(set) var now: Int64 {
        get { labSchedulerNow }
        set { labSchedulerNow = newValue }
      }
      var current: UInt64 = 0
      /// The worker of the running job; the program's first job runs on the main thread before
      /// the loop starts.
      var currentWorker = 0
      /// Jobs run, the program's first (its top-level code up to its first suspension) among them.
      var jobs = 1
      var seen: Set<UInt64> = []
      /// The task of the job each worker runs, by worker; 0 for none, or an actor's turn.
      var jobTasks: [UInt64] = []
      /// The schedule given (`LAB_SCHEDULE`, choices separated by dots), and the choices made.
      let schedule: [Int]
      var branching: [Int] = []
      var chosen: [Int] = []
      var pointsSeen = 0
      static let maxNoted = 100_000
      var foreign = 0

      init() {
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&arrived, nil)
        let seed = Self.number("LAB_SEED") ?? 0
        let pct = getenv("LAB_PCT").map {
          String(cString: $0).split(separator: " ").compactMap { Int($0) }
        }
        policy = LabSchedulerPolicy(
          seed: seed, pct: pct.flatMap { $0.count == 2 ? ($0[0], $0[1]) : nil })
        seeded = seed != 0 || policy.depth > 0
        schedule =
          getenv("LAB_SCHEDULE").map {
            String(cString: $0).split(separator: ".").compactMap { Int($0) }
          } ?? []
        maxJobs = Int(clamping: Self.number("LAB_MAX_JOBS") ?? 5_000_000)
        // Milliseconds to nanoseconds, saturating: a limit past the largest time is no limit.
        let (maxTime, overflow) = Int64(clamping: Self.number("LAB_MAX_TIME_MS") ?? 3_600_000)
          .multipliedReportingOverflow(by: 1_000_000)
        self.maxTime = overflow ? .max : maxTime
        width = Int(min(max(Self.number("LAB_POOL_WIDTH") ?? 4, 1), UInt64(LabSchedulerThreads.pool)))
        let width = width
        lanes =
          ["main"]
          + (0..<Band.count).flatMap { band in (1...width).map { "\(Band.lanes[band])-\($0)" } }
        // The program's first job, on the main thread before the loop starts, is task 1's.
        jobTasks = [1] + Array(repeating: 0, count: Band.count * width)
        workers = (0...(Band.count * width)).map { index in
          let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
          pthread_cond_init(wake, nil)
          return Worker(state: index == 0 ? .running : .idle, wake: wake)
        }
      }

      private static func number(_ name: String) -> UInt64? {
        getenv(name).flatMap { UInt64(String(cString: $0)) }
      }

      func enqueue(_ job: UnownedJob, onMain: Bool) {
        var entry = Job(job: job, onMain: onMain, task: labSchedulerTaskID(job), band: Band.of(job))
        // A job of no task — an actor's turn to run what waits for it — is known by its address,
        // the same for each turn of one actor.
        entry.owner =
          entry.task != 0 ? entry.task : UInt64(UInt(bitPattern: unsafeBitCast(job, to: Int.self)))
        lockLoop()
        order += 1
        entry.order = order
        if LabSchedulerThreads.current == nil {
          foreign += 1
          let lane = onMain ? "main" : "pool"
          LabSchedulerRecord.write("foreign", time: now, task: entry.task, lane: lane)
        }
        if onMain { mainQueue.append(entry) } else { pools[entry.band].append(entry) }
        pthread_cond_signal(&arrived)
        // Another task's job that a task makes ready (a new task, a resumed continuation) may start
        // beside it at once. A task's own next job (a hop), an actor's turn, and what a job of the
        // runtime's own readies — a yield's or a sleep's end, which run no task — come as it ends.
        let running = labSchedulerCurrentTaskID()
        let job = LabSchedulerThreads.current.map { jobTasks[$0] } ?? 0
        let another =
          entry.task != 0 && (running != 0 || job != 0) && entry.task != running && entry.task != job
        unlockLoop()
        if another { mayGiveWay(running: running) }
      }

      func enqueue(_ job: UnownedJob, onMain: Bool, after nanoseconds: Int64) {
        // The job of a sleep's end is a small task of the runtime's own, which resumes the sleeper.
        var entry = Job(job: job, onMain: onMain, task: 0, band: Band.of(job))
        // The task's name is read before the lock: the runtime may take a lock of its own for it,
        // and a wait for that lock comes back to the scheduler (LabSchedulerWaits.swift).
        let name = Task.name ?? ""
        lockLoop()
        order += 1
        if LabSchedulerThreads.current != nil {
          entry.owner = labSchedulerCurrentTaskID()
          announce(entry.owner)
        }
        timers.append((Self.later(now, by: nanoseconds), order, entry))
        LabSchedulerRecord.write(
          "sleep", time: now, task: current, lane: lanes[currentWorker],
          name: name, text: String(max(0, nanoseconds)))
        unlockLoop()
      }

      /// `time` moved on by `nanoseconds`, never back and never past the largest time.
      static func later(_ time: Int64, by nanoseconds: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(max(0, nanoseconds))
        return overflow ? .max : sum
      }

      /// The next turn — a job and the worker to run it, or a worker's blocking sleep to end — or
      /// nil when none can ever come: every task waits on something nothing will do. `me` gives the
      /// turn up: an idle pool worker runs the pool's next job itself.
      func nextTurn(givenUpBy me: Int) -> (worker: Int, turn: Turn)? {
        // Whether the scheduler last waited a real second for another thread, in vain.
        var waitedInVain = false
        while true {
          let mainReady = mainHead < mainQueue.count && workers[0].isIdle
          if readyCount() > 0 {
            collectCandidates(mainReady: mainReady)
            let chosen = candidates[choose()]
            switch chosen.source {
            case -1: return (0, .run(takeMainJob()))
            case -2: return (resumable.remove(at: chosen.position).worker, .resume)
            case -3:
              waiters -= 1
              return (retrying[chosen.position].worker, .resume)
            default:
              let job = pools[chosen.source].remove(at: chosen.position)
              return (poolWorker(preferring: me, band: chosen.source), .run(job))
            }
          }
          // Nothing is ready. While Dispatch has work of the program's in flight, time follows the
          // machine's clock until the next sleep ends or another thread enqueues, so that the work
          // and the sleeps keep their order; else it moves to the next sleep's end at once.
          let due = nextDue()
          let dispatchBusy = labSchedulerDispatchWork.load(ordering: .acquiring) > 0
          if let due, due <= now || !dispatchBusy {
            wake(at: due)
            continue
          }
          // Only a thread the lab does not control can enqueue now (Dispatch's, a thread of the
          // program's own), or signal a semaphore: its moment is real time, which the virtual
          // clock follows meanwhile. With no Dispatch work in flight and no sleep to end, a real
          // second after which still nothing can run is the end — whatever jobs wait for a
          // thread that a wait holds.
          if waitedInVain, due == nil, !dispatchBusy { return nil }
          waitedInVain = followMachineClock(until: due)
        }
      }

      /// Waits for another thread's job, or until the next sleep ends (`due`), or a real second,
      /// with the virtual clock following the machine's meanwhile. True when the wait timed out
      /// and no other thread printed meanwhile: threads of the program's own that print (Dispatch's
      /// for `concurrentPerform`) are work going on, not a deadlock.
      private func followMachineClock(until due: Int64?) -> Bool {
        let written = labSchedulerTextRecords.load(ordering: .relaxed)
        let began = labSchedulerMachineTime(CLOCK_BOOTTIME)
        labSchedulerFollowing = began
        let deadline = labSchedulerDeadline(in: min(due.map { $0 - now } ?? .max, 1_000_000_000))
        labSchedulerIdle.store(true, ordering: .releasing)
        let waited = waitLoop(on: &arrived, until: deadline)
        labSchedulerIdle.store(false, ordering: .releasing)
        now = min(Self.later(now, by: labSchedulerMachineTime(CLOCK_BOOTTIME) - began), due ?? .max)
        labSchedulerFollowing = 0
        return waited != 0 && labSchedulerTextRecords.load(ordering: .relaxed) == written
      }

      private func takeMainJob() -> Job {
        let job = mainQueue[mainHead]
        mainHead += 1
        if mainHead > 1024, mainHead * 2 > mainQueue.count {
          mainQueue.removeFirst(mainHead)
          mainHead = 0
        }
        return job
      }

      /// How many candidates could run now, each on a thread of its own: main's next job if the
      /// main thread is free, the woken and giving-way workers, the waiting ones that may try again
      /// (collected into `retrying`), and each pool's ready jobs its free workers may take.
      func readyCount() -> Int {
        retrying.removeAll(keepingCapacity: true)
        if waiters > 0 { collectRetrying() }
        var count = (mainHead < mainQueue.count && workers[0].isIdle ? 1 : 0)
        count += resumable.count + retrying.count
        for band in 0..<Band.count { count += free(band) }
        return count
      }

      /// How many of `band`'s ready jobs its free workers may take.
      func free(_ band: Int) -> Int {
        min(pools[band].count, max(0, width - poolBusy[band]))
      }

      /// The band of worker `worker` (> 0).
      func band(of worker: Int) -> Int { (worker - 1) / width }

      /// The worker that runs `band`'s next job: `me` if it is an idle worker of that pool, else the
      /// idle one started first, else a new one.
      private func poolWorker(preferring me: Int, band: Int) -> Int {
        if me > 0, self.band(of: me) == band, workers[me].isIdle { return me }
        let first = 1 + band * width
        if let idle = (first..<first + started[band]).first(where: { workers[$0].isIdle }) {
          return idle
        }
        started[band] += 1
        return first + started[band] - 1
      }

      /// When the earliest sleep ends — a task's or a blocked worker's — or a timed wait's time is
      /// up; nil when none sleeps.
      private func nextDue() -> Int64? {
        var due = timers.map(\.due).min()
        for worker in workers {
          switch worker.state {
          case .blocked(let until, _), .waiting(_, _, let until?): due = min(due ?? until, until)
          case .idle, .running, .ready, .waiting: break
          }
        }
        return due
      }

      /// Moves time to `due`, unless it is there already, and makes ready what ends then —
      /// sleeping tasks and blocked workers, in the order they began.
      private func wake(at due: Int64) {
        if due > maxTime {
          LabSchedulerRecord.write("limit", time: now, task: 0, lane: "time")
          labSchedulerExit(4)
        }
        now = max(now, due)
        var woken: [(order: UInt64, timer: Job?, worker: Int)] = timers.filter { $0.due <= now }.map {
          ($0.order, $0.job, 0)
        }
        timers.removeAll { $0.due <= now }
        for index in workers.indices {
          if case .blocked(let until, let order) = workers[index].state, until <= now {
            woken.append((order, nil, index))
            workers[index].state = .ready
          }
        }
        for wake in woken.sorted(by: { $0.order < $1.order }) {
          order += 1
          if var job = wake.timer {
            job.order = order
            if job.onMain { mainQueue.append(job) } else { pools[job.band].append(job) }
          } else {
            resumable.append((order, wake.worker, Self.workerKey(wake.worker)))
          }
        }
      }

      /// What the end record says: jobs run, jobs from other threads, Dispatch blocks submitted.
      var summary: String { "\(jobs) \(foreign) \(labSchedulerDispatched.load(ordering: .relaxed))" }
    }
    """#
}
