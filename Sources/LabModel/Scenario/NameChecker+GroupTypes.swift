/// A task group's children return one type, which `lab swift` declares from the first literal
/// a child returns (`withThrowingTaskGroup(of: Int.self)`): a `next`'s `orElse` is the right side
/// of `?? orElse`, so a literal of another type would not compile, and is refused here, where
/// `lab validate` says why, as a stream's literals are (NameChecker+StreamTypes).
extension NameChecker {
  mutating func checkGroupNextTypes() {
    var groups: [(name: String, body: [Step])] = []
    func collect(_ steps: [Step]) {
      for step in steps {
        if case .group(let spec) = step.kind, let body = spec.body {
          groups.append((spec.name, body))
        }
        step.kind.nestedBlocks.forEach(collect)
      }
    }
    collect(
      scenario.steps + scenario.functions.values.flatMap(\.steps)
        + scenario.actors.values.flatMap { $0.methods.values.flatMap(\.steps) })
    for (name, body) in groups {
      var returned: Value?
      var fallbacks: [(value: Value, origin: StepOrigin)] = []
      func visit(_ steps: [Step]) {
        for step in steps {
          if case .addTask(let spec) = step.kind, spec.group == name,
            case .steps(let child) =
              spec.child, returned == nil
          {
            returned = Self.returnedLiteral(child)
          }
          if case .next(name, _, .literal(let value)?) = step.kind {
            fallbacks.append((value, step.origin))
          }
          // A nested group of the same name is another closure's parameter.
          if case .group(let inner) = step.kind, inner.name == name { continue }
          step.kind.nestedBlocks.forEach(visit)
        }
      }
      visit(body)
      guard let returned else { continue }
      for fallback in fallbacks where !Self.sameType(returned, fallback.value) {
        report(
          "the children of group '\(name)' return \(Self.plural(returned)) (the first returns "
            + "\(returned.description)), and this next gives as its orElse "
            + "\(fallback.value.typeName), \(fallback.value.description): `?? orElse` needs the "
            + "children's type; use \(returned.typeName)", at: fallback.origin)
      }
    }
  }

  /// The first literal `steps` return in their own closure: a nested task's returns are its own.
  static func returnedLiteral(_ steps: [Step]) -> Value? {
    for step in steps {
      if case .return(.literal(let value)?) = step.kind { return value }
      if step.kind.traits.nestedRunElsewhere { continue }
      for block in step.kind.nestedBlocks {
        if let value = returnedLiteral(block) { return value }
      }
    }
    return nil
  }
}
