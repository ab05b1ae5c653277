import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabRuntime

/// What a prediction's reveal says, as text: the proven answers, the native histogram, and the
/// verdict on each choice. A value, so tests read it without a terminal or a toolchain.
package struct PredictionReveal {
  package let prediction: Prediction
  package let scenario: Scenario
  package let choices: [String]
  /// The choices the learner ticked, by index; nil when no answer was given.
  let picked: Set<Int>?
  package let proven: ProvenOutcomes
  let native: LessonSession.NativeRuns?

  var subject: OutcomeSubject { prediction.subject }

  package init(
    prediction: Prediction, scenario: Scenario, choices: [String], picked: Set<Int>?,
    proven: ProvenOutcomes, native: LessonSession.NativeRuns?
  ) {
    self.prediction = prediction
    self.scenario = scenario
    self.choices = choices
    self.picked = picked
    self.proven = proven
    self.native = native
  }

  /// `counter = 5`, `first: fast`: an answer as the reveal names it.
  package func label(_ answer: String) -> String {
    switch subject {
    case .value(let name): "\(name) = \(answer)"
    case .first: "\(answer) first"
    }
  }

  /// Answers the native runs gave, with their counts, in the order first seen.
  package var nativeAnswers: [(answer: String, runs: Int)] {
    var counts: [(answer: String, runs: Int)] = []
    for record in native?.records ?? [] {
      let outcome = Outcome(of: record, observingFirst: subject == .first)
      let answer =
        record.end == .finished && record.problem == nil
        ? subject.answer(outcome) ?? "nothing" : Self.unfinished
      if let index = counts.firstIndex(where: { $0.answer == answer }) {
        counts[index].runs += 1
      } else {
        counts.append((answer, 1))
      }
    }
    return counts
  }

  /// Whether `answer` can happen: true or false when the search completed, true when it was
  /// found or seen natively, nil (unknown) otherwise.
  package func possible(_ answer: String) -> Bool? {
    let found = proven.answers(subject).contains(answer)
    if proven.complete { return found }
    return found || nativeAnswers.contains { $0.answer == answer } ? true : nil
  }

  /// The proven answers in order: numbers by value, others as first found.
  var provenAnswers: [String] { Self.ordered(proven.answers(subject)) }

  /// Numbers by value when every answer is one; otherwise as they are.
  static func ordered(_ answers: [String]) -> [String] {
    let numbers = answers.compactMap { Int64($0) }
    guard numbers.count == answers.count else { return answers }
    return numbers.sorted().map(String.init)
  }

  /// `counter ends as 2, 3 or 6`, `result or other finishes first`.
  func sentence(_ answers: [String]) -> String {
    guard !answers.isEmpty else { return "no run ends with an answer" }
    return switch subject {
    case .value(let name): "\(name) ends as \(Self.alternatives(answers))"
    case .first: "\(Self.alternatives(answers)) finishes first"
    }
  }

  package var provenLines: [String] {
    let some = sentence(provenAnswers)
    let explore = LabCommand.line("explore \(scenario.name) --exhaustive")
    guard proven.complete else {
      let budget = proven.stoppedBy.map { " (\($0.name))" } ?? ""
      return [
        "Not proven: the search of every schedule stopped at its budget\(budget) after "
          + "\(proven.schedules) schedules. In what it found, \(some); others "
          + "may exist (\(explore) searches longer)."
      ]
    }
    let schedules = proven.schedules == 1 ? "the one schedule" : "all \(proven.schedules) schedules"
    return ["Proven, over \(schedules) (\(explore)): \(some)."]
  }

  /// `a`, `a or b`, `a, b or c`.
  static func alternatives(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + items.last!
  }

  /// The answer of a native run that did not finish: no outcome, so neither proven nor not.
  static let unfinished = "did not finish"

  /// One row per answer proven or seen: its native count as a bar, and its grade by the
  /// scenario's rules (`lab explore`'s grades) when it has any. Where the row would not fit the
  /// terminal, the grade and the warning go on a line of their own beneath it.
  package func histogram(width: Int?) -> [String] {
    let seen = nativeAnswers
    var answers = provenAnswers
    for (answer, _) in seen where !answers.contains(answer) { answers.append(answer) }
    let labels = answers.map(label)
    let labelWidth = labels.map(\.count).max() ?? 0
    let total = max(1, seen.map(\.runs).reduce(0, +))
    let barWidth = width.map { min(24, max(4, $0 - labelWidth - 34)) } ?? 24
    return zip(answers, labels).flatMap { answer, label in
      let runs = seen.first { $0.answer == answer }?.runs ?? 0
      let bar = String(repeating: "█", count: (runs * barWidth + total - 1) / total)
      let row =
        label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
        + bar.padding(toLength: barWidth, withPad: " ", startingAt: 0)
        + " \(String(runs).leftPadded(to: String(total).count))"
      var notes: [String] = []
      if let grade = grade(answer) { notes.append(grade.rawValue) }
      if answer != Self.unfinished, possible(answer) == false {
        notes.append("⚠ outside the proven set")
      }
      let tail = notes.map { "  " + $0 }.joined()
      // The caller indents each row by two.
      guard let width, 2 + row.count + tail.count > width, !notes.isEmpty else {
        return [row + tail]
      }
      return [row, "    " + notes.joined(separator: "  ")]
    }
  }

  /// The grade the scenario's rules give the first outcome with `answer`, proven or native.
  package func grade(_ answer: String) -> OutcomeGrade? {
    if let index = proven.outcomes.firstIndex(where: { subject.answer($0) == answer }) {
      return proven.grades[index]
    }
    let record = native?.records.first {
      subject.answer(Outcome(of: $0, observingFirst: subject == .first)) == answer
    }
    return record.flatMap {
      OutcomeHistogram.grade(
        Outcome(of: $0, observingFirst: subject == .first), by: scenario.expect.outcomes
      ).0
    }
  }

  /// The verdict's heading, then one line per choice: ✓ or ✗ for an answer, or what is possible.
  package var verdictLines: [(String, TextStyle.Style?)] {
    var lines: [(String, TextStyle.Style?)] = []
    var right = 0
    for (index, choice) in choices.enumerated() {
      let possible = possible(choice)
      let truth = possible.map { $0 ? "possible" : "impossible" } ?? "not known (not proven)"
      guard let picked else {
        lines.append(("\(possible == true ? "•" : "·") \(index + 1)) \(choice): \(truth)", nil))
        continue
      }
      let ticked = picked.contains(index)
      let said = ticked ? "you said possible" : "you left it out"
      guard let possible else {
        lines.append(("? \(index + 1)) \(choice): \(truth); \(said)", .dim))
        continue
      }
      if ticked == possible {
        right += 1
        lines.append(("✓ \(index + 1)) \(choice): \(truth), \(said): right", .green))
      } else {
        lines.append(("✗ \(index + 1)) \(choice): \(truth), \(said): wrong", .red))
      }
    }
    let missing = provenAnswers.filter { !choices.contains($0) }
    if !missing.isEmpty {
      lines.append(
        ("also possible, though no choice names it: " + missing.joined(separator: ", "), nil))
    }
    let heading =
      picked == nil
      ? "No answer was given. Which choices are possible:"
      : "Your prediction: \(right) of \(choices.count) right."
    return [(heading, .bold)] + lines
  }
}

extension String {
  /// The string with spaces before it, to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
