import Foundation
import LabInterpreter
import LabModel

/// How a command to paste names the scenario a session steps: as the learner named it, as one
/// shell word, then the options that change its runs (`--threads 3`), which are words of their own.
package struct StepReplay: Sendable {
  package var scenario: String
  package var options: String

  package init(_ scenario: String, options: String = "") {
    self.scenario = scenario
    self.options = options
  }

  /// `lab COMMAND SCENARIO OPTIONS MORE`, as `hints` writes a command.
  func command(_ command: String, _ hints: HintCommand, then more: String = "") -> String {
    hints.command(
      command, scenario, [options, more].filter { !$0.isEmpty }.joined(separator: " "))
  }
}

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

  /// A decision: the new trace lines (wrapped at words to `width`, when it is known), the
  /// values now, the goals again (`goals`, so they never scroll away), and the tasks to pick
  /// from.
  package static func decision(
    _ decision: StepSession.Decision, goals: String = "", width: Int? = nil
  ) -> String {
    var text = "\n"
    text += decision.lines.map { wrapTraceLine($0, width: width) }.joined()
    if !decision.values.isEmpty {
      text +=
        shownLine(
          "now: " + decision.values.map { "\($0.name) = \($0.value)" }.joined(separator: ", "),
          columns: width.map { max(80, 2 * $0) } ?? 1_000)
        + "\n"
    }
    text += goals + "choice \(decision.number): who runs next?\n"
    let taskWidth = decision.candidates.map(\.task.count).max() ?? 0
    for (index, candidate) in decision.candidates.enumerated() {
      let mark = index == decision.preferred ? "  (default)" : ""
      let line =
        "  \(index + 1)  "
        + candidate.task.padding(toLength: taskWidth, withPad: " ", startingAt: 0)
        + "  " + (candidate.next.isEmpty ? "(nothing to show)" : candidate.next) + mark
      text += cut(line, toWidth: min(width ?? 79, 79)) + "\n"
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
    _ ending: StepSession.Ending, replay: StepReplay, hints: HintCommand
  ) -> String {
    var text = "\n" + ending.lines.map { $0 + "\n" }.joined()
    if ending.outcome.ending == .deadlock, let problem = ending.result.record.problem {
      text += "\n" + problem + "\n"
    }
    text += "\nthe run ended: \(terminalSafe(ending.outcome.description))"
    if let grade = ending.grade { text += " (\(grade.rawValue))" }
    text += "\n" + (ending.reason.isEmpty ? "" : wrap(ending.reason, indent: "  "))
    return text + schedule(ending.schedule, replay: replay, hints: hints)
  }

  /// What the schedule printed after a quit is: the default run's, when the learner chose
  /// nothing, else their choices with every later turn the default.
  package static func quit(
    choices: Int, schedule text: String, replay: StepReplay, hints: HintCommand
  ) -> String {
    let what =
      choices == 0
      ? "you quit before your first choice: below is the default run, every turn going the "
        + "default way, and the command that replays it"
      : "you quit after \(choices) choice\(choices == 1 ? "" : "s"): below is your run, every "
        + "turn after your last choice going the default way, and the command that replays it"
    return "\n" + wrap(what, indent: "") + schedule(text, replay: replay, hints: hints)
  }

  /// Why the session stopped when an answer took too long, and what to do instead.
  package static func outOfTime(seconds: Double, replay: StepReplay, hints: HintCommand) -> String {
    let shown = ExhaustiveSearch.Limit.number(seconds)
    return "\n"
      + wrap(
        "stopped: working out the next choice took more than \(shown) s (--max-seconds "
          + "\(shown)). Each choice runs the scenario again, once for each task that could go "
          + "next, and this scenario's runs are too long to step by hand; its default run:",
        indent: "")
      + "  " + replay.command("run", hints) + "\n"
  }

  /// The goals on one line (or a few, wrapped), repeated at each choice.
  package static func goals(_ scenario: Scenario) -> String {
    let goals = scenario.expect.outcomes.filter { !$0.when.isEmpty && !$0.grade.fails }
    guard !goals.isEmpty else { return "" }
    // Rules of one grade in a row share it: `counter = 5, counter = 4 (interesting)`.
    var groups: [(grade: OutcomeGrade, rules: [String])] = []
    for rule in goals {
      if groups.last?.grade == rule.grade {
        groups[groups.count - 1].rules.append(describe(rule.when))
      } else {
        groups.append((rule.grade, [describe(rule.when)]))
      }
    }
    let list = groups.map { $0.rules.joined(separator: ", ") + " (\($0.grade.rawValue))" }
    return wrap("goals: " + list.joined(separator: "; "), indent: "", hanging: "       ")
  }

  /// How the learner's way to the outcome compares with the shortest one the explorer found:
  /// `yours` and `shortest` count preemptions, turns where a task that could go on was switched
  /// away from, which is what a learner's choice against the default order is.
  package static func shortest(
    yours: Int, shortest: ExhaustiveSearch.Found, replay: StepReplay, hints: HintCommand
  ) -> String {
    let reached =
      "you reached this outcome with \(yours) preemption\(yours == 1 ? "" : "s") "
      + "(a task that could go on was switched away from)"
    guard shortest.preemptions < yours else {
      return "\n"
        + wrap(
          reached + ": as few as it takes, the explorer finds no way with fewer",
          indent: "")
    }
    let way = replay.command("run", hints, then: "--schedule \(shortest.schedule.text)")
    return "\n" + wrap(reached + "; the shortest way takes \(shortest.preemptions):", indent: "")
      + "  " + way + "\n"
  }

  /// A trace line in lines of at most `width` columns, broken between words, each line after
  /// the first indented to the details column; as it is when `width` is nil (not a terminal) or
  /// it fits.
  static func wrapTraceLine(_ line: String, width: Int?) -> String {
    guard let width, line.count > width else { return line + "\n" }
    // ms, thread, task and event are one word each; the details start after them.
    var index = line.startIndex
    for _ in 0..<4 {
      index = line[index...].firstIndex { $0 != " " } ?? line.endIndex
      index = line[index...].firstIndex(of: " ") ?? line.endIndex
    }
    index = line[index...].firstIndex { $0 != " " } ?? line.endIndex
    let column = line.distance(from: line.startIndex, to: index)
    guard column < width / 2 else { return line + "\n" }
    let hanging = String(repeating: " ", count: column)
    return wrap(
      String(line[index...]), indent: "", width: width, first: String(line[..<index]),
      hanging: hanging)
  }

  /// The schedule so far and the command that replays it.
  package static func schedule(_ schedule: String, replay: StepReplay, hints: HintCommand) -> String
  {
    "\nschedule \(schedule)\nreplay: "
      + replay.command("run", hints, then: "--schedule \(schedule)")
      + "\n"
  }

  /// `counter = 2 · race`: what a rule asks for, as outcomes print.
  static func describe(_ condition: OutcomeCondition) -> String {
    var parts = condition.values.map { "\($0.name) \(terminalSafe($0.match.description))" }
    if let race = condition.race { parts.append(race ? "race" : "no race") }
    if let first = condition.first { parts.append("\(terminalSafe(first)) first") }
    if let ended = condition.ended { parts.append(ended.rawValue) }
    return parts.joined(separator: " · ")
  }

  /// `text` in lines of at most `width` columns, broken between words: the first line after
  /// `first` (else `indent`), the others after `hanging` (else `indent`). A word longer than a
  /// line stays whole on its own, up to a diagnostic's longest line: a course's word of 60,000
  /// letters was a line of 60,000.
  static func wrap(
    _ text: String, indent: String, width: Int = 78, first: String? = nil, hanging: String? = nil
  ) -> String {
    var lines: [String] = []
    var line = first ?? indent
    var empty = true
    for whole in terminalSafe(text).split(separator: " ") {
      let word = cut(String(whole), toWidth: DiagnosticList.longestLine)
      if !empty, line.count + 1 + word.count > width {
        lines.append(line)
        (line, empty) = (hanging ?? indent, true)
      }
      line += (empty ? "" : " ") + word
      empty = false
    }
    if !empty { lines.append(line) }
    return lines.map { $0 + "\n" }.joined()
  }
}

extension OutcomeCondition {
  /// Whether the condition matches every outcome.
  fileprivate var isEmpty: Bool { values.isEmpty && race == nil && first == nil && ended == nil }
}
