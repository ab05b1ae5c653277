import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lab lesson`: runs a lesson — its sections, its scenarios with their traces and checks, and its
/// questions.
enum LessonCommand: Command {
  static let name = "lesson"
  static let summary = "Run a lesson: read it section by section and watch its scenarios run."
  static let usage = "lesson <number, name or start of a name> [--step] [--ascii]"
  static let discussion = """
    Prints a lesson from Lessons/ section by section and runs each scenario where the lesson says,
    showing its trace (or its timeline) and its checks; the lesson ends with questions to think
    about. A lesson is found by its number, its name or the start of its name. 'lab list' lists
    them; docs/lessons.md describes the file format.

    Runs are the lesson's 'lab run' lines: paste one into your shell to try it again, then change
    --seed, --threads or --live and see what changes. A run the lesson marks as failing on purpose
    passes only when one of its checks fails.

    --step pauses after each section until you press Return, when both stdin and stdout are a
    terminal; otherwise the lesson prints straight through.
    Exit status: 0 when every run does what the lesson says, 1 when one does not (or the lesson
    file has a problem), 64 on a usage error.

    Examples:
      lab lesson 1
      lab lesson async-let
      lab lesson async --step
    """
  static let options: [Arguments.Option] = [
    .init(
      name: "step", value: nil,
      help: "Pause after each section until Return is pressed (terminal only)."),
    .init(name: "ascii", value: nil, help: "Draw the lesson's timelines in plain ASCII."),
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty
          ? "name a lesson, such as '\(LabCommand.name) lesson 1' or '\(LabCommand.name) lesson async-let'; '\(LabCommand.name) list' lists them"
          : "lesson takes one lesson")
    }
    let course = try context.course()
    let (catalog, resolution, shadowed) = course.resolveLesson(arguments.positionals[0])
    let entry = try find(arguments.positionals[0], resolution, in: catalog)
    if let shadowed {
      context.console.err(
        "note: the bundled curriculum has lesson \(shadowed.number) (\(shadowed.name)) too; "
          + "playing the course's own\n")
    }
    let lesson: Lesson
    do {
      lesson = try catalog.load(entry)
    } catch {
      context.console.err(context.console.paint(error.description, .red, forErr: true) + "\n")
      return ExitStatus.failure
    }
    let console = context.console
    let surroundings = LessonSession.Surroundings(
      write: console.out, style: console.outStyle,
      load: { name in
        do throws(UsageError) {
          let scenario = context.loadScenario(try context.scenarioFile(name))
          return scenario.map { .success($0) } ?? .failure(.init(nil))
        } catch {
          return .failure(.init(error.message))
        }
      },
      timeline: { ascii, taskRows in
        Timeline.Options(
          environment: context.environment, terminalColumns: console.terminalColumns,
          ascii: ascii, color: console.colorOut, taskRows: taskRows)
      },
      pause: arguments.flag("step") && isatty(STDIN_FILENO) != 0 && console.outIsTerminal
        ? { waitForReturn(console) } : nil,
      width: console.terminalColumns)
    var session = LessonSession(
      lesson: lesson, surroundings: surroundings, ascii: arguments.flag("ascii"))
    session.play()
    session.finish(next: catalog.entries().first { $0.number > lesson.number })
    return session.failures.isEmpty ? ExitStatus.ok : ExitStatus.failure
  }

  /// The lesson an argument names, or a usage error that says what would.
  static func find(
    _ argument: String, _ resolution: LessonCatalog.Resolution, in catalog: LessonCatalog
  ) throws(UsageError) -> LessonCatalog.Entry {
    let entries = catalog.entries()
    guard !entries.isEmpty else {
      throw UsageError("no lessons in \(catalog.displayPath(catalog.lessonsFolder))/")
    }
    switch resolution {
    case .lesson(let entry):
      return entry
    case .notFound(let suggestion):
      if Int(argument) != nil {
        let numbers = entries.map(\.number)
        throw UsageError(
          "no lesson \(argument): lessons are numbered \(numbers.min()!)–\(numbers.max()!); "
            + "'\(LabCommand.name) list' lists them")
      }
      throw UsageError(
        "no lesson named '\(argument)'"
          + (suggestion.map { "; did you mean '\($0)'?" }
            ?? "; '\(LabCommand.name) list' lists the lessons"))
    case .ambiguous(let matches):
      let names = matches.map { "\($0.name) (\($0.number))" }.joined(separator: ", ")
      throw UsageError("'\(argument)' could be \(names); type more of the name, or the number")
    }
  }

  /// Waits for Return; false when the learner typed q to stop.
  static func waitForReturn(_ console: Console) -> Bool {
    console.err(console.paint("── Return: next section · q: stop ──", .dim, forErr: true))
    let answer = readLine()
    return answer.map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "q" } ?? false
  }
}
