import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabNative
import LabPictures
import LabProcess
import LabRuntime
import LabSwift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lab lesson`: runs a lesson — its sections, its scenarios with their traces and checks, and its
/// questions.
enum LessonCommand: Command {
  static let name = "lesson"
  static let names = ShellCompletions.Names.lessons
  static let summary = "Run a lesson: read it section by section and watch its scenarios run."
  static let usage =
    "lesson [<number, name, start of a name, or its .md file>] [--step] [--full] [--ascii]"
  static let discussion = """
    Prints a lesson from Lessons/ section by section and runs each scenario where the lesson says,
    showing its trace (or its timeline) and its checks; the lesson ends with questions to think
    about. A lesson is found by its number, its name or the start of its name. 'lab list' lists
    them; docs/lessons.md describes the file format.

    With no lesson named, it continues where you left off: the lesson after the last one you
    played to its end, the same one if you stopped in it (q with --step), lesson 1 the first
    time. Progress is kept per course folder in $XDG_STATE_HOME/concurrency-lab/progress
    (~/.local/state/… when XDG_STATE_HOME is unset), at most 64 KiB; a folder, a pipe or a larger
    file in its place gets one line of warning and the lesson plays without it.

    Runs are the lesson's 'lab run' lines: paste one into your shell to try it again, then change
    --seed, --threads or --live and see what changes. A run the lesson marks as failing on purpose
    passes only when one of its checks fails.

    A prediction asks a question first ("which values can counter end with?"): on a terminal
    you answer with the numbers of the choices you think possible; piped, it does not wait. Then
    it shows the outcomes every schedule can end with (the exhaustive search), how often the
    scenario's Swift program ended each way over a few seconds of native runs (when swiftc is
    installed), and which of your answers were right. A native run outside the proven outcomes
    is a fidelity alarm and fails the lesson.

    --step pauses after each section until you press Return (q stops, no Return needed), when
    both stdin and stdout are a terminal; a section taller than the screen is shown a screen at a
    time, its heading at the top of each. Otherwise the lesson prints straight through.
    Exit status: 0 when every run does what the lesson says, 1 when one does not (or the lesson
    file has a problem), 64 on a usage error.

    Examples:
      lab lesson
      lab lesson 1
      lab lesson async-let
      lab lesson async --step
    """
  /// `run` starts the pager itself once it knows the lesson: a lesson that asks for a
  /// prediction on a terminal needs the keyboard, which a pager would hold.
  static func pages(_ arguments: Arguments) -> Bool { false }
  static let options = [
    Option.step.spec,
    Option.ascii.helping("Draw the lesson's timelines in plain ASCII."),
    Option.full.helping("Print every line of each run, not only the part the lesson shows."),
    Option.maxSeconds.helping(
      "The most the lesson may take, in seconds (default 300): past it, the lesson stops before "
        + "its next block and says so."),
  ]

  /// A lesson's bound as a whole, by default: the bundled lessons take a few seconds each.
  static let defaultBudget: Double = 300

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count <= 1 else { throw UsageError("lesson takes one lesson") }
    let course = try context.course()
    let progress = LessonProgress(environment: context.environment)
    let storeProblem = progress?.problem
    if let problem = storeProblem {
      context.console.err(
        context.console.paint("warning: ", .yellow, forErr: true) + problem + "\n")
    }
    // A lesson of the course whose name is not UTF-8 is found by no number or name: named, so a
    // bundled lesson of its number is not taken for it without a word.
    for problem in UnreadableNames.problems(inCourse: course.root)
    where problem.hasPrefix("Lessons/") {
      context.console.err(context.console.paint(problem, .red, forErr: true) + "\n")
    }
    let catalog: LessonCatalog
    let entry: LessonCatalog.Entry
    if let argument = arguments.positionals.first {
      let (found, resolution, shadowed) = course.resolveLesson(argument)
      (catalog, entry) = (found, try find(argument, resolution, in: found, course: course))
      if let shadowed {
        context.console.err(
          "note: the bundled curriculum has lesson \(shadowed.number) (\(shadowed.name)) too; "
            + "playing the course's own\n")
      }
    } else {
      let (found, next, note) = course.continuation(from: progress)
      context.console.err("\(note); '\(LabCommand.name) lesson N' plays any lesson\n")
      guard let next else { return ExitStatus.ok }
      (catalog, entry) = (found, next)
    }
    let lesson: Lesson
    do {
      lesson = try catalog.load(entry)
    } catch {
      for line in error.description.split(separator: "\n") {
        context.console.err(
          context.console.paint(terminalSafe(String(line)), .red, forErr: true) + "\n")
      }
      return ExitStatus.failure
    }
    let asks = lesson.sections.contains { $0.blocks.contains { $0.prediction != nil } }
    let pager =
      arguments.flag(.step) || (asks && isatty(STDIN_FILENO) != 0) ? nil : Pager.start(context)
    defer { pager?.finish() }
    let budget = try arguments.number(.maxSeconds, in: 1...86_400) ?? Self.defaultBudget
    // Stopped until played to its end: a lesson left any way at all (q, Ctrl-C, a closed
    // terminal) is the one `lab lesson` offers again. Noted before the lesson's time starts.
    let unkept = progress?.record(.init(lessonFile: entry.url, finished: false), in: course.root)
    var session = LessonSession(
      lesson: lesson, surroundings: surroundings(arguments, context, budget: budget),
      ascii: arguments.flag(.ascii), full: arguments.flag(.full))
    session.play()
    session.finish(next: catalog.entries().first { $0.number > lesson.number })
    let lost = progress?.record(
      .init(lessonFile: entry.url, finished: session.playedToTheEnd), in: course.root)
    // Said once: a store already named unusable above is not named again.
    if storeProblem == nil, let problem = lost ?? unkept {
      context.console.err(
        context.console.paint("warning: ", .yellow, forErr: true) + problem + "\n")
    }
    return session.failures.isEmpty ? ExitStatus.ok : ExitStatus.failure
  }

  /// What a lesson is played with: the console, scenario loading, timelines and the pause.
  static func surroundings(
    _ arguments: Arguments, _ context: CommandContext, budget: Double = defaultBudget
  ) -> LessonSession.Surroundings {
    let console = context.console
    // Every compile a lesson starts keeps within what is left of its budget: a verdict's (and
    // a minute), a `lab swift NAME --check` line's, a prediction's native build.
    let deadline = ContinuousClock.now + .seconds(budget)
    let secondsLeft = { (deadline - ContinuousClock.now) / .seconds(1) }
    let lessonTime = SwiftCompiler.TimeBound(name: "the lesson's time", option: "--max-seconds")
    // One reading of the time left bounds both the verdict's limits and the compiler, so a
    // timeout at it is known to be the lesson's.
    let verdictLimits = { (left: Double) -> NativeProcess.Limits in
      var limits = SwiftVerdictCheck.verdictLimits
      limits.seconds = max(1, min(limits.seconds, left))
      return limits
    }
    return LessonSession.Surroundings(
      write: console.out, style: console.outStyle,
      load: { load($0, context) },
      timeline: { ascii, taskRows in
        Timeline.Options(
          environment: context.environment, terminalColumns: console.terminalColumns,
          ascii: ascii, color: console.colorOut, taskRows: taskRows)
      },
      pause: arguments.flag(.step) && isatty(STDIN_FILENO) != 0 && console.outIsTerminal
        ? { waitForKey(console, $0) } : nil,
      rows: console.terminalRows,
      width: console.terminalColumns,
      checkSwift: SwiftCompiler.find(environment: context.environment).map { compiler in
        { scenario, source in
          do {
            let check = try WaitLine.during(
              "compiling the Swift program with swiftc", console: console
            ) {
              try SwiftCheck.run(
                scenario, source: source,
                compiler: compiler.within(seconds: secondsLeft(), bound: lessonTime),
                environment: context.environment,
                runProgram: { try NativeRunner.runRaceBuild($0, seconds: secondsLeft()) })
            }
            return (check.report, check.isExpected)
          } catch let refused as BuildFolderError {
            return ("\(refused)\n", false)
          } catch {
            return ("could not run swiftc: \(error)\n", false)
          }
        }
      },
      checkVerdict: SwiftCompiler.find(environment: context.environment).map { compiler in
        { block in
          try WaitLine.during("compiling the verdict's program with swiftc", console: console) {
            let left = secondsLeft()
            return try SwiftVerdictCheck.run(
              block.program, settings: block.settings,
              compiler: compiler.within(seconds: left, bound: lessonTime),
              environment: context.environment, expecting: block.expected,
              limits: verdictLimits(left))
          }
        }
      },
      // A prediction waits for an answer only on a terminal; piped, it reveals at once.
      ask: isatty(STDIN_FILENO) != 0 && console.outIsTerminal
        ? { prompt in
          console.out(prompt)
          return KeyReader.line()
        } : nil,
      runNatively: NativeCommand.lessonRuns(context, secondsLeft: secondsLeft),
      budget: .seconds(budget))
  }

  /// The scenario a lesson's block names, or why it has none to run.
  static func load(_ name: String, _ context: CommandContext)
    -> Result<Scenario, LessonSession.LoadProblem>
  {
    do throws(UsageError) {
      // A program scenario validates, and a lesson runs none: it said "scenario 'NAME' does not
      // validate; fix what is named above", under a message naming other commands.
      switch context.loadScenarioFile(try context.scenarioFile(name)) {
      case .steps(let scenario)?: return .success(scenario)
      case .program?:
        return .failure(
          .init(
            "'\(name)' runs a Swift program of the course's own, which a lesson never compiles "
              + "or runs; run it yourself with 'lab run \(name) --scheduled', or use a scenario of "
              + "steps here"))
      case nil: return .failure(.init(nil))
      }
    } catch {
      return .failure(.init(error.message))
    }
  }

  /// The lesson an argument names, or a usage error that says what would.
  static func find(
    _ argument: String, _ resolution: LessonCatalog.Resolution, in catalog: LessonCatalog,
    course: Course
  ) throws(UsageError) -> LessonCatalog.Entry {
    let entries = catalog.entries()
    guard !entries.isEmpty else {
      throw UsageError("no lessons in \(catalog.displayPath(catalog.lessonsFolder))/")
    }
    switch resolution {
    case .lesson(let entry):
      return entry
    case .notFound(let suggestion):
      if PlainNumber.whole(argument) != nil {
        let numbers = entries.map(\.number)
        throw UsageError(
          "no lesson \(argument): lessons are numbered \(numbers.min()!)–\(numbers.max()!); "
            + "'\(LabCommand.name) list' lists them")
      }
      if argument.hasSuffix(".md") {
        throw UsageError(
          "'\(terminalSafe(argument))' is not a lesson file of this course (\(catalog.displayPath(catalog.lessonsFolder))/); "
            + "name a lesson by its file there, its number or its name: "
            + "'\(LabCommand.name) list' lists them")
      }
      // A scenario's exact name beats the nearest lesson name: the user named the wrong kind.
      let scenario =
        course.hasScenario(named: argument)
        ? "; that's a scenario: '\(LabCommand.hint.command("run", argument))'" : nil
      throw UsageError(
        "no lesson named '\(terminalSafe(argument))'"
          + (scenario ?? suggestion.map { "; did you mean '\($0)'?" }
            ?? "; '\(LabCommand.name) list' lists the lessons"))
    case .ambiguous(let matches):
      let names = matches.map { "\($0.name) (\($0.number))" }.joined(separator: ", ")
      // Lessons that share the number typed: the number cannot tell them apart, their names can.
      if Int(argument) != nil, Set(matches.map(\.number)).count == 1 {
        throw UsageError(
          "\(matches.count) lessons are numbered \(matches[0].number): \(names); give one's "
            + "name, such as 'lab lesson \(matches[0].name)', and number each lesson once")
      }
      // Lessons that share the name typed: their numbers tell them apart.
      if Set(matches.map { $0.name.lowercased() }).count == 1,
        matches[0].name.lowercased() == argument.lowercased()
      {
        throw UsageError(
          "\(matches.count) lessons are named '\(terminalSafe(matches[0].name))': \(names); give "
            + "one's number, such as 'lab lesson \(matches[0].number)', and rename one of the files"
        )
      }
      throw UsageError(
        "'\(terminalSafe(argument))' could be \(names); type more of the name, or the number")
    }
  }

  /// Waits for a key (no Return needed); false when the learner pressed q, or input ended.
  static func waitForKey(_ console: Console, _ what: LessonSession.Pause) -> Bool {
    let next =
      switch what {
      case .section: "Return: next section"
      case .more: "Return: more of this section"
      }
    console.err(console.paint("── \(next) · q: stop ──", .dim, forErr: true))
    let key = KeyReader.next()
    // The key is not echoed: end the prompt's line so the next text starts on its own.
    console.err("\n")
    return key != .end && key != .key("q")
  }
}
