// The text of the scheduler's LabSchedulerClock.swift, a file of the learner's program, not of the lab.
extension OwnProgramScheduler {
  /// `LabSchedulerClock.swift`: the C library's clocks and sleeps, Dispatch's deadlines, and what `print` writes.
  static let clockSource = #"""
    // The C library's clocks and sleeps, as the program's jobs see them: on the scheduler's threads
    // the clocks read the virtual time, and a blocking sleep holds its thread for virtual time
    // while other jobs run. A process's calls to them go through the dynamic linker, so the
    // program's own definitions, exported, win; other threads (Dispatch's) get the machine's.
    // `print` in the program ends here, and writes a record.
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    import Glibc
    import Synchronization

    typealias LabClockGetTime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32
    typealias LabNanosleep =
      @convention(c) (UnsafePointer<timespec>?, UnsafeMutablePointer<timespec>?) -> Int32

    /// The C library's own definition of `name`, which the program's hides.
    func labSchedulerReal<F>(_ name: String, as type: F.Type) -> F? {
      dlsym(UnsafeMutableRawPointer(bitPattern: -1), name).map { unsafeBitCast($0, to: type) }
    }

    nonisolated(unsafe) let labRealClockGetTime = labSchedulerReal(
      "clock_gettime", as: LabClockGetTime.self)!
    nonisolated(unsafe) let labRealNanosleep = labSchedulerReal("nanosleep", as: LabNanosleep.self)!
    typealias LabGetTimeOfDay =
      @convention(c) (UnsafeMutablePointer<timeval>?, UnsafeMutableRawPointer?) -> Int32
    nonisolated(unsafe) let labRealGetTimeOfDay = labSchedulerReal(
      "gettimeofday", as: LabGetTimeOfDay.self)!

    /// Where each clock the scheduler makes virtual stood on the machine when the program began,
    /// in nanoseconds, by clock ID: the realtime clocks (`Date()`), the monotonic ones
    /// (`SuspendingClock`, Dispatch, `Thread.sleep`'s loop) and the boot-time one
    /// (`ContinuousClock`); -1 for the others (a thread's CPU time).
    nonisolated(unsafe) var labSchedulerOrigins = [Int64](repeating: -1, count: 8)

    /// Which clock each virtual clock ID follows: its own reading at launch.
    func labSchedulerClockOrigins() {
      for id in [CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME] {
        var time = timespec()
        _ = labRealClockGetTime(id, &time)
        labSchedulerOrigins[Int(id)] = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
      }
      labSchedulerOrigins[Int(CLOCK_REALTIME_COARSE)] = labSchedulerOrigins[Int(CLOCK_REALTIME)]
      labSchedulerOrigins[Int(CLOCK_MONOTONIC_RAW)] = labSchedulerOrigins[Int(CLOCK_MONOTONIC)]
      labSchedulerOrigins[Int(CLOCK_MONOTONIC_COARSE)] = labSchedulerOrigins[Int(CLOCK_MONOTONIC)]
    }

    /// Threads in a call to Dispatch that reads the machine's clock (`labSchedulerOnMachineClock`).
    nonisolated(unsafe) let labSchedulerMachineClock = {
      let flags = UnsafeMutablePointer<Bool>.allocate(capacity: LabSchedulerThreads.capacity)
      flags.initialize(repeating: false, count: LabSchedulerThreads.capacity)
      return flags
    }()

    /// Clock `id`'s virtual reading in nanoseconds, on a thread of the scheduler's; nil elsewhere,
    /// and for a clock that stays the machine's.
    func labSchedulerVirtualTime(_ id: clockid_t) -> Int64? {
      guard id >= 0, id < 8, let me = LabSchedulerThreads.current, !labSchedulerMachineClock[me]
      else { return nil }
      let origin = labSchedulerOrigins[Int(id)]
      guard origin >= 0 else { return nil }
      let following = labSchedulerFollowing
      // Saturating: a run may sleep to the largest time (`--max-time` lets it), and a clock read
      // then must not trap.
      let followed = following == 0 ? 0 : labSchedulerMachineTime(CLOCK_BOOTTIME) - following
      return LabSchedulerLoop.later(LabSchedulerLoop.later(origin, by: labSchedulerNow), by: followed)
    }

    /// `a - b`, saturating at the ends of `Int64`: a deadline a program gives may be anything.
    func labSchedulerDifference(_ a: Int64, _ b: Int64) -> Int64 {
      let (difference, overflow) = a.subtractingReportingOverflow(b)
      return overflow ? (b > 0 ? .min : .max) : difference
    }

    /// Whether `time` is a time the C library takes: nanoseconds within a second, and, where
    /// `negative` is false, no second before 0 (`nanosleep` refuses one with EINVAL).
    func labSchedulerIsValid(_ time: timespec, negative: Bool = false) -> Bool {
      (0..<1_000_000_000).contains(time.tv_nsec) && (negative || time.tv_sec >= 0)
    }

    /// Clock `id` as the machine reads it, in nanoseconds.
    func labSchedulerMachineTime(_ id: clockid_t) -> Int64 {
      var time = timespec()
      _ = labRealClockGetTime(id, &time)
      return labSchedulerNanoseconds(time)
    }

