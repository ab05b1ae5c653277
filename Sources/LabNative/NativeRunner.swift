import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime
import LabSwift

/// A native run: the program built, run, read back as a trace and checked.
public struct NativeRun: Sendable {
  /// The trace, measurements and values, with the scenario's checks within the live tolerance.
  public var result: RunResult
  public var build: NativeBuild
  public var process: NativeProcess
  /// What the learner should know about how it was built: Swift 5 mode for a race.
  public var notes: [String]
}

/// Runs a scenario's Swift program on the real Swift runtime — no lab executor in between — and
/// reads its output back as a trace in the lab's format.
public enum NativeRunner {
  /// The environment variable the program reads its scale from.
  public static let scaleVariable = "LAB_SCALE"

  /// The environment variable that gives the program a pool of this many threads per priority.
  public static let threadsVariable = "LAB_THREADS"

  /// How long a program whose scenario expects a problem may hang before it is killed.
  static let expectedHangSeconds = 5.0

  /// The whole environment of a native program: what its helpers and runtime need, nothing of
  /// the lab's. `LAB_SCALE` for the helpers; `LAB_THREADS` for a pool of the scenario's width; `SWIFT_BACKTRACE=enable=no`, since Swift's
  /// backtracer is a second process that can outlive the program holding its output, and while
  /// it works the program's other threads go on — `queue-sync-deadlock` then exits 0 as if it
  /// had not trapped (docs/swift-programs.md); the runtime's one-line message (`Fatal error: …`)
  /// stays. A ThreadSanitizer build gets `TSAN_OPTIONS`, the learner's own with `exitcode=0`.
  public static func environment(scale: Double, sanitized: Bool, threads: Int? = nil)
    -> [String: String]
  {
    var environment = [scaleVariable: String(scale), "SWIFT_BACKTRACE": "enable=no"]
    if let threads { environment[threadsVariable] = String(threads) }
    if sanitized {
      // ThreadSanitizer exits with 66 after a report; the race is the lesson, not a failure.
      let given = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] ?? ""
      environment["TSAN_OPTIONS"] = (given.isEmpty ? "" : given + " ") + "exitcode=0"
    }
    return environment
  }

  /// Builds (or takes from the cache) and runs the program of `scenario`: time played at
  /// `options.scale` (or the scale `LiveScale` chooses), killed after
  /// `options.limits.runtime.wallClockSeconds` (`expectedHangSeconds` when it expects a problem).
  public static func run(
    _ scenario: Scenario, options: RunOptions, builder: NativeBuilder
  ) throws(NativeError) -> NativeRun {
    let source = try NativeBuilder.source(scenario)
    let build = try builder.build(scenario, source: source)
    var notes: [String] = []
    let threads = options.threads ?? scenario.threads
    let cores = ProcessInfo.processInfo.activeProcessorCount
    // Swift's own pool is as wide as the cores: a scenario of another width gets a pool of its
    // own, which the program's tasks prefer (SE-0417), so it runs as wide as the model does.
    let pool = threads == cores ? nil : threads
    if let pool {
      notes.append(
        "the program's tasks ran on a pool of \(pool) thread\(pool == 1 ? "" : "s") per "
          + "priority, as the scenario says, which they prefer as their task executor (SE-0417): "
          + "Swift's own pool is as wide as this machine's cores, \(cores). The main actor and "
          + "Dispatch are Swift's own")
    }
    if build.swiftMode == 5 {
      notes.append(
        "\(scenario.name) shows a data race, which Swift 6 refuses to compile: built in Swift 5 "
          + "mode with ThreadSanitizer, which reports the race when the run interleaves it")
    }
    let scale = LiveScale.scale(
      of: scenario, options: options, cost: LiveScale.nativeCostPerEvent)
    let environment = Self.environment(scale: scale, sanitized: build.sanitized, threads: pool)
    // A scenario that shows a deadlock or a leaked continuation expects its program to hang: a
    // few seconds show that as well as a minute.
    var timeout = options.limits.runtime.wallClockSeconds
    if scenario.expect.problem != nil, timeout > expectedHangSeconds {
      timeout = expectedHangSeconds
      notes.append(
        "the scenario expects the program to stop: if it hangs, it is killed after "
          + "\(Int(timeout)) s")
    }
    let process: NativeProcess
    do {
      process = try NativeProcess.run(
        build.executable, environment: environment,
        limits: NativeProcess.Limits(options.limits, seconds: timeout))
    } catch {
      throw .io("could not run \(build.executable.path): \(error)")
    }
    let record = record(scenario, process: process, scale: scale, threads: threads)
    var checks = ExpectationChecker.check(
      scenario.expect, against: record, tolerance: scenario.tolerance(options))
    if build.sanitized {
      checks = checks.map(sanitizerMiss)
      if checks.contains(where: { $0.expectedMiss != nil }) { notes.append(sanitizerNote) }
    }
    return NativeRun(
      result: RunResult(record: record, checks: checks), build: build, process: process,
      notes: notes)
  }

  /// A check a ThreadSanitizer build is expected to miss, marked so: its times, which are
  /// ThreadSanitizer's, and a race it did not report in this run.
  static func sanitizerMiss(_ check: CheckResult) -> CheckResult {
    var check = check
    if check.passed { return check }
    if check.measuresTime {
      check.expectedMiss = "ThreadSanitizer's own time (see the note)"
    } else if check.name == "races", check.expected == "a data race" {
      check.expectedMiss = "ThreadSanitizer saw no race in this run (see the note)"
    }
    return check
  }

  /// What a learner is told after the checks of a ThreadSanitizer build that missed some.
  static let sanitizerNote =
    "a race's program runs under ThreadSanitizer, which makes its times its own: every memory "
    + "access is slower, a task starts about 1.5 real ms later and a report takes about 100 real "
    + "ms to write, each multiplied by the time scale; and it reports a race only when this run's "
    + "accesses happen with nothing ordering them, which the program's own output and its pool's "
    + "queue often do. A ✗ marked \"expected on this machine\" says nothing about the model; "
    + "the values and outcomes are checked as in any run"

  /// The run record of what the program printed and how it ended.
  public static func record(
    _ scenario: Scenario, process: NativeProcess, scale: Double, threads: Int? = nil
  ) -> RunRecord {
    // Blocks on main closer than a real millisecond held it as one piece of work.
    let trace = NativeTrace(output: process.output, joiningWithin: 1 / scale)
    var events = trace.events
    let last = events.last?.time ?? 0
    // ThreadSanitizer reports each race on stderr as it happens, without a scenario time.
    let races = trace.otherOutput.filter {
      $0.hasPrefix("WARNING: ThreadSanitizer:")
    }
    if let first = races.first {
      let what = first.dropFirst("WARNING: ".count)
      events.append(
        TraceEvent(
          time: last, thread: "-", task: "-",
          payload: .race(
            .sanitizer("\(what)\(races.count > 1 ? " (and \(races.count - 1) more)" : "")"))))
    }
    cutShortAtExit(scenario, trace: trace, &events)
    var problem = problem(process, trace: trace, scale: scale)
    var end = RunEnd.finished
    switch process.ending {
    case .exited, .signalled: break
    case .timedOut, .memoryLimit, .cpuLimit, .outputLimit: end = .limitReached(problem ?? "")
    }
    if problem == nil, trace.duration == nil {
      // It may not have started at all (a ThreadSanitizer build that cannot map its shadow
      // memory exits with the status TSAN_OPTIONS gives it): say how it ended and what it said.
      let printed =
        printedMessage(trace.otherOutput).map { "; it printed: \($0)" } ?? "; it printed nothing"
      problem =
        "the program ended (\(process.ending.said)) without printing 'root end'"
        + printed
    }
    return RunRecord(
      scenario: scenario.name, title: scenario.title, mode: .native,
      threads: threads ?? ProcessInfo.processInfo.activeProcessorCount, duration: trace.duration,
      mainStall: trace.mainStall, values: values(scenario, trace), events: events,
      busySpans: trace.mainSpans, end: end, problem: problem, scale: scale)
  }

  /// A command-line tool's process ends with main: the tasks still running then are cut short,
  /// which an event at main's end says.
  static func cutShortAtExit(_ scenario: Scenario, trace: NativeTrace, _ events: inout [TraceEvent])
  {
    guard scenario.lifetime == .commandLine, let rootEnd = trace.duration else { return }
    let cut = TraceEvent.unfinishedTasks(events).filter { $0 != "root" }
    if !cut.isEmpty {
      events.append(
        TraceEvent(
          time: rootEnd, thread: "-", task: "root", payload: .cancel(.processExit(cut: cut))))
    }
  }

  /// Each shared variable's final value as the program printed it, read as its initial value's
  /// type; none where it printed none.
  static func values(_ scenario: Scenario, _ trace: NativeTrace) -> [(name: String, value: Value)] {
    scenario.state.map { variable in
      (variable.name, trace.values[variable.name].map { parse($0, like: variable.value) } ?? .none)
    }
  }

  /// The problem of a run that did not end well: how it ended, when, and what it printed.
  static func problem(_ process: NativeProcess, trace: NativeTrace, scale: Double) -> String? {
    let when =
      trace.trapTime.map { "at \(TraceText.time($0)) ms" } ?? endTime(process, scale: scale)
    let printed = printedMessage(trace.otherOutput).map { "; it printed: \($0)" } ?? ""
    switch process.ending {
    case .exited(0): return nil
    case .exited(let status):
      return "the program exited with status \(status) \(when)\(printed)"
    case .signalled(let signal):
      return "the program crashed: killed by \(NativeProcess.signalName(signal)) \(when), after "
        + "\(trace.events.count) events\(printed)"
    case .timedOut(let seconds):
      return "stopped after \(TraceText.time(seconds)) s (--timeout): the program had not "
        + "finished; the lab killed it"
    case .memoryLimit(let megabytes):
      return "stopped \(when): the program used more than \(megabytes) MB of memory (the "
        + "--max-memory-mb limit); raise it with --max-memory-mb \(megabytes * 2)"
    case .cpuLimit(let seconds):
      return "stopped \(when): the program used more than \(seconds) s of CPU time (the "
        + "--max-cpu limit); raise it with --max-cpu \(seconds * 2)"
    case .outputLimit(let megabytes):
      return "stopped \(when): the program printed more than \(megabytes) MB (the "
        + "--max-trace-mb limit); raise it with --max-trace-mb \(megabytes * 2)"
    }
  }

  /// `at about T ms`: when the program ended on its own clock — its exit, timed by the lab, from
  /// the moment its time-0 line arrived. A trap ends the program at once, so this is when it
  /// trapped, which the last line it printed need not tell (a block's line comes at its end).
  static func endTime(_ process: NativeProcess, scale: Double) -> String {
    guard let origin = process.originSeconds else { return "before its time 0" }
    let milliseconds = (process.seconds - origin) * 1000 / scale
    return "at about \(TraceText.time(NativeTrace.rounded(milliseconds))) ms"
  }

  /// What the program printed that is not a trace line — the runtime's `Fatal error: …` before
  /// a trap — up to its stack trace or a ThreadSanitizer report: at most three lines, each cut.
  static func printedMessage(_ lines: [String]) -> String? {
    let message =
      lines
      .prefix { $0 != "Current stack trace:" && !$0.hasPrefix("==================") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .prefix(3)
      .map { $0.count > 300 ? $0.prefix(300) + "…" : $0 }
    return message.isEmpty ? nil : message.joined(separator: " / ")
  }

  /// A value as Swift's `\(value)` prints it, read as the type of the scenario's initial value.
  static func parse(_ text: String, like initial: Value) -> Value {
    switch initial {
    case .string: return .string(text)
    case .int: return Int64(text).map(Value.int) ?? .string(text)
    case .bool: return Bool(text).map(Value.bool) ?? .string(text)
    case .list, .none: break
    }
    if let number = Int64(text) { return .int(number) }
    if let truth = Bool(text) { return .bool(truth) }
    guard text.hasPrefix("["), text.hasSuffix("]") else { return .string(text) }
    return .list(elements(String(text.dropFirst().dropLast())).map(element))
  }

  /// The elements of an array's description: split at `, ` outside quotes.
  static func elements(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var items: [String] = []
    var current = ""
    var quoted = false
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        quoted.toggle()
      } else if character == ",", !quoted {
        items.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
        continue
      }
      current.append(character)
    }
    items.append(current.trimmingCharacters(in: .whitespaces))
    return items
  }

  static func element(_ text: String) -> Value {
    if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      return .string(literalText(text.dropFirst().dropLast()))
    }
    return parse(text, like: .none)
  }

  /// A string as `debugDescription` wrote it between its quotes, read back: `\0 \t \n \r \"
  /// \' \\` and `\u{…}` (which it writes for every other control), so a tab or an escape in a
  /// list is the same text natively as in the lab. Anything else is kept as printed.
  static func literalText(_ text: Substring) -> String {
    guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
    var out = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let next = scalars.popFirst() else {
        out.append(scalar)
        continue
      }
      switch next {
      case "0": out.append("\0")
      case "t": out.append("\t")
      case "n": out.append("\n")
      case "r": out.append("\r")
      case "\"", "'", "\\": out.append(next)
      case "u":
        if scalars.first == "{", let close = scalars.firstIndex(of: "}"),
          let value = UInt32(
            String(
              String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close])),
            radix: 16),
          let decoded = Unicode.Scalar(value)
        {
          out.append(decoded)
          scalars = scalars[scalars.index(after: close)...]
        } else {
          out.append(scalar)
          out.append(next)
        }
      default:
        out.append(scalar)
        out.append(next)
      }
    }
    return String(out)
  }
}

extension NativeRunner {
  /// `lab swift NAME --check`'s run of a race's Swift 5 build, under ThreadSanitizer: the same
  /// untrusted run as `--native`'s — its own process group, its own environment, the default
  /// limits and 60 seconds — and what it printed.
  public static func runRaceBuild(_ binary: URL) throws -> String {
    try runRaceBuild(binary, seconds: 60)
  }

  /// The same, stopped after `seconds` (at least 1): a lesson gives it what is left of its time.
  public static func runRaceBuild(_ binary: URL, seconds: Double) throws -> String {
    try NativeProcess.run(
      binary, environment: environment(scale: 1, sanitized: true),
      limits: NativeProcess.Limits(RunLimits(), seconds: max(1, min(60, seconds)))
    ).output
  }
}
