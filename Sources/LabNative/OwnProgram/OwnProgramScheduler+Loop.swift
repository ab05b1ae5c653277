// The text of the scheduler's LabScheduler.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabScheduler.swift`: the executors, the loop that runs their jobs, and the virtual clock.
  static let loopSource = #"""
    // The lab's scheduler, compiled into the learner's program (`lab run FILE.swift`). It installs
    // the program's main and default executors before `main` runs, runs every job they receive on
    // this one thread, one at a time, in an order a seed chooses, and keeps a virtual clock that
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
    /// Jobs begun, and whether one is running: what the watchdog reads from its own thread.
    let labSchedulerJobsBegun = Atomic<Int>(0)
    let labSchedulerInJob = Atomic<Bool>(false)

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
      private var loopThread: pthread_t { labSchedulerThread }
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
      private var foreign = 0

      init() {
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&arrived, nil)
        random = Self.number("LAB_SEED") ?? 0
        seeded = random != 0
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
        if !pthread_equal(pthread_self(), loopThread).isTrue {
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
        if pthread_equal(pthread_self(), loopThread).isTrue { announce(labSchedulerCurrentTaskID()) }
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
            // The main actor runs its jobs in order; any ready pool job may run before them.
            let choices = pool.count + (mainReady ? 1 : 0)
            let pick = seeded ? Int(nextRandom() % UInt64(choices)) : 0
            if mainReady, seeded ? pick == pool.count : !earlierPoolJob() {
              let job = mainQueue[mainHead]
              mainHead += 1
              if mainHead > 1024, mainHead * 2 > mainQueue.count {
                mainQueue.removeFirst(mainHead)
                mainHead = 0
              }
              return job
            }
            return pool.remove(at: seeded ? pick : 0)
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
          if pthread_cond_timedwait(&arrived, &lock, &deadline) != 0, mainHead == mainQueue.count,
            pool.isEmpty
          {
            return nil
          }
        }
      }

      /// In first-in-first-out order, whether the pool's oldest job came before main's next one.
      private func earlierPoolJob() -> Bool {
        guard let first = pool.first else { return false }
        return first.order < mainQueue[mainHead].order
      }

      func run() -> Never {
        // The program's first job (its top-level code up to its first suspension) ran before this.
        labSchedulerInJob.store(false, ordering: .releasing)
        while let job = next() {
          jobs += 1
          labSchedulerJobsBegun.add(1, ordering: .relaxed)
          if jobs > maxJobs {
            LabSchedulerRecord.write("limit", time: now, task: job.task, lane: "jobs")
            labSchedulerExit(4)
          }
          current = 0
          currentLane = job.onMain ? "main" : "pool"
          if job.task != 0 { announce(job.task) }
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
        LabSchedulerRecord.write("stuck", time: now, task: 0)
        labSchedulerExit(3)
      }

      func printed(by task: UInt64) {
        if pthread_equal(pthread_self(), loopThread).isTrue, currentLane != "" { announce(task) }
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
    """#
}
