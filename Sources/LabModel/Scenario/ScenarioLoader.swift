import Foundation

/// Reads scenario files into checked `Scenario`s, collecting every problem of a file as a
/// compiler-style diagnostic (`file:line:column: error: what is wrong; what to do`).
public enum ScenarioLoader {
  /// Reads and checks the scenario at `path`.
  public static func load(path: String) throws(DiagnosticList) -> Scenario {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      let message =
        exists && isDirectory.boolValue
        ? "is a folder, not a scenario file; name a .json file inside it"
        : exists ? "cannot be read; check its permissions" : "no such file; check the path"
      throw DiagnosticList([Diagnostic(file: path, location: nil, message: message)])
    }
    return try load(bytes: [UInt8](data), file: path)
  }

  /// Checks a scenario held in memory; `file` names it in messages.
  public static func load(bytes: [UInt8], file: String) throws(DiagnosticList) -> Scenario {
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes, file: file)
    } catch {
      throw DiagnosticList([error])
    }
    var decoder = ScenarioDecoder(file: file)
    let scenario = decoder.decodeScenario(root)
    // Names are checked even when the file has other errors, so a teacher sees every problem at
    // once; names a broken declaration may have declared are not reported again.
    if let scenario {
      var checker = NameChecker(scenario: scenario, file: file, unsure: decoder.unsure)
      checker.check()
      decoder.diagnostics += checker.diagnostics
    }
    guard let scenario, decoder.diagnostics.isEmpty else {
      throw DiagnosticList(decoder.diagnostics)
    }
    return scenario
  }
}

/// Turns a JSON tree into a `Scenario`, recording a diagnostic for each problem and going on, so a
/// teacher sees all of a file's problems at once.
struct ScenarioDecoder {
  let file: String
  var diagnostics: [Diagnostic] = []
  /// The actors the file declares, known before steps are decoded (for `isolation`).
  var actorNames: [String] = []
  /// The Dispatch queues the file declares, known before steps are decoded.
  var queueNames: [String] = []
  /// What declarations with errors may have declared: uses of these are not reported as unknown.
  var unsure = NameChecker.Unsure()

  init(file: String) { self.file = file }

  static let topLevelKeys = [
    "$schema", "format", "name", "title", "summary", "source", "threads", "seed", "isolation",
    "state", "functions", "actors", "queues", "inputs", "handlers", "steps", "expect",
  ]

  mutating func error(_ message: String, at location: SourceLocation?, path: String) {
    diagnostics.append(Diagnostic(file: file, location: location, path: path, message: message))
  }

  // MARK: - The file

  mutating func decodeScenario(_ root: JSONNode) -> Scenario? {
    guard case .object(let object) = root.value else {
      error(
        "a scenario is a JSON object, not \(root.typeName); start the file with '{'",
        at: root.location, path: "$")
      return nil
    }
    checkKeys(object, allowed: Self.topLevelKeys, path: "", what: "top-level key")
    if let format = object["format"] {
      if case .integer(let version) = format.value {
        if version > Scenario.currentFormat || version < 1 {
          error(
            "unsupported format \(version); the highest supported is \(Scenario.currentFormat)",
            at: format.location, path: "format")
        }
      } else {
        error("'format' must be an integer such as 1", at: format.location, path: "format")
      }
    } else {
      error("missing \"format\": 1; add it as the first key", at: root.location, path: "format")
    }
    let fallbackName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    if let schema = object["$schema"], schema.value.stringValue == nil {
      error(
        "'$schema' must be a string: the path or URL of scenario.schema.json, not \(schema.typeName)",
        at: schema.location, path: "$schema")
    }
    var name = fallbackName
    if let named = string(object, "name", path: "name") {
      if isScenarioName(named) {
        name = named
      } else {
        error(
          "'\(named)' is not a valid scenario name; use up to 64 letters, digits, '-' and '_', "
            + "such as \"\(fallbackName)\" (the file's name)",
          at: object["name"]?.location, path: "name")
      }
    }
    let threads = integer(object, "threads", path: "threads", range: 1...64).map(Int.init)
    let seed = integer(object, "seed", path: "seed", range: 0...Int64.max).map { UInt64($0) }

    let state = decodeState(object["state"], path: "state")
    if case .object(let actors)? = object["actors"]?.value { actorNames = actors.keys }
    let queues = decodeQueues(object["queues"], path: "queues")
    queueNames = queues.keys.sorted()
    let isolation = object["isolation"].flatMap { decodeIsolation($0, path: "isolation", actors: actorNames) }
    let functions = decodeFunctions(object["functions"], path: "functions", actors: actorNames)
    let actors = decodeActors(object["actors"], path: "actors")
    var steps: [Step] = []
    if let node = object["steps"] {
      steps = decodeSteps(node, path: "steps")
    } else {
      error(
        "missing \"steps\": the root task's steps; add \"steps\": [ … ]", at: root.location,
        path: "steps")
    }
    let handlers = decodeHandlers(object["handlers"], path: "handlers")
    let inputs = decodeInputs(object["inputs"], path: "inputs", handlers: handlers)
    let expect = object["expect"].map { decodeExpectations($0, path: "expect") } ?? Expectations()
    return Scenario(
      file: file, name: name, title: string(object, "title", path: "title") ?? name,
      summary: string(object, "summary", path: "summary") ?? "",
      source: string(object, "source", path: "source") ?? "",
      threads: threads ?? Scenario.defaultThreads, seed: seed ?? 1,
      rootIsolation: isolation ?? .concurrent, steps: steps, state: state, functions: functions,
      actors: actors, inputs: inputs, handlers: handlers, queues: queues, expect: expect)
  }

