import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabPictures
import LabSwift

/// `lab run FILE.swift` and `lab explore FILE.swift`: a learner's own program under the lab's
/// scheduler (docs/own-programs.md).
enum OwnProgramCommand {
  /// Whether a command's argument names a Swift file rather than a scenario.
  static func names(_ argument: String) -> Bool { argument.hasSuffix(".swift") }

  /// The options that mean nothing for an own program: refused, not ignored.
  static let refused: [Option] = [
    .live, .native, .policy, .threads, .scale, .schedule, .showSchedule, .html, .exhaustive,
  ]

  /// The largest program file the lab reads.
  static let maxBytes = 1 << 20

  /// The file, read; a usage error when it does not exist or is no program file.
  static func load(_ argument: String) throws(UsageError) -> OwnProgram {
    let url = URL(writtenPath: argument)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
      !isFolder.boolValue
    else {
      throw UsageError("no Swift file at '\(terminalSafe(argument))'; check the path")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    guard size <= maxBytes, let data = FileManager.default.contents(atPath: url.path),
      let source = String(data: data, encoding: .utf8)
    else {
      throw UsageError(
        "'\(terminalSafe(argument))' is not a Swift program the lab can read: UTF-8 text of at "
          + "most 1 MB")
    }
    return OwnProgram(path: argument, source: source)
  }

  /// The program built, or nil with the error printed.
  static func build(_ program: OwnProgram, _ arguments: Arguments, _ context: CommandContext)
    throws(UsageError) -> NativeBuild?
  {
    for option in refused where arguments.given(option) {
      throw UsageError(
        "--\(option.rawValue) has no meaning for a Swift file, which runs under the lab's "
          + "scheduler; drop it")
    }
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      context.console.err(
        "error: no Swift toolchain: swiftc is neither on PATH nor at /opt/swift/usr/bin; install "
          + "Swift 6.3 (swift.org/install)\n")
      return nil
    }
    guard let (cache, records) = NativeCommand.cache(context, report: true) else { return nil }
    let builder = NativeBuilder(compiler: compiler, cache: cache, records: records)
    do throws(NativeError) {
      return try program.build(with: builder)
    } catch {
      context.console.err(
        context.console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return nil
    }
  }

  /// `lab run FILE.swift`: one run, its trace (or timeline) and what the scheduler controlled.
  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let program = try load(arguments.positionals[0])
    let options = try RunArguments.parse(arguments)
    let json = try arguments.choice(.format, RunCommand.Format.self) == .json
    guard let build = try build(program, arguments, context) else { return ExitStatus.failure }
    let seed = options.seed ?? 0
    let run: OwnRun
    do throws(NativeError) {
      run = try OwnProgram.run(build, name: program.name, seed: seed, options: options)
    } catch {
      context.console.err(
        context.console.paint("error: ", .red, forErr: true) + error.message + "\n")
      return ExitStatus.failure
    }
    let result = RunResult(record: run.record, checks: [])
    let console = context.console
    if json {
      console.out(TraceJSON.document(result))
    } else if arguments.flag(.timeline) || arguments.flag(.tasks) {
      let style = Timeline.Options(
        environment: context.environment, terminalColumns: console.terminalColumns,
        ascii: arguments.flag(.ascii), color: console.colorOut, taskRows: arguments.flag(.tasks))
      console.out(
        console.highlight(
          Timeline.report(
            result, options: style, replaying: program.path, hints: LabCommand.hint)))
    } else {
      var display = RunArguments.display(arguments)
      display.width = console.terminalColumns
      console.out(
        console.highlight(
          TraceText.report(
            result, replaying: program.path, display: display, hints: LabCommand.hint)))
    }
    if !json {
      for note in notes(run, seed: seed, path: program.path) {
        console.out(console.fitted(note))
      }
    }
    if let path = arguments.value(.chrome) {
      do {
        try AtomicFile.write(ChromeTrace.document(result), toPath: path)
        console.err("wrote \(terminalSafe(path))\n")
      } catch {
        console.err(console.paint("error: ", .red, forErr: true) + "\(error)\n")
        return ExitStatus.failure
      }
    }
    return run.record.problem == nil ? ExitStatus.ok : ExitStatus.failure
  }

  /// What the scheduler controlled in this run and what it did not: the run's honest edges.
  static func notes(_ run: OwnRun, seed: UInt64, path: String) -> [String] {
    let order =
      seed == 0 ? "seed 0: first in, first out" : "seed \(seed) chose the order of ready jobs"
    var lines = [
      "scheduled by the lab: \(run.jobs.map { "\($0) job\($0 == 1 ? "" : "s")" } ?? "the jobs") one at a time on one "
        + "thread (\(order)); 'lab run \(terminalSafe(path)) --seed \(seed)' replays it. Time is "
        + "virtual for Task.sleep and ContinuousClock; SuspendingClock, Dispatch and Date() are "
        + "real."
    ]
    if run.inexactSleeps > 0 {
      lines.append(
        "\(run.inexactSleeps) sleep(s) on a clock other than ContinuousClock: their lengths "
          + "are rounded to the millisecond")
    }
    if run.record.escapedJobs > 0 {
      lines.append(
        "not controlled: \(run.record.escapedJobs) job(s) arrived from a thread the lab does not "
          + "run (Dispatch, Thread): their moment is real time, so this seed may not replay")
    }
    lines.append(
      "not shown: data races through shared memory — no two jobs overlap here; run the program "
        + "under ThreadSanitizer for those")
    // The runtime's message, not the stack trace it prints after it.
    let said = run.otherOutput.prefix { !$0.hasPrefix("Current stack trace") }.prefix(3)
    lines += said.map { "the program wrote: \(terminalSafe($0))" }
    return lines.map { "note: \($0)" }
  }

  /// `lab explore FILE.swift`: seeds 1…N, the outcomes by what the program printed.
  static func explore(_ arguments: Arguments, _ context: CommandContext) throws(UsageError)
    -> Int32
  {
    let program = try load(arguments.positionals[0])
    let count = try arguments.integer(.runs, in: 1...100_000) ?? 100
    let options = try RunArguments.parse(arguments)
    guard let build = try build(program, arguments, context) else { return ExitStatus.failure }
    var outcomes: [[String]: (count: Int, seed: UInt64, problem: String?)] = [:]
    var order: [[String]] = []
    let console = context.console
    for seed in 1...UInt64(count) {
      let run: OwnRun
      do throws(NativeError) {
        run = try OwnProgram.run(build, name: program.name, seed: seed, options: options)
      } catch {
        console.err(console.paint("error: ", .red, forErr: true) + error.message + "\n")
        return ExitStatus.failure
      }
      let key = run.printed + (run.record.problem.map { ["⚠ \($0)"] } ?? [])
      if outcomes[key] == nil { order.append(key) }
      outcomes[key, default: (0, seed, run.record.problem)].count += 1
    }
    console.out(
      "\(terminalSafe(program.path)): \(order.count) outcome\(order.count == 1 ? "" : "s") in "
        + "\(count) seeded runs (sampled, not a proof: seeds 1…\(count)), by what it printed\n")
    for (index, key) in order.enumerated() {
      guard let outcome = outcomes[key] else { continue }
      console.out(
        "\n\(index + 1). \(outcome.count) run\(outcome.count == 1 ? "" : "s"); replay: lab run "
          + "\(terminalSafe(program.path)) --seed \(outcome.seed)\n")
      for line in key { console.out("   \(terminalSafe(line))\n") }
    }
    return outcomes.values.contains { $0.problem != nil } ? ExitStatus.failure : ExitStatus.ok
  }
}
