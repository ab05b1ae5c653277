// The text of the scheduler's LabScheduler.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabScheduler.swift`: the executors, the loop that runs their jobs, and the virtual clock.
  static let loopSource = #"""
    // The lab's scheduler, compiled into the learner's program (`lab run FILE.swift`). It installs
    // the program's main and default executors before `main` runs, runs every job they receive one
    // at a time (the main actor's on the main thread, the pool's on a second thread, passing a
    // baton), in an order a seed or a schedule chooses, and keeps a virtual clock that
    // `Task.sleep` and `ContinuousClock` read. LabSchedulerRuntime.swift holds what it reaches into
    // the runtime and the C library with, and the records it writes. docs/own-programs.md explains
    // each part.
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    import Glibc
    import Synchronization

    /// The virtual time in nanoseconds since the program began; the machine's continuous clock at
    /// that moment; the scheduler's thread. Plain globals, since `clock_gettime` reads them from any
    /// thread and before anything else is made.
    nonisolated(unsafe) var labSchedulerNow: Int64 = 0
    nonisolated(unsafe) var labSchedulerOrigins = timespec()
    nonisolated(unsafe) var labSchedulerThread = pthread_self()
    /// The thread the pool's jobs run on, once it has started.
    nonisolated(unsafe) var labSchedulerPoolThread: pthread_t?

    func labSchedulerOwnsThread() -> Bool {
      let me = pthread_self()
      if pthread_equal(me, labSchedulerThread) != 0 { return true }
      return labSchedulerPoolThread.map { pthread_equal(me, $0) != 0 } ?? false
    }
    /// Jobs begun, and whether one is running: what the watchdog reads from its own thread.
    let labSchedulerJobsBegun = Atomic<Int>(0)
    let labSchedulerInJob = Atomic<Bool>(false)
    /// The thread the running job runs on, the main thread and the pool's, by their kernel IDs, and
    /// whether the scheduler waits for a job from another thread: for the watchdog.
    let labSchedulerRunningThread = Atomic<Int32>(0)
    let labSchedulerMainTID = Atomic<Int32>(0)
    let labSchedulerPoolTID = Atomic<Int32>(0)
    let labSchedulerIdle = Atomic<Bool>(false)

    final class LabSchedulerLoop: @unchecked Sendable {
      static let shared = LabSchedulerLoop()

      struct Job {
        var job: UnownedJob
        var onMain: Bool
        var task: UInt64
        var order: UInt64 = 0
      }

      // Guards everything below: a job may arrive from a thread the lab does not control.
      private var lock = pthread_mutex_t()
      private var arrived = pthread_cond_t()
      private var mainQueue: [Job] = []
      private var mainHead = 0
      private var pool: [Job] = []
      private var timers: [(due: Int64, order: UInt64, job: Job)] = []
      private var order: UInt64 = 0
      private var random: UInt64
      private let seeded: Bool
      private let maxJobs: Int
      private let maxTime: Int64
      /// Whether the calling thread is one of the scheduler's: main, or the pool's.
      private var onOwnThread: Bool { labSchedulerOwnsThread() }
      private(set) var now: Int64 {
        get { labSchedulerNow }
        set { labSchedulerNow = newValue }
      }
      private(set) var current: UInt64 = 0
      /// The program's first job runs on the main thread before the loop starts.
      private(set) var currentLane = "main"
      /// Jobs run, the program's first (its top-level code up to its first suspension) among them.
      private(set) var jobs = 1
      private var seen: Set<UInt64> = []
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
        if !onOwnThread {
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
        timers.append((now + max(0, nanoseconds), order, entry))
        if onOwnThread { announce(labSchedulerCurrentTaskID()) }
        LabSchedulerRecord.write(
          "sleep", time: now, task: current, lane: currentLane, name: Task.name ?? "",
          text: String(max(0, nanoseconds)))
        pthread_mutex_unlock(&lock)
      }

      /// The next job, or nil when none can ever come: every task waits on something nothing will do.
      private func next() -> Job? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        while true {
          let mainReady = mainHead < mainQueue.count
          if mainReady || !pool.isEmpty {
            // The candidates in the order they arrived, 0 the oldest: the pool's ready jobs and the
            // main actor's next one, which keeps its own jobs in order.
            let mainAt =
              mainReady
              ? pool.firstIndex { $0.order > mainQueue[mainHead].order } ?? pool.count : -1
            let pick = choose(among: pool.count + (mainReady ? 1 : 0))
            if pick == mainAt {
              let job = mainQueue[mainHead]
              mainHead += 1
              if mainHead > 1024, mainHead * 2 > mainQueue.count {
                mainQueue.removeFirst(mainHead)
                mainHead = 0
              }
              return job
            }
            return pool.remove(at: mainReady && pick > mainAt ? pick - 1 : pick)
          }
          if let due = timers.map(\.due).min() {
            if due > maxTime {
              LabSchedulerRecord.write("limit", time: now, task: 0, lane: "time")
              labSchedulerExit(4)
            }
            // Nothing can run until the earliest sleep ends: time moves there at once.
            now = due
            let woken = timers.filter { $0.due == due }.sorted { $0.order < $1.order }
            timers.removeAll { $0.due == due }
            for timer in woken {
              var job = timer.job
              order += 1
              job.order = order
              if job.onMain { mainQueue.append(job) } else { pool.append(job) }
            }
            continue
          }
          // Only a thread the lab does not control can still enqueue (a Dispatch timer, a callback):
          // wait a real second for it.
          var deadline = timespec()
          clock_gettime(CLOCK_REALTIME, &deadline)
          deadline.tv_sec += 1
          labSchedulerIdle.store(true, ordering: .releasing)
          let waited = pthread_cond_timedwait(&arrived, &lock, &deadline)
          labSchedulerIdle.store(false, ordering: .releasing)
          if waited != 0, mainHead == mainQueue.count,
            pool.isEmpty
          {
            return nil
          }
        }
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

      /// The main executor's run loop, on the program's main thread. The pool's jobs run on a
      /// thread of their own, so that `Thread.isMainThread`, `dispatchPrecondition` and the main
      /// actor's checks see what they would on Swift's pool; but only one job runs at a time: the
      /// two threads pass a baton, and the one holding it chooses the next job.
      func run() -> Never {
        // The program's first job (its top-level code up to its first suspension) ran before this.
        labSchedulerInJob.store(false, ordering: .releasing)
        drive(onMain: true, holding: nil)
      }

      /// Chooses and runs jobs while they are this thread's, and hands the baton over when one is
      /// the other's.
      func drive(onMain: Bool, holding first: Job?) -> Never {
        var held = first
        while true {
          guard let job = held ?? next() else {
            LabSchedulerRecord.write("stuck", time: now, task: 0)
            labSchedulerExit(3)
          }
          if job.onMain == onMain {
            execute(job)
            held = nil
          } else {
            held = LabSchedulerBaton.shared.pass(job, waitingAsMain: onMain)
          }
        }
      }

      private func execute(_ job: Job) {
        jobs += 1
        labSchedulerJobsBegun.add(1, ordering: .relaxed)
        if jobs > maxJobs {
          LabSchedulerRecord.write("limit", time: now, task: job.task, lane: "jobs")
          labSchedulerExit(4)
        }
        current = 0
        currentLane = job.onMain ? "main" : "pool"
        if job.task != 0 { announce(job.task) }
        let thread =
          job.onMain
          ? labSchedulerMainTID.load(ordering: .acquiring)
          : labSchedulerPoolTID.load(ordering: .acquiring)
        labSchedulerRunningThread.store(thread, ordering: .releasing)
        labSchedulerInJob.store(true, ordering: .releasing)
        if job.onMain {
          job.job.runSynchronously(on: LabSchedulerMain.shared.asUnownedSerialExecutor())
        } else {
          job.job.runSynchronously(on: LabSchedulerPool.shared.asUnownedTaskExecutor())
        }
        labSchedulerInJob.store(false, ordering: .releasing)
        current = 0
        currentLane = ""
      }

      func printed(by task: UInt64) {
        if onOwnThread, currentLane != "" { announce(task) }
      }

      /// Writes that `task` starts or resumes, once per job: a job of the runtime's own (an actor
      /// draining its queue) shows the task it runs when that task first does something visible.
      func announce(_ task: UInt64) {
        guard task != current else { return }
        current = task
        let first = seen.insert(task).inserted
        LabSchedulerRecord.write(
          first ? "start" : "resume", time: now, task: task, onMain: currentLane == "main")
      }

      var summary: String { "\(jobs) \(foreign)" }
    }

    extension Int32 {
      fileprivate var isTrue: Bool { self != 0 }
    }

    /// The baton the scheduler's two threads pass: only its holder runs a job or chooses one.
    final class LabSchedulerBaton: @unchecked Sendable {
      static let shared = LabSchedulerBaton()
      private var lock = pthread_mutex_t()
      private var changed = pthread_cond_t()
      /// The job handed over, and to which thread.
      private var handed: LabSchedulerLoop.Job?
      private var poolStarted = false

      init() {
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&changed, nil)
      }

      /// Hands `job` to the thread it belongs to, starting the pool's on its first job, and waits
      /// until a job of this thread's is handed back.
      func pass(_ job: LabSchedulerLoop.Job, waitingAsMain onMain: Bool) -> LabSchedulerLoop.Job {
        pthread_mutex_lock(&lock)
        handed = job
        if !job.onMain, !poolStarted {
          poolStarted = true
          var thread = pthread_t()
          let started = pthread_create(
            &thread, nil,
            { _ in
              labSchedulerPoolThread = pthread_self()
              labSchedulerPoolTID.store(labSchedulerTID(), ordering: .releasing)
              let first = LabSchedulerBaton.shared.wait(asMain: false)
              LabSchedulerLoop.shared.drive(onMain: false, holding: first)
            }, nil)
          guard started == 0 else {
            // Without its thread the pool's jobs could never run: say so rather than wait for good.
            LabSchedulerRecord.write("nothread", time: labSchedulerNow, task: 0, text: String(started))
            labSchedulerExit(7)
          }
          pthread_detach(thread)
        }
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
        return wait(asMain: onMain)
      }

      func wait(asMain onMain: Bool) -> LabSchedulerLoop.Job {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        while true {
          if let job = handed, job.onMain == onMain {
            handed = nil
            return job
          }
          pthread_cond_wait(&changed, &lock)
        }
      }
    }
    """#
}
