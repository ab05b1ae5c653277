/// Decoding of declarations: shared state, functions and actors.
extension ScenarioDecoder {
  mutating func decodeState(_ node: JSONNode?, path: String) -> [(name: String, value: Value)] {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      error(
        "'state' must be an object of names and initial values, such as {\"count\": 0}",
        at: node.location, path: path)
      unsure.anyVariable = true
      return []
    }
    var state: [(name: String, value: Value)] = []
    for member in object.members {
      let memberPath = join(path, member.key)
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "variable name", declares: .variable) != nil,
        let value = declaredValue(member.value, path: memberPath)
      else {
        unsure.names.insert(member.key)
        continue
      }
      state.append((member.key, value))
    }
    return state
  }

  mutating func decodeFunctions(
    _ node: JSONNode?, path: String, actors: [String], unannotated: Isolation = .concurrent
  ) -> [String: Function] {
    guard let node else { return [:] }
    guard case .object(let object) = node.value else {
      error("'\(path)' must be an object of functions by name", at: node.location, path: path)
      unsure.anyFunction = true
      return [:]
    }
    var functions: [String: Function] = [:]
    for member in object.members {
      let memberPath = join(path, member.key)
      let before = errorCount
      defer { if errorCount > before { unsure.names.insert(member.key) } }
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "function name") != nil
      else { continue }
      if let function = decodeFunction(
        member.key, member.value, path: memberPath, actors: actors, defaultIsolation: unannotated)
      {
        functions[member.key] = function
      }
    }
    return functions
  }

  mutating func decodeFunction(
    _ name: String, _ node: JSONNode, path: String, actors: [String], defaultIsolation: Isolation
  ) -> Function? {
    guard case .object(let object) = node.value else {
      error(
        "a function is an object with \"params\" and \"steps\", not \(node.typeName)",
        at: node.location, path: path)
      return nil
    }
    checkKeys(
      object, allowed: ["params", "steps", "isolation", "isolatedParameter", "summary"],
      path: path, what: "function key")
    _ = string(object, "summary", path: "\(path).summary", shown: .paragraph)
    var parameters: [String] = []
    if let params = object["params"] {
      if case .array(let items) = params.value {
        for (index, item) in items.enumerated() {
          if let parameter = identifier(
            item, path: "\(path).params[\(index)]", what: "parameter name", declares: .variable)
          {
            parameters.append(parameter)
          } else if let text = item.value.stringValue {
            // A call may pass it: one mistake, one message.
            unsure.names.insert(text)
          }
        }
      } else {
        error(
          "'params' must be a list of names, such as [\"file\", \"size\"]", at: params.location,
          path: "\(path).params")
      }
    }
    let isolation =
      object["isolation"].flatMap { decodeIsolation($0, path: "\(path).isolation", actors: actors) }
      ?? defaultIsolation
    // A method's default is its actor; a free function's is the scenario's (`defaultIsolation`).
    let isMethod = if case .actor = defaultIsolation { true } else { false }
    guard let stepsNode = object["steps"] else {
      error(
        "the function '\(name)' has no \"steps\"; add \"steps\": [ … ]", at: node.location,
        path: path)
      return nil
    }
    var function = Function(
      name: name, parameters: parameters, isolation: isolation,
      steps: decodeSteps(stepsNode, path: "\(path).steps"), owner: nil)
    if bool(object, "isolatedParameter", path: "\(path).isolatedParameter") == true {
      decodeIsolatedParameter(
        &function, object, path: path, method: isMethod)
    }
    return function
  }

  mutating func decodeActors(_ node: JSONNode?, path: String) -> [String: ActorDeclaration] {
    guard let node else { return [:] }
    guard case .object(let object) = node.value else {
      error("'actors' must be an object of actors by name", at: node.location, path: path)
      unsure.anyActor = true
      return [:]
    }
    var actors: [String: ActorDeclaration] = [:]
    for member in object.members {
      let memberPath = join(path, member.key)
      guard case .object(let body) = member.value.value else {
        error(
          "an actor is an object with \"state\" and \"methods\"", at: member.value.location,
          path: memberPath)
        unsure.names.insert(member.key)
        continue
      }
      checkKeys(
        body, allowed: ["state", "let", "methods", "summary"], path: memberPath,
        what: "actor key")
      _ = string(body, "summary", path: "\(memberPath).summary", shown: .paragraph)
      let state = decodeState(body["state"], path: "\(memberPath).state")
      let constants = decodeState(body["let"], path: "\(memberPath).let")
      _ = identifier(
        JSONNode(.string(member.key), at: member.keyLocation), path: memberPath, what: "actor name")
      var methods: [String: Function] = [:]
      let beforeMethods = errorCount
      // A method that did not decode may be the one a call names.
      defer { if errorCount > beforeMethods { unsure.names.insert(member.key) } }
      if let methodsNode = body["methods"], !(methodsNode.value.objectValue != nil) {
        error(
          "'methods' must be an object of methods by name", at: methodsNode.location,
          path: "\(memberPath).methods")
      }
      if let methodsNode = body["methods"], case .object(let methodObject) = methodsNode.value {
        for method in methodObject.members {
          _ = identifier(
            JSONNode(.string(method.key), at: method.keyLocation),
            path: "\(memberPath).methods.\(method.key)",
            what: "method name")
          if var function = decodeFunction(
            method.key, method.value, path: "\(memberPath).methods.\(method.key)", actors: [],
            defaultIsolation: .actor(member.key))
          {
            function.owner = member.key
            methods[method.key] = function
          }
        }
      }
      actors[member.key] = ActorDeclaration(
        name: member.key, state: state, constants: constants, methods: methods)
    }
    return actors
  }
}

extension ScenarioDecoder {
  /// `"isolatedParameter": true`: the function runs where its caller runs, as `caller` does, but
  /// spelled with SE-0313's `isolated` parameter. It says where the body runs, so no other
  /// isolation may, and an actor's method is isolated to its actor already.
  mutating func decodeIsolatedParameter(
    _ function: inout Function, _ object: JSONObject, path: String, method: Bool
  ) {
    let at = object["isolatedParameter"]!.location
    if method {
      error(
        "an actor's method runs on its actor; 'isolatedParameter' is for functions, so remove "
          + "it here", at: at, path: "\(path).isolatedParameter")
    } else if object["isolation"] != nil, function.isolation != .caller {
      error(
        "'isolatedParameter' runs the function where its caller runs, which \"isolation\": "
          + "\"\(function.isolation)\" contradicts; remove one of the two", at: at,
        path: "\(path).isolatedParameter")
    } else {
      function.isolation = .caller
      function.isolatedParameter = true
    }
  }
}
