/// Decoding of `expect.outcomes`: the rules that grade each outcome an exploration of schedules
/// finds (`OutcomeRule`), and the conditions they match.
extension ScenarioDecoder {
  /// The most outcome rules a scenario may have.
  static let maxOutcomeRules = 1_000

  mutating func decodeOutcomes(_ node: JSONNode, path: String) -> [OutcomeRule] {
    guard case .array(let items) = node.value else {
      error(
        "'outcomes' must be a list of {\"when\": {…}, \"grade\": \"acceptable\", "
          + "\"reason\": \"…\"}, not \(node.typeName)", at: node.location, path: path)
      return []
    }
    // Each rule is compared with every rule before it (`OutcomeRuleChecker`): a bound keeps that
    // from taking minutes, far above what any scenario grades by.
    guard items.count <= Self.maxOutcomeRules else {
      error(
        "'outcomes' holds \(items.count) rules, more than the \(Self.maxOutcomeRules) a scenario "
          + "may have; grade by fewer, broader rules (a rule names only the values it needs)",
        at: node.location, path: path)
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
      let reason = string(object, "reason", path: "\(itemPath).reason", shown: .paragraph)
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
    if decodingProgram {
      checkKeys(
        object, allowed: ["printed", "ended"], path: path,
        what: "condition of a program scenario (which grades what it printed and how it ended)")
    } else if let printed = object["printed"] {
      error(
        "'printed' grades what a program scenario's Swift file printed (\"program\": "
          + "\"FILE.swift\"); a scenario of steps grades its \"values\"",
        at: printed.location, path: "\(path).printed")
    } else {
      checkKeys(
        object, allowed: ["values", "race", "first", "ended"], path: path,
        what: "outcome condition")
    }
    var condition = OutcomeCondition()
    if decodingProgram, let printed = object["printed"] {
      condition.printed = decodePrinted(printed, path: "\(path).printed")
    }
    if let values = object["values"] {
      condition.values = decodeValueConditions(values, path: "\(path).values")
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

  /// `when.printed`: the lines a program printed, as a list of strings, or one of
  /// `{"contains": LINE}`, `{"count": N}`, `{"anyOrder": [LINE…]}`.
  mutating func decodePrinted(_ node: JSONNode, path: String) -> ValueMatch? {
    let match: ValueMatch?
    if case .object(let form) = node.value {
      match = valueMatch(form, at: node.location, path: path)
    } else {
      match = literal(node, path: path).map { .equals($0) }
    }
    func lines(_ value: Value) -> Bool {
      guard case .list(let items) = value else { return false }
      return items.allSatisfy { if case .string = $0 { true } else { false } }
    }
    let fits: Bool =
      switch match {
      case .equals(let value)?: lines(value)
      case .anyOrder(let items)?: lines(.list(items))
      case .contains(let item)?: lines(.list([item]))
      case .count?, nil: true
      }
    guard fits else {
      error(
        "'printed' is the lines a program printed: a list of strings such as [\"a\", \"b\"], "
          + "{\"contains\": \"a line\"}, {\"anyOrder\": [\"a\", \"b\"]} or {\"count\": 2}",
        at: node.location, path: path)
      return nil
    }
    return match
  }

  /// `when.values`: each variable's value, or `{"count": N}`, `{"contains": V}` or
  /// `{"anyOrder": [V…]}` for a list whose order or length varies between runs.
  mutating func decodeValueConditions(_ node: JSONNode, path: String) -> [ValueCondition] {
    guard case .object(let members) = node.value else {
      error(
        "'values' must be an object of variable names and values, such as {\"count\": 2}, "
          + "not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return members.members.compactMap { member in
      let memberPath = "\(path).\(member.key)"
      guard case .object(let form) = member.value.value else {
        return literal(member.value, path: memberPath).map {
          ValueCondition(member.key, .equals($0))
        }
      }
      return valueMatch(form, at: member.value.location, path: memberPath).map {
        ValueCondition(member.key, $0)
      }
    }
  }

  /// One of `{"count": N}`, `{"contains": V}`, `{"anyOrder": [V…]}`.
  mutating func valueMatch(_ form: JSONObject, at location: SourceLocation, path: String)
    -> ValueMatch?
  {
    let forms = ValueMatch.keys.map { "{\"\($0)\": …}" }.joined(separator: ", ")
    guard form.count == 1, let member = form.members.first else {
      error(
        "a value to match is a value or one of \(forms), with one key, not an object of "
          + "\(form.count) keys", at: location, path: path)
      return nil
    }
    let memberPath = "\(path).\(member.key)"
    guard let kind = ValueMatch.Form(rawValue: member.key) else {
      error(
        "unknown way to match a value '\(member.key)'"
          + or(didYouMean(member.key, in: ValueMatch.keys), "; use one of \(forms)"),
        at: member.keyLocation, path: memberPath)
      return nil
    }
    switch kind {
    case .count:
      guard let count = member.value.value.integerValue, count >= 0 else {
        // The number itself where it is one: "not a number" read as if 1.5 were none.
        let given: String =
          if case .number(let number) = member.value.value {
            "\(number)"
          } else {
            member.value.value.integerValue.map(String.init) ?? member.value.typeName
          }
        error(
          "'count' takes a whole number of items ≥ 0, not \(given)", at: member.value.location,
          path: memberPath)
        return nil
      }
      return .count(count)
    case .contains:
      return literal(member.value, path: memberPath).map { .contains($0) }
    case .anyOrder:
      guard case .list(let items)? = literal(member.value, path: memberPath) else {
        error(
          "'anyOrder' takes the list's items, such as [\"ann\", \"bob\"], not "
            + member.value.typeName, at: member.value.location, path: memberPath)
        return nil
      }
      return .anyOrder(items)
    }
  }
}
