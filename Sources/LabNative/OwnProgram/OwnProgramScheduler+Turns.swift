// The text of the scheduler's LabSchedulerTurns.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerTurns.swift`: how the threads pass the turn, run jobs and block.
  static let turnsSource = #"""
    // How the scheduler's threads pass the turn (LabScheduler.swift chooses what comes next): only
    // the thread holding it runs a job or chooses one. A thread gives it up when its job returns
    // or blocks (`Thread.sleep`, `usleep`: LabSchedulerClock.swift), hands it to the thread of what
    // comes next, and waits to be handed it back.
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    import Glibc
    import Synchronization

    /// The scheduler's threads: 0 the program's main thread, 1… the pool's workers, each knowing
    /// its number by a thread-specific value (the number + 1; none on another thread).
    enum LabSchedulerThreads {
      /// The widest pool a program may ask for, and how many threads the scheduler may have: the
      /// main thread and each priority's pool.
      static let pool = 64
      static let capacity = 1 + LabSchedulerLoop.Band.count * pool
      nonisolated(unsafe) static var key = pthread_key_t()
      /// Whether `key` exists yet: the clocks are read before the executors are installed.
      nonisolated(unsafe) static var keyMade = false
      /// Each thread's kernel ID once started, for the watchdog.
      static let tids = (0..<capacity).map { _ in LabSchedulerTID() }

      final class LabSchedulerTID: Sendable {
        let value = Atomic<Int32>(0)
      }

      /// The calling thread's number, or nil on a thread the scheduler does not run.
      static var current: Int? {
        guard keyMade, !labSchedulerForked else { return nil }
        let value = Int(bitPattern: pthread_getspecific(key))
        return value == 0 ? nil : value - 1
      }

      static func enter(_ worker: Int) {
        if !keyMade {
          pthread_key_create(&key, nil)
          keyMade = true
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: worker + 1))
        tids[worker].value.store(labSchedulerTID(), ordering: .releasing)
      }
    }

    extension LabSchedulerLoop {
      /// The priorities' pools, as Swift on Linux has them, each as wide as the others: high (25
      /// and up), medium (21–24, or none), low (17–20) and background.
      enum Band {
        static let count = 4
        static let lanes = ["high", "worker", "low", "background"]

        static func of(_ job: UnownedJob) -> Int {
          let priority = ExecutorJob(job).priority.rawValue
          return priority >= 25 ? 0 : priority >= 21 || priority == 0 ? 1 : priority >= 17 ? 2 : 3
        }
      }
    }

    extension LabSchedulerLoop.Worker {
      var isIdle: Bool {
        if case .idle = state { return true }
        return false
      }
    }

    extension LabSchedulerLoop {
      /// The main executor's run loop, on the program's main thread, once the program's first job
      /// (its top-level code up to its first suspension) has returned.
      func run() -> Never {
        lockLoop()
        labSchedulerInJob.store(false, ordering: .releasing)
        workers[0].state = .idle
        serve(0, pass(from: 0))
      }

      /// Runs what `me` is handed, giving the turn up after each job. Holds `lock` between jobs.
      func serve(_ me: Int, _ first: Turn) -> Never {
        var turn = first
        while true {
          // Only a thread in a blocking sleep is handed `.resume`, and it is not here.
          if case .run(let job) = turn {
            unlockLoop()
            execute(job, on: me)
            lockLoop()
          }
          workers[me].state = .idle
          if me > 0 { poolBusy[band(of: me)] -= 1 }
          turn = pass(from: me)
        }
      }

      /// Gives the turn up: chooses what comes next, hands it to its thread (starting a worker on
      /// its first job), and waits until `me` is handed something. Holds `lock`.
      func pass(from me: Int) -> Turn {
        guard let (worker, turn) = nextTurn(givenUpBy: me) else {
          LabSchedulerRecord.write("stuck", time: now, task: 0, text: String(waiters))
          labSchedulerExit(3)
        }
        if case .run = turn, worker > 0, workers[worker].isIdle { poolBusy[band(of: worker)] += 1 }
        workers[worker].state = .running
        if worker == me { return turn }
        workers[worker].handed = turn
        if worker > 0, LabSchedulerThreads.tids[worker].value.load(ordering: .acquiring) == 0,
          !startWorker(worker)
        {
          LabSchedulerRecord.write("nothread", time: now, task: 0)
          labSchedulerExit(7)
        }
        pthread_cond_signal(workers[worker].wake)
        while workers[me].handed == nil { waitLoop(on: workers[me].wake) }
        defer { workers[me].handed = nil }
        return workers[me].handed!
      }

      /// Starts pool worker `worker`'s thread, which waits for the turn it has been handed.
      private func startWorker(_ worker: Int) -> Bool {
        var thread = pthread_t()
        // A worker's ID marks it started; its thread writes its real one when it runs.
        LabSchedulerThreads.tids[worker].value.store(-1, ordering: .releasing)
        let started = pthread_create(
          &thread, nil,
          { argument in
            let me = Int(bitPattern: argument) - 1
            LabSchedulerThreads.enter(me)
            let loop = LabSchedulerLoop.shared
            loop.lockLoop()
            while loop.workers[me].handed == nil { loop.waitLoop(on: loop.workers[me].wake) }
            let turn = loop.workers[me].handed!
            loop.workers[me].handed = nil
            loop.serve(me, turn)
          }, UnsafeMutableRawPointer(bitPattern: worker + 1))
        guard started == 0 else { return false }
        pthread_detach(thread)
        return true
      }

      /// A blocking sleep of the running job (`Thread.sleep`, `usleep`): its thread is held until
      /// the virtual time has moved on by `nanoseconds`, while other jobs run on other threads —
      /// none on this one — and it goes on when chosen after that.
      ///
      /// A sleep of nothing still moves time on by a nanosecond: `Thread.sleep` sleeps again for
      /// what its `Double` arithmetic says is left, which after a whole sleep can be a fraction of a
      /// nanosecond it asks for as 0, and it would ask for ever. Only a sleep of a microsecond or
      /// more is a record: the rest take no time a trace shows.
      func block(for nanoseconds: Int64, on me: Int) {
        // Read before the lock, as `enqueue(_:onMain:after:)` says why.
        let name = Task.name ?? ""
        lockLoop()
        order += 1
        workers[me].state = .blocked(until: Self.later(now, by: max(1, nanoseconds)), order: order)
        announce(labSchedulerCurrentTaskID())
        let task = current
        if nanoseconds >= 1000 {
          LabSchedulerRecord.write(
            "block", time: now, task: task, lane: lanes[me], name: name, text: String(nanoseconds))
        }
        labSchedulerInJob.store(false, ordering: .releasing)
        _ = pass(from: me)
        retake(task, on: me)
        unlockLoop()
      }

      /// A point of choice inside the running job, at what other threads see of it — a line it
      /// prints, a job it makes ready for another task. On Swift's pool what is ready meanwhile runs
      /// beside the job, on threads of its own, so its lines and enqueues may come between the
      /// job's. Where something could (a free worker for a ready job, a woken thread), the job goes
      /// on — the oldest candidate, as first in, first out has it — or gives way: its thread is held,
      /// ready, while the one chosen runs, and goes on when it is chosen in turn. `task` is the task
      /// the job runs (the runtime's current one), the policy's key for it.
      func mayGiveWay(running task: UInt64) {
        guard let me = labSchedulerSleeper() else { return }
        lockLoop()
        guard me == currentWorker, readyCount() > 0 else {
          unlockLoop()
          return
        }
        let running = current
        resumable.insert((0, me, task != 0 ? task : Self.workerKey(me)), at: 0)
        workers[me].state = .ready
        labSchedulerInJob.store(false, ordering: .releasing)
        _ = pass(from: me)
        retake(running, on: me)
        unlockLoop()
      }

      /// A wait of the running job in a semaphore or for a lock (LabSchedulerWaits.swift): its
      /// thread is held, as Swift's would be, while other jobs run on other threads, and `attempt`
      /// is tried again when the thread is chosen after something was released since the last try
      /// (`released`), or once `until` (virtual) has passed. True when `attempt` succeeded, false
      /// when the time was up first. `what` names the wait in the record, with the task's name where
      /// `named`.
      func wait(
        for what: String, until: Int64?, on me: Int, named: Bool = true, attempt: () -> Bool
      ) -> Bool {
        // Read before the lock, as `enqueue(_:onMain:after:)` says why; not for a wait for a pthread
        // mutex, which may be the very lock the task's name is behind.
        let name = named ? Task.name ?? "" : ""
        lockLoop()
        // Read before the try: a release another thread makes meanwhile is not missed.
        var since = releases
        unlockLoop()
        if attempt() { return true }
        lockLoop()
        order += 1
        let first = order
        announce(labSchedulerCurrentTaskID())
        let task = current
        let began = now
        LabSchedulerRecord.write(
          "wait", time: now, task: task, lane: lanes[me], name: name, text: what)
        // Where the wait ended, for the thread's span in the timeline.
        defer { LabSchedulerRecord.write("waited", time: now, task: task, text: String(now - began)) }
        while until.map({ now < $0 }) ?? true {
          workers[me].state = .waiting(since: since, order: first, until: until)
          waiters += 1
          labSchedulerInJob.store(false, ordering: .releasing)
          _ = pass(from: me)
          retake(task, on: me)
          since = releases
          unlockLoop()
          if attempt() { return true }
          lockLoop()
        }
        unlockLoop()
        return false
      }

      /// The running job's thread has the turn back after a blocking sleep or a wait. Holds `lock`.
      private func retake(_ task: UInt64, on me: Int) {
        current = task
        currentWorker = me
        labSchedulerRunningThread.store(
          LabSchedulerThreads.tids[me].value.load(ordering: .acquiring), ordering: .releasing)
        labSchedulerInJob.store(true, ordering: .releasing)
      }

      private func execute(_ job: Job, on me: Int) {
        jobs += 1
        labSchedulerJobsBegun.add(1, ordering: .relaxed)
        if jobs > maxJobs {
          LabSchedulerRecord.write("limit", time: now, task: job.task, lane: "jobs")
          labSchedulerExit(4)
        }
        current = 0
        currentWorker = me
        jobTasks[me] = job.task
        if job.task != 0 { announce(job.task) }
        labSchedulerRunningThread.store(
          LabSchedulerThreads.tids[me].value.load(ordering: .acquiring), ordering: .releasing)
        labSchedulerInJob.store(true, ordering: .releasing)
        if let unowned = job.job {
          if job.onMain {
            unowned.runSynchronously(on: LabSchedulerMain.shared.asUnownedSerialExecutor())
          } else {
            unowned.runSynchronously(on: LabSchedulerPool.shared.asUnownedTaskExecutor())
          }
        } else {
          lockLoop()
          mainQueueDrainWaits = false
          unlockLoop()
          labSchedulerDrainMainQueue()
        }
        labSchedulerInJob.store(false, ordering: .releasing)
        current = 0
      }

      func printed(by task: UInt64) {
        if LabSchedulerThreads.current != nil { announce(task) }
      }

      /// Writes that `task` starts or resumes, once per job: a job of the runtime's own (an actor
      /// draining its queue) shows the task it runs when that task first does something visible.
      func announce(_ task: UInt64) {
        guard task != current else { return }
        current = task
        let first = seen.insert(task).inserted
        LabSchedulerRecord.write(
          first ? "start" : "resume", time: now, task: task, worker: currentWorker)
      }
    }
    """#
}
