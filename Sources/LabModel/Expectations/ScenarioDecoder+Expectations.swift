/// Decoding of a scenario's `expect` block; every key is described in docs/expected-traces.md and
/// `outcomes` in docs/outcomes.md.
extension ScenarioDecoder {
  mutating func decodeExpectations(_ node: JSONNode, path: String) -> Expectations {
    var expect = Expectations()
    guard case .object(let object) = node.value else {
      error(
        "'expect' must be an object such as {\"duration\": 300}, not \(node.typeName)",
        at: node.location, path: path)
      return expect
    }
    checkKeys(object, allowed: ExpectationKey.names, path: path, what: "expectation")
    expect.duration = integer(object, "duration", path: "\(path).duration", range: 0...Int64.max)
    if let values = object["values"] {
      expect.values = decodeValues(values, path: "\(path).values").map { ($0.name, $0.value) }
    }
    if let times = object["times"] {
      expect.times = decodeTimes(times, path: "\(path).times")
    }
    if let stall = object["mainStall"] {
      expect.mainStall = decodeBound(stall, path: "\(path).mainStall")
    }
    if let finishes = object["finishes"] {
      expect.finishes = decodeFinishes(finishes, path: "\(path).finishes")
    }
    if let order = object["order"] {
      expect.order = decodeTaskChains(
        order, path: "\(path).order", example: "[[\"first\", \"second\"]]")
    }
    if let concurrent = object["concurrent"] {
      expect.concurrent = decodeTaskChains(
        concurrent, path: "\(path).concurrent", example: "[[\"num1\", \"num2\"]]")
    }
    if let races = object["races"] {
      expect.races = decodeRaces(races, path: "\(path).races")
    }
    if let thrown = object["throws"] {
      expect.thrown = decodeThrows(thrown, path: "\(path).throws")
    }
    if let cancelled = object["cancelled"] {
      expect.cancelled = decodeTaskNames(cancelled, path: "\(path).cancelled")
    }
    if let problem = object["problem"] {
      expect.problem = decodeProblem(problem, path: "\(path).problem")
    }
    if let outcomes = object["outcomes"] {
      expect.outcomes = decodeOutcomes(outcomes, path: "\(path).outcomes")
    }
    if let tolerance = object["tolerance"] {
      expect.tolerance = decodeTolerance(tolerance, path: "\(path).tolerance")
    }
    return expect
  }

  /// The words the problem that stops the run must contain: a non-empty string.
  mutating func decodeProblem(_ node: JSONNode, path: String) -> String? {
    if case .string(let text) = node.value, text.contains(where: { !$0.isWhitespace }) {
      return text
    }
    let shown = if case .string = node.value { "a blank string" } else { node.typeName }
    error(
      "'problem' is words the run's problem must contain, such as \"resumed twice\", not "
        + shown,
      at: node.location, path: path)
    return nil
  }

  mutating func decodeBound(_ node: JSONNode, path: String) -> Bound? {
    switch node.value {
    case .integer(let exact) where exact >= 0:
      return .exactly(exact)
    case .integer(let negative):
      error("a time cannot be negative (\(negative) ms)", at: node.location, path: path)
      return nil
    case .object(let object):
      checkKeys(object, allowed: ["atLeast", "atMost"], path: path, what: "bound")
      let bound = Bound(
        atLeast: integer(object, "atLeast", path: "\(path).atLeast", range: 0...Int64.max),
        atMost: integer(object, "atMost", path: "\(path).atMost", range: 0...Int64.max))
      if bound.atLeast == nil && bound.atMost == nil {
        error("give \"atLeast\", \"atMost\" or both", at: node.location, path: path)
        return nil
      }
      if let least = bound.atLeast, let most = bound.atMost, least > most {
        error(
          "\"atLeast\" \(least) is above \"atMost\" \(most); no time can meet both",
          at: node.location, path: path)
        return nil
      }
      return bound
    default:
      error(
        "a time is a whole number of milliseconds ≥ 0 or {\"atMost\": N} / {\"atLeast\": N}, "
          + "not \(node.typeName)", at: node.location, path: path)
      return nil
    }
  }

  // MARK: - Tasks

