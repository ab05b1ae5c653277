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
      // Steps for the lab's runtimes, or a Swift program of the course's own, never both.
      "oneOf": [["required": ["steps"]], ["required": ["program"]]],
      "additionalProperties": false,
      "properties": .object(TopLevelKey.allCases.map { .init(key: $0.rawValue, value: $0.schema) }),
      "$defs": .object(definitions),
    ])
  }

  /// The `$defs`: shared shapes, then one per step kind, then the expectations'.
  static var definitions: [SchemaJSON.Member] {
    commonDefinitions + stepDefinitions + expectationDefinitions
  }
}
