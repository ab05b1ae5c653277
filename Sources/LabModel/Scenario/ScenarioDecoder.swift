import Foundation

/// Turns a JSON tree into a `Scenario`, recording a diagnostic for each problem and going on, so a
/// teacher sees all of a file's problems at once.
struct ScenarioDecoder {
  let file: String
  var diagnostics: [Diagnostic] = []
  /// The actors the file declares, known before steps are decoded (for `isolation`).
  var actorNames: [String] = []
  /// The Dispatch queues the file declares, known before steps are decoded.
  var queueNames: [String] = []
  /// The semaphores the file declares, known before steps are decoded.
  var semaphoreNames: [String] = []
  /// What declarations with errors may have declared: uses of these are not reported as unknown.
  var unsure = NameChecker.Unsure()
  /// The messages of names already refused: a name is refused once, where it first appears, not
  /// at each of its uses.
  var refusedNames: Set<String> = []

  /// Where a `none` may stand in the expression being decoded (`ScenarioDecoder+Scalars`).
  var noneMayStand: NoneRule = .nowhere
  /// Whether the outcome rules being decoded are a program scenario's, whose conditions name
  /// what it printed rather than values (`ScenarioDecoder+Program`).
  var decodingProgram = false

  /// Errors found past `DiagnosticList.collectLimit`: counted, their messages never built.
  var omitted = 0
  /// Every error found so far, kept or omitted.
  var errorCount: Int { diagnostics.count + omitted }

  init(file: String) { self.file = file }

  /// Records an error. The message is only built while there is room, so a file of a hundred
  /// thousand mistakes costs no suggestion search for most of them.
  mutating func error(
    _ message: @autoclosure () -> String, at location: SourceLocation?, path: String
  ) {
    guard diagnostics.count < DiagnosticList.collectLimit else {
      omitted += 1
      return
    }
    diagnostics.append(Diagnostic(file: file, location: location, path: path, message: message()))
  }

  // MARK: - The file

  mutating func decodeScenario(_ root: JSONNode) -> Scenario? {
    guard case .object(let object) = root.value else {
      error(
        "a scenario is a JSON object, not \(root.typeName); start the file with '{'",
        at: root.location, path: "$")
      return nil
    }
    for member in object.members where TopLevelKey(rawValue: member.key) == nil {
      error(
        "unknown top-level key '\(member.key)'\(TopLevelKey.suggestion(for: member.key))",
        at: member.keyLocation, path: member.key)
    }
    checkFormat(object["format"], root: root)
    let fallbackName = URL(writtenPath: file).deletingPathExtension().lastPathComponent
    checkSchemaKey(object)
    let name = decodeName(object, root: root, fallback: fallbackName)
    let threads = integer(object, "threads", path: "threads", range: 1...64).map(Int.init)
    let seed = integer(object, "seed", path: "seed", range: 0...Int64.max).map { UInt64($0) }

    let state = decodeState(object["state"], path: "state")
    if case .object(let actors)? = object["actors"]?.value { actorNames = actors.keys }
    let queues = decodeQueues(object["queues"], path: "queues")
    queueNames = queues.keys.sorted()
    let semaphores = decodeSemaphores(object["semaphores"], path: "semaphores")
    semaphoreNames = semaphores.map(\.name)
    let streams = decodeStreams(object["streams"], path: "streams")
    let taskLocals = decodeTaskLocals(object["taskLocals"], path: "taskLocals")
    let isolation = object["isolation"].flatMap {
      decodeIsolation($0, path: "isolation", actors: actorNames)
    }
    let defaultIsolation = decodeDefaultIsolation(object["defaultIsolation"])
    let lifetime = decodeLifetime(object["lifetime"])
    let functions = decodeFunctions(
      object["functions"], path: "functions", actors: actorNames,
      unannotated: defaultIsolation.ofUnannotated)
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
    let inputs = decodeInputs(
      object["inputs"], path: "inputs", handlers: handlers, state: Set(state.map(\.name)))
    let expect = object["expect"].map { decodeExpectations($0, path: "expect") } ?? Expectations()
    var scenario = Scenario(
      file: file, name: name, title: string(object, "title", path: "title", shown: .line) ?? name,
      summary: string(object, "summary", path: "summary", shown: .paragraph) ?? "",
      source: string(object, "source", path: "source", shown: .line) ?? "",
      threads: threads ?? Scenario.defaultThreads, seed: seed ?? 1,
      rootIsolation: isolation ?? defaultIsolation.ofUnannotated, steps: steps, state: state,
      functions: functions,
      actors: actors, inputs: inputs, handlers: handlers, queues: queues, semaphores: semaphores,
      streams: streams, taskLocals: taskLocals, expect: expect)
    scenario.defaultIsolation = defaultIsolation
    scenario.lifetime = lifetime
    scenario.challenge = object["challenge"].flatMap { decodeChallenge($0, path: "challenge") }
    return scenario
  }

