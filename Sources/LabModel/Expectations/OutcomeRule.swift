/// One entry of a scenario's `outcomes`: which outcomes it covers, how they are graded, and why.
///
/// Rules are tried in the order written; the first whose `when` matches grades the outcome. A rule
/// without `when` matches every outcome, so it can close the list. See docs/outcomes.md.
public struct OutcomeRule: Sendable, Hashable {
  /// The outcomes the rule covers.
  public var when: OutcomeCondition
  /// How those outcomes are graded.
  public var grade: OutcomeGrade
  /// What the outcome means, for the learner: `"a lost update: both adds read 0"`.
  public var reason: String

  /// A rule; without `when` it matches every outcome.
  public init(when: OutcomeCondition = OutcomeCondition(), grade: OutcomeGrade, reason: String) {
    self.when = when
    self.grade = grade
    self.reason = reason
  }

  /// The grade and reason of `outcome` under `rules`; nil when no rule matches it.
  public static func grade(_ outcome: Outcome, by rules: [OutcomeRule]) -> OutcomeRule? {
    rules.first { $0.when.matches(outcome) }
  }
}

/// What an outcome must show for a rule to apply; every given part must hold.
public struct OutcomeCondition: Sendable, Hashable {
  /// What some shared variables' final values must be; variables not named may have any value.
  public var values: [ValueCondition] = []
  /// Whether a data race was seen.
  public var race: Bool?
  /// The task whose `end` came first among all tasks but `root`.
  public var first: String?
  /// How the run ended.
  public var ended: Outcome.Ending?
  /// What a program scenario's run printed, its lines as a list: the lines themselves, or
  /// `{"contains": LINE}`, `{"count": N}`, `{"anyOrder": [LINE…]}` (`ProgramScenario`).
  public var printed: ValueMatch?

  /// A condition from its parts; nil parts are not checked.
  public init(
    values: [ValueCondition] = [], race: Bool? = nil, first: String? = nil,
    ended: Outcome.Ending? = nil
  ) {
    self.values = values
    self.race = race
    self.first = first
    self.ended = ended
  }

  /// Whether `outcome` shows everything this condition asks for.
  public func matches(_ outcome: Outcome) -> Bool {
    for wanted in values
    where !wanted.match.matches(outcome.values.first(where: { $0.name == wanted.name })?.value) {
      return false
    }
    if let race, race != outcome.race { return false }
    if let first, first != outcome.first { return false }
    if let ended, ended != outcome.ending { return false }
    return true
  }

  /// Whether a program's run that printed `printed` and ended as `ending` shows everything this
  /// condition asks for: a program scenario's conditions name only these two.
  public func matches(printed output: PrintedOutput, ending: Outcome.Ending) -> Bool {
    if let printed, !output.matches(printed) { return false }
    if let ended, ended != ending { return false }
    return true
  }
}

/// How a learner should read an outcome, after jcstress's grades.
public enum OutcomeGrade: String, Sendable, Hashable, CaseIterable, Codable {
  /// What the program is meant to do.
  case acceptable
  /// Allowed, but worth a look: usually the effect the lesson is about.
  case interesting
  /// Must never happen; seeing it once fails `lab explore` and `lab check --seeds`.
  case forbidden
  /// No rule matches: the scenario's model of its outcomes is incomplete, which fails like
  /// `forbidden`. Never written in a scenario.
  case unexpected

  /// The grades a scenario may write.
  public static let writable: [OutcomeGrade] = [.acceptable, .interesting, .forbidden]

  /// Whether seeing an outcome of this grade fails a check.
  public var fails: Bool { self == .forbidden || self == .unexpected }
}

/// A variable's name and value; Hashable, unlike a tuple.
public struct NamedValue: Sendable, Hashable {
  /// The variable.
  public var name: String
  /// Its value.
  public var value: Value

  /// A name with its value.
  public init(_ name: String, _ value: Value) {
    self.name = name
    self.value = value
  }
}
