import Foundation

/// Reads scenario files into checked `Scenario`s, collecting every problem of a file as a
/// compiler-style diagnostic (`file:line:column: error: what is wrong; what to do`).
public enum ScenarioLoader {
  /// Reads and checks the scenario at `path`.
  /// A course's file is read as someone else's: never past the size limit, and only when it is
  /// a regular file — a pipe named like a scenario would wait forever, and a link to
  /// `/dev/zero` would never end. `shownAs` is the path its problems name (a page names a file by
  /// its place in the course, not by the machine's folders that hold the course).
  public static func load(path: String, shownAs: String? = nil) throws(DiagnosticList) -> Scenario {
    try load(bytes: read(path: path, shown: shownAs ?? path), file: shownAs ?? path)
  }

  /// Reads and checks the scenario at `path`, of steps or of a program (`ProgramScenario`):
  /// what commands that run either kind load.
  public static func loadFile(path: String, shownAs: String? = nil) throws(DiagnosticList)
    -> ScenarioFile
  {
    let shown = shownAs ?? path
    let root = try parse(read(path: path, shown: shown), file: shown)
    guard case .object(let object) = root.value, object["program"] != nil else {
      return .steps(try load(root: root, file: shown, checkingNames: true))
    }
    var decoder = ScenarioDecoder(file: shown)
    let scenario = decoder.decodeProgramScenario(object, root: root)
    if let scenario, let node = object["program"] {
      decoder.checkProgramFile(scenario.program, beside: path, at: node)
    }
    guard var scenario, decoder.errorCount == 0 else {
      var list = DiagnosticList(decoder.diagnostics)
      list.omitted = decoder.omitted
      throw list
    }
    scenario.file = path
    return .program(scenario)
  }

  /// Whether the scenario file at `path` is a program scenario's (it has `"program"`), valid or
  /// not: what decides which of `loadFile`'s two kinds a command runs it as.
  public static func namesProgram(path: String) -> Bool {
    guard let bytes = try? read(path: path, shown: path),
      let root = try? parse(bytes, file: path), case .object(let object) = root.value
    else { return false }
    return object["program"] != nil
  }

  /// The bytes of the scenario file at `path`, read as a course's file: never past the size
  /// limit, and only when it is a regular file inside its course.
  private static func read(path: String, shown: String) throws(DiagnosticList) -> [UInt8] {
    func refused(_ message: String) -> DiagnosticList {
      DiagnosticList([Diagnostic(file: shown, location: nil, message: message)])
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw refused(BoundedFile.missing(path))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw refused("is a folder, not a scenario file; name a .json file inside it")
    default:
      throw refused("is not a regular file (a pipe, a device or a socket); name a .json file")
    }
    if let outside = CourseBoundary.problem(inCourseOf: URL(writtenPath: path)) {
      throw refused(outside)
    }
    let limit = JSONParser.Limits().maxBytes
    if Int(info.st_size) > limit {
      throw refused(
        "the file is \(info.st_size) bytes, more than the \(limit >> 20) MiB limit (maxBytes); "
          + "split it into smaller files")
    }
    let data: Data?
    do {
      data = try BoundedFile.read(path, cap: limit)
    } catch {
      throw refused("cannot be read (\(error)); check its permissions")
    }
    guard let data else {
      throw refused(BoundedFile.missing(path))
    }
    return [UInt8](data)
  }

  /// Checks a scenario held in memory; `file` names it in messages.
  public static func load(bytes: [UInt8], file: String) throws(DiagnosticList) -> Scenario {
    try load(bytes: bytes, file: file, checkingNames: true)
  }

  /// A scenario whose steps decode, without the name checker's rules: for tests of a run's
  /// safety nets (a cycle of awaits, which no file that validates can write, as no Swift
  /// program can), never for a file a user gives.
  package static func loadUnchecked(bytes: [UInt8], file: String) throws(DiagnosticList)
    -> Scenario
  {
    try load(bytes: bytes, file: file, checkingNames: false)
  }

  private static func load(bytes: [UInt8], file: String, checkingNames: Bool)
    throws(DiagnosticList) -> Scenario
  {
    try load(root: parse(bytes, file: file), file: file, checkingNames: checkingNames)
  }

  private static func parse(_ bytes: [UInt8], file: String) throws(DiagnosticList) -> JSONNode {
    do {
      return try JSONParser.parse(bytes, file: file)
    } catch {
      throw DiagnosticList([error])
    }
  }

  /// A scenario of steps from its file's tree; a program scenario is refused, saying which
  /// commands take it.
  private static func load(root: JSONNode, file: String, checkingNames: Bool)
    throws(DiagnosticList) -> Scenario
  {
    if case .object(let object) = root.value, let program = object["program"] {
      throw DiagnosticList([
        Diagnostic(
          file: file, location: program.location, path: "program",
          message:
            "this scenario runs the Swift program \"program\" names, which 'lab run', 'lab "
            + "explore', 'lab compare', 'lab check', 'lab validate' and 'lab list' take; this "
            + "command needs a scenario of steps")
      ])
    }
    var decoder = ScenarioDecoder(file: file)
    var scenario = decoder.decodeScenario(root)
    scenario?.programDigest = ProgramDigest.of(root)
    // Names are checked even when the file has other errors, so a teacher sees every problem at
    // once; names a broken declaration may have declared are not reported again.
    if let scenario, checkingNames {
      var checker = NameChecker(scenario: scenario, file: file, unsure: decoder.unsure)
      checker.room = DiagnosticList.collectLimit - decoder.diagnostics.count
      checker.check()
      decoder.diagnostics += checker.diagnostics.map { located($0, in: root) }
      decoder.omitted += checker.omitted
    }
    guard var scenario, decoder.errorCount == 0 else {
      var list = DiagnosticList(decoder.diagnostics)
      list.omitted = decoder.omitted
      throw list
    }
    var rules = OutcomeRuleChecker(scenario: scenario, file: file)
    rules.check()
    scenario.warnings = DiagnosticList(rules.warnings.map { located($0, in: root) }).diagnostics
    return scenario
  }

  /// A check after decoding knows a value's path, not its place: the file's tree does.
  static func located(_ diagnostic: Diagnostic, in root: JSONNode) -> Diagnostic {
    var located = diagnostic
    if located.location == nil, let path = located.path {
      located.location = root.location(ofPath: path)
    }
    return located
  }
}
