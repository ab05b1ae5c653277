/// The lab's scheduler, compiled beside a learner's own program (`lab run FILE.swift`), as its
/// source: it is the same text on every machine, so the build is cached by the program's hash
/// and this text's. docs/own-programs.md explains what it controls and what escapes it.
enum OwnProgramScheduler {
  /// The scheduler's files, by name, as the build folder holds them beside the learner's
  /// program (`main.swift`).
  static var files: [(name: String, text: String)] {
    [("LabScheduler.swift", loopSource), ("LabSchedulerRuntime.swift", runtimeSource)]
  }

  /// What swiftc needs beyond Swift 6 mode: `@section` and `@used` to install the executors
  /// before `main` (an ELF constructor), and `clock_gettime` exported, so that the runtime's
  /// clocks read the scheduler's virtual time rather than the machine's.
  static let compilerOptions = [
    "-enable-experimental-feature", "SymbolLinkageMarkers",
    "-Xlinker", "--export-dynamic-symbol=clock_gettime",
  ]

  /// The prefix of each record the scheduler writes; no text the program prints starts with it,
  /// since its `print` is the scheduler's and writes a record of its own.
  static let recordPrefix = "\u{1}lab1\t"
}
