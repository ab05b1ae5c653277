/// Outcome rules that can never grade an outcome, found where they are written rather than after
/// a search of every schedule: a value of another kind than its variable holds, a list's form on
/// a variable that holds no list, a `first` naming a task no step starts, and a rule after one
/// that already takes every outcome it could. They are warnings — the scenario still runs — that
/// `lab validate`, `run`, `record`, `explore` and `check` print where the file is read.
struct OutcomeRuleChecker {
  let scenario: Scenario
  let file: String
  var warnings: [Diagnostic] = []

  init(scenario: Scenario, file: String) {
    self.scenario = scenario
    self.file = file
  }

  mutating func check() {
    let rules = scenario.expect.outcomes
    for (index, rule) in rules.enumerated() {
      let path = "expect.outcomes[\(index)]"
      let values = Set(rule.when.values)
      let covering = rules[..<index].firstIndex { Self.covers($0.when, rule.when, values) }
      if let earlier = covering {
        warn(
          "this rule never grades anything: outcomes[\(earlier)] before it already takes every "
            + "outcome it matches (the first rule that matches wins); move it above "
            + "outcomes[\(earlier)] or delete it", path: path)
        continue
      }
      checkCondition(rule.when, path: "\(path).when")
    }
    if let challenge = scenario.challenge { checkCondition(challenge.when, path: "challenge.when") }
  }

  /// A condition's values and first task, which can rule out every outcome by themselves.
  mutating func checkCondition(_ when: OutcomeCondition, path: String) {
    for condition in when.values { checkValue(condition, path: "\(path).values") }
    if let first = when.first { checkFirst(first, path: "\(path).first") }
  }

  /// Whether every outcome `later` matches is matched by `earlier` already: `earlier` asks for
  /// nothing `later` does not ask for too.
  /// `laterValues` holds `later.values`, made once for every earlier rule it is compared with.
  static func covers(
    _ earlier: OutcomeCondition, _ later: OutcomeCondition, _ laterValues: Set<ValueCondition>
  ) -> Bool {
    earlier.values.count <= laterValues.count && earlier.values.allSatisfy(laterValues.contains)
      && (earlier.race == nil || earlier.race == later.race)
      && (earlier.first == nil || earlier.first == later.first)
      && (earlier.ended == nil || earlier.ended == later.ended)
  }

  /// What a variable holds, as its value in `state` says: Swift gives it that type for good.
  enum Kind: String {
    case number = "a number"
    case text
    case bool = "true or false"
    case list = "a list"
    init?(_ value: Value) {
      switch value {
      case .int: self = .number
      case .string: self = .text
      case .bool: self = .bool
      case .list: self = .list
      case .none: return nil
      }
    }
  }

  mutating func checkValue(_ condition: ValueCondition, path: String) {
    guard let start = scenario.state.first(where: { $0.name == condition.name })?.value,
      let holds = Kind(start)
    else { return }
    let memberPath = "\(path).\(condition.name)"
    let starts = "'\(condition.name)' holds \(holds.rawValue) (it starts as \(start.description))"
    switch condition.match {
    case .equals(let value):
      if let kind = Kind(value), kind != holds {
        warn(
          "this rule never matches: \(starts), never \(kind.rawValue) such as "
            + "\(value.description); write the value as \(holds.rawValue)", path: memberPath)
      }
    case .count:
      if holds != .list && holds != .text {
        warn(
          "this rule never matches: \(starts), which has no items to count; match its value "
            + "instead", path: memberPath)
      }
    case .contains, .anyOrder:
      if holds != .list {
        warn(
          "this rule never matches: \(starts), not a list; match its value instead",
          path: memberPath)
      }
    }
  }

  /// A `first` whose task no step starts, by its name before any `[item]` or `#n`.
  mutating func checkFirst(_ task: String, path: String) {
    // Input handlers' tasks are named at run time; nothing is known to be missing then.
    guard scenario.handlers.isEmpty else { return }
    let starters = Self.taskNames(in: scenario)
    let base = String(task.prefix { $0 != "[" && $0 != "#" })
    guard !starters.contains(base) else { return }
    warn(
      "this rule never matches: no step starts a task named '\(task)'"
        + didYouMean(base, in: starters.sorted())
        + "; name a task, an async let or a group's child (NAME[1]) as the trace does",
      path: path)
  }

  /// The names the trace gives the tasks a scenario starts: tasks, async lets, groups.
  static func taskNames(in scenario: Scenario) -> Set<String> {
    var names = Set<String>()
    func collect(_ steps: [Step]) {
      for step in steps {
        if case .task(let spec) = step.kind { names.insert(spec.name) }
        if case .asyncLet(let name, _) = step.kind { names.insert(name) }
        if case .group(let spec) = step.kind { names.insert(spec.name) }
        if case .addTask(let spec) = step.kind { names.insert(spec.group) }
        step.kind.nestedBlocks.forEach(collect)
      }
    }
    collect(scenario.steps)
    for function in scenario.functions.values { collect(function.steps) }
    for actor in scenario.actors.values {
      for method in actor.methods.values { collect(method.steps) }
    }
    return names
  }

  mutating func warn(_ message: String, path: String) {
    warnings.append(
      Diagnostic(.warning, file: file, location: nil, path: path, message: message))
  }
}
