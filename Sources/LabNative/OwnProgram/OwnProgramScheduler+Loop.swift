// The text of the scheduler's LabScheduler.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabScheduler.swift`: the queues, the workers, the choice of what runs next, and virtual time.
  static let loopSource = #"""
    // The lab's scheduler, compiled into the learner's program (`lab run FILE.swift`). It installs
    // the program's main and default executors before `main` runs and runs every job they receive
    // one at a time — the main actor's on the main thread, the pool's on workers as many as
    // `LAB_POOL_WIDTH` says — in an order a seed or a schedule chooses, with a virtual clock that
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

    /// Jobs begun, and whether one is running: what the watchdog reads from its own thread.
    let labSchedulerJobsBegun = Atomic<Int>(0)
    let labSchedulerInJob = Atomic<Bool>(false)
    /// The kernel ID of the thread the running job runs on, and whether the scheduler waits for a
    /// job from another thread: for the watchdog.
    let labSchedulerRunningThread = Atomic<Int32>(0)
    let labSchedulerIdle = Atomic<Bool>(false)

    final class LabSchedulerLoop: @unchecked Sendable {
      static let shared = LabSchedulerLoop()

      struct Job {
        var job: UnownedJob
        var onMain: Bool
        var task: UInt64
        var order: UInt64 = 0
      }

      /// What a thread is handed with the turn: a job to run, or its blocking sleep's end.
      enum Turn {
        case run(Job)
        case resume
      }

      /// One of the scheduler's threads: 0 the main thread, 1… the pool's workers.
      struct Worker {
        enum State {
          case idle, running
          /// In a blocking sleep until `until`; `order` places it among the jobs when it ends.
          case blocked(until: Int64, order: UInt64)
          /// Its blocking sleep has ended: it may go on when chosen.
          case ready
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
      var pool: [Job] = []
      private var timers: [(due: Int64, order: UInt64, job: Job)] = []
      /// Workers whose blocking sleep has ended, oldest first.
      private var resumable: [(order: UInt64, worker: Int)] = []
      var workers: [Worker]
      /// The pool's width, its workers started, and those not idle.
      let width: Int
      var started = 0
      var poolBusy = 0
      var order: UInt64 = 0
      private var random: UInt64
      private let seeded: Bool
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
      /// The schedule given (`LAB_SCHEDULE`, choices separated by dots), and the choices made.
      private let schedule: [Int]
      private var branching: [Int] = []
      private var chosen: [Int] = []
      private var pointsSeen = 0
      static let maxNoted = 100_000
      private var foreign = 0

      init() {
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&arrived, nil)
        random = Self.number("LAB_SEED") ?? 0
        seeded = random != 0
        schedule =
          getenv("LAB_SCHEDULE").map {
            String(cString: $0).split(separator: ".").compactMap { Int($0) }
          } ?? []
        maxJobs = Int(Self.number("LAB_MAX_JOBS") ?? 5_000_000)
        maxTime = Int64(Self.number("LAB_MAX_TIME_MS") ?? 3_600_000) * 1_000_000
        width = Int(min(max(Self.number("LAB_POOL_WIDTH") ?? 4, 1), UInt64(LabSchedulerThreads.pool)))
        workers = (0...width).map { index in
          let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
          pthread_cond_init(wake, nil)
          return Worker(state: index == 0 ? .running : .idle, wake: wake)
        }
      }

      private static func number(_ name: String) -> UInt64? {
        getenv(name).flatMap { UInt64(String(cString: $0)) }
      }

      /// SplitMix64: the same numbers from the same seed on every machine.
      private func nextRandom() -> UInt64 {
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }

      func enqueue(_ job: UnownedJob, onMain: Bool) {
        var entry = Job(job: job, onMain: onMain, task: labSchedulerTaskID(job))
        pthread_mutex_lock(&lock)
        order += 1
        entry.order = order
        if LabSchedulerThreads.current == nil {
          foreign += 1
          let lane = onMain ? "main" : "pool"
          LabSchedulerRecord.write("foreign", time: now, task: entry.task, lane: lane)
        }
        if onMain { mainQueue.append(entry) } else { pool.append(entry) }
        pthread_cond_signal(&arrived)
        pthread_mutex_unlock(&lock)
      }

      func enqueue(_ job: UnownedJob, onMain: Bool, after nanoseconds: Int64) {
        // The job of a sleep's end is a small task of the runtime's own, which resumes the sleeper.
        let entry = Job(job: job, onMain: onMain, task: 0)
        pthread_mutex_lock(&lock)
        order += 1
        timers.append((Self.later(now, by: nanoseconds), order, entry))
        if LabSchedulerThreads.current != nil { announce(labSchedulerCurrentTaskID()) }
        LabSchedulerRecord.write(
          "sleep", time: now, task: current, lane: LabSchedulerThreads.lane(currentWorker),
          name: Task.name ?? "", text: String(max(0, nanoseconds)))
        pthread_mutex_unlock(&lock)
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
        while true {
          let mainReady = mainHead < mainQueue.count && workers[0].isIdle
          let poolCount = poolBusy < width ? pool.count : 0
          let count = poolCount + (mainReady ? 1 : 0) + resumable.count
          if count > 0 {
            // The candidates in the order they arrived, 0 the oldest: the pool's ready jobs while a
            // worker is free, the main actor's next one (its own jobs keep their order), and the
            // workers whose blocking sleep has ended.
            var pick = choose(among: count)
            var (inPool, inResumable, mainLeft) = (0, 0, mainReady)
            while true {
              let poolOrder = inPool < poolCount ? pool[inPool].order : .max
              let resumableOrder =
                inResumable < resumable.count ? resumable[inResumable].order : .max
              let mainOrder = mainLeft ? mainQueue[mainHead].order : .max
              let oldest = min(poolOrder, resumableOrder, mainOrder)
              if pick == 0 {
                if oldest == mainOrder { return (0, .run(takeMainJob())) }
                if oldest == resumableOrder {
                  return (resumable.remove(at: inResumable).worker, .resume)
                }
                return (poolWorker(preferring: me), .run(pool.remove(at: inPool)))
              }
              pick -= 1
              if oldest == mainOrder {
                mainLeft = false
              } else if oldest == resumableOrder {
                inResumable += 1
              } else {
                inPool += 1
              }
            }
          }
          if advanceTime() { continue }
          // Only a thread the lab does not control can still enqueue (a Dispatch timer, a callback):
          // wait a real second for it.
          var deadline = timespec()
          _ = labRealClockGetTime(CLOCK_REALTIME, &deadline)
          deadline.tv_sec += 1
          labSchedulerIdle.store(true, ordering: .releasing)
          let waited = pthread_cond_timedwait(&arrived, &lock, &deadline)
          labSchedulerIdle.store(false, ordering: .releasing)
          if waited != 0, mainHead == mainQueue.count, pool.isEmpty { return nil }
        }
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

      /// The worker that runs the pool's next job: `me` if it is an idle worker of the pool, else the
      /// idle one started first, else a new one.
      private func poolWorker(preferring me: Int) -> Int {
        if me > 0, workers[me].isIdle { return me }
        if let idle = (1..<started + 1).first(where: { workers[$0].isIdle }) { return idle }
        started += 1
        return started
      }

      /// When nothing can run until the earliest sleep ends, moves time there at once and makes
      /// ready what ends then — sleeping tasks and blocked workers, in the order they began. False
      /// when nothing sleeps.
      private func advanceTime() -> Bool {
        var due = timers.map(\.due).min()
        for worker in workers {
          if case .blocked(let until, _) = worker.state { due = min(due ?? until, until) }
        }
        guard let due else { return false }
        if due > maxTime {
          LabSchedulerRecord.write("limit", time: now, task: 0, lane: "time")
          labSchedulerExit(4)
        }
        now = due
        var woken: [(order: UInt64, timer: Job?, worker: Int)] = timers.filter { $0.due == due }.map
        {
          ($0.order, $0.job, 0)
        }
        timers.removeAll { $0.due == due }
        for index in workers.indices {
          if case .blocked(due, let order) = workers[index].state {
            woken.append((order, nil, index))
            workers[index].state = .ready
          }
        }
        for wake in woken.sorted(by: { $0.order < $1.order }) {
          order += 1
          if var job = wake.timer {
            job.order = order
            if job.onMain { mainQueue.append(job) } else { pool.append(job) }
          } else {
            resumable.append((order, wake.worker))
          }
        }
        return true
      }

      /// Which of `count` ready jobs runs next: the schedule's choice while it lasts (`LAB_SCHEDULE`),
      /// then the seed's, or the oldest for seed 0. Each point with a choice is noted, up to
      /// `maxNoted`, so that the lab can search the others.
      private func choose(among count: Int) -> Int {
        guard count > 1 else { return 0 }
        let point = pointsSeen
        pointsSeen += 1
        var pick = 0
        if point < schedule.count {
          pick = schedule[point]
          if pick >= count {
            LabSchedulerRecord.write(
              "unfit", time: now, task: 0, text: "\(point + 1) \(count) \(pick)")
            labSchedulerExit(6)
          }
        } else if seeded {
          pick = Int(nextRandom() % UInt64(count))
        }
        if point < Self.maxNoted {
          branching.append(count)
          chosen.append(pick)
        }
        return pick
      }

      /// The choices of the run, for the records: `COUNTS` and `PICKS`, space-separated.
      var choices: (counts: String, picks: String, whole: Bool) {
        (
          branching.map(String.init).joined(separator: " "),
          chosen.map(String.init).joined(separator: " "), pointsSeen <= Self.maxNoted
        )
      }

      var summary: String { "\(jobs) \(foreign)" }
    }
    """#
}
