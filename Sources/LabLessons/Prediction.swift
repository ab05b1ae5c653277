import Foundation
import LabChecks
import LabModel

/// A ```` ```predict ```` block: a question the learner answers before the lab reveals the
/// outcomes every schedule of a scenario can end with, and how often real runs ended each way.
///
/// ````markdown
/// ```predict
/// scenario: racy-counter
/// question: Which values can `counter` end with?
/// of: counter
/// choices: 1, 2, 3, 4, 5, 6, 7
/// ```
/// ````
public struct Prediction: Sendable, Equatable {
  /// The scenario asked about, by name; listed in the front matter's `scenarios:`.
  public var scenario: String
  public var question: String
  /// What is predicted: a shared variable's final value, or which task finishes first.
  public var subject: OutcomeSubject
  /// The answers offered, as written; nil for `of: first` without `choices:` — the tasks a run
  /// of the scenario ends, in the order they end.
  public var choices: [String]?
  /// How many native runs at most (`runs:`); nil: as many as a few seconds allow.
  public var runs: Int?
  /// The line of its opening fence.
  public var line: Int

  public init(
    scenario: String, question: String, subject: OutcomeSubject, choices: [String]?,
    runs: Int? = nil, line: Int
  ) {
    self.scenario = scenario
    self.question = question
    self.subject = subject
    self.choices = choices
    self.runs = runs
    self.line = line
  }

  /// The keys of a block, in the order the docs give them.
  public static let keys = ["scenario", "question", "of", "choices", "runs"]
  /// At most this many native runs may be asked for: a learner waits for them.
  public static let maxRuns = 1000

  /// Reads a block's lines (`start` is the index of its opening fence); every problem, each at
  /// its line.
  static func parse(_ body: [String], flags: [String], at start: Int) -> Result<
    Prediction, LessonFileError
  > {
    var problems: [LessonProblem] = []
    func problem(_ line: Int, _ message: String) {
      problems.append(LessonProblem(line: line, message: message))
    }
    if let flag = flags.first {
      problem(start + 1, "a ```predict block takes no words after 'predict', not '\(flag)'")
    }
    var fields: [String: (value: String, line: Int)] = [:]
    for (offset, text) in body.enumerated()
    where !isBlank(text) {
      let line = start + 2 + offset
      guard let colon = text.firstIndex(of: ":") else {
        problem(line, "a ```predict block's lines are 'key: value', not '\(text)'")
        continue
      }
      let key = trimmingWhitespace(text[..<colon])
      let value = trimmingWhitespace(text[text.index(after: colon)...])
      guard keys.contains(key) else {
        problem(
          line,
          "unknown key '\(key)' in a ```predict block\(didYouMean(key, in: keys)); it takes "
            + keys.joined(separator: ", "))
        continue
      }
      if fields[key] != nil { problem(line, "'\(key)' is given twice; keep one") }
      fields[key] = (value, line)
    }
    func required(_ key: String, _ example: String) -> String {
      guard let value = fields[key]?.value, !value.isEmpty else {
        problem(fields[key]?.line ?? start + 1, "a ```predict block needs '\(key): \(example)'")
        return ""
      }
      return value
    }
    let scenario = required("scenario", "NAME")
    if !scenario.isEmpty, !isSimpleName(scenario) {
      problem(
        fields["scenario"]!.line, "'\(scenario)' is not a scenario name (letters, digits, '-', '_')"
      )
    }
    let question = required("question", "what the learner predicts?")
    let of = required("of", "VARIABLE (a shared variable's final value) or 'first'")
    if !of.isEmpty, !isSimpleName(of) {
      problem(
        fields["of"]!.line,
        "'of: \(of)' names neither a shared variable nor 'first'; write 'of: counter' or "
          + "'of: first'")
    }
    let subject: OutcomeSubject = of == "first" ? .first : .value(of)
    let choices = fields["choices"].map { field in
      Self.choices(field.value, line: field.line, problem: problem)
    }
    if choices == nil, subject != .first, !of.isEmpty {
      problem(
        start + 1,
        "a ```predict block about a variable lists its answers: 'choices: 1, 2, 3' (only "
          + "'of: first' may leave them to the tasks a run ends)")
    }
    var runs: Int?
    if let field = fields["runs"] {
      runs = Int(field.value)
      if runs.map({ !(1...maxRuns).contains($0) }) ?? true {
        problem(field.line, "'runs: \(field.value)' is not a number of runs from 1 to \(maxRuns)")
      }
    }
    guard problems.isEmpty else { return .failure(LessonFileError(file: "", problems: problems)) }
    return .success(
      Prediction(
        scenario: scenario, question: question, subject: subject, choices: choices, runs: runs,
        line: start + 1))
  }

  /// The most answers a prediction offers, and the longest: each is shown on the learner's line.
  static let maxChoices = 20
  static let maxChoiceLength = 80

  /// `a, b, c` (or `[a, b, c]`) as choices: at least two, at most `maxChoices`, none twice.
  static func choices(
    _ value: String, line: Int, problem: (Int, String) -> Void
  ) -> [String] {
    var text = Substring(value)
    if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
    let items = text.split(separator: ",").map { trimmingWhitespace($0) }
    if items.count < 2 || items.contains(where: \.isEmpty) {
      problem(
        line, "'choices:' lists at least two answers, separated by commas: 'choices: 1, 2, 3'")
    }
    // A question a learner answers at a glance: a line of 30,000 choices was 427 KB.
    if items.count > maxChoices {
      problem(
        line,
        "'choices:' lists \(items.count) answers, and a prediction offers at most "
          + "\(maxChoices); ask about fewer")
      return Array(items.prefix(maxChoices))
    }
    // Counted in Unicode scalars: a letter with 60,000 combining marks is one character.
    if let long = items.first(where: { $0.unicodeScalars.count > maxChoiceLength }) {
      let shown = String(String.UnicodeScalarView(long.unicodeScalars.prefix(40)))
      problem(
        line,
        "the choice '\(shown)…' is \(long.unicodeScalars.count) characters long, and a choice "
          + "is at most \(maxChoiceLength); shorten it")
      return []
    }
    var seen: Set<String> = []
    for item in items where !seen.insert(item).inserted {
      problem(line, "the choice '\(item)' is listed twice; list each answer once")
    }
    return items
  }
}
