@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabPictures
@testable import LabRuntime
import Foundation
import Testing


/// The JSON Schema in schema/scenario.schema.json, its validator, and `lab validate`: the schema
/// must describe exactly what the decoder accepts, so these tests fail when the two drift apart.
@Suite struct SchemaTests {
  static let schemaPath = TestSupport.packageRoot.appendingPathComponent(
    ScenarioSchema.relativePath
  ).path

  static func schema() throws -> JSONSchema {
    try JSONSchema.load(path: schemaPath)
  }

  static func definition(_ name: String, in schema: JSONSchema) throws -> SchemaNode.Keywords {
    try #require(schema.definitions[name]?.keywords, "no $defs.\(name) in the schema")
  }

  /// Diagnostics of an inline document against the scenario schema, rendered.
  static func problems(_ json: String) throws -> [String] {
    try schema().validate(bytes: Array(json.utf8), file: "bad.json").map(\.description)
  }

  // MARK: - Bundled scenarios

  @Test(arguments: TestSupport.scenarioPaths)
  func bundledScenarioConforms(_ path: String) throws {
    let schema = try Self.schema()
    let file = TestSupport.packageRoot.appendingPathComponent(path)
    let bytes = try [UInt8](Data(contentsOf: file))
    let problems = schema.validate(bytes: bytes, file: path)
    #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    // Editors find the schema through "$schema", relative to the file.
    let document = try JSONParser.parse(bytes, file: path)
    let reference = try #require(
      document.value.objectValue?["$schema"]?.value.stringValue, "no $schema")
    let target = file.deletingLastPathComponent().appendingPathComponent(reference)
      .standardizedFileURL
    #expect(target.path == URL(fileURLWithPath: Self.schemaPath).standardizedFileURL.path)
  }

  // MARK: - In step with the decoder

  @Test func everyStepKindHasTheDecodersOptions() throws {
    let schema = try Self.schema()
    let union = try Self.definition("step", in: schema)
    var described: [String: Set<String>] = [:]
    for branch in union.oneOf {
      let keywords = try #require(schema.resolve(branch).keywords)
      let kind = try #require(keywords.required.first, "a step branch without a required kind")
      #expect(
        keywords.properties.first?.name == kind, "'\(kind)' is not the first property of its branch"
      )
      guard case .boolean(false)? = keywords.additionalProperties else {
        Issue.record("step '\(kind)' allows keys it does not list")
        continue
      }
      #expect(described[kind] == nil, "step '\(kind)' is described twice")
      described[kind] = Set(keywords.properties.map(\.name).filter { $0 != kind })
    }
    let decoded = Dictionary(
      uniqueKeysWithValues: ScenarioDecoder.stepKeys.map { ($0.kind, Set($0.options)) })
    for (kind, options) in decoded {
      #expect(described[kind] != nil, "step '\(kind)' is missing from the schema")
      if let schemaOptions = described[kind] {
        #expect(
          schemaOptions == options,
          "options of '\(kind)': schema \(schemaOptions.sorted()), decoder \(options.sorted())")
      }
    }
    for kind in described.keys where decoded[kind] == nil {
      Issue.record("the schema has step '\(kind)', which the decoder does not know")
    }
  }

  @Test func topLevelKeysAreTheDecoders() throws {
    let root = try #require(try Self.schema().root.keywords)
    #expect(root.properties.map(\.name) == ScenarioDecoder.topLevelKeys)
    #expect(root.required == ["format", "steps"])
    #expect(root.maximumFormat == Int64(Scenario.currentFormat))
  }

  @Test func expectationKeysAreTheDecoders() throws {
    let expect = try Self.definition("expect", in: Self.schema())
    #expect(Set(expect.properties.map(\.name)) == Set(ScenarioDecoder.expectationKeys))
  }

  @Test func choicesAreTheModels() throws {
    let schema = try Self.schema()
    func choices(_ keywords: SchemaNode.Keywords?) -> [String] {
      (keywords?.allowed ?? []).compactMap(\.stringValue)
    }
    #expect(
      choices(try Self.definition("priority", in: schema))
        == TaskPriorityName.allCases.map(\.rawValue))
    #expect(
      choices(try Self.definition("queueKind", in: schema)) == QueueKind.allCases.map(\.rawValue))
    let expect = try Self.definition("expect", in: schema)
    #expect(choices(expect.property("races")?.keywords) == RaceExpectation.allCases.map(\.rawValue))
    let outcome = try Self.definition("outcome", in: schema)
    #expect(choices(outcome.property("grade")?.keywords) == OutcomeGrade.writable.map(\.rawValue))
    let when = outcome.property("when")?.keywords
    #expect(choices(when?.property("ended")?.keywords) == Outcome.Ending.allCases.map(\.rawValue))
  }

  /// Keys the decoder checks inline (functions, actors, handlers, inputs…): every key the schema
  /// declares there must be one the decoder accepts, and the probe must see an unknown key refused.
  @Test(arguments: [
    ("function", #"{"format": 1, "steps": [], "functions": {"f": {KEY: null}}}"#),
    ("actor", #"{"format": 1, "steps": [], "actors": {"A": {KEY: null}}}"#),
    ("handler", #"{"format": 1, "steps": [], "handlers": {"h": {KEY: null}}}"#),
    ("input", #"{"format": 1, "steps": [], "inputs": [{KEY: null}]}"#),
    ("catchClause", #"{"format": 1, "steps": [{"try": [], "catch": [{KEY: null}]}]}"#),
    ("outcome", #"{"format": 1, "steps": [], "expect": {"outcomes": [{KEY: null}]}}"#),
    ("bound", #"{"format": 1, "steps": [], "expect": {"mainStall": {KEY: null}}}"#),
    (
      "outcome.when",
      #"{"format": 1, "steps": [], "expect": {"outcomes": [{"when": {KEY: null}}]}}"#
    ),
    ("expect.tolerance", #"{"format": 1, "steps": [], "expect": {"tolerance": {KEY: null}}}"#),
  ])
  func declaredKeysAreAcceptedByTheDecoder(_ place: String, _ template: String) throws {
    // `outcome.when` is the `when` property of `$defs.outcome`.
    let names = place.split(separator: ".").map(String.init)
    var keywords = try Self.definition(names[0], in: try Self.schema())
    for property in names.dropFirst() {
      keywords = try #require(keywords.property(property)?.keywords, "no \(place) in the schema")
    }
    let keys = keywords.properties.map(\.name)
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

  // MARK: - The schema's own examples

  @Test func everyExampleConformsToItsSchema() throws {
    let schema = try Self.schema()
    var pending = [schema.root] + schema.definitions.keys.sorted().map { schema.definitions[$0]! }
    var checked = 0
    while let node = pending.popLast() {
      pending += node.subschemas
      for example in node.keywords?.examples ?? [] {
        var validator = SchemaValidator(schema: schema, file: Self.schemaPath)
        let problems = validator.validate(example, node, path: "")
        #expect(problems.isEmpty, "example at \(example.location): \(problems.map(\.message))")
        checked += 1
      }
    }
    #expect(checked > 30)
  }

  @Test func everyStepHasAnExampleTheDecoderAccepts() throws {
    let schema = try Self.schema()
    for branch in try Self.definition("step", in: schema).oneOf {
      let keywords = try #require(schema.resolve(branch).keywords)
      let kind = keywords.required.first ?? "?"
      #expect(!keywords.examples.isEmpty, "step '\(kind)' has no example")
      for example in keywords.examples {
        var decoder = ScenarioDecoder(file: "example.json")
        let step = decoder.decodeStep(example, path: "steps[0]")
        #expect(
          step != nil && decoder.diagnostics.isEmpty,
          "\(kind): \(decoder.diagnostics.map(\.message))")
      }
    }
  }

  // MARK: - The validator

  @Test func unknownStepIsReportedAtItsKey() throws {
    let problems = try Self.problems(
      """
      {"format": 1, "steps": [
        {"sleeep": 100}
      ]}
      """)
    #expect(
      problems == [
        "bad.json:2:4: error: unknown step 'sleeep'; did you mean 'sleep'? (at steps[0].sleeep)"
      ])
  }

  @Test func everyProblemIsReportedWithItsLocation() throws {
    let problems = try Self.problems(
      """
      {
        "format": 2,
        "threads": "four",
        "functions": {
          "f": { "steps": [ { "task": "t", "steps": [], "priority": "hihg" } ] }
        },
        "steps": [
          { "set": "x" },
          { "sleep": 1, "as": "y" },
          "log"
        ]
      }
      """)
    #expect(
      problems == [
        "bad.json:2:13: error: 'format' must be between 1 and 1, not 2 (at format)",
        "bad.json:3:14: error: 'threads' must be an integer, not a string (at threads)",
        #"bad.json:5:63: error: 'priority' must be "high", "userInitiated", "medium", "low", "utility" or "background", not "hihg"; did you mean 'high'? (at functions.f.steps[0].priority)"#,
        #"bad.json:8:5: error: 'steps[0]' needs "to" (at steps[0])"#,
        "bad.json:9:19: error: unknown key 'as'; use 'sleep' (at steps[1].as)",
        "bad.json:10:5: error: 'steps[2]' must be a step, not a string (at steps[2])",
      ])
  }

  @Test func combinationsTheDecoderWouldIgnoreAreRejected() throws {
    let problems = try Self.problems(
      """
      {"format": 1, "handlers": {"go": {}}, "steps": [
        {"asyncLet": "a", "call": "f", "steps": []},
        {"group": "g", "count": 2, "steps": [], "cancelAfter": 1},
        {"await": []}
      ],
      "inputs": [{"at": 0, "tap": "go", "key": "go"}]}
      """)
    #expect(
      problems == [
        #"bad.json:2:3: error: 'steps[0]' takes only one of "call", "steps" (at steps[0])"#,
        #"bad.json:3:43: error: "cancelAfter" needs "collect" as well (at steps[1].cancelAfter)"#,
        "bad.json:4:13: error: 'await' needs at least 1 item, not 0 (at steps[2].await)",
        #"bad.json:6:12: error: 'inputs[0]' takes only one of "tap", "key" (at inputs[0])"#,
      ])
  }

  @Test func namesAndTemplatesAreChecked() throws {
    let problems = try Self.problems(
      """
      {"format": 1, "state": {"my var": 0}, "queues": {"main": "serial"}, "steps": [
        {"log": "x {a"}, {"actorCall": "Store"}
      ]}
      """)
    #expect(
      problems == [
        "bad.json:1:25: error: 'my var' is not a name (letters, digits and '_', starting with a letter or '_') (at state.my var)",
        #"bad.json:1:50: error: 'main' must not be "main" (at queues.main)"#,
        "bad.json:2:11: error: 'x {a' is not a log message: text with {expression} parts (at steps[0].log)",
        "bad.json:2:34: error: 'Store' is not an actor's method as \"Actor.method\" (at steps[1].actorCall)",
      ])
  }

  @Test func unsupportedKeywordsAndDanglingReferencesAreRefused() {
    let schema =
      ##"{"type": "object", "patternProperties": {}, "items": {"$ref": "#/$defs/nothing"}}"##
    #expect(throws: DiagnosticList.self) {
      try JSONSchema(bytes: Array(schema.utf8), file: "s.json")
    }
    do {
      _ = try JSONSchema(bytes: Array(schema.utf8), file: "s.json")
    } catch {
      let messages = error.diagnostics.map(\.message)
      #expect(messages.count == 2)
      #expect(messages.contains { $0.hasPrefix("unsupported keyword 'patternProperties'") })
      #expect(messages.contains { $0.hasPrefix("'$ref' names 'nothing', which is not in '$defs'") })
    }
  }

  @Test func checkAddsOnlyWhatTheLoaderMissed() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "schema-\(UUID()).json")
    try Data(
      """
      {"format": 1, "handlers": {"go": {"steps": []}}, "steps": [
        {"sleeep": 1}
      ], "inputs": [{"at": 0, "tap": "go", "with": 3}]}
      """.utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let problems = ScenarioSchema.check(path: file.path, schema: try Self.schema())
    // The loader's message for the step, the schema's for `with`, which the loader skips.
    #expect(problems.map(\.path) == ["steps[0].sleeep", "inputs[0].with"])
    #expect(problems.first?.message == "unknown step 'sleeep'; did you mean 'sleep'?")
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
      failing.err.contains(":1:26: error: 'threads' must be between 1 and 64, not 0 (at threads)"),
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

extension SchemaNode.Keywords {
  /// The scenario schema's highest `format`, from the `format` property's `maximum`.
  fileprivate var maximumFormat: Int64? {
    property("format")?.keywords?.maximum?.integerValue
  }
}
