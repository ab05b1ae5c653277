// The text of the scheduler's LabSchedulerWatchdog.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerWatchdog.swift`: the thread that names a job blocked in the kernel, or a turn
  /// the scheduler lost, and ends the program.
  static let watchdogSource = #"""
    import Glibc
    import Synchronization

    /// A job that has waited, not returning, for `LAB_BLOCK_SECONDS` real seconds (3 unless given)
    /// holds the scheduler's turn: a semaphore or a lock waiting for a task that cannot run until it
    /// returns. The watchdog names it and ends the program. It counts only
    /// the time the job's thread sleeps in the kernel (`/proc`'s state S or D): a job that computes,
    /// or a program the machine is too busy to run, is not blocked.
    func labSchedulerStartWatchdog() {
      let seconds = getenv("LAB_BLOCK_SECONDS").flatMap { Int(String(cString: $0)) } ?? 3
      guard seconds > 0 else { return }
      var thread = pthread_t()
      let started = pthread_create(
        &thread, nil,
        { _ in
          let ticks = (getenv("LAB_BLOCK_SECONDS").flatMap { Int(String(cString: $0)) } ?? 3) * 10
          var last = -1
          var lastWritten = -1
          var still = 0
          var lost = 0
          while true {
            usleep(100_000)
            let begun = labSchedulerJobsBegun.load(ordering: .relaxed)
            // A job that goes on (a loop, a wait) sends what was printed before it now: a run
            // the lab stops at --timeout is killed, and what it held was lost.
            if begun == last { LabSchedulerRecord.flush() }
            // A job that waits while the program's other threads print (Dispatch's, say) waits
            // for work that goes on: not blocked (eight threads printing long lines for it were
            // once named a blocking call after 3 s).
            let written = labSchedulerTextRecords.load(ordering: .relaxed)
            defer { lastWritten = written }
            if labSchedulerInJob.load(ordering: .acquiring), begun == last, written == lastWritten,
              labSchedulerSleeping(labSchedulerRunningThread.load(ordering: .acquiring))
            {
              still += 1
              if still >= ticks {
                LabSchedulerRecord.write(
                  "blocked", time: labSchedulerNow, task: 0, text: String(ticks / 10))
                LabSchedulerRecord.end()
                _exit(5)
              }
            } else if begun != last || written != lastWritten {
              still = 0
              lost = 0
            } else if !labSchedulerInJob.load(ordering: .acquiring),
              !labSchedulerIdle.load(ordering: .acquiring), labSchedulerAllThreadsWait()
            {
              // Between jobs, not waiting for another thread, and all of the scheduler's threads
              // asleep: the turn was lost, which is the lab's defect, not the program's.
              lost += 1
              if lost >= ticks {
                LabSchedulerRecord.write("lost", time: labSchedulerNow, task: 0)
                LabSchedulerRecord.end()
                _exit(8)
              }
            }
            last = begun
          }
        }, nil)
      if started == 0 { pthread_detach(thread) }
    }

    /// The calling thread's kernel ID (`gettid`, which the Glibc module does not show).
    func labSchedulerTID() -> Int32 {
      typealias GetTID = @convention(c) () -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return 0 }
      return unsafeBitCast(symbol, to: GetTID.self)()
    }

    /// Whether every thread of the scheduler's that has started sleeps in the kernel.
    func labSchedulerAllThreadsWait() -> Bool {
      for tid in LabSchedulerThreads.tids {
        let id = tid.value.load(ordering: .acquiring)
        if id != 0, !labSchedulerSleeping(id) { return false }
      }
      return true
    }

    /// Whether thread `tid` of this process sleeps in the kernel: the state after the command name
    /// in `/proc/self/task/TID/stat` is S (waiting) or D (waiting, uninterruptible).
    func labSchedulerSleeping(_ tid: Int32) -> Bool {
      guard tid > 0 else { return false }
      let file = open("/proc/self/task/\(tid)/stat", O_RDONLY)
      guard file >= 0 else { return false }
      defer { close(file) }
      var bytes = [UInt8](repeating: 0, count: 512)
      let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress!, 512) }
      guard count > 0, let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")),
        close + 2 < count
      else { return false }
      let state = bytes[close + 2]
      return state == UInt8(ascii: "S") || state == UInt8(ascii: "D")
    }
    """#
}
