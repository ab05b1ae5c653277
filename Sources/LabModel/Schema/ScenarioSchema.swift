import Foundation

/// The scenario format's JSON Schema, `schema/scenario.schema.json`, and checks of scenario files
/// against both the loader and the schema, without running them.
public enum ScenarioSchema {
  /// Where the schema lives, relative to the project root (the folder that holds `Scenarios/`).
  public static let relativePath = "schema/scenario.schema.json"

  /// Loads the schema of the project at `root`.
  public static func load(projectRoot root: URL) throws(DiagnosticList) -> JSONSchema {
    try JSONSchema.load(path: root.appendingPathComponent(relativePath).path)
  }

  /// Every problem of the scenario file at `path`: the loader's (JSON syntax, keys, types, names,
  /// the format version), then the schema's findings about places the loader said nothing of.
  /// Empty when the file is valid. `schema` nil checks with the loader only.
  public static func check(path: String, schema: JSONSchema?) -> [Diagnostic] {
    var loaderProblems: [Diagnostic] = []
    do {
      _ = try ScenarioLoader.load(path: path)
    } catch {
      loaderProblems = error.diagnostics
    }
    guard let schema, let data = FileManager.default.contents(atPath: path),
      let document = try? JSONParser.parse([UInt8](data), file: path)
    else { return loaderProblems }
    let schemaProblems = schema.validate(document, file: path)
    return DiagnosticList(merge(loader: loaderProblems, schema: schemaProblems)).diagnostics
  }

  /// The loader's diagnostics plus the schema's that concern another place: the loader's messages
  /// are the more specific, so a schema diagnostic at the same path, or at a path inside or around
  /// one the loader reported, is left out.
  static func merge(loader: [Diagnostic], schema: [Diagnostic]) -> [Diagnostic] {
    let reported = loader.compactMap(\.path)
    let extra = schema.filter { diagnostic in
      guard let path = diagnostic.path else { return true }
      return !reported.contains { overlaps($0, path) }
    }
    return loader + extra
  }

  /// Whether one JSON path is the other or lies inside it (`steps[0]` and `steps[0].sleeep`).
  static func overlaps(_ lhs: String, _ rhs: String) -> Bool {
    func contains(_ outer: String, _ inner: String) -> Bool {
      if outer == "$" || outer == inner { return true }
      guard inner.hasPrefix(outer) else { return false }
      let next = inner[inner.index(inner.startIndex, offsetBy: outer.count)]
      return next == "." || next == "["
    }
    return contains(lhs, rhs) || contains(rhs, lhs)
  }
}
