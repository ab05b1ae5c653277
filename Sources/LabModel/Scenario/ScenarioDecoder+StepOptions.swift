/// What a step's row declares of its options, enforced in the row's own words: which are
/// required and what a missing one's message shows, which exclude each other, which need others,
/// and what a missing one means. A kind's decoder asks for an option where it decodes it, so a
/// step with several problems reports them in the order they are met; `StepTableTests` checks
/// that each row's declarations are what the decoder enforces.
extension ScenarioDecoder {
  /// An option the step cannot do without: missing, it is reported with the row's example.
  mutating func required(_ key: String, of step: StepInput) -> JSONNode? {
    if let node = step.object[key] { return node }
    let example = step.key.spec.option(key)?.requiredExample.map { ": \($0)" } ?? ""
    error(
      "'\(step.key.rawValue)' needs \"\(key)\"\(example)", at: step.keyLocation, path: step.path)
    return nil
  }

  /// The option as given, or else the row's default for it, read as if it had been written.
  func optionOrDefault(_ key: String, of step: StepInput) -> JSONNode? {
    step.object[key] ?? step.key.spec.option(key)?.defaultNode
  }

  /// A true-or-false option, or the row's default for it (false when the row has none); a value
  /// of another type is reported and read as the default.
  mutating func flag(_ key: String, of step: StepInput) -> Bool {
    bool(step.object, key, path: "\(step.path).\(key)")
      ?? (step.key.spec.option(key)?.defaultValue == "true")
  }

  /// Reports a step that gives more than one option of the row's one-of group holding `key`, at
  /// the second one given; true when it did.
  mutating func refusesBoth(ofGroupWith key: String, _ step: StepInput) -> Bool {
    guard let group = step.key.spec.oneOf.first(where: { $0.keys.contains(key) }) else {
      return false
    }
    let given = group.keys.filter { step.object[$0] != nil }
    guard given.count > 1, let second = step.object[given[1]] else { return false }
    let choices = group.keys.map { "\"\($0)\"" }.joined(separator: " or ")
    error(
      "'\(step.key.rawValue)' takes \(choices), not both"
        + (group.whenBoth.map { "; \($0)" } ?? ""),
      at: second.location, path: "\(step.path).\(given[1])")
    return true
  }

  /// Reports a step that gives none of the row's one-of group holding `key`.
  mutating func reportNone(ofGroupWith key: String, _ step: StepInput) {
    guard let group = step.key.spec.oneOf.first(where: { $0.keys.contains(key) }),
      group.waivedBy.map({ step.object[$0] == nil }) ?? true
    else { return }
    error("'\(step.key.rawValue)' needs \(group.whenNone)", at: step.keyLocation, path: step.path)
  }

  /// Reports `option` given without any of what the row says it needs; true when it did.
  mutating func refusesAlone(_ option: String, _ step: StepInput) -> Bool {
    guard step.object[option] != nil,
      let need = step.key.spec.needs.first(where: { $0.option == option }),
      need.needs.allSatisfy({ step.object[$0] == nil })
    else { return false }
    reportNeed(option, of: step)
    return true
  }

  /// Reports, in the row's words, that `option` lacks what it needs: for a need the decoder
  /// judges on decoded values rather than on the keys given.
  mutating func reportNeed(_ option: String, of step: StepInput) {
    guard let need = step.key.spec.needs.first(where: { $0.option == option }) else { return }
    if need.reportedAtStep {
      error(need.message, at: step.keyLocation, path: step.path)
    } else {
      error(
        need.message, at: step.object[option]?.location ?? step.keyLocation,
        path: "\(step.path).\(option)")
    }
  }
}

extension StepSpec.Option {
  /// The default as the decoder reads it: the JSON a step that leaves the option out stands for.
  var defaultNode: JSONNode? {
    defaultValue.flatMap { try? JSONParser.parse(Array($0.utf8), file: "the step table") }
  }
}
