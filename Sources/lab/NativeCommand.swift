import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabNative
import LabProcess
import LabRuntime
import LabSwift

/// `lab run --native` and `lab check --native`: flags and printing; `LabNative` does the work.
enum NativeCommand {
  static let checkOption = Option.native.helping(
    "Check each scenario's Swift program, run natively, within the live tolerance; where the "
      + "exhaustive search finishes within 1,000 schedules and 1 s, a few more runs (a quarter "
      + "second) must end with outcomes it proves, or the check fails with a fidelity alarm.")

  /// Options a native run has no use for: it has no seed and no virtual scheduler. (`--threads`
  /// it honours: the program's tasks then prefer a pool of that width.)
  static let refused: [Option] = [
    .live, .seed, .seeds, .policy, .schedule, .showSchedule, .timeline, .tasks, .html,
    .chrome,
  ]

  /// The builder; nil, with an error printed, when there is no toolchain.
  static func builder(_ arguments: Arguments, _ context: CommandContext) throws(UsageError)
    -> NativeBuilder?
  {
    for option in refused where arguments.given(option) {
      throw UsageError("--\(option.rawValue) has no meaning in a native run; drop it or --native")
    }
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      let why = SwiftCompiler.missing(environment: context.environment)
      context.console.err(
        "error: no Swift toolchain: \(why); install Swift 6 (swift.org/install) or run "
          + "without --native\n")
      return nil
    }
    let (cache, records) = try cache(context)
    return NativeBuilder(compiler: compiler, cache: cache, records: records)
  }

  /// Where built programs are kept — `LAB_NATIVE_CACHE`, or the user's build folder — and the
  /// records of what the lab built there. `LAB_NATIVE_CACHE` is held to what the build folder
  /// is: an absolute path to a folder of the user's that only they may write to, not a link. A
  /// location the lab refuses is a usage error (64), as a `LAB_ROOT` naming no folder is: the
  /// command was given a setting it cannot use, and nothing was built or run.
  static func cache(_ context: CommandContext) throws(UsageError) -> (URL, BuildRecords) {
    do throws(BuildFolderError) {
      let records = try BuildRecords(environment: context.environment)
      if let chosen = context.environment["LAB_NATIVE_CACHE"], !chosen.isEmpty {
        guard chosen.hasPrefix("/") else {
          throw BuildFolderError(
            "LAB_NATIVE_CACHE=\(chosen) is not an absolute path; name a folder of yours, such as "
              + "~/.cache/lab-native, or unset it", variable: "LAB_NATIVE_CACHE")
        }
        return (
          try BuildFolder.chosen(
            URL(writtenPath: chosen), variable: "LAB_NATIVE_CACHE",
            environment: context.environment),
          records
        )
      }
      return (try BuildFolder.folder("native", environment: context.environment), records)
    } catch {
      throw usageError(error, context)
    }
  }

  /// A refused build folder as a usage error: printed as the setting's error, as LAB_ROOT's is,
  /// where the environment set it — the command's usage would not help.
  static func usageError(_ refused: BuildFolderError, _ context: CommandContext) -> UsageError {
    let setting = refused.variable.flatMap { name in
      context.environment[name].map { "\(name)=\($0)" }
    }
    return UsageError(refused.description, location: setting)
  }

  /// A lesson's native runs of a prediction's scenario; nil without a toolchain, where the
  /// lesson shows the proven outcomes alone and says why.
  static func lessonRuns(
    _ context: CommandContext, secondsLeft: @escaping () -> Double = { .infinity }
  ) -> (
    (Scenario, Int, Double) -> Result<LessonSession.NativeRuns, LessonSession.LoadProblem>
  )? {
    guard let compiler = SwiftCompiler.find(environment: context.environment),
      let (cache, records) = try? cache(context)
    else { return nil }
    return {
      scenario, runs, seconds -> Result<LessonSession.NativeRuns, LessonSession.LoadProblem> in
      // Its build keeps within what is left of the lesson's time.
      let left = secondsLeft()
      guard left > 0.5 else {
        return .failure(
          LessonSession.LoadProblem(
            "the lesson's time ran out before the program was run; raise its --max-seconds",
            lessonTimeRanOut: true))
      }
      let bounded = compiler.within(seconds: left)
      // Its sampling too: a prediction's few seconds of runs, begun with one second of the
      // lesson left, ran three seconds past it.
      let seconds = min(seconds, left)
      let builder = NativeBuilder(compiler: bounded, cache: cache, records: records)
      let began = ContinuousClock.now
      do throws(NativeError) {
        // A program that hangs is stopped well within the prediction's own few seconds, not at
        // `--native`'s minute.
        // Nor beyond the lesson's time (a cached build leaves it all to the run).
        var options = RunOptions()
        options.limits.runtime.wallClockSeconds = max(0.5, min(max(5, 2 * seconds), left))
        let sample = try WaitLine.during(
          "building and running the Swift program", console: context.console
        ) { () throws(NativeError) in
          try NativeRunner.sample(
            scenario, runs: runs, seconds: seconds, builder: builder, options: options)
        }
        let build = "Swift \(sample.swiftMode)" + (sample.sanitized ? " + ThreadSanitizer" : "")
        return .success(
          LessonSession.NativeRuns(records: sample.records, seconds: sample.seconds, build: build))
      } catch {
        // Stopped by the lesson's time rather than the compiler's own: say so, not "make the
        // program smaller".
        if bounded.limits.seconds < compiler.limits.seconds,
          (ContinuousClock.now - began) / .seconds(1) >= bounded.limits.seconds
        {
          return .failure(
            LessonSession.LoadProblem(
              "the lesson's time ran out while the program was built or ran; raise its --max-seconds",
              lessonTimeRanOut: true))
        }
        return .failure(LessonSession.LoadProblem(error.message))
      }
    }
  }

  /// `lab run NAME --native`: the trace as `lab run` prints it, then the notes; the build on
  /// stderr.
  static func run(
    _ scenario: Scenario, _ arguments: Arguments, options: RunOptions, json: Bool,
    _ context: CommandContext
  ) throws(UsageError) -> Int32 {
    guard let builder = try builder(arguments, context) else { return ExitStatus.failure }
    let console = context.console
    let run: NativeRun
    do {
      run = try WaitLine.during("building and running the Swift program", console: console) {
        () throws(NativeError) in try NativeRunner.run(scenario, options: options, builder: builder)
      }
    } catch {
      console.err("error: \(error.message)\n")
      return ExitStatus.failure
    }
    // What the learner should know about this run goes after its checks, on stdout, where the
    // pager shows it; JSON keeps stdout for the document.
    if json { for note in run.notes { console.err("note: \(note)\n") } }
    let build = run.build
    console.err(
      (build.compiled
        ? "compiled in Swift \(build.swiftMode) mode in \(seconds(build.compileSeconds)) s"
        : "cached build (Swift \(build.swiftMode) mode)")
        + ": \(terminalSafe(context.displayPath(build.executable))); ran in \(seconds(run.process.seconds)) s "
        + "(CPU \(seconds(run.process.cpuSeconds)) s, memory \(run.process.peakMegabytes) MB) "
        + "at scale \(run.result.record.scale.map { String($0) } ?? "?")\n")
    if json {
      console.out(TraceJSON.document(run.result))
    } else {
      let display = RunArguments.display(arguments)
      if let unknown = display.unknownName(in: run.result.events) { throw UsageError(unknown) }
      let report = TraceText.report(
        run.result, replaying: arguments.positionals[0], display: display, hints: LabCommand.hint)
      console.out(console.highlight(report))
      for note in run.notes { console.out(console.highlight("note: \(note)\n")) }
    }
    return run.result.passed ? ExitStatus.ok : ExitStatus.failure
  }

  /// `lab check --native`'s verdict on one scenario.
  static func check(
    _ url: URL, argument: String, options: RunOptions, builder: NativeBuilder,
    progress: (ProgressLine, String), _ context: CommandContext
  ) -> ScenarioVerdict {
    progress.0.update(progress.1 + " natively")
    return NativeChecker.check(
      file: url, argument: argument, options: options, builder: builder,
      displayPath: context.displayPath)
  }

  static func seconds(_ value: Double) -> String { String((value * 100).rounded() / 100) }
}
