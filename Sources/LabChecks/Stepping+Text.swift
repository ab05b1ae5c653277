import Foundation
import LabInterpreter
import LabModel

/// What `lab step` prints and how it reads a line: the CLI only moves text in and out.
package enum StepText {
  /// What a line typed at a decision asks for.
  package enum Answer: Equatable {
    /// Run the candidate at this index (0-based).
    case choose(Int)
    case undo
    case quit
    case help
    /// Not understood: a one-line hint, then the question again.
    case bad(String)
  }

  /// Reads one line typed at `decision`: a number, blank for the default, `u`, `q` or `?`.
  package static func answer(_ line: String, at decision: StepSession.Decision) -> Answer {
    let word = line.trimmingCharacters(in: .whitespaces).lowercased()
    let count = decision.candidates.count
    switch word {
    case "": return .choose(decision.preferred)
    case "u", "undo": return .undo
    case "q", "quit": return .quit
    case "?", "h", "help": return .help
    default:
      if let number = Int(word), (1...count).contains(number) { return .choose(number - 1) }
      return .bad("type a number from 1 to \(count), u to undo, q to quit, ? for help")
    }
  }

  /// The opening: what the learner plays, and the scenario's outcomes as goals.
  package static func intro(_ scenario: Scenario) -> String {
    var text = "step \(scenario.name): you are the scheduler.\n"
    text += "When more than one task can run, you pick which goes next.\n"
    let goals = scenario.expect.outcomes.filter { !$0.when.isEmpty && !$0.grade.fails }
    if !goals.isEmpty {
      text += "\nGoals: make the run end with\n"
      for rule in goals {
        text += "  " + describe(rule.when) + " (\(rule.grade.rawValue))\n"
        text += wrap(rule.reason, indent: "    ")
      }
    }
    return text + "\nType ? for help.\n"
  }

  /// A decision: the new trace lines, the values now, and the tasks to pick from.
  package static func decision(_ decision: StepSession.Decision) -> String {
    var text = "\n"
    text += decision.lines.map { $0 + "\n" }.joined()
    if !decision.values.isEmpty {
      text +=
        "now: "
        + decision.values.map { "\($0.name) = \(terminalSafe($0.value))" }
        .joined(separator: ", ") + "\n"
    }
    text += "choice \(decision.number): who runs next?\n"
    let width = decision.candidates.map(\.task.count).max() ?? 0
    for (index, candidate) in decision.candidates.enumerated() {
      let mark = index == decision.preferred ? "  (default)" : ""
      let line =
        "  \(index + 1)  " + candidate.task.padding(toLength: width, withPad: " ", startingAt: 0)
        + "  " + (candidate.next.isEmpty ? "(nothing to show)" : candidate.next) + mark
      text += String(line.prefix(79)) + "\n"
    }
    return text
  }

  /// The question, without a line break: the answer follows on the same line on a terminal.
  package static func prompt(_ decision: StepSession.Decision) -> String {
    "\(decision.candidates.count == 2 ? "1 or 2" : "1-\(decision.candidates.count)"), "
      + "u, q, ? [\(decision.preferred + 1)]: "
  }

  package static let help = """
    A choice is a turn of the scheduler: of the tasks that could run now,
    which one runs its next step. That step runs until the task suspends
    or reaches a point where another task may come in: an add is a read,
    then a write, and a task may be stopped between them.
    Enter runs the default (the task that ran last, else the first).
    u takes your last choice back; q stops and prints your schedule.

    """

  /// How the run ended, graded, and how to watch it again.
  package static func ending(
    _ ending: StepSession.Ending, replay: String, hints: HintCommand
  ) -> String {
    var text = "\n" + ending.lines.map { $0 + "\n" }.joined()
    if ending.outcome.ending == .deadlock, let problem = ending.result.record.problem {
      text += "\n" + problem + "\n"
    }
    text += "\nthe run ended: \(ending.outcome)"
    if let grade = ending.grade { text += " (\(grade.rawValue))" }
    text += "\n" + (ending.reason.isEmpty ? "" : wrap(ending.reason, indent: "  "))
    return text + schedule(ending.schedule, replay: replay, hints: hints)
  }

  /// The schedule so far and the command that replays it.
  package static func schedule(_ schedule: String, replay: String, hints: HintCommand) -> String {
    "\nschedule \(schedule)\nreplay: " + hints.line("run \(replay) --schedule \(schedule)") + "\n"
  }

  /// `counter = 2 · race`: what a rule asks for, as outcomes print.
  static func describe(_ condition: OutcomeCondition) -> String {
    var parts = condition.values.map { "\($0.name) \(terminalSafe($0.match.description))" }
    if let race = condition.race { parts.append(race ? "race" : "no race") }
    if let first = condition.first { parts.append("\(terminalSafe(first)) first") }
    if let ended = condition.ended { parts.append(ended.rawValue) }
    return parts.joined(separator: " · ")
  }

  /// `text` in lines of at most 78 columns after `indent`.
  static func wrap(_ text: String, indent: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in terminalSafe(text).split(separator: " ") {
      if !line.isEmpty, indent.count + line.count + 1 + word.count > 78 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { indent + $0 + "\n" }.joined()
  }
}

extension OutcomeCondition {
  /// Whether the condition matches every outcome.
  fileprivate var isEmpty: Bool { values.isEmpty && race == nil && first == nil && ended == nil }
}
