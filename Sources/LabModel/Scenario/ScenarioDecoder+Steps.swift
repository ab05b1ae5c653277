/// Decoding of steps: an object whose first key names the step, followed by its options.
extension ScenarioDecoder {
  /// Every step kind and the option keys it takes. The JSON Schema lists the same kinds; a test
  /// keeps the two in step.
  static let stepKeys: [(kind: String, options: [String])] = [
    ("log", []),
    ("set", ["to"]),
    ("add", ["value"]),
    ("repeat", ["as", "steps"]),
    ("forEach", ["as", "steps"]),
    ("if", ["then", "else"]),
    ("return", []),
    ("call", ["args", "as"]),
    ("block", []),
    ("sleep", []),
    ("yield", []),
    ("asyncLet", ["call", "args", "steps"]),
    ("await", []),
    ("group", ["over", "count", "as", "call", "args", "steps", "collect", "cancelAfter"]),
    ("task", ["call", "args", "steps", "isolation", "priority", "detached", "chain"]),
    ("awaitTask", ["as"]),
    ("cancel", []),
    ("onMain", []),
    ("throw", []),
    ("try", ["catch"]),
    ("checkCancellation", []),
    ("actorCall", ["args", "as"]),
    ("dispatch", ["steps"]),
    ("enter", []),
    ("leave", []),
    ("notify", ["queue", "steps"]),
    ("wait", []),
  ]

  static let stepKinds = stepKeys.map(\.kind)

