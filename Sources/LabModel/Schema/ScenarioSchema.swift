import Foundation

/// The scenario format's JSON Schema, generated from the model's tables (`TopLevelKey`,
/// `StepKey`, `ExpectationKey`) and its other rules, for editors and other tools. The lab itself
/// checks files with the decoder, whose messages are more specific; `schema/scenario.schema.json`
/// is this output, and a test fails when the two differ.
///
/// Patterns use only what ECMAScript, Python's `re` and VS Code all read: character classes with
/// ASCII ranges and `\uXXXX` escapes, `\s`, `\S`, groups, `?`, `*`, `+` and `{m,n}`; no `\p{…}`.
public enum ScenarioSchema {
  /// Where the schema lives, relative to the project root (the folder that holds `Scenarios/`).
  public static let relativePath = "schema/scenario.schema.json"

  /// How to write the file again after changing a table.
  public static let regenerateCommand = "swift run lab schema > \(relativePath)"

  /// The schema as pretty JSON, the same bytes on every run.
  public static func generate() -> String {
    document.pretty()
  }

  static var document: SchemaJSON {
    .object([
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "ConcurrencyLab scenario",
      "description": .string(
        "A scenario for the concurrency lab: a small program of steps (sleep, block, async let, "
          + "task groups, tasks, actors, Dispatch…) that `lab run` executes on a deterministic "
          + "virtual runtime or on real threads, plus what the run is expected to show. Described "
          + "for teachers in docs/scenario-format.md. `lab validate FILE` checks a file more "
          + "deeply than this schema can: names, expressions and the format version."),
      "$comment": .string(
        "Generated from the scenario model's tables (Sources/LabModel/Steps/StepKey.swift, "
          + "Scenario/ScenarioKeys.swift, Schema/ScenarioSchema*.swift); do not edit. "
          + "Regenerate with `\(regenerateCommand)`."),
      "type": "object",
      "required": .array(TopLevelKey.allCases.filter(\.isRequired).map { .string($0.rawValue) }),
      "additionalProperties": false,
      "properties": .object(TopLevelKey.allCases.map { .init(key: $0.rawValue, value: $0.schema) }),
      "$defs": .object(definitions),
    ])
  }

  /// The `$defs`: shared shapes, then one per step kind, then the expectations'.
  static var definitions: [SchemaJSON.Member] {
    commonDefinitions + stepDefinitions + expectationDefinitions
  }

  /// Every problem of the scenario file at `path`, as `lab run` would report them; empty when
  /// the file is valid. `schema` is not used: the decoder checks everything the schema did.
  public static func check(path: String, schema: JSONSchema?) -> [Diagnostic] {
    do {
      _ = try ScenarioLoader.load(path: path)
      return []
    } catch {
      return error.diagnostics
    }
  }
}

/// A schema file named on the command line, read only to report it when it is not JSON: files
/// are checked by the decoder, which covers everything the schema says.
///
/// Kept so `lab validate --schema FILE` goes on working; it can go with that option.
public struct JSONSchema: Sendable {
  public let file: String

  /// Reads the schema at `path`; throws when it cannot be read or is not JSON.
  public static func load(path: String) throws(DiagnosticList) -> JSONSchema {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DiagnosticList([
        Diagnostic(file: path, location: nil, message: "cannot read the schema; check the path")
      ])
    }
    do {
      _ = try JSONParser.parse([UInt8](data), file: path)
    } catch {
      throw DiagnosticList([error])
    }
    return JSONSchema(file: path)
  }
}