    /// A deadline for `pthread_cond_timedwait`, `nanoseconds` from the machine's now.
    func labSchedulerDeadline(in nanoseconds: Int64) -> timespec {
      let at = LabSchedulerLoop.later(labSchedulerMachineTime(CLOCK_REALTIME), by: nanoseconds)
      return timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
    }

    @_cdecl("clock_gettime")
    public func labSchedulerClockGetTime(_ id: clockid_t, _ time: UnsafeMutablePointer<timespec>?)
      -> Int32
    {
      guard let time, let now = labSchedulerVirtualTime(id) else {
        return labRealClockGetTime(id, time)
      }
      time.pointee = timespec(tv_sec: Int(now / 1_000_000_000), tv_nsec: Int(now % 1_000_000_000))
      return 0
    }

    @_cdecl("gettimeofday")
    public func labSchedulerGetTimeOfDay(
      _ time: UnsafeMutablePointer<timeval>?, _ zone: UnsafeMutableRawPointer?
    ) -> Int32 {
      guard let time, let now = labSchedulerVirtualTime(CLOCK_REALTIME) else {
        return labRealGetTimeOfDay(time, zone)
      }
      time.pointee = timeval(
        tv_sec: Int(now / 1_000_000_000), tv_usec: Int(now % 1_000_000_000 / 1000))
      return 0
    }

    /// The scheduler's thread whose job calls a blocking sleep, which then takes virtual time; nil
    /// where the sleep is the machine's (another thread, or between jobs).
    func labSchedulerSleeper() -> Int? {
      guard let me = LabSchedulerThreads.current, !labSchedulerMachineClock[me],
        labSchedulerInJob.load(ordering: .acquiring)
      else { return nil }
      return me
    }

    func labSchedulerNanoseconds(_ time: timespec) -> Int64 {
      let (seconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
      guard !overflow else { return time.tv_sec < 0 ? .min : .max }
      return LabSchedulerLoop.later(seconds, by: Int64(time.tv_nsec))
    }

    @_cdecl("nanosleep")
    public func labSchedulerNanosleep(
      _ request: UnsafePointer<timespec>?, _ remaining: UnsafeMutablePointer<timespec>?
    ) -> Int32 {
      guard let request, let me = labSchedulerSleeper() else {
        return labRealNanosleep(request, remaining)
      }
      guard labSchedulerIsValid(request.pointee) else {
        errno = EINVAL
        return -1
      }
      LabSchedulerLoop.shared.block(for: labSchedulerNanoseconds(request.pointee), on: me)
      return 0
    }

    @_cdecl("clock_nanosleep")
    public func labSchedulerClockNanosleep(
      _ id: clockid_t, _ flags: Int32, _ request: UnsafePointer<timespec>?,
      _ remaining: UnsafeMutablePointer<timespec>?
    ) -> Int32 {
      typealias ClockNanosleep =
        @convention(c) (clockid_t, Int32, UnsafePointer<timespec>?, UnsafeMutablePointer<timespec>?)
        -> Int32
      guard let request, let me = labSchedulerSleeper(), let now = labSchedulerVirtualTime(id)
      else {
        return labSchedulerReal("clock_nanosleep", as: ClockNanosleep.self)!(
          id, flags, request, remaining)
      }
      // A negative time is refused, as the kernel does, a deadline or not; a deadline in the past
      // is no sleep.
      let absolute = flags & TIMER_ABSTIME != 0
      guard labSchedulerIsValid(request.pointee) else { return EINVAL }
      let length = labSchedulerNanoseconds(request.pointee)
      LabSchedulerLoop.shared.block(
        for: absolute ? max(0, labSchedulerDifference(length, now)) : length, on: me)
      return 0
    }

    @_cdecl("usleep")
    public func labSchedulerUsleep(_ microseconds: useconds_t) -> Int32 {
      var request = timespec(
        tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1000)
      return labSchedulerNanosleep(&request, nil)
    }

    @_cdecl("sleep")
    public func labSchedulerSleep(_ seconds: UInt32) -> UInt32 {
      var request = timespec(tv_sec: Int(seconds), tv_nsec: 0)
      return labSchedulerNanosleep(&request, nil) == 0 ? 0 : seconds
    }

    /// What the program's `print` (LabSchedulerPrint.swift, compiled with it) writes: a record of
    /// the text, the task that printed it, and the time.
    @_silgen_name("labSchedulerPrinted")
    public func labSchedulerPrinted(_ text: String, terminator: String) {
      guard !labSchedulerForked else {
        var line = text + terminator
        line.withUTF8 { bytes in _ = Glibc.write(1, bytes.baseAddress, bytes.count) }
        return
      }
      let loop = LabSchedulerLoop.shared
      let task = labSchedulerCurrentTaskID()
      loop.printed(by: task)
      // On a thread the scheduler does not run (a Dispatch queue's), the task is the one running
      // there, if any, not the scheduler's current job's.
      let onScheduler = LabSchedulerThreads.current != nil
      LabSchedulerRecord.write(
        "print", time: loop.now, task: onScheduler ? loop.current : task,
        lane: LabSchedulerThreads.current.map { loop.lanes[$0] } ?? "",
        name: Task.name ?? "", text: text + terminator)
      loop.mayGiveWay(running: task)
    }
    """#
}