  mutating func decodeSteps(_ node: JSONNode, path: String) -> [Step] {
    guard case .array(let items) = node.value else {
      error("steps must be a list: [ {…}, {…} ], not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return items.enumerated().compactMap { index, item in
      let before = diagnostics.count
      let step = decodeStep(item, path: "\(path)[\(index)]")
      // A step with errors may have been meant to declare any name written in it.
      if diagnostics.count > before { unsure.names.formUnion(item.strings) }
      return step
    }
  }

  mutating func decodeStep(_ node: JSONNode, path: String) -> Step? {
    guard case .object(let object) = node.value, let first = object.members.first else {
      error(
        "a step is an object whose first key names it, such as {\"sleep\": 100}",
        at: node.location, path: path)
      return nil
    }
    let kind = first.key
    let stepPath = "\(path).\(kind)"
    guard let options = Self.stepKeys.first(where: { $0.kind == kind })?.options else {
      let suggestion = didYouMean(kind, in: Self.stepKinds)
      error(
        "unknown step '\(kind)'"
          + (suggestion.isEmpty ? "; steps are " + Self.stepKinds.joined(separator: ", ") : suggestion),
        at: first.keyLocation, path: stepPath)
      return nil
    }
    for member in object.members.dropFirst() where !options.contains(member.key) {
      let hint =
        options.isEmpty
        ? "; '\(kind)' takes no options"
        : didYouMean(member.key, in: options).isEmpty
          ? "; '\(kind)' takes " + options.map { "'\($0)'" }.joined(separator: ", ")
          : didYouMean(member.key, in: options)
      error("unknown option '\(member.key)' for '\(kind)'\(hint)", at: member.keyLocation, path: "\(path).\(member.key)")
    }
    let origin = StepOrigin(location: first.keyLocation, path: path)
    let value = first.value
    func option(_ key: String) -> JSONNode? { object[key] }
    func required(_ key: String, _ example: String) -> JSONNode? {
      if let node = object[key] { return node }
      error("'\(kind)' needs \"\(key)\": \(example)", at: first.keyLocation, path: path)
      return nil
    }

    let stepKind: Step.Kind?
    switch kind {
    case "log":
      stepKind = template(value, path: stepPath).map { .log($0) }
    case "set":
      guard let name = identifier(value, path: stepPath, what: "variable name"),
        let target = required("to", "an expression such as \"num1 + num2\""),
        let expression = expression(target, path: "\(path).to")
      else { return nil }
      stepKind = .set(name, expression)
    case "add":
      guard let name = identifier(value, path: stepPath, what: "variable name") else { return nil }
      let amount = option("value").map { expression($0, path: "\(path).value") } ?? .literal(.int(1))
      guard let amount else { return nil }
      stepKind = .add(name, amount)
    case "repeat":
      guard let count = expression(value, path: stepPath),
        let body = required("steps", "[ … ]")
      else { return nil }
      let index = option("as").flatMap { identifier($0, path: "\(path).as", what: "loop variable") }
      stepKind = .repeat(count: count, index: index, body: decodeSteps(body, path: "\(path).steps"))
    case "forEach":
      guard let list = expression(value, path: stepPath),
        let asNode = required("as", "\"item\""),
        let item = identifier(asNode, path: "\(path).as", what: "loop variable"),
        let body = required("steps", "[ … ]")
      else { return nil }
      stepKind = .forEach(list: list, item: item, body: decodeSteps(body, path: "\(path).steps"))
    case "if":
      guard let condition = expression(value, path: stepPath),
        let thenNode = required("then", "[ … ]")
      else { return nil }
      let elseSteps = option("else").map { decodeSteps($0, path: "\(path).else") } ?? []
      stepKind = .if(condition, then: decodeSteps(thenNode, path: "\(path).then"), else: elseSteps)
    case "return":
      if case .null = value.value {
        stepKind = .return(nil)
      } else {
        guard let result = expression(value, path: stepPath) else { return nil }
        stepKind = .return(result)
      }
    case "call":
      guard let call = decodeCall(value, object, path: path) else { return nil }
      let bind = option("as").flatMap { identifier($0, path: "\(path).as", what: "variable name") }
      stepKind = .call(call, bind: bind)
    case "block":
      stepKind = expression(value, path: stepPath).map { .block($0) }
    case "sleep":
      stepKind = expression(value, path: stepPath).map { .sleep($0) }
    case "yield":
      stepKind = .yield
    case "asyncLet":
      guard let name = identifier(value, path: stepPath, what: "async let name"),
        let child = decodeChildWork(object, path: path, step: kind, at: first.keyLocation)
      else { return nil }
      stepKind = .asyncLet(name, child)
    case "await":
      var names: [String] = []
      if case .array(let items) = value.value {
        for (index, item) in items.enumerated() {
          if let name = identifier(item, path: "\(stepPath)[\(index)]", what: "async let name") {
            names.append(name)
          }
        }
      } else if let name = identifier(value, path: stepPath, what: "async let name") {
        names.append(name)
      }
      guard !names.isEmpty else {
        if case .array(let items) = value.value, items.isEmpty {
          error("'await' needs at least one async let name", at: value.location, path: stepPath)
        }
        return nil
      }
      stepKind = .await(names)
    case "group":
      guard let name = identifier(value, path: stepPath, what: "group name"),
        let child = decodeChildWork(object, path: path, step: kind, at: first.keyLocation)
      else { return nil }
      if object["over"] != nil, let count = object["count"] {
        error("'group' takes \"over\" or \"count\", not both", at: count.location, path: "\(path).count")
        return nil
      }
      let items: Expression?
      if let over = option("over") {
        items = expression(over, path: "\(path).over")
      } else if let count = option("count") {
        items = expression(count, path: "\(path).count")
      } else {
        error("'group' needs \"over\": [items] or \"count\": N", at: first.keyLocation, path: path)
        return nil
      }
      guard let items else { return nil }
      let itemName = option("as").flatMap { identifier($0, path: "\(path).as", what: "item name") }
      let collect = option("collect").flatMap { identifier($0, path: "\(path).collect", what: "variable name") }
      let cancelAfter = integer(object, "cancelAfter", path: "\(path).cancelAfter", range: 1...1_000_000)
      if cancelAfter != nil && collect == nil {
        error("'cancelAfter' needs \"collect\": results are counted as they are collected", at: first.keyLocation, path: path)
      }
      stepKind = .group(
        TaskGroupSpec(
          name: name, items: items, itemName: itemName, child: child, collect: collect,
          cancelAfter: cancelAfter))
    case "task":
      guard let name = identifier(value, path: stepPath, what: "task name"),
        let child = decodeChildWork(object, path: path, step: kind, at: first.keyLocation)
      else { return nil }
      let isolation = option("isolation").flatMap { decodeIsolation($0, path: "\(path).isolation", actors: actorNames) }
      var priority: TaskPriorityName?
      if let node = option("priority") {
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
      let detached = bool(object, "detached", path: "\(path).detached") ?? false
      let chain = option("chain").flatMap { identifier($0, path: "\(path).chain", what: "chain name") }
      // `Task { }` inherits the caller's actor; `Task.detached { }` runs on the pool.
      stepKind = .task(
        TaskSpec(
          name: name, child: child, isolation: isolation ?? (detached ? .concurrent : .caller),
          priority: priority, detached: detached, chain: chain))
    case "awaitTask":
      guard let name = identifier(value, path: stepPath, what: "task name") else { return nil }
      let bind = option("as").flatMap { identifier($0, path: "\(path).as", what: "variable name") }
      stepKind = .awaitTask(name, bind: bind)
    case "cancel":
      stepKind = identifier(value, path: stepPath, what: "task name").map { .cancel($0) }
    case "onMain":
      stepKind = .onMain(decodeSteps(value, path: stepPath))
    case "throw":
      stepKind = identifier(value, path: stepPath, what: "error name").map { .throw($0) }
    case "try":
      let body = decodeSteps(value, path: stepPath)
      var catches: [CatchClause] = []
      if let catchNode = option("catch") {
        if case .array(let clauses) = catchNode.value {
          for (index, clause) in clauses.enumerated() {
            let clausePath = "\(path).catch[\(index)]"
            guard case .object(let clauseObject) = clause.value else {
              error("a catch is {\"error\": \"Name\", \"steps\": […]} or {\"steps\": […]}", at: clause.location, path: clausePath)
              continue
            }
            checkKeys(clauseObject, allowed: ["error", "steps"], path: clausePath, what: "catch key")
            let errorName = clauseObject["error"].flatMap { identifier($0, path: "\(clausePath).error", what: "error name") }
            let steps = clauseObject["steps"].map { decodeSteps($0, path: "\(clausePath).steps") } ?? []
            catches.append(CatchClause(error: errorName, steps: steps))
          }
        } else {
          error("'catch' must be a list of catch clauses", at: catchNode.location, path: "\(path).catch")
        }
      }
      stepKind = .try(body, catches: catches)
    case "checkCancellation":
      stepKind = .checkCancellation
    case "dispatch":
      guard let queue = queueName(value, path: stepPath), let body = required("steps", "[ … ]") else { return nil }
      stepKind = .dispatch(queue: queue, decodeSteps(body, path: "\(path).steps"))
    case "enter":
      stepKind = identifier(value, path: stepPath, what: "dispatch group name").map { .enter($0) }
    case "leave":
      stepKind = identifier(value, path: stepPath, what: "dispatch group name").map { .leave($0) }
    case "wait":
      stepKind = identifier(value, path: stepPath, what: "dispatch group name").map { .wait($0) }
    case "notify":
      guard let group = identifier(value, path: stepPath, what: "dispatch group name"),
        let queueNode = required("queue", "\"main\" or a queue from \"queues\""),
        let queue = queueName(queueNode, path: "\(path).queue"),
        let body = required("steps", "[ … ]")
      else { return nil }
      stepKind = .notify(group, queue: queue, decodeSteps(body, path: "\(path).steps"))
    case "actorCall":
      guard let call = decodeActorCall(value, object, path: path) else { return nil }
      let bind = option("as").flatMap { identifier($0, path: "\(path).as", what: "variable name") }
      stepKind = .call(call, bind: bind)
    default:
      preconditionFailure("step '\(kind)' is listed but not decoded")
    }
    return stepKind.map { Step(kind: $0, origin: origin) }
  }

  /// A queue: `main` or one declared in `"queues"`.
  mutating func queueName(_ node: JSONNode, path: String) -> String? {
    guard let name = identifier(node, path: path, what: "queue name") else { return nil }
    guard name == "main" || queueNames.contains(name) else {
      let known = ["main"] + queueNames
      error(
        "unknown queue '\(name)'\(didYouMean(name, in: known)); declare it in \"queues\": {\"\(name)\": \"concurrent\"}",
        at: node.location, path: path)
      return nil
    }
    return name
  }

  /// `"actorCall": "Actor.method"`: a call whose target is an actor's method.
  mutating func decodeActorCall(_ value: JSONNode, _ object: JSONObject, path: String) -> Call? {
    guard case .string(let target) = value.value else {
      error("'actorCall' takes \"Actor.method\", not \(value.typeName)", at: value.location, path: "\(path).actorCall")
      return nil
    }
    let parts = target.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      error("'actorCall' takes \"Actor.method\", such as \"TimeStore.addStamp\"", at: value.location, path: "\(path).actorCall")
      return nil
    }
    return Call(function: target, arguments: decodeArguments(object["args"], path: "\(path).args"))
  }

  /// `"call": "fn", "args": {…}` on the step itself (the step's value is the function's name).
  mutating func decodeCall(_ value: JSONNode, _ object: JSONObject, path: String) -> Call? {
    guard let function = identifier(value, path: "\(path).call", what: "function name") else { return nil }
    return Call(function: function, arguments: decodeArguments(object["args"], path: "\(path).args"))
  }

  mutating func decodeArguments(_ node: JSONNode?, path: String) -> [(name: String, value: Expression)] {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      error("'args' must be an object of parameter names and values", at: node.location, path: path)
      return []
    }
    return object.members.compactMap { member in
      expression(member.value, path: "\(path).\(member.key)").map { (member.key, $0) }
    }
  }

  /// What a child task runs: `"call": "fn"` (+ `"args"`) or `"steps": […]`.
  mutating func decodeChildWork(
    _ object: JSONObject, path: String, step: String, at location: SourceLocation
  ) -> ChildWork? {
    if object["call"] != nil, let steps = object["steps"] {
      error(
        "'\(step)' takes \"call\" or \"steps\", not both; put the call inside the steps",
        at: steps.location, path: "\(path).steps")
      return nil
    }
    if object["call"] == nil, let args = object["args"] {
      error("\"args\" go with \"call\"; steps see the caller's variables directly", at: args.location, path: "\(path).args")
      return nil
    }
    if let function = object["call"] {
      guard let name = identifier(function, path: "\(path).call", what: "function name") else { return nil }
      return .call(Call(function: name, arguments: decodeArguments(object["args"], path: "\(path).args")))
    }
    if let steps = object["steps"] {
      return .steps(decodeSteps(steps, path: "\(path).steps"))
    }
    error(
      "'\(step)' needs the work its child task does: \"call\": \"function\" or \"steps\": [ … ]",
      at: location, path: path)
    return nil
  }
}
