// The text of the scheduler's LabSchedulerRuntime.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerRuntime.swift`: task IDs, the records and the executors.
  static let runtimeSource = #"""
    // What the lab's scheduler (LabScheduler.swift) reaches into the runtime with, the records it
    // writes — on standard output, one a line, each starting with the byte 0x01 — and its watchdog.
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    import Glibc

    @_silgen_name("swift_task_getJobTaskId")
    func labSchedulerJobID(_ job: UnsafeRawPointer) -> UInt64

    /// The task a job runs, or 0 for the runtime's own jobs (an actor draining its queue, a timer).
    func labSchedulerTaskID(_ job: UnownedJob) -> UInt64 {
      guard ExecutorJob(job).kind == .task else { return 0 }
      return labSchedulerJobID(unsafeBitCast(job, to: UnsafeRawPointer.self))
    }

    /// The task running now, or 0 outside any.
    func labSchedulerCurrentTaskID() -> UInt64 {
      // An `UnsafeCurrentTask` holds the task's reference and nothing else; a task is a job.
      withUnsafeCurrentTask { task in
        task.map { labSchedulerJobID(unsafeBitCast($0, to: UnsafeRawPointer.self)) } ?? 0
      }
    }

    func labSchedulerExit(_ status: Int32) -> Never {
      LabSchedulerRecord.end()
      _exit(status)
    }

    enum LabSchedulerRecord {
      /// Records wait here and go out 64 KB at a time, and whenever the program ends: at exit, at a
      /// stop the scheduler makes, and on a crash's signal (`flushOnCrash`). A write per record
      /// cost 4 times the job it records.
      static let capacity = 1 << 16
      nonisolated(unsafe) static let buffer = UnsafeMutableRawPointer.allocate(
        byteCount: capacity, alignment: 1)
      nonisolated(unsafe) static var count = 0
      nonisolated(unsafe) static var lock = pthread_mutex_t()
      /// What begins each record: 0x01, `lab`, the run's key and a tab. The key is the lab's, new
      /// for each run (`LAB_RECORD_KEY`), and taken out of the environment before `main`: text the
      /// program writes cannot begin a record, wherever it stands in a line.
      nonisolated(unsafe) static var prefix: [UInt8] = Array("\u{1}lab\t".utf8)

      /// Reads the run's key and wipes it from the environment, its bytes as well as its name.
      static func takeKey() {
        guard let value = getenv("LAB_RECORD_KEY") else { return }
        let key = String(cString: value)
        prefix = Array("\u{1}lab\(key)\t".utf8)
        memset(value, 0x2D, strlen(value))
        unsetenv("LAB_RECORD_KEY")
      }

      /// One record: `0x01 labKEY KIND TIME TASK LANE NAME TEXT`, tab-separated.
      static func write(
        _ kind: String, time: Int64, task: UInt64, lane: String = "", name: String = "",
        text: String = ""
      ) {
        labSchedulerTextRecords.add(1, ordering: .relaxed)
        var line = String(decoding: prefix, as: UTF8.self) + "\(kind)\t\(time)\t\(task)\t\(lane)\t"
        escape(name, into: &line)
        line += "\t"
        let headLength = line.utf8.count
        escape(text, into: &line)
        line += "\n"
        labSchedulerLock(&lock)
        defer { labSchedulerUnlock(&lock) }
        guard line.utf8.count > piece else { return hold(&line) }
        // Longer than a piece, which the kernel writes whole: the text goes out in records of a
        // piece or less, the first of its kind and the rest `more`, which the lab joins to it; a
        // thread's write to standard output then lands between them, never inside one.
        let more = String(decoding: prefix, as: UTF8.self) + "more\t\(time)\t\(task)\t\(lane)\t\t"
        let first = String(decoding: Array(line.utf8.prefix(headLength)), as: UTF8.self)
        let room = max(512, piece - 1 - max(first.utf8.count, more.utf8.count))
        var chunk = ""
        var records = [first]
        for scalar in text.unicodeScalars {
          var escaped = ""
          escape(String(scalar), into: &escaped)
          if chunk.utf8.count + escaped.utf8.count > room {
            records[records.count - 1] += chunk + "\n"
            records.append(more)
            chunk = ""
          }
          chunk += escaped
        }
        records[records.count - 1] += chunk + "\n"
        for var each in records { hold(&each) }
      }

      /// The most bytes the kernel writes to a pipe whole (`PIPE_BUF`).
      static let piece = 4096

      /// Puts a record in the buffer; the caller holds `lock`.
      private static func hold(_ line: inout String) {
        line.withUTF8 { bytes in
          if count + bytes.count > capacity { flushHeld() }
          if bytes.count > capacity {
            writeAll(UnsafeRawBufferPointer(bytes))
          } else {
            buffer.advanced(by: count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            count += bytes.count
          }
        }
      }

      /// A record with no text — a task's start or resume, the hot path, once per job — written
      /// into the buffer byte by byte, without a string.
      static func write(_ kind: StaticString, time: Int64, task: UInt64, worker: Int) {
        labSchedulerLock(&lock)
        defer { labSchedulerUnlock(&lock) }
        if count + 96 + prefix.count > capacity { flushHeld() }
        func tab() {
          buffer.storeBytes(of: 9, toByteOffset: count, as: UInt8.self)
          count += 1
        }
        func put(_ text: StaticString) {
          buffer.advanced(by: count).copyMemory(
            from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
          count += text.utf8CodeUnitCount
        }
        func put(_ number: UInt64) {
          var digits: (UInt64, Int) = (number, 0)
          repeat {
            digits.0 /= 10
            digits.1 += 1
          } while digits.0 > 0
          var value = number
          for index in stride(from: digits.1 - 1, through: 0, by: -1) {
            buffer.storeBytes(
              of: UInt8(48 + value % 10), toByteOffset: count + index, as: UInt8.self)
            value /= 10
          }
          count += digits.1
        }
        prefix.withUnsafeBytes { bytes in
          buffer.advanced(by: count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
          count += bytes.count
        }
        put(kind)
        tab()
        put(UInt64(max(0, time)))
        tab()
        put(task)
        tab()
        var lane = LabSchedulerLoop.shared.lanes[worker]
        lane.withUTF8 { bytes in
          buffer.advanced(by: count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
          count += bytes.count
        }
        put("\t\t\n")
      }

      static func flush() {
        labSchedulerLock(&lock)
        flushHeld()
        labSchedulerUnlock(&lock)
      }

      /// Writes what waits; the caller holds `lock`, or is a crash's signal handler. In pieces of at
      /// most `PIPE_BUF` bytes that end where a record does: the kernel writes such a piece to the
      /// pipe whole, so a thread of the program's writing to its standard output meanwhile cannot
      /// land inside a record (one 64-KB write tore records, and prints were lost). A record longer
      /// than a piece — a name of over 3 KB — goes out alone, and may still be torn so: `write`
      /// cuts a long text into records of a piece.
      static func flushHeld() {
        var start = 0
        while start < count {
          var end = min(count, start + piece)
          if end < count {
            var cut = end
            while cut > start, buffer.load(fromByteOffset: cut - 1, as: UInt8.self) != 10 { cut -= 1 }
            if cut > start {
              end = cut
            } else {
              while end < count, buffer.load(fromByteOffset: end - 1, as: UInt8.self) != 10 { end += 1 }
            }
          }
          writeAll(UnsafeRawBufferPointer(start: buffer + start, count: end - start))
          start = end
        }
        count = 0
      }

      private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        // A child the program forked writes no record: the run is the parent's.
        guard !labSchedulerForked else { return }
        var offset = 0
        while offset < bytes.count {
          let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }

      /// What stands for a character a record cannot hold as it is: a field ends at a tab, a record
      /// at a newline.
      static let escapes: [Unicode.Scalar: String] = [
        "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r",
      ]

      private static func escape(_ text: String, into line: inout String) {
        for scalar in text.unicodeScalars {
          if let escaped = escapes[scalar] {
            line += escaped
          } else {
            line.unicodeScalars.append(scalar)
          }
        }
      }

      static func end() {
        let loop = LabSchedulerLoop.shared
        let choices = loop.choices
        write(
          "choices", time: loop.now, task: 0, lane: choices.whole ? "whole" : "cut",
          name: choices.picks, text: choices.counts)
        write("end", time: loop.now, task: 0, text: loop.summary)
        flush()
      }

      /// On the signal of a crash (a trap, a bad access, an abort) or of the CPU limit (SIGXCPU,
      /// before the kernel's SIGKILL): what waits goes out, then the signal does what it would
      /// have done.
      static func flushOnCrash() {
        pthread_mutex_init(&lock, nil)
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGXCPU] {
          var action = sigaction()
          action.__sigaction_handler.sa_handler = { signal in
            LabSchedulerRecord.flushHeld()
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
          }
          sigaction(signal, &action, nil)
        }
      }
    }

    /// What the two executors share: each hands its jobs to the loop, marked as its own.
    protocol LabSchedulerExecutor: SchedulingExecutor {
      var onMain: Bool { get }
    }

    extension LabSchedulerExecutor {
      func enqueue(_ job: consuming ExecutorJob) {
        LabSchedulerLoop.shared.enqueue(UnownedJob(job), onMain: onMain)
      }

      func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
      ) {
        LabSchedulerLoop.shared.enqueue(
          UnownedJob(job), onMain: onMain, after: labNanoseconds(delay, exact: true))
      }

      func enqueue<C: Clock>(
        _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
      ) {
        LabSchedulerLoop.shared.enqueue(
          UnownedJob(job), onMain: onMain,
          after: labNanoseconds(
            clock.now.duration(to: instant),
            exact: clock is ContinuousClock || clock is SuspendingClock))
      }
    }

    final class LabSchedulerMain: MainExecutor, LabSchedulerExecutor, @unchecked Sendable {
      static let shared = LabSchedulerMain()
      var onMain: Bool { true }
      func run() throws { LabSchedulerLoop.shared.run() }
      func stop() {}
    }

    final class LabSchedulerPool: TaskExecutor, LabSchedulerExecutor, @unchecked Sendable {
      static let shared = LabSchedulerPool()
      var onMain: Bool { false }
    }

    /// A delay in nanoseconds. `ContinuousClock` and `SuspendingClock` read the virtual time; a
    /// deadline on a clock of the program's own may come a little short, by the real time since the
    /// program read it: it is rounded to the nearest millisecond, and the run says so.
    func labNanoseconds<D: DurationProtocol>(_ delay: D, exact: Bool) -> Int64 {
      guard let duration = delay as? Swift.Duration else { return 0 }
      let (seconds, attoseconds) = duration.components
      // A sleep of `UInt64.max` nanoseconds is longer than an `Int64` of them: it ends never.
      let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
      if overflow { return seconds < 0 ? 0 : .max }
      let nanoseconds = LabSchedulerLoop.later(whole, by: attoseconds / 1_000_000_000)
      if exact || nanoseconds > .max - 500_000 { return nanoseconds }
      LabSchedulerRecord.write("inexact", time: labSchedulerNow, task: 0)
      return (nanoseconds + 500_000) / 1_000_000 * 1_000_000
    }

    struct LabSchedulerFactory: ExecutorFactory {
      static var mainExecutor: any MainExecutor { LabSchedulerMain.shared }
      static var defaultExecutor: any TaskExecutor { LabSchedulerPool.shared }
    }

    // Runs before `main`: the runtime asks for its executors when the first task is made.
    @used @section(".init_array")
    let labSchedulerInstall: @convention(c) () -> Void = {
      LabSchedulerRecord.takeKey()
      labSchedulerClockOrigins()
      LabSchedulerThreads.enter(0)
      labSchedulerInJob.store(true, ordering: .releasing)
      labSchedulerRunningThread.store(labSchedulerTID(), ordering: .releasing)
      labSchedulerStartWatchdog()
      LabSchedulerRecord.flushOnCrash()
      _createExecutors(factory: LabSchedulerFactory.self)
      labSchedulerWatchMainQueue()
      atexit { LabSchedulerRecord.end() }
      pthread_atfork(nil, nil) {
        labSchedulerForked = true
        LabSchedulerRecord.count = 0
      }
    }

    /// Whether this process is a child the program forked (`fork()` with no `exec`): it is no
    /// thread of the scheduler's, its sleeps and clocks are the machine's, its prints plain
    /// output, and the records the parent held when it forked are the parent's to write — before,
    /// a child's sleep was a block of main's, and what the parent held was written twice.
    nonisolated(unsafe) var labSchedulerForked = false

    /// The lab's name for the calling thread — `worker-1`, `high-2`, as the virtual runtime names
    /// them — for the helpers of a scenario's program, which print where each step ran; nil on a
    /// thread the scheduler does not run.
    @_cdecl("labSchedulerLane")
    public func labSchedulerLane() -> UnsafePointer<CChar>? {
      guard let me = LabSchedulerThreads.current else { return nil }
      return labSchedulerLaneNames[me]
    }

    /// Each thread's lane name as C text, made once.
    nonisolated(unsafe) let labSchedulerLaneNames: [UnsafePointer<CChar>] = LabSchedulerLoop.shared.lanes.map {
      UnsafePointer(strdup($0)!)
    }
    """#
}
