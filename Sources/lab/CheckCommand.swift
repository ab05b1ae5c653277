import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabNative
import LabPictures
import LabRuntime

/// `lab check`: validates, runs and checks scenarios — expectations, outcomes and expected
/// traces — and summarises them for a teacher or a CI job.
enum CheckCommand: Command {
  static let name = "check"
  static let names = ShellCompletions.Names.scenarios
  static let summary =
    "Check scenarios: validate, run, and compare with expectations and expected traces."
  static let usage = "check [scenario names, paths or folders...] [options]"
  static let discussion = """
    Checks every scenario under Scenarios/ (or the names, .json paths and folders given): it must
    validate, run without a problem, meet its "expect" block, grade no outcome forbidden, and match
    its expected trace NAME.expected when there is one. A scenario without an expected trace is
    checked on its expectations only; one with neither is skipped.

    Prints one line per scenario — PASS, FAIL or SKIP, the name, then what was checked or the first
    failure with the command that replays it — and a last line 'N passed, N failed' (', N skipped'
    when any).

    --seeds K runs each scenario on seeds 1…K under both scheduling policies (or --policy) and fails
    it if any run fails, naming the seed: the flakiness check before publishing a scenario.
    A scenario with "outcomes" is also searched over every schedule: an outcome rule that claims
    what no schedule reaches, or a forbidden outcome any reaches, fails it. The search stops at
    its budget — 20,000 schedules, 60 s, or 512 MB more memory, whichever comes first — and a
    search stopped so fails the scenario too ('every schedule: incomplete: stopped by the budget
    of …; raise it with …'): its claims were not checked.
    --live also runs each once on real threads, checking expectations within the tolerance
    (expected traces are compared on virtual runs only).
    --native instead runs each scenario's Swift program (lab swift NAME) on the real Swift
    runtime and checks its expectations within the same tolerance; a scenario the program
    generator cannot write yet is skipped. Each program is stopped at the limits of
    'lab run --native': --timeout, --max-memory-mb, --max-cpu, --max-trace-mb.
    Where the exhaustive search finishes within a small budget, a few more native runs must end
    with outcomes it proves: one outside them is a fidelity alarm, and the check fails.
    A program scenario ("program": "FILE.swift") runs the course's own Swift, so it is skipped
    unless asked for: --scheduled compiles it with the lab's scheduler and runs seeds 0…19
    (--seeds K: 0…K-1) under both policies; --native compiles it as it is and runs it 20 times
    on Swift's own executors. Either fails it when a run's outcome is forbidden or matches no
    rule of its "outcomes".

    A scenario whose file name another scenario of the course has fails ('shares its name'):
    commands and lessons call scenarios by name. Checking the whole course (no names given), it
    also reads every lesson under Lessons/: a lesson fails when its file has a problem, among
    them a link to a fact that is not in Tests/NativeFacts/, or a scenario it runs that no file,
    or two files, of the course or the bundled curriculum has (a line per lesson, PASS or FAIL,
    then 'lessons: N passed, N failed').
    --facts also runs the facts the lessons cite, as 'lab facts' does, and fails each lesson
    that cites one that does not hold.

    --html DIR and --junit FILE are checked before any scenario runs: DIR may hold only pages the
    lab wrote where its pages go, FILE must not be a folder, and DIR and FILE's folder are created
    when missing but not the folders above them. One refusal writes nothing and runs nothing.

    Exit status: 0 when none failed, 1 when one did (or a report was refused), 64 on a usage error.

    Examples:
      lab check
      lab check --seeds 100
      lab check async-let-downloads Scenarios/01-blocking --live
      lab check --junit build/lab-check.xml
      lab check --native
      lab check --facts
    """
  static let options: [OptionSpec] =
    RunArguments.searchOptions(
      RunArguments.options(without: [.seed, .live, .policy]),
      schedules: ScenarioChecker.exhaustiveBudget)
    + [
      Option.policy.helping(
        "The virtual scheduler's policy (default: random; both with --seeds)."),
      Option.live.helping("Also run each scenario once on real threads."),
      Option.seeds.spec,
      Option.junit.spec,
      Option.html.helping(
        "Also write an HTML report of each scenario's run (its seed) to DIR/scenario-NAME.html, and "
          + "DIR/index.html with every verdict, failures first.", placeholder: "DIR"),
      Option.format.spec,
      Option.verbose.spec,
      NativeCommand.checkOption,
      Option.scheduled.helping(
        "Also compile each program scenario's Swift file and check its seeds under the lab's "
          + "scheduler (skipped without this or --native)."),
      Option.facts.spec,
    ]

