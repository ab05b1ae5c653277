import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab list`: the lessons, in curriculum order, and the scenarios, grouped by topic.
enum ListCommand: Command {
  static let name = "list"
  static let summary = "List the lessons and the scenarios, grouped by topic."
  static let usage = "list [--lessons | --scenarios] [--names]"
  static let discussion = """
    Lists the lessons in Lessons/ (number, name, title) in the order they are meant to be taken,
    then the scenarios under Scenarios/ grouped by topic — the folder they are in — each with its
    title, where its example comes from, and the lessons that run it.

    A lesson or scenario file that does not parse is listed as such, its problems go to stderr, and
    the exit status is 1; otherwise it is 0 (64 on a usage error).

    Examples:
      lab list
      lab list --lessons
      lab list --scenarios --names
      lab lesson 1          take the first lesson
    """
  static func pages(_ arguments: Arguments) -> Bool { !arguments.flag(.names) }
  static let options = [Option.lessons, .scenarios, .names].specs

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw UsageError(
        "list takes no names; '\(LabCommand.name) lesson NAME' runs a lesson, '\(LabCommand.name) run NAME' a scenario"
      )
    }
    let onlyLessons = arguments.flag(.lessons)
    let onlyScenarios = arguments.flag(.scenarios)
    if onlyLessons, onlyScenarios { throw UsageError("give --lessons or --scenarios, not both") }
    let console = context.console
    if arguments.flag(.names) {
      let names = CourseListing.names(
        try context.course(), lessons: !onlyScenarios, scenarios: !onlyLessons)
      console.out(names.map { $0 + "\n" }.joined())
      return ExitStatus.ok
    }
    let listing = CourseListing.text(
      try context.course(), lessons: !onlyScenarios, scenarios: !onlyLessons, console.outStyle,
      width: console.terminalColumns)
    // A problem quotes the course's files: escaped here, however it was made.
    for problem in listing.problems {
      console.err(console.paint(terminalSafeLines(problem), .red, forErr: true) + "\n")
    }
    console.out(listing.text)
    let broken = !listing.problems.isEmpty
    return broken ? ExitStatus.failure : ExitStatus.ok
  }
}
