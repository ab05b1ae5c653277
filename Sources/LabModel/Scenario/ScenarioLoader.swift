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
    let shown = shownAs ?? path
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
    return try load(bytes: [UInt8](data), file: shown)
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
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes, file: file)
    } catch {
      throw DiagnosticList([error])
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
