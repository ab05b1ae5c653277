/// A scenario's challenge: an outcome for the learner to reach by scheduling, in `lab challenge`
/// and on the site's challenge pages. The lab finds its par (the fewest choices that leave the
/// default order) by searching the schedules a learner can pick; `lab check` refuses a goal no
/// schedule reaches, or one the default run reaches with no choice at all.
public struct Challenge: Sendable, Hashable {
  /// The goal in the learner's words: `"Lose two updates: make counter end at 4."`
  public var goal: String
  /// The outcome that reaches the goal, as an outcome rule's `when` says it.
  public var when: OutcomeCondition
  /// A nudge shown when the learner asks for one (`?` in `lab challenge`).
  public var hint: String?
  /// Where the block is in its file, for `lab check`'s errors about it; nil when not read.
  public var location: SourceLocation?

  public init(
    goal: String, when: OutcomeCondition, hint: String? = nil, location: SourceLocation? = nil
  ) {
    self.goal = goal
    self.when = when
    self.hint = hint
    self.location = location
  }

  /// Whether `outcome` reaches the goal.
  public func isReached(by outcome: Outcome) -> Bool { when.matches(outcome) }

  /// Whether grading a run needs the task that finished first: the goal names it, or one of the
  /// scenario's outcome `rules` does. Every search and tree for the challenge asks this once.
  public func observesFirst(rules: [OutcomeRule]) -> Bool {
    Outcome.observesFirst(rules) || when.first != nil
  }
}

/// Decoding of the top-level `challenge` block.
extension ScenarioDecoder {
  mutating func decodeChallenge(_ node: JSONNode, path: String) -> Challenge? {
    let example =
      "{\"goal\": \"Lose two updates\", \"when\": {\"values\": {\"counter\": 4}}, "
      + "\"hint\": \"…\"}"
    guard case .object(let object) = node.value else {
      error(
        "'challenge' must be an object such as \(example), not \(node.typeName)",
        at: node.location, path: path)
      return nil
    }
    checkKeys(object, allowed: ["goal", "when", "hint"], path: path, what: "challenge key")
    let goal = string(object, "goal", path: "\(path).goal", shown: .paragraph)
    if object["goal"] == nil {
      error(
        "a challenge needs \"goal\": what the learner should make happen, in a sentence",
        at: node.location, path: path)
    }
    if let goal, goal.allSatisfy(\.isWhitespace) {
      error(
        "a challenge's \"goal\" is empty; say what the learner should make happen",
        at: object["goal"]?.location ?? node.location, path: "\(path).goal")
    }
    var when: OutcomeCondition?
    if let condition = object["when"] {
      when = decodeOutcomeCondition(condition, path: "\(path).when")
      if let when, when == OutcomeCondition() {
        error(
          "a challenge's \"when\" must say what the goal's outcome shows, such as "
            + "{\"values\": {\"counter\": 4}} or {\"ended\": \"deadlock\"}",
          at: condition.location, path: "\(path).when")
        return nil
      }
    } else {
      error(
        "a challenge needs \"when\": the outcome that reaches the goal, as an outcome rule's "
          + "\"when\" says it, such as {\"values\": {\"counter\": 4}}",
        at: node.location, path: path)
    }
    let hint = string(object, "hint", path: "\(path).hint", shown: .paragraph)
    guard let goal, let when else { return nil }
    return Challenge(goal: goal, when: when, hint: hint, location: node.location)
  }
}