  /// A task name as traces show it: `root`, `num1`, `downloads[2]`.
  mutating func taskName(_ node: JSONNode, path: String) -> String? {
    guard case .string(let name) = node.value, let first = name.first, let last = name.last,
      !first.isWhitespace, !last.isWhitespace
    else {
      error(
        "a task is named as traces show it, such as \"root\", \"num1\" or \"downloads[2]\", "
          + "not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return name
  }

  mutating func decodeTaskNames(_ node: JSONNode, path: String) -> [String] {
    guard case .array(let items) = node.value else {
      let key = lastKey(path)
      error(
        "'\(key)' must be a list of task names such as [\"num1\", \"num2\"], "
          + "not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return items.enumerated().compactMap { index, item in taskName(item, path: "\(path)[\(index)]")
    }
  }

  /// A list of chains of at least two tasks; a flat list of names is one chain.
  mutating func decodeTaskChains(_ node: JSONNode, path: String, example: String) -> [[String]] {
    guard case .array(let items) = node.value, !items.isEmpty else {
      let key = lastKey(path)
      error(
        "'\(key)' must be a list of task lists such as \(example)", at: node.location,
        path: path)
      return []
    }
    if items.allSatisfy({ $0.value.stringValue != nil }) {
      return decodeTaskChain(node, path: path).map { [$0] } ?? []
    }
    return items.enumerated().compactMap { index, item in
      decodeTaskChain(item, path: "\(path)[\(index)]")
    }
  }

  mutating func decodeTaskChain(_ node: JSONNode, path: String) -> [String]? {
    guard case .array(let items) = node.value else {
      error(
        "each entry is a list of task names such as [\"first\", \"second\"], not \(node.typeName)",
        at: node.location, path: path)
      return nil
    }
    let names = decodeTaskNames(node, path: path)
    guard names.count == items.count else { return nil }
    guard names.count >= 2 else {
      error("name at least two tasks to relate", at: node.location, path: path)
      return nil
    }
    // A task related to itself holds for any run: `concurrent` with itself, say.
    for (index, name) in names.enumerated() where names[..<index].contains(name) {
      error(
        "'\(name)' is named twice here; a task is not related to itself, so name each task "
          + "once", at: items[index].location, path: "\(path)[\(index)]")
      return nil
    }
    return names
  }

  mutating func decodeFinishes(_ node: JSONNode, path: String) -> [(task: String, time: Bound)] {
    guard case .object(let object) = node.value else {
      error(
        "'finishes' must be an object of task names and times, such as {\"num1\": 3000}, "
          + "not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return object.members.compactMap { member in
      let memberPath = "\(path).\(member.key)"
      guard
        taskName(JSONNode(.string(member.key), at: member.keyLocation), path: memberPath) != nil,
        let bound = decodeBound(member.value, path: memberPath)
      else { return nil }
      return (member.key, bound)
    }
  }

  mutating func decodeThrows(_ node: JSONNode, path: String) -> [(task: String, error: String)] {
    guard case .object(let object) = node.value else {
      error(
        "'throws' must be an object of task names and error names, such as "
          + "{\"download\": \"NetworkError\"}, not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return object.members.compactMap { member in
      let memberPath = "\(path).\(member.key)"
      guard taskName(JSONNode(.string(member.key), at: member.keyLocation), path: memberPath) != nil
      else { return nil }
      guard case .string(let name) = member.value.value, !name.isEmpty else {
        error(
          "the error is named in quotes, such as \"NetworkError\", not \(member.value.typeName)",
          at: member.value.location, path: memberPath)
        return nil
      }
      return (member.key, name)
    }
  }

  mutating func decodeRaces(_ node: JSONNode, path: String) -> RaceExpectation? {
    let choices = RaceExpectation.allCases.map(\.rawValue)
    if case .string(let text) = node.value, let races = RaceExpectation(rawValue: text) {
      return races
    }
    let shown = node.value.stringValue.map { "\"\($0)\"" } ?? node.typeName
    error(
      "'races' must be \"expected\" or \"forbidden\", not \(shown)"
        + didYouMean(node.value.stringValue ?? "", in: choices),
      at: node.location, path: path)
    return nil
  }

  // MARK: - Values, times, tolerance

  mutating func decodeValues(_ node: JSONNode, path: String) -> [NamedValue] {
    guard case .object(let members) = node.value else {
      error(
        "'values' must be an object of variable names and values, such as {\"count\": 2}, "
          + "not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return members.members.compactMap { member in
      literal(member.value, path: "\(path).\(member.key)").map { NamedValue(member.key, $0) }
    }
  }

  /// `times`: variables holding milliseconds, a number or a list of numbers each.
  mutating func decodeTimes(
    _ node: JSONNode, path: String
  ) -> [(name: String, milliseconds: [Int64], isList: Bool)] {
    guard case .object(let object) = node.value else {
      error(
        "'times' must be an object of variable names and milliseconds, such as {\"doneAt\": 1000}, "
          + "not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return object.members.compactMap { member in
      let memberPath = "\(path).\(member.key)"
      switch member.value.value {
      case .integer(let milliseconds):
        return (member.key, [milliseconds], false)
      case .array(let items) where items.allSatisfy({ $0.value.integerValue != nil }):
        return (member.key, items.compactMap(\.value.integerValue), true)
      default:
        error(
          "a time is a whole number of milliseconds or a list of them, such as [1000, 2000], "
            + "not \(member.value.typeName)", at: member.value.location, path: memberPath)
        return nil
      }
    }
  }

  mutating func decodeTolerance(_ node: JSONNode, path: String) -> Tolerance? {
    guard case .object(let object) = node.value else {
      error(
        "'tolerance' must be an object such as {\"ms\": 5, \"percent\": 5}, not \(node.typeName)",
        at: node.location, path: path)
      return nil
    }
    checkKeys(object, allowed: ["ms", "percent"], path: path, what: "tolerance key")
    func number(_ key: String, default value: Double, in range: ClosedRange<Double>) -> Double? {
      guard let node = object[key] else { return value }
      guard let number = node.value.doubleValue else {
        error(
          "'\(key)' must be a number ≥ 0, not \(node.typeName)", at: node.location,
          path: "\(path).\(key)")
        return nil
      }
      guard range.contains(number) else {
        let shown =
          abs(number) < 1e15 && number == number.rounded() ? "\(Int64(number))" : "\(number)"
        error(
          "'\(key)' must be from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not "
            + "\(shown); give the allowance the run needs", at: node.location,
          path: "\(path).\(key)")
        return nil
      }
      return number
    }
    guard
      let milliseconds = number(
        "ms", default: Tolerance.live.milliseconds, in: Tolerance.millisecondsRange),
      let percent = number("percent", default: Tolerance.live.percent, in: Tolerance.percentRange)
    else { return nil }
    return Tolerance(milliseconds: milliseconds, percent: percent)
  }

  private func lastKey(_ path: String) -> String {
    path.split(separator: ".").last.map(String.init) ?? path
  }
}
