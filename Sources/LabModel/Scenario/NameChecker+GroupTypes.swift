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
      var children: [(result: ChildResult, origin: StepOrigin)] = []
      var fallbacks: [(value: Value, origin: StepOrigin)] = []
      func visit(_ steps: [Step]) {
        for step in steps {
          if case .addTask(let spec) = step.kind, spec.group == name,
            case .steps(let child) = spec.child
          {
            children.append((Self.childResult(child), step.origin))
          }
          var problems: [String] = []
          if case .next(name, _, let fallback?) = step.kind,
            let value = fallback.constantValue(&problems)
          {
            fallbacks.append((value, step.origin))
          }
          // A nested group of the same name is another closure's parameter.
          if case .group(let inner) = step.kind, inner.name == name { continue }
          step.kind.nestedBlocks.forEach(visit)
        }
      }
      visit(body)
      checkChildrenAgree(name, children)
      guard let returned = children.lazy.compactMap(\.result.value).first else { continue }
      for fallback in fallbacks where !Self.sameType(returned, fallback.value) {
        report(
          "the children of group '\(name)' return \(Self.kind(returned, plural: true)) (the first "
            + "returns \(returned.description)), and this next gives as its orElse "
            + "\(Self.kind(fallback.value)), \(fallback.value.description): `?? orElse` needs the "
            + "children's type; use \(Self.kind(returned))", at: fallback.origin)
      }
    }
  }

  /// What a child's closure returns, as far as its literals say.
  enum ChildResult {
    /// The first constant it returns.
    case value(Value)
    /// No value: it has no `return` of one, and does not end by throwing (`Void` in Swift).
    case nothing
    /// A value of a type only the program's types tell, or none at all: a closure that only
    /// throws takes its type from the other children.
    case unknown

    var value: Value? { if case .value(let value) = self { value } else { nil } }

    /// The result in words: "returns 7, an integer", "returns nothing".
    var described: String {
      switch self {
      case .value(let value): "returns \(value.description), \(NameChecker.kind(value))"
      case .nothing: "returns nothing"
      case .unknown: "returns a value"
      }
    }
  }

  /// The groups whose children all return nothing (`Void` in Swift), by name: their `next`
  /// gives `()` or nil natively, none either way in the lab, so no step may compare it with none.
  /// A name two groups share counts only when both return nothing.
  static func groupsReturningNothing(_ scenario: Scenario) -> Set<String> {
    var nothing = Set<String>()
    var something = Set<String>()
    func visit(_ steps: [Step]) {
      for step in steps {
        if case .addTask(let spec) = step.kind {
          if case .steps(let child) = spec.child, case .nothing = childResult(child) {
            nothing.insert(spec.group)
          } else {
            something.insert(spec.group)
          }
        }
        step.kind.nestedBlocks.forEach(visit)
      }
    }
    visit(
      scenario.steps + scenario.functions.values.flatMap(\.steps)
        + scenario.actors.values.flatMap { $0.methods.values.flatMap(\.steps) }
        + scenario.handlers.values.flatMap(\.steps))
    return nothing.subtracting(something)
  }

  static func childResult(_ steps: [Step]) -> ChildResult {
    if let value = returnedLiteral(steps) { return .value(value) }
    return steps.returnsValue || steps.onlyThrows ? .unknown : .nothing
  }

  /// Swift's group has one child type (`withThrowingTaskGroup(of: Int.self)`): children that
  /// return values of different types, or a value and nothing, are refused at the first that
  /// differs from the first child that says its type.
  mutating func checkChildrenAgree(
    _ group: String, _ children: [(result: ChildResult, origin: StepOrigin)]
  ) {
    var first: ChildResult?
    for child in children {
      guard let known = first else {
        if case .unknown = child.result {} else { first = child.result }
        continue
      }
      let agrees =
        switch (known, child.result) {
        case (.value(let a), .value(let b)): Self.sameType(a, b)
        case (.nothing, .nothing), (_, .unknown): true
        case (.value, .nothing), (.nothing, .value), (.unknown, _): false
        }
      guard !agrees else { continue }
      report(
        "the children of group '\(group)' have one result type in Swift, which the first child "
          + "that says it sets: it \(known.described), and this child \(child.result.described); "
          + "return one type from every child (a child that only throws takes the others' type)",
        at: child.origin)
    }
  }

  /// The first constant `steps` return in their own closure: a nested task's returns are its
  /// own.
  static func returnedLiteral(_ steps: [Step]) -> Value? {
    for step in steps {
      var problems: [String] = []
      if case .return(let value?) = step.kind, let constant = value.constantValue(&problems) {
        return constant
      }
      if step.kind.traits.nestedRunElsewhere { continue }
      for block in step.kind.nestedBlocks {
        if let value = returnedLiteral(block) { return value }
      }
    }
    return nil
  }

  /// `an integer`, `integers`, `a list of booleans`, `lists of integers`: a value's Swift type
  /// in words, a list's with its items'.
  static func kind(_ value: Value, plural: Bool = false) -> String {
    guard case .list(let items) = value, let first = items.first else {
      return plural ? Self.plural(value) : value.typeName
    }
    return plural ? Self.plural(value) : "a list of " + Self.plural(first)
  }
}
