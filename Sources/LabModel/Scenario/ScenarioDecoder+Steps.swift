/// Decoding of steps: an object whose first key names the step (a `StepKey`), followed by its
/// options (the key's `spec.options`).
extension ScenarioDecoder {
  /// One step object being decoded: its kind, its value, its options and where it was written.
  struct StepInput {
    var key: StepKey
    var value: JSONNode
    var object: JSONObject
    /// The step's path, such as `steps[2]`, and its key's, `steps[2].sleep`.
    var path: String
    var keyPath: String
    var keyLocation: SourceLocation

    func option(_ key: String) -> JSONNode? { object[key] }
  }

  mutating func decodeSteps(_ node: JSONNode, path: String) -> [Step] {
    guard case .array(let items) = node.value else {
      error(
        "steps must be a list: [ {…}, {…} ], not \(node.typeName)", at: node.location, path: path)
      return []
    }
    return items.enumerated().compactMap { index, item in
      let before = errorCount
      let step = decodeStep(item, path: "\(path)[\(index)]")
      // A step with errors may have been meant to declare any name written in it.
      if errorCount > before { unsure.names.formUnion(item.strings) }
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
    guard let key = StepKey(rawValue: kind) else {
      let suggestion = didYouMean(kind, in: StepKey.names)
      error(
        "unknown step '\(kind)'"
          + (suggestion.isEmpty
            ? "; steps are " + StepKey.names.joined(separator: ", ") : suggestion),
        at: first.keyLocation, path: "\(path).\(kind)")
      return nil
    }
    let options = key.spec.optionKeys
    for member in object.members.dropFirst() where !options.contains(member.key) {
      let hint =
        options.isEmpty
        ? "; '\(kind)' takes no options"
        : didYouMean(member.key, in: options).isEmpty
          ? "; '\(kind)' takes " + options.map { "'\($0)'" }.joined(separator: ", ")
          : didYouMean(member.key, in: options)
      error(
        "unknown option '\(member.key)' for '\(kind)'\(hint)", at: member.keyLocation,
        path: "\(path).\(member.key)")
    }
    let input = StepInput(
      key: key, value: first.value, object: object, path: path, keyPath: "\(path).\(kind)",
      keyLocation: first.keyLocation)
    let origin = StepOrigin(location: first.keyLocation, path: path)
    return decodeKind(input).map { Step(kind: $0, origin: origin) }
  }

  /// The step's model. Exhaustive over `StepKey`: a new key does not compile until it decodes.
  mutating func decodeKind(_ step: StepInput) -> Step.Kind? {
    let value = step.value
    let keyPath = step.keyPath
    switch step.key {
    case .log: return template(value, path: keyPath).map { .log($0) }
    case .set: return decodeSet(step)
    case .add: return decodeAdd(step)
    case .repeat: return decodeRepeat(step)
    case .forEach: return decodeForEach(step)
    case .if: return decodeIf(step)
    case .return:
      if case .null = value.value { return .return(nil) }
      noneMayStand = .wholeReturn
      defer { noneMayStand = .nowhere }
      return expression(value, path: keyPath).map { .return($0) }
    case .call:
      guard let call = decodeCall(value, step.object, path: step.path) else { return nil }
      return .call(call, bind: binding(step))
    case .block, .sleep: return decodeWait(step)
    case .yield: return .yield
    case .while, .repeatWhile: return decodeWhile(step)
    case .break: return .break
    case .continue: return .continue
    case .asyncLet: return decodeAsyncLet(step)
    case .await: return decodeAwait(step)
    case .group: return decodeGroup(step)
    case .addTask: return decodeAddTask(step)
    case .next:
      return decodeNext(step, value, keyPath)
    case .whileNext: return decodeWhileNext(step)
    case .cancelAll:
      return identifier(value, path: keyPath, what: "group name").map { .cancelAll($0) }
    case .task: return decodeTask(step)
    case .awaitTask:
      guard let name = identifier(value, path: keyPath, what: "task name") else { return nil }
      return .awaitTask(name, bind: binding(step))
    case .cancel: return identifier(value, path: keyPath, what: "task name").map { .cancel($0) }
    case .onMain:
      let body = decodeSteps(value, path: keyPath)
      checkSynchronousBody(body, .onMain)
      return .onMain(body)
    case .assumeIsolated: return decodeAssumeIsolated(step)
    case .throw:
      return identifier(value, path: keyPath, what: "error name", declares: .error).map {
        .throw($0)
      }
    case .try: return decodeTry(step)
    case .checkCancellation: return .checkCancellation
    case .actorCall:
      guard let call = decodeActorCall(value, step.object, path: step.path) else { return nil }
      return .call(call, bind: binding(step))
    case .dispatch:
      guard let queue = queueName(value, path: keyPath),
        let body = required("steps", of: step)
      else { return nil }
      let sync = flag("sync", of: step)
      let steps = decodeSteps(body, path: "\(step.path).steps")
      checkSynchronousBody(steps, .workItem(sync: sync))
      return .dispatch(queue: queue, sync: sync, steps)
    case .enter: return dispatchGroupName(step).map { .enter($0) }
    case .leave: return dispatchGroupName(step).map { .leave($0) }
    case .wait: return dispatchGroupName(step).map { .wait($0) }
    case .notify: return decodeNotify(step)
    case .withLock: return decodeWithLock(step)
    case .atomicAdd: return decodeAtomicAdd(step)
    case .semaphoreWait: return decodeSemaphoreWait(step)
    case .semaphoreSignal: return semaphoreName(step).map { .semaphoreSignal($0) }
    case .continuation: return decodeContinuation(step)
    case .resume: return decodeResume(step)
    case .onCancel: return decodeOnCancel(step)
    case .streamYield: return decodeStreamYield(step)
    case .streamFinish: return streamName(step).map { .streamFinish($0) }
    case .forAwait: return decodeForAwait(step)
    case .streamNext: return decodeStreamNext(step)
    case .onTermination: return decodeOnTermination(step)
    case .withValue: return decodeWithValue(step)
    }
  }

  /// `"as"`: the variable that receives a call's or a task's result.
  /// `next`: its group, and with `orElse` a binding to give it to.
  mutating func decodeNext(_ step: StepInput, _ value: JSONNode, _ keyPath: String) -> Step.Kind? {
    guard let group = identifier(value, path: keyPath, what: "group name") else { return nil }
    let bind = binding(step)
    guard let orElseNode = step.option("orElse") else {
      return .next(group, bind: bind, orElse: nil)
    }
    guard !refusesAlone("orElse", step),
      let orElse = expression(orElseNode, path: "\(step.path).orElse")
    else { return nil }
    return .next(group, bind: bind, orElse: orElse)
  }

  mutating func binding(_ step: StepInput) -> String? {
    step.option("as").flatMap {
      identifier($0, path: "\(step.path).as", what: "variable name", declares: .variable)
    }
  }

  mutating func dispatchGroupName(_ step: StepInput) -> String? {
    identifier(step.value, path: step.keyPath, what: "dispatch group name")
  }

  mutating func decodeSet(_ step: StepInput) -> Step.Kind? {
    guard
      let name = identifier(
        step.value, path: step.keyPath, what: "variable name", declares: .variable),
      let target = required("to", of: step),
      let expression = expression(target, path: "\(step.path).to")
    else { return nil }
    return .set(name, expression)
  }

  mutating func decodeAdd(_ step: StepInput) -> Step.Kind? {
    guard let name = identifier(step.value, path: step.keyPath, what: "variable name") else {
      return nil
    }
    return optionOrDefault("value", of: step)
      .flatMap { expression($0, path: "\(step.path).value") }.map { .add(name, $0) }
  }

  mutating func decodeRepeat(_ step: StepInput) -> Step.Kind? {
    guard let count = expression(step.value, path: step.keyPath),
      let body = required("steps", of: step)
    else { return nil }
    if let number = constantInteger(count), number < 0 {
      error(
        RepeatCount.problem(number, for: .repeat), at: step.value.location, path: step.keyPath)
      return nil
    }
    let index = step.option("as").flatMap {
      identifier($0, path: "\(step.path).as", what: "loop variable", declares: .variable)
    }
    return .repeat(count: count, index: index, body: decodeSteps(body, path: "\(step.path).steps"))
  }

  /// `sleep` and `block`: a constant negative time is refused, as Swift would not wait at all.
  mutating func decodeWait(_ step: StepInput) -> Step.Kind? {
    if case .number(let number) = step.value.value {
      error(
        "a time is a whole number of milliseconds, written without a fraction or an exponent "
          + "(not \(number))", at: step.value.location, path: step.keyPath)
      return nil
    }
    guard let time = expression(step.value, path: step.keyPath) else { return nil }
    if let milliseconds = constantInteger(time), milliseconds < 0 {
      error(
        WaitTime.problem(milliseconds, for: step.key), at: step.value.location,
        path: step.keyPath)
      return nil
    }
    return step.key == .sleep ? .sleep(time) : .block(time)
  }

  mutating func decodeForEach(_ step: StepInput) -> Step.Kind? {
    guard let list = expression(step.value, path: step.keyPath),
      let asNode = required("as", of: step),
      let item = identifier(
        asNode, path: "\(step.path).as", what: "loop variable", declares: .variable),
      let body = required("steps", of: step)
    else { return nil }
    return .forEach(list: list, item: item, body: decodeSteps(body, path: "\(step.path).steps"))
  }

  mutating func decodeIf(_ step: StepInput) -> Step.Kind? {
    guard let condition = expression(step.value, path: step.keyPath),
      let thenNode = required("then", of: step)
    else { return nil }
    let elseSteps = step.option("else").map { decodeSteps($0, path: "\(step.path).else") } ?? []
    return .if(
      condition, then: decodeSteps(thenNode, path: "\(step.path).then"), else: elseSteps)
  }

  mutating func decodeNotify(_ step: StepInput) -> Step.Kind? {
    guard let group = dispatchGroupName(step),
      let queueNode = required("queue", of: step),
      let queue = queueName(queueNode, path: "\(step.path).queue"),
      let body = required("steps", of: step)
    else { return nil }
    let steps = decodeSteps(body, path: "\(step.path).steps")
    checkSynchronousBody(steps, .workItem(sync: false))
    return .notify(group, queue: queue, steps)
  }

  /// A queue: `main` or one declared in `"queues"`.
  mutating func queueName(_ node: JSONNode, path: String) -> String? {
    // A reference, not a declaration: `main` is Dispatch's main queue (`DispatchQueue.main`).
    guard let name = identifier(node, path: path, what: "queue name", qualified: true) else {
      return nil
    }
    guard name == "main" || queueNames.contains(name) else {
      let known = ["main"] + queueNames
      let suggestion = didYouMean(name, in: known)
      error(
        "unknown queue '\(name)'"
          + (suggestion.isEmpty
            ? "; declare it in \"queues\": {\"\(name)\": \"concurrent\"}" : suggestion),
        at: node.location, path: path)
      return nil
    }
    return name
  }

  /// `"actorCall": "Actor.method"`: a call whose target is an actor's method.
  mutating func decodeActorCall(_ value: JSONNode, _ object: JSONObject, path: String) -> Call? {
    guard case .string(let target) = value.value else {
      error(
        "'actorCall' takes \"Actor.method\", not \(value.typeName)", at: value.location,
        path: "\(path).actorCall")
      return nil
    }
    let parts = target.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      error(
        "'actorCall' takes \"Actor.method\", such as \"TimeStore.addStamp\"", at: value.location,
        path: "\(path).actorCall")
      return nil
    }
    return Call(function: target, arguments: decodeArguments(object["args"], path: "\(path).args"))
  }

  /// `"call": "fn", "args": {…}` on the step itself (the step's value is the function's name).
  mutating func decodeCall(_ value: JSONNode, _ object: JSONObject, path: String) -> Call? {
    guard let function = identifier(value, path: "\(path).call", what: "function name") else {
      return nil
    }
    return Call(
      function: function, arguments: decodeArguments(object["args"], path: "\(path).args"))
  }

  mutating func decodeArguments(_ node: JSONNode?, path: String) -> [(
    name: String, value: Expression
  )] {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      error("'args' must be an object of parameter names and values", at: node.location, path: path)
      return []
    }
    return object.members.compactMap { member in
      let memberPath = "\(path).\(member.key)"
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "parameter name") != nil
      else { return nil }
      // A value refused here still names its parameter: no second message calls it missing.
      return (member.key, expression(member.value, path: memberPath) ?? .literal(.int(0)))
    }
  }
}
