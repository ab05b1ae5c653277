import Foundation
import LabChecks
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// Malformed and hostile scenarios must end in a compiler-style diagnostic or a reported problem —
/// never a crash, a hang or a runaway allocation (docs/hardening.md).
///
/// The corpus is `Tests/BadInputs/**/NAME.json`, each with a `NAME.expect` beside it. Adding a file
/// adds a test. An `.expect` file holds one expectation per line (`#` starts a comment):
///
/// - `error: TEXT` — loading fails, every diagnostic reads `file:line:column: error: …`, and one
///   of them contains `error: TEXT`;
/// - `errors: N` — loading fails with exactly N diagnostics (one mistake, one message);
/// - `problem: TEXT` — it loads, and its virtual run stops with a problem containing TEXT;
/// - `finished` — it loads and its run finishes with no problem;
/// - `value: NAME = VALUE` — after the run, the shared variable NAME shows as VALUE.
@Suite(.timeLimit(TestSupport.hangLimit)) struct BadInputTests {
  static let folder = TestSupport.badInputs

  /// Every corpus file, by its path under `Tests/BadInputs/`.
  static let files: [String] = {
    let prefix = folder.standardizedFileURL.path + "/"
    return ScenarioCatalog.jsonFiles(under: folder).map { String($0.path.dropFirst(prefix.count)) }
  }()

  static let limits = TestSupport.badInputLimits

  struct Expectation {
    var errors: [String] = []
    var errorCount: Int?
    var problems: [String] = []
    var finished = false
    var values: [String] = []

    init(_ text: String) {
      for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if line.isEmpty || line.hasPrefix("#") { continue }
        if line == "finished" {
          finished = true
        } else if line.hasPrefix("error: ") {
          errors.append(line)
        } else if line.hasPrefix("errors: ") {
          errorCount = Int(line.dropFirst("errors: ".count))
        } else if line.hasPrefix("problem: ") {
          problems.append(String(line.dropFirst("problem: ".count)))
        } else if line.hasPrefix("value: ") {
          values.append(String(line.dropFirst("value: ".count)))
        }
      }
    }

    var isEmpty: Bool {
      errors.isEmpty && errorCount == nil && problems.isEmpty && !finished && values.isEmpty
    }
  }

  @Test(arguments: files)
  func badInputEndsInItsDiagnosticOrProblem(_ name: String) throws {
    let url = Self.folder.appendingPathComponent(name)
    let expectURL = url.deletingPathExtension().appendingPathExtension("expect")
    let text = try #require(
      try? String(contentsOf: expectURL, encoding: .utf8), "\(name) has no .expect file beside it")
    let expectation = Expectation(text)
    try #require(!expectation.isEmpty, "\(expectURL.lastPathComponent) expects nothing")
    let bytes = [UInt8](try Data(contentsOf: url))
    let file = "Tests/BadInputs/\(name)"
    try check(bytes, file: file, expectation, limits: Self.limits)
  }

  /// Inputs too big to keep in the repository, built here: a name, the bytes, the expectation.
  static let generated: [(name: String, bytes: @Sendable () -> [UInt8], expect: String)] = [
    (
      "a 5 MiB file", { file(#""summary": ""# + String(repeating: "a", count: 5 << 20) + #"""#) },
      "error: the file is 5242921 bytes, more than the 4 MiB limit (maxBytes)"
    ),
    (
      "10,000 nested repeats", { nestedRepeats(10_000) },
      "error: arrays and objects are nested more than 64 levels deep"
    ),
    (
      "a 1 MiB string", { steps(#"{"log": ""# + String(repeating: "x", count: 1 << 20) + #""}"#) },
      "error: string is longer than 64 KiB"
    ),
    (
      "60,000 opening parentheses", { expression(String(repeating: "(", count: 60_000) + "1") },
      "error: the expression nests more than 64 deep"
    ),
    (
      "60,000 negations", { expression(String(repeating: "-", count: 60_000) + "1") },
      "error: the expression nests more than 64 deep"
    ),
    (
      "20,000 additions", { expression(String(repeating: "1+", count: 20_000) + "1") },
      "error: the expression has more than 200 operators"
    ),
    (
      "a list literal of 60,000 levels", { expression(String(repeating: "[", count: 60_000)) },
      "error: the expression nests more than 64 deep"
    ),
    (
      "100,000 steps",
      { steps(Array(repeating: #"{"log": "x"}"#, count: 100_000).joined(separator: ",")) },
      "problem: the run recorded more than 5000 trace events"
    ),
    (
      "50,000 outcome rules",
      {
        file(
          #""state": {"n": 0}, "expect": {"outcomes": ["#
            + (0..<50_000).map { #"{"when": {"values": {"n": \#($0)}}, "grade": "interesting"}"# }
            .joined(separator: ",") + "]}")
      },
      "error: 'outcomes' holds 50000 rules, more than the 1000 a scenario may have"
    ),
    (
      "20,000 unknown keys", { file((0..<20_000).map { #""k\#($0)": 0"# }.joined(separator: ",")) },
      "error: unknown top-level key 'k0'"
    ),
  ]

  @Test(arguments: generated.map(\.name))
  func generatedBadInput(_ name: String) throws {
    let input = try #require(Self.generated.first { $0.name == name })
    try check(input.bytes(), file: "generated.json", Expectation(input.expect), limits: Self.limits)
  }

  /// The live runtime stops the same runaway scenarios on real threads, and its clock survives
  /// times near `Int64.max`.
  @Test(arguments: [
    "run-recursion-forever.json", "run-empty-loop-forever.json", "run-list-doubling.json",
    "run-int64-add-overflow.json", "run-sleep-forever.json", "run-tasks-in-a-loop.json",
    "run-while-forever.json",
  ])
  func liveRunStops(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    let scenario = try ScenarioLoader.load(bytes: bytes, file: name)
    var options = RunOptions()
    options.mode = .live
    options.limits = Self.limits
    options.limits.runtime.wallClockSeconds = 2
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(result.events.count <= options.limits.interpreter.maxEvents)
    #expect(result.problem != nil, "\(name) should stop with a problem")
  }

  // MARK: - Names on the command line

  /// A bare name is matched against the files under `Scenarios/`; it is never joined onto a path,
  /// so nothing resolves outside the project.
  @Test(arguments: ["..", ".", "/", "~", "*", "", "...", "a/../../b", "../../etc/passwd", "%2e%2e"])
  func scenarioNamesNeverLeaveTheProject(_ argument: String) throws {
    if !argument.contains("/"), case .file(let url) = TestSupport.catalog.resolve(argument) {
      let scenarios = TestSupport.catalog.scenariosFolder.standardizedFileURL.path + "/"
      #expect(url.path.hasPrefix(scenarios), "the name '\(argument)' resolved to \(url.path)")
    }
    let result = try TestSupport.runLab(["run", argument])
    #expect(result.status != 0, "lab run '\(argument)' succeeded")
    #expect(!result.out.contains("root:"), "lab run '\(argument)' printed a system file")
  }

  /// A lesson is found by number or name among `Lessons/NN-name.md` only.
  @Test(arguments: ["..", "../../etc/passwd", "/etc/passwd", "../Scenarios", "00-../x"])
  func lessonNamesNeverLeaveTheProject(_ argument: String) throws {
    let result = try TestSupport.runLab(["lesson", argument])
    #expect(result.status != 0, "lab lesson '\(argument)' succeeded")
    #expect(!result.out.contains("root:") && !result.err.contains("root"))
  }

  /// `lab new NAME` writes `Scenarios/NAME.json`: a name that could leave the folder is refused
  /// and nothing is written (in a scratch project, so a failure cannot touch this one).
  @Test(arguments: ["../escape", "a/b", "..", "/tmp/x", ".hidden", "x y"])
  func newScenarioNamesNeverLeaveTheProject(_ name: String) throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-bad-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try TestSupport.runLab(["new", name], environment: ["LAB_ROOT": root.path])
    #expect(result.status != 0, "lab new '\(name)' succeeded")
    #expect(result.err.contains("cannot be a scenario name"), "\(result.err)")
    let scenarios = root.appendingPathComponent("Scenarios").path
    let written = try FileManager.default.contentsOfDirectory(atPath: scenarios)
    #expect(written.isEmpty, "\(written)")
  }

  /// A path to a `.json` file is the teacher's choice; anything else is a name, looked up under
  /// `Scenarios/` only, so `lab run ../../etc/passwd` reads nothing and quotes nothing.
  @Test(arguments: ["../../../../../../../../etc/passwd", "/etc/passwd", "a/../../b", ".."])
  func pathsWithoutJSONExtensionAreNotRead(_ argument: String) throws {
    let result = try TestSupport.runLab(["run", argument])
    #expect(result.status == 64)
    #expect(!result.err.contains("root"), "\(result.err)")
    #expect(result.err.contains("a path must end in .json"), "\(result.err)")
  }

  // MARK: - Checking one input

  func check(_ bytes: [UInt8], file: String, _ expectation: Expectation, limits: RunLimits) throws {
    let scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(bytes: bytes, file: file)
    } catch {
      let messages = error.diagnostics.map(\.description)
      #expect(!expectation.errors.isEmpty, "\(file) should load, but: \(messages)")
      if let count = expectation.errorCount {
        #expect(messages.count == count, "\(messages.map { $0.prefix(300) })")
      }
      for message in messages {
        #expect(
          message.hasPrefix(file + ":") && message.contains(" error: ")
            && message.firstMatch(of: #/^[^\n]+?(:\d+:\d+)?: error: [^\n]+$/#) != nil,
          "not a compiler-style diagnostic: \(message.prefix(300))")
      }
      for expected in expectation.errors {
        #expect(
          messages.contains { $0.contains(expected) },
          "no '\(expected)' in \(messages.map { $0.prefix(300) })")
      }
      return
    }
    #expect(expectation.errors.isEmpty, "\(file) loads, but \(expectation.errors) was expected")
    var options = RunOptions()
    options.limits = limits
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    _ = TraceText.report(result, hints: .lab)  // rendering a stopped run must not trap either
    #expect(result.events.count <= limits.interpreter.maxEvents)
    if expectation.finished {
      #expect(
        result.end == .finished && result.problem == nil, "\(result.end): \(result.problem ?? "")")
    }
    for expected in expectation.problems {
      #expect(
        result.problem?.contains(expected) == true,
        "no '\(expected)' in \(result.problem ?? "no problem")")
    }
    let values = result.values.map { "\($0.name) = \($0.value.description)" }
    for expected in expectation.values {
      #expect(values.contains(expected), "no '\(expected)' in \(values)")
    }
  }

  /// A scenario with no steps and `members` after them.
  static func file(_ members: String) -> [UInt8] {
    Array((#"{"format": 1, "steps": [], "# + members + "}").utf8)
  }

  /// A scenario whose root steps are `items`.
  static func steps(_ items: String) -> [UInt8] {
    Array((#"{"format": 1, "steps": ["# + items + "]}").utf8)
  }

  /// A scenario that blocks for `expression` milliseconds.
  static func expression(_ expression: String) -> [UInt8] {
    steps(#"{"block": ""# + expression + #""}"#)
  }

  static func nestedRepeats(_ depth: Int) -> [UInt8] {
    let open = String(repeating: #"[{"repeat": 1, "steps": "#, count: depth)
    let close = String(repeating: "}]", count: depth)
    return Array((#"{"format": 1, "steps": "# + open + "[]" + close + "}").utf8)
  }
}
