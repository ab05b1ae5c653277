/// Decoding of the steps that start or await child tasks, and of `try`.
extension ScenarioDecoder {
  mutating func decodeAsyncLet(_ step: StepInput) -> Step.Kind? {
    // Both are decoded even when the name is wrong, so every problem is reported at once.
    let name = identifier(
      step.value, path: step.keyPath, what: "async let name", declares: .taskAndVariable)
    let child = decodeChildWork(step)
    guard let name, let child else { return nil }
    return .asyncLet(name, child)
  }

  mutating func decodeAwait(_ step: StepInput) -> Step.Kind? {
    let value = step.value
    var names: [String] = []
    if case .array(let items) = value.value {
      for (index, item) in items.enumerated() {
        if let name = identifier(item, path: "\(step.keyPath)[\(index)]", what: "async let name") {
          names.append(name)
        }
      }
    } else if let name = identifier(value, path: step.keyPath, what: "async let name") {
      names.append(name)
    }
    guard !names.isEmpty else {
      if case .array(let items) = value.value, items.isEmpty {
        error("'await' needs at least one async let name", at: value.location, path: step.keyPath)
      }
      return nil
    }
    return .await(names)
  }

  mutating func decodeGroup(_ step: StepInput) -> Step.Kind? {
    let path = step.path
    if step.object["body"] != nil { return decodeGroupBody(step) }
    let name = identifier(step.value, path: step.keyPath, what: "group name", declares: .task)
    let child = decodeChildWork(step)
    guard let name, let child else { return nil }
    if refusesBoth(ofGroupWith: "over", step) { return nil }
    let items: Expression?
    if let over = step.option("over") {
      items = expression(over, path: "\(path).over")
    } else if let count = step.option("count") {
      items = expression(count, path: "\(path).count")
      if let items, let number = constantInteger(items), number < 0 {
        error(RepeatCount.problem(number, for: .group), at: count.location, path: "\(path).count")
        return nil
      }
    } else {
      reportNone(ofGroupWith: "over", step)
      return nil
    }
    guard let items else { return nil }
    let itemName = step.option("as").flatMap {
      identifier($0, path: "\(path).as", what: "item name", declares: .variable)
    }
    let collect = step.option("collect").flatMap {
      identifier($0, path: "\(path).collect", what: "variable name", declares: .variable)
    }
    let cancelAfter = integer(
      step.object, "cancelAfter", path: "\(path).cancelAfter", range: 1...1_000_000)
    // A discarding group refuses "cancelAfter" in its own words (decodeGroupPattern).
    let discarding = if case .bool(true)? = step.option("discarding")?.value { true } else { false }
    // Counted as decoded: a "cancelAfter" or "collect" with an error of its own is reported
    // there, not again here.
    if cancelAfter != nil && collect == nil && !discarding { reportNeed("cancelAfter", of: step) }
    var spec = TaskGroupSpec(
      name: name, items: items, itemName: itemName, child: child, collect: collect,
      cancelAfter: cancelAfter)
    decodeGroupPattern(step, into: &spec)
    return .group(spec)
  }

  mutating func decodeTask(_ step: StepInput) -> Step.Kind? {
    let path = step.path
    let name = identifier(step.value, path: step.keyPath, what: "task name", declares: .task)
    let child = decodeChildWork(step)
    guard let name, let child else { return nil }
    let isolation = step.option("isolation").flatMap {
      decodeIsolation($0, path: "\(path).isolation", actors: actorNames)
    }
    var priority: TaskPriorityName?
    if let node = step.option("priority") {
      let names = TaskPriorityName.allCases.map(\.rawValue)
      if case .string(let text) = node.value, let known = TaskPriorityName(rawValue: text) {
        priority = known
      } else {
        let text = node.value.stringValue ?? node.typeName
        error(
          "unknown priority '\(text)'\(didYouMean(text, in: names)); use one of "
            + names.joined(separator: ", "), at: node.location, path: "\(path).priority")
      }
    }
    let detached = flag("detached", of: step)
    let chain = step.option("chain").flatMap {
      identifier($0, path: "\(path).chain", what: "chain name")
    }
    // `Task { }` inherits the caller's actor; `Task.detached { }` runs on the pool.
    var spec = TaskSpec(
      name: name, child: child, isolation: isolation ?? (detached ? .concurrent : .caller),
      priority: priority, detached: detached, chain: chain)
    spec.immediate = decodeImmediate(step, spec)
    return .task(spec)
  }

  mutating func decodeTry(_ step: StepInput) -> Step.Kind? {
    let body = decodeSteps(step.value, path: step.keyPath)
    var catches: [CatchClause] = []
    if let catchNode = step.option("catch") {
      if case .array(let clauses) = catchNode.value {
        for (index, clause) in clauses.enumerated() {
          if let decoded = decodeCatch(clause, path: "\(step.path).catch[\(index)]") {
            catches.append(decoded)
          }
        }
      } else {
        error(
          "'catch' must be a list of catch clauses", at: catchNode.location,
          path: "\(step.path).catch")
      }
    }
    return .try(body, catches: catches)
  }

  mutating func decodeCatch(_ clause: JSONNode, path: String) -> CatchClause? {
    guard case .object(let object) = clause.value else {
      error(
        "a catch is {\"error\": \"Name\", \"steps\": […]} or {\"steps\": […]}",
        at: clause.location, path: path)
      return nil
    }
    checkKeys(object, allowed: ["error", "steps"], path: path, what: "catch key")
    let errorName = object["error"].flatMap {
      identifier($0, path: "\(path).error", what: "error name", declares: .error)
    }
    let steps = object["steps"].map { decodeSteps($0, path: "\(path).steps") } ?? []
    return CatchClause(error: errorName, steps: steps)
  }

  /// What a child task runs: `"call": "fn"` (+ `"args"`) or `"steps": […]`.
  mutating func decodeChildWork(_ step: StepInput) -> ChildWork? {
    let object = step.object
    let path = step.path
    if refusesBoth(ofGroupWith: "call", step) || refusesAlone("args", step) { return nil }
    if let function = object["call"] {
      guard let name = identifier(function, path: "\(path).call", what: "function name") else {
        return nil
      }
      return .call(
        Call(function: name, arguments: decodeArguments(object["args"], path: "\(path).args")))
    }
    if let steps = object["steps"] {
      return .steps(decodeSteps(steps, path: "\(path).steps"))
    }
    reportNone(ofGroupWith: "call", step)
    return nil
  }
}
