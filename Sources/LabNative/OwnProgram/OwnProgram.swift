import Foundation
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime
import LabSwift

/// One run of a learner's program under the scheduler.
public struct OwnRun: Sendable {
  public var record: RunRecord
  /// What the program printed through `print`, whole, as it would read on a terminal: what a
  /// program scenario's rules grade.
  public var output: PrintedOutput

  /// How many jobs the scheduler ran, nil when the program did not end on its own.
  public var jobs: Int?
  /// Sleeps on a clock of the program's own, whose length is rounded to the millisecond.
  public var inexactSleeps: Int
  /// Where the run had a choice of job, what it chose; nil when the program did not end on its
  /// own.
  public var choices: OwnChoices?
  /// Why the schedule given does not fit the program; nil when it did, or none was given.
  public var unfitSchedule: String?
  /// What the program wrote other than through `print`: the runtime's messages among them.
  public var otherOutput: [String]
  /// How many lines it wrote other than through `print`, those `otherOutput` left out included.
  public var otherLineCount = 0
  /// The blocks and timers the program gave Dispatch, which ran on its threads in real time.
  public var dispatchBlocks = 0
  /// Under `--policy pct` with no horizon given: the first in, first out run made to count the
  /// points of choice, when it did not end well — its points are then fewer than the program
  /// has, and the priorities change early.
  public var horizonProblem: String?
  /// Whether the run was stopped at its real-time limit: one a command's budget lowered is cut
  /// short by that budget, not ended by the program (`CommandBudget.cut`).
  public var timedOut = false

  /// What the program printed, as an outcome keeps it (`PrintedOutput.shown`): what two runs
  /// are compared by, in bounded memory however much it printed.
  public var printed: [String] { output.shown }
}

/// A learner's own Swift file, compiled with the lab's scheduler beside it and run one job at a
/// time in an order a seed chooses, with virtual time (docs/own-programs.md).
public struct OwnProgram: Sendable {
  /// The file as the learner named it, for messages.
  public var path: String
  public var source: String
  /// What swiftc is given besides: a scenario's upcoming features, for its program.
  public var compilerOptions: [String]

  public init(path: String, source: String, compilerOptions: [String] = []) {
    self.path = path
    self.source = source
    self.compilerOptions = compilerOptions
  }

  /// The file's name without `.swift`: the run's name in traces.
  public var name: String {
    let last = (path as NSString).lastPathComponent
    return last.hasSuffix(".swift") ? String(last.dropLast(6)) : last
  }

  /// Whether the program draws random numbers from the system generator, which a seed does not
  /// replay: a look at its text, for a note.
  public var drawsRandomNumbers: Bool {
    [
      ".random(", ".random()", "shuffled()", "shuffle()", "randomElement()",
      "SystemRandomNumberGenerator", "UUID()", "arc4random", "getrandom", "/dev/urandom",
    ]
    .contains { source.contains($0) }
  }

  /// A program with a `@main` type has no top-level code: swiftc must parse it as a library,
  /// since the lab compiles it as `main.swift` beside the scheduler.
  var hasMainType: Bool {
    source.split(separator: "\n").contains {
      $0.trimmingCharacters(in: .whitespaces).hasPrefix("@main")
    }
  }

  /// Compiles the program in Swift 6 mode and links it with the scheduler's object, unless the
  /// cache holds it.
  public func build(with builder: NativeBuilder) throws(NativeError) -> NativeBuild {
    let scheduler = try Self.schedulerObject(with: builder)
    let compiler = builder.compiler
    let printFile = OwnProgramScheduler.printFile
    let key = NativeBuilder.key(
      [source, compiler.swiftc.path, NativeBuilder.identity(of: compiler.swiftc), printFile.text]
        + [scheduler.key] + OwnProgramScheduler.linkOptions + (hasMainType ? ["@main"] : [])
        + compilerOptions)
    return try cachedBuild(in: "own", key: key, with: builder, before: scheduler.seconds) {
      folder in
      let printURL = folder.appendingPathComponent(printFile.name)
      try Data(printFile.text.utf8).write(to: printURL, options: .atomic)
      return try compiler.compile(
        source, name: "main", mode: 6, in: folder,
        options: [printURL.path, scheduler.object.path] + OwnProgramScheduler.linkOptions
          + (hasMainType ? ["-parse-as-library"] : []) + compilerOptions,
        moduleCache: builder.moduleCache)
    }
  }

