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
    var scenario = decoder.decodeScenario(root)
    scenario?.programDigest = ProgramDigest.of(root)
    // Names are checked even when the file has other errors, so a teacher sees every problem at
    // once; names a broken declaration may have declared are not reported again.
    if let scenario {
      var checker = NameChecker(scenario: scenario, file: file, unsure: decoder.unsure)
      checker.room = DiagnosticList.collectLimit - decoder.diagnostics.count
      checker.check()
      decoder.diagnostics += checker.diagnostics
      decoder.omitted += checker.omitted
    }
    guard let scenario, decoder.errorCount == 0 else {
      var list = DiagnosticList(decoder.diagnostics)
      list.omitted = decoder.omitted
      throw list
    }
    return scenario
  }
}
