import Foundation

/// Decoding of a program scenario (`ProgramScenario`): a Swift file of the course's own, beside
/// the scenario's, in place of steps, graded by what it printed.
extension ScenarioDecoder {
  /// The top-level keys a program scenario takes: what describes it, its pool, its program and
  /// its outcomes. The others describe steps, which the Swift file stands in for.
  static let programKeys: [TopLevelKey] = [
    .schema, .format, .name, .title, .summary, .source, .threads, .program, .expect,
  ]

  mutating func decodeProgramScenario(_ object: JSONObject, root: JSONNode) -> ProgramScenario? {
    let allowed = Self.programKeys.map(\.rawValue)
    for member in object.members {
      if let key = TopLevelKey(rawValue: member.key) {
        guard !Self.programKeys.contains(key) else { continue }
        error(
          "'\(member.key)' has no meaning beside \"program\": the Swift file says what runs; "
            + "drop it, or drop \"program\" and write the scenario's steps",
          at: member.keyLocation, path: member.key)
      } else {
        error(
          "unknown top-level key '\(member.key)'"
            + or(
              didYouMean(member.key, in: allowed),
              "; the keys beside \"program\" are "
                + allowed.joined(separator: ", ")),
          at: member.keyLocation, path: member.key)
      }
    }
    checkFormat(object["format"], root: root)
    checkSchemaKey(object)
    let fallbackName = URL(writtenPath: file).deletingPathExtension().lastPathComponent
    let name = decodeName(object, root: root, fallback: fallbackName)
    let threads = integer(object, "threads", path: "threads", range: 1...64).map(Int.init)
    let program = object["program"].flatMap { decodeProgramFile($0) }
    var outcomes: [OutcomeRule] = []
    if let expect = object["expect"] {
      if case .object(let members) = expect.value {
        checkKeys(
          members, allowed: ["outcomes"], path: "expect",
          what: "expectation of a program scenario (which grades what it printed)")
        if let node = members["outcomes"] {
          decodingProgram = true
          outcomes = decodeOutcomes(node, path: "expect.outcomes")
          decodingProgram = false
        }
      } else {
        error(
          "'expect' must be an object such as {\"outcomes\": [ … ]}, not \(expect.typeName)",
          at: expect.location, path: "expect")
      }
    }
    guard let program else { return nil }
    return ProgramScenario(
      file: file, name: name, title: string(object, "title", path: "title", shown: .line) ?? name,
      summary: string(object, "summary", path: "summary", shown: .paragraph) ?? "",
      source: string(object, "source", path: "source", shown: .line) ?? "",
      threads: threads ?? Scenario.defaultThreads, program: program, outcomes: outcomes)
  }

  /// `program`: a file name beside the scenario's — a scenario name and `.swift` — never a path,
  /// so a course's scenario names nothing outside its folder.
  mutating func decodeProgramFile(_ node: JSONNode) -> String? {
    let rule =
      "a Swift file beside the scenario: \(scenarioNameRule), then '.swift', such as "
      + "\"bank.swift\""
    guard case .string(let text) = node.value else {
      error("'program' names \(rule), not \(node.typeName)", at: node.location, path: "program")
      return nil
    }
    guard text.hasSuffix(".swift"), isScenarioName(String(text.dropLast(6))) else {
      error(
        "'\(text.prefix(80))' is not a program's file name; 'program' names \(rule) (a path to "
          + "another folder is not taken: put the file beside the scenario)",
        at: node.location, path: "program")
      return nil
    }
    return text
  }

  /// `$schema`, when given: a string.
  mutating func checkSchemaKey(_ object: JSONObject) {
    if let schema = object["$schema"], schema.value.stringValue == nil {
      error(
        "'$schema' must be a string: the path or URL of scenario.schema.json, "
          + "not \(schema.typeName)",
        at: schema.location, path: "$schema")
    }
  }
}

extension ScenarioDecoder {
  /// The program `name` must be a course's file beside the scenario at `scenarioPath`: a
  /// regular file once links are followed, inside the course, no larger than a program the lab
  /// reads; a name that is not there gets the nearest `.swift` file's.
  mutating func checkProgramFile(_ name: String, beside scenarioPath: String, at node: JSONNode) {
    let folder = URL(writtenPath: scenarioPath).deletingLastPathComponent()
    let file = folder.appendingPathComponent(name)
    var info = stat()
    guard stat(file.path, &info) == 0 else {
      if lstat(file.path, &info) == 0 {
        error(
          "'\(name)' is a link that leads to no file (a broken link, or a loop); put the Swift "
            + "program itself beside the scenario", at: node.location, path: "program")
        return
      }
      let others =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".swift") && $0 != name }
      error(
        "no file '\(name)' beside the scenario"
          + or(didYouMean(name, in: others), "; put the Swift program in the scenario's folder"),
        at: node.location, path: "program")
      return
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      error(
        "'\(name)' is not a regular file (a folder, a pipe or a device); 'program' names a Swift "
          + "file", at: node.location, path: "program")
      return
    }
    if let outside = CourseBoundary.problem(inCourseOf: file) {
      error("'\(name)' is \(outside)", at: node.location, path: "program")
      return
    }
    if Int(info.st_size) > ProgramScenario.maxProgramBytes {
      error(
        "'\(name)' is \(info.st_size) bytes, more than the 1 MiB a program may have; keep the "
          + "program to what it shows", at: node.location, path: "program")
    }
  }
}