  enum Format: String, CaseIterable { case text, json }

  /// A scenario to check: its file and how to name it in replay commands.
  struct Target {
    var url: URL
    var argument: String
  }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let console = context.console
    var plan = CheckPlan()
    plan.options = try RunArguments.parse(arguments)
    plan.options.mode = .virtual
    plan.live = arguments.flag(.live)
    plan.programs = arguments.flag(.scheduled)
    plan.exhaustive = !plan.live
    plan.search = try RunArguments.searchBudget(arguments, options: plan.options, plan.search)
    plan.seeds = try arguments.integer(.seeds, in: 1...1_000_000)
    if let policy = try arguments.choice(.policy, SchedulingPolicy.self) {
      plan.policies = [policy]
    } else if plan.seeds != nil {
      plan.policies = SchedulingPolicy.allCases
    }
    let format = try arguments.choice(.format, Format.self) ?? .text
    let verbose = arguments.flag(.verbose)
    let targets = try targets(arguments.positionals, context)
    let native = arguments.flag(.native) ? try NativeCommand.builder(arguments, context) : nil
    if arguments.flag(.native), native == nil { return ExitStatus.failure }
    guard !targets.isEmpty else {
      console.err(console.paint("error: ", .red, forErr: true) + "no scenario files to check\n")
      return ExitStatus.failure
    }
    let sameNamed = (try? context.catalog())?.sameNameProblems() ?? FileProblems()
    // A file that shares its name fails below and gets no page: its page and the first file's
    // are one path, and the whole check was refused before it ran ("two files would be written
    // to '…/scenario-NAME.html'"), naming neither file (held-out round 47).
    let paged = targets.filter { sameNamed[$0.url] == nil }
    // Whether the reports may be written is decided before any scenario runs.
    let output = outputPlan(paged, arguments)
    if let refusal = output.refusal() {
      console.err(console.paint("error: ", .red, forErr: true) + refusal + "\n")
      return output.refusesATypedPath ? ExitStatus.usage : ExitStatus.failure
    }

