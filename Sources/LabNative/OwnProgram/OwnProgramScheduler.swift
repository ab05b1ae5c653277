/// The lab's scheduler, compiled beside a learner's own program (`lab run FILE.swift`), as its
/// source: it is the same text on every machine, so the build is cached by the program's hash
/// and this text's. docs/own-programs.md explains what it controls and what escapes it.
enum OwnProgramScheduler {
  /// The scheduler's files, by name, compiled once per toolchain into an object file (module
  /// `LabScheduler`, optimized) that every program links.
  static var objectFiles: [(name: String, text: String)] {
    [
      ("LabScheduler.swift", loopSource), ("LabSchedulerTurns.swift", turnsSource),
      ("LabSchedulerRuntime.swift", runtimeSource), ("LabSchedulerClock.swift", clockSource),
      ("LabSchedulerDispatch.swift", dispatchSource), ("LabSchedulerWaits.swift", waitsSource),
      ("LabSchedulerPolicy.swift", policySource), ("LabSchedulerWatchdog.swift", watchdogSource),
    ]
  }

  /// The file compiled with each program, in its module: its `print`.
  static let printFile = (name: "LabSchedulerPrint.swift", text: printSource)

  /// How the object is compiled: one optimized module, with `@section` and `@used` to install
  /// the executors before `main` (an ELF constructor). Its class's properties are read and
  /// written on every job, only ever by the thread that holds the turn (itself under the
  /// scheduler's lock), so the dynamic exclusivity checks Swift adds to each access are off:
  /// they were about 15 % of a yielding program's time.
  static let objectOptions = [
    "-wmo", "-O", "-parse-as-library", "-module-name", "LabScheduler",
    "-enable-experimental-feature", "SymbolLinkageMarkers", "-enforce-exclusivity=unchecked",
  ]

  /// The C library's and Dispatch's functions the scheduler defines again, exported so that
  /// the runtime's, Foundation's and Dispatch's calls find them: the clocks read the virtual
  /// time, a blocking sleep takes it, a Dispatch deadline moves back onto the machine's, the
  /// program's Dispatch work is counted, Dispatch's main queue wakes the scheduler, and a
  /// semaphore's, a `Mutex`'s or a pthread mutex's wait gives the turn up (`syscall`: the
  /// `Mutex`'s futex; `pthread_mutex_lock`: an `NSLock`'s, and the runtime's own locks).
  static let interposed = [
    "clock_gettime", "gettimeofday", "nanosleep", "clock_nanosleep", "usleep", "sleep",
    "dispatch_after", "dispatch_source_set_timer", "dispatch_async", "dispatch_barrier_async",
    "dispatch_group_async", "eventfd_write", "sem_wait", "sem_timedwait", "sem_post", "syscall",
    "pthread_mutex_lock", "pthread_mutex_unlock",
  ]

  /// What a program's link needs: the `interposed` functions exported, and `labSchedulerLane`,
  /// which a scenario's program looks up to name the thread each step ran on.
  static let linkOptions = (interposed + ["labSchedulerLane"]).flatMap {
    ["-Xlinker", "--export-dynamic-symbol=\($0)"]
  }

  /// What begins each record the scheduler writes in a run with `key`. The key is new for each
  /// run and gone from the program's environment before its `main`, so no text the program
  /// writes — through `print`, which writes a record of its own, or around it — is a record.
  static func recordPrefix(key: String) -> String { "\u{1}lab\(key)\t" }

  /// A run's key: 64 random bits in hex.
  static func newRecordKey() -> String {
    let bits = UInt64.random(in: .min ... .max)
    let hex = String(bits, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
