/// Decoding of `expect.outcomes`: the rules that grade each outcome an exploration of schedules
/// finds (`OutcomeRule`), and the conditions they match.
extension ScenarioDecoder {
  mutating func decodeOutcomes(_ node: JSONNode, path: String) -> [OutcomeRule] {
    guard case .array(let items) = node.value else {
      error(
        "'outcomes' must be a list of {\"when\": {…}, \"grade\": \"acceptable\", "
          + "\"reason\": \"…\"}, not \(node.typeName)", at: node.location, path: path)
      return []
    }
    var rules: [OutcomeRule] = []
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard case .object(let object) = item.value else {
        error(
          "an outcome is an object with \"when\", \"grade\" and \"reason\", not \(item.typeName)",
          at: item.location, path: itemPath)
        continue
      }
      checkKeys(object, allowed: ["when", "grade", "reason"], path: itemPath, what: "outcome key")
      var when: OutcomeCondition? = OutcomeCondition()
      if let node = object["when"] { when = decodeOutcomeCondition(node, path: "\(itemPath).when") }
      let grades = OutcomeGrade.writable.map(\.rawValue)
      var grade: OutcomeGrade?
      if let node = object["grade"] {
        if case .string(let text) = node.value, let known = OutcomeGrade(rawValue: text),
          known != .unexpected
        {
          grade = known
        } else {
          let text = node.value.stringValue
          error(
            "unknown grade \(text.map { "'\($0)'" } ?? node.typeName)"
              + or(
                didYouMean(text ?? "", in: grades),
                "; use " + grades.map { "\"\($0)\"" }.joined(separator: ", ")),
            at: node.location, path: "\(itemPath).grade")
        }
      } else {
        error(
          "an outcome needs \"grade\": one of "
            + grades.map { "\"\($0)\"" }.joined(separator: ", "),
          at: item.location, path: itemPath)
      }
      let reason = string(object, "reason", path: "\(itemPath).reason")
      if object["reason"] == nil {
        error(
          "an outcome needs \"reason\": what it means, for the learner", at: item.location,
          path: itemPath)
      }
      if let grade, let reason, let when {
        rules.append(OutcomeRule(when: when, grade: grade, reason: reason))
      }
    }
    return rules
  }

  /// `when`: the parts an outcome must show. Returns nil after reporting a problem.
  mutating func decodeOutcomeCondition(_ node: JSONNode, path: String) -> OutcomeCondition? {
    guard case .object(let object) = node.value else {
      error(
        "'when' must be an object such as {\"values\": {\"counter\": 1}}, not \(node.typeName)",
        at: node.location, path: path)
      return nil
    }
    let count = errorCount
    checkKeys(
      object, allowed: ["values", "race", "first", "ended"], path: path, what: "outcome condition")
    var condition = OutcomeCondition()
    if let values = object["values"] {
      condition.values = decodeValues(values, path: "\(path).values")
    }
    condition.race = bool(object, "race", path: "\(path).race")
    if let first = object["first"] {
      condition.first = taskName(first, path: "\(path).first")
    }
    if let ended = object["ended"] {
      let endings = Outcome.Ending.allCases.map(\.rawValue)
      if case .string(let text) = ended.value, let ending = Outcome.Ending(rawValue: text) {
        condition.ended = ending
      } else {
        let text = ended.value.stringValue
        error(
          "unknown ending \(text.map { "'\($0)'" } ?? ended.typeName)"
            + or(
              didYouMean(text ?? "", in: endings),
              "; use " + endings.map { "\"\($0)\"" }.joined(separator: ", ")),
          at: ended.location, path: "\(path).ended")
      }
    }
    return errorCount == count ? condition : nil
  }
}