  /// The program's binary in the cache's folder `KIND-NAME-KEY`: the one there when the lab
  /// built it, else made there by `compile` (given the folder, made first) and noted as the
  /// lab's. `before` is the seconds spent on its parts already (the scheduler's object).
  func cachedBuild(
    in kind: String, key: String, with builder: NativeBuilder, before: Double = 0,
    compile: (URL) throws -> SwiftCompiler.Verdict
  ) throws(NativeError) -> NativeBuild {
    let folder = builder.cache.appendingPathComponent("\(kind)-\(Self.safe(name))-\(key)")
    return try BuildLock.holding(folder) { () throws(NativeError) in
      try cachedBuild(in: folder, key: key, with: builder, before: before, compile: compile)
    }
  }

  /// `cachedBuild(in:key:with:before:compile:)` in `folder`, holding its lock.
  private func cachedBuild(
    in folder: URL, key: String, with builder: NativeBuilder, before: Double,
    compile: (URL) throws -> SwiftCompiler.Verdict
  ) throws(NativeError) -> NativeBuild {
    let binary = folder.appendingPathComponent("main-swift6")
    var build = NativeBuild(
      executable: binary, swiftMode: 6, sanitized: false, compiled: false, compileSeconds: 0,
      key: key)
    if FileManager.default.isExecutableFile(atPath: binary.path), builder.records.trusts(binary) {
      return build
    }
    let clock = ContinuousClock()
    let began = clock.now
    let verdict: SwiftCompiler.Verdict
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      verdict = try compile(folder)
    } catch {
      throw .io("could not build \(path): \(error)")
    }
    guard verdict.compiled else {
      throw .ownProgramRefused(
        diagnostics: ownDiagnostics(verdict.diagnostics, folder: folder), schedulerMissing: false)
    }
    builder.records.note(binary)
    build.compiled = true
    build.compileSeconds = before + (clock.now - began) / .seconds(1)
    return build
  }

  /// The scheduler's object file, compiled once per toolchain and scheduler (about 4 s) and
  /// linked into every program (about 0.5 s each, where compiling the scheduler with each took
  /// 2): its path, its key, and the seconds its compile took now (0 from the cache).
  static func schedulerObject(with builder: NativeBuilder) throws(NativeError)
    -> (object: URL, key: String, seconds: Double)
  {
    let compiler = builder.compiler
    let files = OwnProgramScheduler.objectFiles
    let key = NativeBuilder.key(
      [compiler.swiftc.path, NativeBuilder.identity(of: compiler.swiftc)] + files.map(\.text)
        + OwnProgramScheduler.objectOptions)
    let folder = builder.cache.appendingPathComponent("own-scheduler-\(key)")
    return try BuildLock.holding(folder) { () throws(NativeError) in
      try schedulerObject(in: folder, key: key, with: builder)
    }
  }

  /// `schedulerObject(with:)` in `folder`, holding its lock.
  private static func schedulerObject(in folder: URL, key: String, with builder: NativeBuilder)
    throws(NativeError) -> (object: URL, key: String, seconds: Double)
  {
    let compiler = builder.compiler
    let files = OwnProgramScheduler.objectFiles
    let object = folder.appendingPathComponent("LabScheduler.o")
    if FileManager.default.fileExists(atPath: object.path), builder.records.trusts(object) {
      return (object, key, 0)
    }
    let clock = ContinuousClock()
    let began = clock.now
    let verdict: SwiftCompiler.Verdict
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      var paths: [String] = []
      for file in files.dropFirst() {
        let url = folder.appendingPathComponent(file.name)
        try Data(file.text.utf8).write(to: url, options: .atomic)
        paths.append(url.path)
      }
      verdict = try compiler.compile(
        files[0].text, name: "LabScheduler", mode: 6, in: folder,
        options: paths + OwnProgramScheduler.objectOptions, product: .object,
        moduleCache: builder.moduleCache)
    } catch {
      throw .io("could not build the lab's scheduler: \(error)")
    }
    guard verdict.compiled else {
      throw .ownProgramRefused(diagnostics: verdict.diagnostics, schedulerMissing: true)
    }
    builder.records.note(object)
    return (object, key, (clock.now - began) / .seconds(1))
  }

  /// swiftc's diagnostics as the learner's file: the build folder's `main.swift` is their file.
  func ownDiagnostics(_ diagnostics: String, folder: URL) -> String {
    diagnostics.replacingOccurrences(
      of: folder.appendingPathComponent("main.swift").path, with: path)
  }

  /// A name for a folder: letters, digits, `-` and `_` only.
  static func safe(_ name: String) -> String {
    let kept = name.unicodeScalars.map { scalar -> Character in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || scalar == "-" || scalar == "_")
        ? Character(scalar) : "_"
    }
    return String(kept.prefix(40))
  }

  /// Runs a build of the program: the jobs chosen by `schedule` while it lasts, then by `seed`
  /// (0: first in, first out), on a pool `options.threads` wide (a scenario's 4 unless given);
  /// stopped at the limits of `options`.
  /// `blockSeconds`: how long a job may wait in the kernel before the run stops as blocked.
  /// `environment`: more for the program, as a scenario's program reads.
  /// `options.policy` `.pct`: priorities with `pctChanges` changes among the first `horizon`
  /// points of choice — those of the program's first in, first out run, which is made first
  /// when `horizon` is nil.
  public static func run(
    _ build: NativeBuild, name: String, seed: UInt64, schedule: OwnSchedule? = nil,
    options: RunOptions, horizon: Int? = nil, blockSeconds: Int = 3,
    environment more: [String: String] = [:], keepsAllOutput: Bool = false
  ) throws(NativeError) -> OwnRun {
    var environment = more.merging([
      "LAB_SEED": String(seed), "SWIFT_BACKTRACE": "enable=no",
      // A Set's or a Dictionary's order is the same in every run, so a seed replays it.
      "SWIFT_DETERMINISTIC_HASHING": "1",
      "LAB_MAX_JOBS": String(options.limits.runtime.maxJobs),
      "LAB_MAX_TIME_MS": String(options.limits.runtime.maxTime),
      "LAB_BLOCK_SECONDS": String(blockSeconds),
      "LAB_POOL_WIDTH": String(width(options)),
    ]) { _, lab in lab }
    if let schedule { environment["LAB_SCHEDULE"] = schedule.text }
    var horizonProblem: String?
    switch options.policy {
    case .random: break
    case .pct:
      var points = horizon
      if points == nil {
        // Counted with this run's environment: a scenario's program reads its own.
        let counted = try Self.horizon(
          build, name: name, options: options, blockSeconds: blockSeconds, environment: more,
          keepsAllOutput: keepsAllOutput)
        points = counted.points
        horizonProblem = counted.problem
      }
      environment["LAB_PCT"] = "\(pctChanges + 1) \(max(1, points ?? 1))"
    }
    let key = OwnProgramScheduler.newRecordKey()
    environment["LAB_RECORD_KEY"] = key
    let process: NativeProcess
    do {
      process = try NativeProcess.run(
        build.executable, environment: environment,
        limits: NativeProcess.Limits(
          options.limits, seconds: options.limits.runtime.wallClockSeconds))
    } catch {
      throw .io("could not run \(build.executable.path): \(error)")
    }
    let trace = OwnProgramTrace(
      output: process.output, key: key, keepsAllOutput: keepsAllOutput,
      maxEvents: options.limits.interpreter.maxEvents)
    // The runtime names the file it compiled, main.swift: the learner's is theirs.
    let otherOutput = trace.otherOutput.map {
      $0.replacingOccurrences(of: "main/main.swift:", with: "\(name).swift:")
    }
    var record = trace.record(name: name, seed: seed, threads: width(options))
    record.policy = options.policy
    // A limit the lab stopped the program at is why it ended, whatever it wrote last; so is a
    // signal or an exit that left no word and no record of the end.
    if let problem = Self.problem(process),
      process.ending.isLimit || record.problem == nil
        || (trace.jobs == nil && trace.otherOutput.isEmpty)
    {
      record.problem = problem
      if process.ending.isLimit { record.end = .limitReached(problem) }
    }
    return OwnRun(
      record: record, output: trace.printed, jobs: trace.jobs, inexactSleeps: trace.inexactSleeps,
      choices: trace.choices,
      unfitSchedule: trace.unfit ?? Self.unused(schedule, choices: trace.choices),
      otherOutput: otherOutput, otherLineCount: otherOutput.count + trace.otherLeftOut,
      dispatchBlocks: trace.dispatchBlocks, horizonProblem: horizonProblem,
      timedOut: process.ending.isRealTimeLimit)
  }

  /// How many times a run of `--policy pct` changes a priority: three, as the virtual
  /// scheduler's does.
  public static let pctChanges = 3

  /// The points of choice of the program's first in, first out run, where `--policy pct` draws
  /// its changes, and that run's problem when it did not end well; made as `run` makes a run.
  public static func horizon(
    _ build: NativeBuild, name: String, options: RunOptions, blockSeconds: Int = 3,
    environment more: [String: String] = [:], keepsAllOutput: Bool = false
  ) throws(NativeError) -> (points: Int, problem: String?) {
    var fair = options
    fair.policy = .random
    let first = try run(
      build, name: name, seed: 0, options: fair, blockSeconds: blockSeconds, environment: more,
      keepsAllOutput: keepsAllOutput)
    return (first.choices?.counts.count ?? 1, first.record.problem)
  }

  /// Why a schedule longer than the run's points of choice does not fit: its last departures
  /// were never taken, so it does not replay what it says. Nil when it fits.
  static func unused(_ schedule: OwnSchedule?, choices: OwnChoices?) -> String? {
    guard let schedule, let choices, choices.whole else { return nil }
    let points = choices.counts.count
    // Trailing zeros are dropped from a schedule's text: only a departure past the end counts.
    guard let last = schedule.picks.lastIndex(where: { $0 != 0 }), last >= points else {
      return nil
    }
    return "the schedule does not fit this program: it departs at choice \(last + 1), but the "
      + "run had only \(points) point\(points == 1 ? "" : "s") of choice"
  }

  /// The pool's width: `--threads`, else a scenario's.
  static func width(_ options: RunOptions) -> Int { options.threads ?? Scenario.defaultThreads }

  /// How the process ended, when it did not end well.
  static func problem(_ process: NativeProcess) -> String? {
    switch process.ending {
    case .exited(0): nil
    case .exited(let status): "the program exited with status \(status)"
    case .signalled(let signal):
      "the program crashed: killed by \(NativeProcess.signalName(signal))"
    case .timedOut(let seconds):
      // A job blocked in the kernel is named as blocked after `blockSeconds`; a run still going
      // at its timeout is in a loop: one with no await holds its thread, one that awaits goes
      // on job after job (measured: both, and an NSCondition named at 3 s).
      "stopped after \(TraceText.time(seconds)) real s (--timeout): the program had not ended "
        + "— a loop with no await in it holds its thread, or one that awaits goes on without end"
    case .memoryLimit(let megabytes):
      "the program used more than \(megabytes) MB of memory (the --max-memory-mb limit); "
        + "raise it with --max-memory-mb \(megabytes * 2)"
    case .cpuLimit(let seconds):
      "the program used more than \(seconds) s of CPU time (the --max-cpu limit); raise it "
        + "with --max-cpu \(seconds * 2)"
    case .outputLimit(let megabytes):
      "the program and the scheduler's records of it came to more than \(megabytes) MB of "
        + "output (the --max-trace-mb limit); raise it with --max-trace-mb \(megabytes * 2)"
    }
  }
}

extension NativeProcess.Ending {
  /// Whether the lab stopped the program at one of its limits.
  var isLimit: Bool {
    switch self {
    case .exited, .signalled: false
    case .timedOut, .memoryLimit, .cpuLimit, .outputLimit: true
    }
  }
}
