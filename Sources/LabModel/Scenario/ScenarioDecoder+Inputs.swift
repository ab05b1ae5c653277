/// Decoding of Dispatch queues, UI inputs and their handlers.
extension ScenarioDecoder {
  mutating func decodeQueues(_ node: JSONNode?, path: String) -> [String: QueueKind] {
    guard let node else { return [:] }
    guard case .object(let object) = node.value else {
      error(
        "'queues' must be an object such as {\"fetchQueue\": \"concurrent\"}", at: node.location,
        path: path)
      return [:]
    }
    var queues: [String: QueueKind] = [:]
    for member in object.members {
      let memberPath = join(path, member.key)
      if member.key == "main" {
        error(
          "'main' is always there; choose another name", at: member.keyLocation, path: memberPath)
        continue
      }
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "queue name") != nil
      else { continue }
      guard case .string(let text) = member.value.value, let kind = QueueKind(rawValue: text) else {
        error(
          "a queue is \"serial\" or \"concurrent\"", at: member.value.location, path: memberPath)
        continue
      }
      queues[member.key] = kind
    }
    return queues
  }

  mutating func decodeHandlers(_ node: JSONNode?, path: String) -> [String: Handler] {
    guard let node else { return [:] }
    guard case .object(let object) = node.value else {
      error("'handlers' must be an object of handlers by name", at: node.location, path: path)
      return [:]
    }
    var handlers: [String: Handler] = [:]
    for member in object.members {
      let memberPath = join(path, member.key)
      _ = identifier(
        JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
        what: "handler name", declares: .task)
      guard case .object(let body) = member.value.value else {
        error("a handler is an object with \"steps\"", at: member.value.location, path: memberPath)
        continue
      }
      checkKeys(
        body, allowed: ["steps", "debounce", "removeDuplicates", "switchToLatest", "summary"],
        path: memberPath, what: "handler key")
      _ = string(body, "summary", path: "\(memberPath).summary", shown: .paragraph)
      let steps = body["steps"].map { decodeSteps($0, path: "\(memberPath).steps") } ?? []
      handlers[member.key] = Handler(
        name: member.key, steps: steps,
        debounce: integer(body, "debounce", path: "\(memberPath).debounce", range: 0...3_600_000),
        removeDuplicates: bool(body, "removeDuplicates", path: "\(memberPath).removeDuplicates")
          ?? false,
        switchToLatest: bool(body, "switchToLatest", path: "\(memberPath).switchToLatest") ?? false)
    }
    return handlers
  }

  mutating func decodeInputs(
    _ node: JSONNode?, path: String, handlers: [String: Handler], state: Set<String>
  ) -> [Input] {
    guard let node else { return [] }
    guard case .array(let items) = node.value else {
      error(
        "'inputs' must be a list such as [{\"at\": 0, \"tap\": \"download\"}]", at: node.location,
        path: path)
      return []
    }
    var inputs: [Input] = []
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard case .object(let object) = item.value else {
        error(
          "an input is an object such as {\"at\": 0, \"tap\": \"download\"}", at: item.location,
          path: itemPath)
        continue
      }
      checkKeys(
        object, allowed: ["at", "tap", "key", "value", "with"], path: itemPath, what: "input key")
      guard let time = integer(object, "at", path: "\(itemPath).at", range: 0...3_600_000) else {
        if object["at"] == nil {
          error(
            "an input needs \"at\": its time in milliseconds", at: item.location, path: itemPath)
        }
        continue
      }
      let kind: Input.Kind
      let handlerNode: JSONNode
      if object["tap"] != nil, let key = object["key"] {
        error(
          "an input is a \"tap\" or a \"key\", not both", at: key.location, path: "\(itemPath).key")
        continue
      }
      if let tap = object["tap"] {
        kind = .tap
        handlerNode = tap
      } else if let key = object["key"] {
        kind = .key
        handlerNode = key
      } else {
        error(
          "an input needs \"tap\": \"handler\" or \"key\": \"handler\"", at: item.location,
          path: itemPath)
        continue
      }
      guard
        let handler = identifier(
          handlerNode, path: "\(itemPath).\(kind.rawValue)", what: "handler name")
      else { continue }
      if handlers[handler] == nil {
        error(
          "no handler named '\(handler)'\(didYouMean(handler, in: handlers.keys.sorted())); "
            + "declare it in \"handlers\"",
          at: handlerNode.location, path: "\(itemPath).\(kind.rawValue)")
      }
      let value = inputValue(object["value"], kind: kind, item: item, path: itemPath)
      let fields = decodeWith(object["with"], path: "\(itemPath).with")
      // A field is the handler's local: named as a shared variable, the run's `add` went to the
      // local while the program's went to the variable.
      for (name, _) in fields where state.contains(name) {
        error(
          "'\(name)' in \"with\" is also a shared variable, which the handler could no longer "
            + "reach; name the value otherwise", at: object["with"]?.location ?? item.location,
          path: "\(itemPath).with.\(name)")
      }
      inputs.append(
        Input(
          time: time, kind: kind, handler: handler, value: value,
          with: fields,
          origin: StepOrigin(location: item.location, path: itemPath)))
    }
    return inputs.sorted { $0.time < $1.time }
  }

  /// A key's value is the field's text, which the handler reads as `value` and the program as a
  /// String: without one the run read `none` and the program "".
  /// What a handler's `value` holds for an input: a key's text, which must be a string; for a
  /// tap, `""`, as the program `lab swift` writes has it (its `Input.value` is a `String` that a
  /// tap leaves empty) — a tap carries no value of its own.
  mutating func inputValue(_ node: JSONNode?, kind: Input.Kind, item: JSONNode, path: String)
    -> Value
  {
    switch kind {
    case .tap:
      if let node {
        error(
          "a \"tap\" carries no value; make it a \"key\" input to send text, or give its "
            + "handler data in \"with\"", at: node.location, path: "\(path).value")
      }
      return .string("")
    case .key:
      let value = node.flatMap { literal($0, path: "\(path).value") } ?? Value.none
      if case .string = value { return value }
      error(
        "a \"key\" input's \"value\" is the text in the field, a string: add \"value\": "
          + "\"swift\"", at: (node ?? item).location, path: "\(path).value")
      return value
    }
  }

  /// An input's `with`: values its handler sees as locals.
  mutating func decodeWith(_ node: JSONNode?, path: String) -> [(name: String, value: Value)] {
    guard let node else { return [] }
    guard case .object(let members) = node.value else {
      error(
        "'with' must be an object of names and values, such as {\"latency\": 800}",
        at: node.location, path: path)
      return []
    }
    return members.members.compactMap { member in
      // Handlers see these as locals (fields of the program's `Input`): names like any other.
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: "\(path).\(member.key)",
          what: "with-name", declares: .variable) != nil
      else { return nil }
      return declaredValue(member.value, path: "\(path).\(member.key)").map { (member.key, $0) }
    }
  }
}