  mutating func checkKeys(_ object: JSONObject, allowed: [String], path: String, what: String) {
    for member in object.members where !allowed.contains(member.key) {
      error(
        "unknown \(what) '\(member.key)'\(didYouMean(member.key, in: allowed))",
        at: member.keyLocation, path: join(path, member.key))
    }
  }

  func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  // MARK: - Scalars

  mutating func string(_ object: JSONObject, _ key: String, path: String) -> String? {
    guard let node = object[key] else { return nil }
    guard case .string(let value) = node.value else {
      error("'\(key)' must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return value
  }

  mutating func integer(
    _ object: JSONObject, _ key: String, path: String, range: ClosedRange<Int64>
  ) -> Int64? {
    guard let node = object[key] else { return nil }
    guard case .integer(let value) = node.value else {
      error("'\(key)' must be an integer, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    guard range.contains(value) else {
      error(
        "'\(key)' must be between \(range.lowerBound) and \(range.upperBound), not \(value)",
        at: node.location, path: path)
      return nil
    }
    return value
  }

  mutating func bool(_ object: JSONObject, _ key: String, path: String) -> Bool? {
    guard let node = object[key] else { return nil }
    guard case .bool(let value) = node.value else {
      error("'\(key)' must be true or false, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    return value
  }

  /// A name: letters, digits and `_`, starting with a letter or `_`.
  mutating func identifier(_ node: JSONNode, path: String, what: String) -> String? {
    guard case .string(let value) = node.value else {
      error("\(what) must be a name in quotes, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    guard let first = value.first, first.isLetter || first == "_",
      value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else {
      error(
        "'\(value)' is not a valid \(what); use letters, digits and '_', starting with a letter",
        at: node.location, path: path)
      return nil
    }
    return value
  }

  /// A JSON literal as a value: integers, strings, booleans, null and lists of them.
  mutating func literal(_ node: JSONNode, path: String) -> Value? {
    switch node.value {
    case .integer(let value): return .int(value)
    case .string(let value): return .string(value)
    case .bool(let value): return .bool(value)
    case .null: return Value.none
    case .array(let items):
      var values: [Value] = []
      for (index, item) in items.enumerated() {
        guard let value = literal(item, path: "\(path)[\(index)]") else { return nil }
        values.append(value)
      }
      return .list(values)
    case .number:
      error(
        "only whole numbers are supported; write milliseconds as integers", at: node.location,
        path: path)
      return nil
    case .object:
      error("a value cannot be an object here", at: node.location, path: path)
      return nil
    }
  }

  /// An expression: a JSON number or boolean is a literal; a string is parsed as an expression
  /// (`"num1 + num2"`, `"'text'"`).
  mutating func expression(_ node: JSONNode, path: String) -> Expression? {
    switch node.value {
    case .string(let source):
      do {
        return try Expression.parse(source)
      } catch {
        var location = node.location
        location.column += 1 + error.offset  // past the opening quote
        self.error(
          "\(error.message); expressions use names, numbers, 'text' in single quotes and + - * / "
            + "== != < > && ||", at: location, path: path)
        return nil
      }
    case .array(let items):
      var expressions: [Expression] = []
      for (index, item) in items.enumerated() {
        guard let expression = expression(item, path: "\(path)[\(index)]") else { return nil }
        expressions.append(expression)
      }
      return .list(expressions)
    default:
      return literal(node, path: path).map { .literal($0) }
    }
  }

  mutating func template(_ node: JSONNode, path: String) -> Template? {
    guard case .string(let source) = node.value else {
      error("a log message must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    var parts: [Template.Part] = []
    var text = ""
    var index = source.startIndex
    while index < source.endIndex {
      let character = source[index]
      if character == "{" {
        guard let close = source[index...].firstIndex(of: "}") else {
          error("'{' in a log message needs a closing '}'", at: node.location, path: path)
          return nil
        }
        if !text.isEmpty { parts.append(.text(text)) }
        text = ""
        let inner = String(source[source.index(after: index)..<close])
        do {
          parts.append(.expression(try Expression.parse(inner)))
        } catch {
          self.error(
            "in '{\(inner)}': \(error.message)", at: node.location, path: path)
          return nil
        }
        index = source.index(after: close)
      } else {
        text.append(character)
        index = source.index(after: index)
      }
    }
    if !text.isEmpty { parts.append(.text(text)) }
    return Template(parts: parts)
  }

  mutating func decodeIsolation(_ node: JSONNode, path: String, actors: [String]) -> Isolation? {
    guard case .string(let value) = node.value else {
      error("'isolation' must be a string, not \(node.typeName)", at: node.location, path: path)
      return nil
    }
    switch value {
    case "main": return .main
    case "concurrent": return .concurrent
    case "caller", "nonisolated(nonsending)", "nonisolated": return .caller
    default:
      if actors.contains(value) { return .actor(value) }
      let choices = ["main", "concurrent", "caller"] + actors
      error(
        "unknown isolation '\(value)'\(didYouMean(value, in: choices)); use one of "
          + choices.map { "'\($0)'" }.joined(separator: ", "), at: node.location, path: path)
      return nil
    }
  }

  // MARK: - Declarations

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
          what: "variable name") != nil,
        let value = literal(member.value, path: memberPath)
      else {
        unsure.names.insert(member.key)
        continue
      }
      state.append((member.key, value))
    }
    return state
  }

  mutating func decodeFunctions(
    _ node: JSONNode?, path: String, actors: [String]
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
      let before = diagnostics.count
      defer { if diagnostics.count > before { unsure.names.insert(member.key) } }
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "function name") != nil
      else { continue }
      if let function = decodeFunction(
        member.key, member.value, path: memberPath, actors: actors, defaultIsolation: .concurrent)
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
    checkKeys(object, allowed: ["params", "steps", "isolation", "summary"], path: path, what: "function key")
    var parameters: [String] = []
    if let params = object["params"] {
      if case .array(let items) = params.value {
        for (index, item) in items.enumerated() {
          if let parameter = identifier(item, path: "\(path).params[\(index)]", what: "parameter name") {
            parameters.append(parameter)
          }
        }
      } else {
        error("'params' must be a list of names, such as [\"file\", \"size\"]", at: params.location, path: "\(path).params")
      }
    }
    let isolation =
      object["isolation"].flatMap { decodeIsolation($0, path: "\(path).isolation", actors: actors) }
      ?? defaultIsolation
    guard let stepsNode = object["steps"] else {
      error("the function '\(name)' has no \"steps\"; add \"steps\": [ … ]", at: node.location, path: path)
      return nil
    }
    return Function(
      name: name, parameters: parameters, isolation: isolation,
      steps: decodeSteps(stepsNode, path: "\(path).steps"), owner: nil)
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
        error("an actor is an object with \"state\" and \"methods\"", at: member.value.location, path: memberPath)
        unsure.names.insert(member.key)
        continue
      }
      checkKeys(body, allowed: ["state", "let", "methods", "summary"], path: memberPath, what: "actor key")
      let state = decodeState(body["state"], path: "\(memberPath).state")
      let constants = decodeState(body["let"], path: "\(memberPath).let")
      _ = identifier(JSONNode(.string(member.key), at: member.keyLocation), path: memberPath, what: "actor name")
      var methods: [String: Function] = [:]
      let beforeMethods = diagnostics.count
      // A method that did not decode may be the one a call names.
      defer { if diagnostics.count > beforeMethods { unsure.names.insert(member.key) } }
      if let methodsNode = body["methods"], !(methodsNode.value.objectValue != nil) {
        error("'methods' must be an object of methods by name", at: methodsNode.location, path: "\(memberPath).methods")
      }
      if let methodsNode = body["methods"], case .object(let methodObject) = methodsNode.value {
        for method in methodObject.members {
          _ = identifier(
            JSONNode(.string(method.key), at: method.keyLocation), path: "\(memberPath).methods.\(method.key)",
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

  // MARK: - Inputs, handlers and queues

  mutating func decodeQueues(_ node: JSONNode?, path: String) -> [String: QueueKind] {
    guard let node else { return [:] }
    guard case .object(let object) = node.value else {
      error("'queues' must be an object such as {\"fetchQueue\": \"concurrent\"}", at: node.location, path: path)
      return [:]
    }
    var queues: [String: QueueKind] = [:]
    for member in object.members {
      let memberPath = join(path, member.key)
      if member.key == "main" {
        error("'main' is always there; choose another name", at: member.keyLocation, path: memberPath)
        continue
      }
      guard identifier(JSONNode(.string(member.key), at: member.keyLocation), path: memberPath, what: "queue name") != nil
      else { continue }
      guard case .string(let text) = member.value.value, let kind = QueueKind(rawValue: text) else {
        error("a queue is \"serial\" or \"concurrent\"", at: member.value.location, path: memberPath)
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
      _ = identifier(JSONNode(.string(member.key), at: member.keyLocation), path: memberPath, what: "handler name")
      guard case .object(let body) = member.value.value else {
        error("a handler is an object with \"steps\"", at: member.value.location, path: memberPath)
        continue
      }
      checkKeys(
        body, allowed: ["steps", "debounce", "removeDuplicates", "switchToLatest", "summary"],
        path: memberPath, what: "handler key")
      let steps = body["steps"].map { decodeSteps($0, path: "\(memberPath).steps") } ?? []
      handlers[member.key] = Handler(
        name: member.key, steps: steps,
        debounce: integer(body, "debounce", path: "\(memberPath).debounce", range: 0...3_600_000),
        removeDuplicates: bool(body, "removeDuplicates", path: "\(memberPath).removeDuplicates") ?? false,
        switchToLatest: bool(body, "switchToLatest", path: "\(memberPath).switchToLatest") ?? false)
    }
    return handlers
  }

  mutating func decodeInputs(_ node: JSONNode?, path: String, handlers: [String: Handler]) -> [Input] {
    guard let node else { return [] }
    guard case .array(let items) = node.value else {
      error("'inputs' must be a list such as [{\"at\": 0, \"tap\": \"download\"}]", at: node.location, path: path)
      return []
    }
    var inputs: [Input] = []
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard case .object(let object) = item.value else {
        error("an input is an object such as {\"at\": 0, \"tap\": \"download\"}", at: item.location, path: itemPath)
        continue
      }
      checkKeys(object, allowed: ["at", "tap", "key", "value", "with"], path: itemPath, what: "input key")
      guard let time = integer(object, "at", path: "\(itemPath).at", range: 0...3_600_000) else {
        if object["at"] == nil { error("an input needs \"at\": its time in milliseconds", at: item.location, path: itemPath) }
        continue
      }
      let kind: Input.Kind
      let handlerNode: JSONNode
      if object["tap"] != nil, let key = object["key"] {
        error("an input is a \"tap\" or a \"key\", not both", at: key.location, path: "\(itemPath).key")
        continue
      }
      if let tap = object["tap"] {
        kind = .tap
        handlerNode = tap
      } else if let key = object["key"] {
        kind = .key
        handlerNode = key
      } else {
        error("an input needs \"tap\": \"handler\" or \"key\": \"handler\"", at: item.location, path: itemPath)
        continue
      }
      guard let handler = identifier(handlerNode, path: "\(itemPath).\(kind.rawValue)", what: "handler name") else { continue }
      if handlers[handler] == nil {
        error(
          "no handler named '\(handler)'\(didYouMean(handler, in: handlers.keys.sorted())); declare it in \"handlers\"",
          at: handlerNode.location, path: "\(itemPath).\(kind.rawValue)")
      }
      let value = object["value"].flatMap { literal($0, path: "\(itemPath).value") } ?? Value.none
      var with: [(name: String, value: Value)] = []
      if let extra = object["with"] {
        if case .object(let members) = extra.value {
          for member in members.members {
            if let value = literal(member.value, path: "\(itemPath).with.\(member.key)") { with.append((member.key, value)) }
          }
        } else {
          error("'with' must be an object of names and values, such as {\"latency\": 800}", at: extra.location, path: "\(itemPath).with")
        }
      }
      inputs.append(
        Input(
          time: time, kind: kind, handler: handler, value: value, with: with,
          origin: StepOrigin(location: item.location, path: itemPath)))
    }
    return inputs.sorted { $0.time < $1.time }
  }
}