  /// The scenario's name: its `name`, else its file's name, which must be a valid name either way.
  mutating func decodeName(_ object: JSONObject, root: JSONNode, fallback fallbackName: String)
    -> String
  {
    var name = fallbackName
    if !isScenarioName(fallbackName) {
      // The file's name stands for the scenario in commands (`lab run NAME`), listings and
      // completions, and for its `name` when it has none: it follows the same rules.
      error(
        "the file's name '\(fallbackName.prefix(40))' "
          + "is not a valid scenario name, which commands and listings call it by; rename the "
          + "file to \(scenarioNameRule), then '.json'",
        at: root.location, path: "name")
      name = "scenario"
    }
    if let named = string(object, "name", path: "name") {
      if isScenarioName(named) {
        name = named
      } else {
        error(
          "'\(named)' is not a valid scenario name; use \(scenarioNameRule), "
            + (isScenarioName(fallbackName)
              ? "such as \"\(fallbackName)\" (the file's name)" : "such as \"my-scenario\""),
          at: object["name"]?.location, path: "name")
      }
    }
    return name
  }

  /// `"defaultIsolation"`: `"main"` (Swift's `MainActor`, accepted too) or `"nonisolated"`.
  mutating func decodeDefaultIsolation(_ node: JSONNode?) -> DefaultIsolation {
    guard let node else { return .nonisolated }
    switch node.value.stringValue {
    case "main", "MainActor": return .main
    case "nonisolated": return .nonisolated
    default:
      let shown = node.value.stringValue.map { "'\($0)'" } ?? node.typeName
      error(
        "'defaultIsolation' is \"main\" (swiftc -default-isolation MainActor) or "
          + "\"nonisolated\" (Swift's default), not \(shown)",
        at: node.location, path: "defaultIsolation")
      return .nonisolated
    }
  }

  /// `"format"`: required, and a version this lab reads.
  mutating func checkFormat(_ format: JSONNode?, root: JSONNode) {
    guard let format else {
      error("missing \"format\": 1; add it as the first key", at: root.location, path: "format")
      return
    }
    guard case .integer(let version) = format.value else {
      error("'format' must be an integer such as 1", at: format.location, path: "format")
      return
    }
    if version > Scenario.currentFormat || version < 1 {
      error(
        "unsupported format \(version); the highest supported is \(Scenario.currentFormat)",
        at: format.location, path: "format")
    }
  }

  mutating func checkKeys(_ object: JSONObject, allowed: [String], path: String, what: String) {
    for member in object.members where !allowed.contains(member.key) {
      let suggestion = didYouMean(member.key, in: allowed)
      error(
        "unknown \(what) '\(member.key)'"
          + (suggestion.isEmpty
            ? "; the keys here are \(allowed.joined(separator: ", "))" : suggestion),
        at: member.keyLocation, path: join(path, member.key))
    }
  }

  func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