    let width = targets.map(\.argument.count).max() ?? 0
    let progress = ProgressLine(console: console)
    var verdicts: [ScenarioVerdict] = []
    for (number, target) in targets.enumerated() {
      let label = "checking \(number + 1)/\(targets.count) \(target.argument)"
      let verdict =
        if let problem = sameNamed[target.url] {
          ScenarioVerdict.invalid(
            scenario: target.argument, file: context.displayPath(target.url),
            messages: [problem], why: "shares its name")
        } else {
          check(target, plan: plan, native: native, progress: (progress, label), context)
        }
      verdicts.append(verdict)
      progress.clear()
      for warning in verdict.warnings {
        console.err(console.paint(warning, .yellow, forErr: true) + "\n")
      }
      if format == .text {
        console.out(
          CheckReport.line(
            verdict, width: width, columns: console.terminalColumns, console.outStyle) + "\n")
        if verbose { console.out(CheckReport.details(verdict)) }
      }
    }
    if format == .text { console.out(CheckReport.totals(verdicts) + "\n") }
    // The whole course: its lessons too, and what they cite — in the reports as well.
    let lessons =
      arguments.positionals.isEmpty
      ? try checkLessons(runFacts: arguments.flag(.facts), toStderr: format == .json, context)
      : []
    if format == .json { console.out(CheckReport.json(verdicts, lessons: lessons)) }
    if let failed = writeReports(verdicts, lessons, paged, plan, output, arguments, context) {
      return failed
    }
    return verdicts.contains { $0.status == .failed } || lessons.contains { $0.problem != nil }
      ? ExitStatus.failure : ExitStatus.ok
  }

  /// One scenario's verdict, natively or as the plan says, with its progress on `label`.
  static func check(
    _ target: Target, plan: CheckPlan, native: NativeBuilder?,
    progress: (line: ProgressLine, label: String), _ context: CommandContext
  ) -> ScenarioVerdict {
    if let verdict = ProgramScenarioCommand.check(
      target.url, argument: target.argument, plan: plan,
      modes: .init(scheduled: plan.programs, native: native != nil), progress: progress, context)
    {
      return verdict
    }
    if let native {
      return NativeCommand.check(
        target.url, argument: target.argument, options: plan.options, builder: native,
        progress: progress, context)
    }
    let of = plan.search.maxSchedules.map { "/\($0)" } ?? ""
    return ScenarioChecker.check(
      file: target.url, argument: target.argument, plan: plan, hints: LabCommand.hint,
      displayPath: context.displayPath
    ) { done, schedules in
      progress.line.update(
        progress.label
          + (plan.runsPerScenario > 1 ? " · run \(done)/\(plan.runsPerScenario)" : "")
          + (schedules.map { " · every schedule: \($0)\(of) schedules" } ?? ""))
    }
  }

  /// Every file `--html DIR` and `--junit FILE` write.
  static func outputPlan(_ targets: [Target], _ arguments: Arguments) -> OutputPlan {
    var output =
      arguments.value(.html).map { HTMLReport.checkPages(targets.map(\.url), folder: $0) }
      ?? OutputPlan()
    if let junit = arguments.value(.junit) { CheckReport.junitPlan(junit, into: &output) }
    return output
  }

  /// Writes `--html` pages with their index and the `--junit` file, as `output` has checked;
  /// the exit status when one cannot be written.
  static func writeReports(
    _ verdicts: [ScenarioVerdict], _ lessons: [CheckReport.LessonCheck], _ targets: [Target],
    _ plan: CheckPlan,
    _ output: OutputPlan, _ arguments: Arguments, _ context: CommandContext
  ) -> Int32? {
    let console = context.console
    do {
      try output.createFolders()
    } catch {
      console.err(console.paint("error: ", .red, forErr: true) + error.description + "\n")
      return ExitStatus.failure
    }
    if let folder = arguments.value(.html) {
      do {
        let pages = try HTMLReport.write(
          targets.map(\.url), options: plan.options, to: folder, displayPath: context.displayPath)
        try HTMLReport.writeCheckIndex(
          verdicts,
          pages: Dictionary(pages.map { (context.displayPath($0.key), $0.value) }) { a, _ in a },
          to: folder)
        // A program scenario has no run to report: only the pages written are counted.
        console.err(
          "wrote \(pages.count) HTML report\(pages.count == 1 ? "" : "s") and index.html to "
            + "\(terminalSafe(folder))\n")
      } catch {
        console.err(console.paint("error: ", .red, forErr: true) + error.description + "\n")
        return ExitStatus.failure
      }
    }
    if let junit = arguments.value(.junit) {
      do {
        try CheckReport.writeJUnit(verdicts, lessons: lessons, toPath: junit)
      } catch {
        for line in error.lines {
          console.err(console.paint("error: ", .red, forErr: true) + line + "\n")
        }
        return ExitStatus.failure
      }
    }
    return nil
  }

  /// The scenarios named on the command line — names, files, folders — or all under Scenarios/.
  static func targets(_ positionals: [String], _ context: CommandContext) throws(UsageError)
    -> [Target]
  {
    if positionals.isEmpty {
      let catalog = try context.catalog()
      let files = catalog.allScenarioFiles()
      return zip(files, catalog.arguments(for: files)).map { Target(url: $0, argument: $1) }
    }
    var targets: [Target] = []
    for positional in positionals {
      let (files, isFolder) = try context.scenarioFiles(positional)
      guard isFolder else {
        targets.append(Target(url: files[0], argument: positional))
        continue
      }
      let arguments = (try? context.catalog())?.arguments(for: files)
      targets += files.indices.map { index in
        Target(url: files[index], argument: arguments?[index] ?? context.displayPath(files[index]))
      }
    }
    // Each file once, as `lab validate` reads it: a scenario named twice (by its name and its
    // path, say) was checked twice, and with `--html` refused whole, its one page "two files"
    // to "rename one of" (held-out round 47).
    return targets.eachFileOnce(\.url)
  }
}
