import Foundation
import LabTestSupport
import Testing

@testable import LabLessons
@testable import LabModel

/// The generated JSON Schema and docs table, the step table they come from, and `lab validate`:
/// the checked-in files must be the generator's output, and the decoder must accept what the
/// tables describe.
@Suite struct SchemaTests {
  static let schemaPath = TestSupport.packageRoot.appendingPathComponent(
    ScenarioSchema.relativePath
  ).path

  /// A `$defs` entry of the generated schema.
  static func definition(_ name: String) throws -> SchemaJSON {
    let definitions = ScenarioSchema.document.member("$defs")
    return try #require(definitions?.member(name), "no $defs.\(name) in the schema")
  }

  // MARK: - Generated files

  @Test func schemaFileIsTheGeneratedOne() throws {
    let file = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
    let generated = ScenarioSchema.generate()
    #expect(generated == ScenarioSchema.generate(), "the schema is not the same on every run")
    #expect(
      file == generated,
      """
      \(ScenarioSchema.relativePath) is not what the tables generate; regenerate it with \
      `\(ScenarioSchema.regenerateCommand)`
      """)
  }

  @Test func docsTableIsTheGeneratedOne() throws {
    let docs = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/scenario-format.md"),
      encoding: .utf8)
    let section = try #require(
      docs.range(of: "## Each step and the Swift it runs\n"), "no steps section in the docs")
    let table = ScenarioSchema.stepsTable()
    #expect(
      docs[section.upperBound...].contains("\n" + table),
      """
      docs/scenario-format.md does not hold the generated steps table; paste in the output of \
      `swift run lab schema --docs-table`
      """)
  }

  @Test(arguments: TestSupport.scenarioPaths)
  func bundledScenarioPointsAtTheSchema(_ path: String) throws {
    let file = TestSupport.packageRoot.appendingPathComponent(path)
    let document = try JSONParser.parse(try [UInt8](Data(contentsOf: file)), file: path)
    // Editors find the schema through "$schema", relative to the file.
    let reference = try #require(
      document.value.objectValue?["$schema"]?.value.stringValue, "no $schema")
    let target = file.deletingLastPathComponent().appendingPathComponent(reference)
      .standardizedFileURL
    #expect(target.path == URL(fileURLWithPath: Self.schemaPath).standardizedFileURL.path)
  }

  /// Checks the schema with Python's jsonschema, when it is installed (Scripts/check-schema.sh).
  @Test(.enabled(if: SchemaTests.hasPythonJSONSchema, "needs python3 with jsonschema"))
  func pythonJSONSchemaAcceptsEveryScenario() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      TestSupport.packageRoot.appendingPathComponent("Scripts/check-schema.sh").path
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
  }

  static let hasPythonJSONSchema: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import jsonschema"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  // MARK: - The tables

  @Test func topLevelKeysAreTheTables() throws {
    let root = ScenarioSchema.document
    #expect(root.member("properties")?.members.map(\.key) == TopLevelKey.names)
    #expect(root.member("required") == ["format"])
    // Steps, or a program of the course's own: one of the two.
    #expect(root.member("oneOf") == [["required": ["steps"]], ["required": ["program"]]])
    let format = root.member("properties")?.member("format")
    #expect(format?.member("maximum") == .integer(Int64(Scenario.currentFormat)))
    let expect = try Self.definition("expect").member("properties")
    #expect(expect?.members.map(\.key) == ExpectationKey.names)
  }

  @Test func everyStepHasAnExampleTheDecoderAccepts() throws {
    for key in StepKey.allCases {
      #expect(!key.spec.examples.isEmpty, "step '\(key.rawValue)' has no example")
      for example in key.spec.examples {
        let node = try JSONParser.parse(Array(example.utf8), file: "example.json")
        #expect(node.value.objectValue?.keys.first == key.rawValue, "\(example)")
        var decoder = ScenarioDecoder(file: "example.json")
        let step = decoder.decodeStep(node, path: "steps[0]")
        #expect(
          step != nil && decoder.diagnostics.isEmpty,
          "\(key.rawValue): \(decoder.diagnostics.map(\.message))")
      }
    }
  }

  @Test func everyStepOptionIsAnOptionOfTheDecoder() {
    for key in StepKey.allCases {
      let options = key.spec.optionKeys
      #expect(Set(options).count == options.count, "'\(key.rawValue)' lists an option twice")
      for group in key.spec.oneOf.map(\.keys) + key.spec.needs.map({ [$0.option] + $0.needs }) {
        #expect(Set(group).isSubset(of: options), "'\(key.rawValue)': \(group) are not options")
      }
      let json = #"{"format": 1, "steps": [{"KEY": null, "notAnOption": 1}]}"#
        .replacingOccurrences(of: "KEY", with: key.rawValue)
      #expect(
        TestSupport.diagnostics(json: json).contains {
          $0.contains("unknown option 'notAnOption' for '\(key.rawValue)'")
        })
    }
  }

  /// `lab new`'s starter may use only step kinds and keys the tables know (it is decoded).
  @Test func templateUsesOnlyKnownStepsAndKeys() throws {
    let text = ScenarioTemplate.text(
      name: "starter", schemaPath: "../../schema/scenario.schema.json")
    #expect(TestSupport.diagnostics(json: text, file: "starter.json") == [])
    let root = try JSONParser.parse(Array(text.utf8), file: "starter.json")
    let object = try #require(root.value.objectValue)
    #expect(object.keys.allSatisfy { TopLevelKey(rawValue: $0) != nil })
    #expect(
      object["expect"]?.value.objectValue?.keys.allSatisfy {
        ExpectationKey(rawValue: $0) != nil
      } == true)
    let kinds = (object["steps"]?.value.arrayValue ?? []).compactMap {
      $0.value.objectValue?.keys.first
    }
    #expect(!kinds.isEmpty && kinds.allSatisfy { StepKey(rawValue: $0) != nil }, "\(kinds)")
  }

  /// Declarations the decoder checks key by key (functions, actors, handlers, inputs…): every key
  /// the schema declares there must be one the decoder accepts, and an unknown key is refused.
  @Test(arguments: [
    ("function", #"{"format": 1, "steps": [], "functions": {"f": {KEY: null}}}"#),
    ("actor", #"{"format": 1, "steps": [], "actors": {"A": {KEY: null}}}"#),
    ("handler", #"{"format": 1, "steps": [], "handlers": {"h": {KEY: null}}}"#),
    ("input", #"{"format": 1, "steps": [], "inputs": [{KEY: null}]}"#),
    ("catchClause", #"{"format": 1, "steps": [{"try": [], "catch": [{KEY: null}]}]}"#),
    ("outcome", #"{"format": 1, "steps": [], "expect": {"outcomes": [{KEY: null}]}}"#),
    ("bound", #"{"format": 1, "steps": [], "expect": {"mainStall": {KEY: null}}}"#),
    (
      "outcomeCondition",
      #"{"format": 1, "steps": [], "expect": {"outcomes": [{"when": {KEY: null}}]}}"#
    ),
    ("challenge", #"{"format": 1, "steps": [], "challenge": {KEY: null}}"#),
    ("expect.tolerance", #"{"format": 1, "steps": [], "expect": {"tolerance": {KEY: null}}}"#),
  ])
  func declaredKeysAreAcceptedByTheDecoder(_ place: String, _ template: String) throws {
    // `a.b` is the `b` property of `$defs.a`.
    let names = place.split(separator: ".").map(String.init)
    var schema = try Self.definition(names[0])
    for property in names.dropFirst() {
      schema = try #require(schema.member("properties")?.member(property), "no \(place)")
    }
    let keys = schema.member("properties")?.members.map(\.key) ?? []
    #expect(!keys.isEmpty)
    func refused(_ key: String) -> Bool {
      let json = template.replacingOccurrences(of: "KEY", with: "\"\(key)\"")
      return TestSupport.diagnostics(json: json).contains {
        $0.contains("unknown") && $0.contains("'\(key)'")
      }
    }
    for key in keys {
      #expect(!refused(key), "the schema allows '\(key)' in \(place), the decoder does not")
    }
    #expect(refused("notAKey"), "the probe for \(place) does not see unknown keys refused")
  }

  // MARK: - Portable patterns

  /// Python's `re` and ECMAScript both read these; `\p{L}` is what broke Python's validator.
  @Test func patternsUseThePortableSubset() throws {
    let schema = ScenarioSchema.generate()
    #expect(!schema.contains(#"\\p{"#) && !schema.contains(#"\\P{"#))
    let pattern = try NSRegularExpression(pattern: ScenarioSchema.namePattern)
    func matches(_ name: String) -> Bool {
      pattern.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }
    // Every name the decoder accepts, the pattern must accept; it may accept a few more.
    for name in ["x", "_x2", "größe", "名前", "Zoë"] {
      #expect(matches(name), "\(name)")
      #expect(
        TestSupport.diagnostics(json: #"{"format": 1, "state": {"\#(name)": 0}, "steps": []}"#)
          == [])
    }
    for name in ["", "1a", "my var", "a-b", "a.b", "../x"] {
      #expect(!matches(name), "\(name)")
    }
  }

  // MARK: - What the schema validator used to add

  /// The decoder reports what only the removed runtime schema check used to: `summary` types,
  /// every bad element of a list, and a child task's work even when the task's name is wrong.
  @Test func theDecoderReportsWhatTheSchemaCheckDid() {
    let problems = TestSupport.diagnostics(
      json: """
        {"format": 1,
         "functions": {"f": {"summary": null, "steps": []}},
         "handlers": {"h": {"summary": 3, "steps": []}},
         "actors": {"A": {"summary": [], "methods": {}}},
         "steps": [
           {"set": "x", "to": [1, {}, {}]},
           {"group": ["g"], "count": 2, "steps": "nope"}
         ]}
        """)
    #expect(
      problems == [
        "bad.json:2:33: error: 'summary' must be a string, not null (at functions.f.summary)",
        "bad.json:3:32: error: 'summary' must be a string, not an integer (at handlers.h.summary)",
        "bad.json:4:30: error: 'summary' must be a string, not an array (at actors.A.summary)",
        "bad.json:6:27: error: a value cannot be an object here (at steps[0].to[1])",
        "bad.json:6:31: error: a value cannot be an object here (at steps[0].to[2])",
        "bad.json:7:14: error: group name must be a name in quotes, not an array "
          + "(at steps[1].group)",
        "bad.json:7:42: error: steps must be a list: [ {…}, {…} ], not a string "
          + "(at steps[1].steps)",
      ])
  }

  @Test func unknownTopLevelKeyIsExplained() {
    #expect(
      TestSupport.diagnostics(json: #"{"format": 1, "main": [], "steps": []}"#) == [
        "bad.json:1:15: error: unknown top-level key 'main'; did you mean 'steps'? (at main)"
      ])
    #expect(
      TestSupport.diagnostics(json: #"{"format": 1, "tittle": "x", "steps": []}"#) == [
        "bad.json:1:15: error: unknown top-level key 'tittle'; did you mean 'title'? (at tittle)"
      ])
  }

  // MARK: - lab validate

  @Test func validateCommandReportsEachFile() throws {
    let bad = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-validate-\(UUID()).json")
    try Data(#"{"format": 1, "threads": 0, "steps": [{"sleep": 1, "as": "x"}]}"#.utf8).write(
      to: bad)
    defer { try? FileManager.default.removeItem(at: bad) }
    let good = "Scenarios/02-async-await/async-let-downloads.json"

    let passing = try TestSupport.runLab(["validate", good])
    #expect(passing.status == 0, "\(passing.err)")
    #expect(passing.out == "ok  \(good)\n1 valid, 0 invalid\n")
    #expect(passing.err.isEmpty)

    let failing = try TestSupport.runLab(["validate", good, bad.path])
    #expect(failing.status == 1)
    #expect(failing.out == "ok  \(good)\n1 valid, 1 invalid\n")
    #expect(
      failing.err.contains(
        ":1:26: error: 'threads' must be between 1 and 64, not 0; give one in that range "
          + "(at threads)"),
      "\(failing.err)")
    #expect(failing.err.contains(":1:52: error: unknown option 'as' for 'sleep'"), "\(failing.err)")

    let missing = try TestSupport.runLab(["validate", "no/such/file.json"])
    #expect(missing.status == 64)
  }

  @Test func validateCommandChecksEveryBundledScenarioByDefault() throws {
    let result = try TestSupport.runLab(["validate"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasSuffix("\(TestSupport.scenarioPaths.count) valid, 0 invalid\n"))
  }
}
