import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

/// `lab check --junit` against the JUnit schema CI servers read (Tests/JUnit/jenkins-junit.xsd),
/// validated by Python's `xmlschema`: a report Jenkins rejects is a report nobody sees.
@Suite(.serialized) struct JUnitSchemaTests {
  static let validator = TestSupport.packageRoot.appendingPathComponent("Tests/JUnit/validate.py")

  /// Whether `python3` with `xmlschema` is here; the schema tests are skipped, saying so, if not.
  static let validatorAvailable: Bool = {
    (try? validate([])).map { $0.status == 0 } ?? false
  }()

  static func validate(_ files: [URL]) throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", validator.path] + files.map(\.path)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(
    .enabled(
      if: validatorAvailable,
      "python3 module xmlschema is missing (pip install xmlschema): JUnit schema not checked"))
  func junitReportsOfPassingFailingBrokenAndSkippedScenariosAreValid() throws {
    let project = try CheckCommandTests.Project([
      "a/passing.json": CheckCommandTests.passing, "a/failing.json": CheckCommandTests.failing,
      "b/idle.json": CheckCommandTests.idle, "b/broken.json": #"{"format": 1, "stepz": []}"#,
    ])
    let junit = project.root.appendingPathComponent("junit.xml")
    let result = project.lab(["check", "--junit", junit.path])
    #expect(result.status == 1, "\(result.err)")
    let validation = try Self.validate([junit])
    #expect(validation.status == 0, "\(validation.err)")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(
      xml.contains(
        "<testsuites name=\"lab check\" tests=\"4\" failures=\"1\" errors=\"1\" time=\""))
    #expect(xml.contains("skipped=\"1\""))
    #expect(xml.contains("<error message=") && xml.contains("type=\"invalid\""))
    #expect(xml.contains("<failure message=\"duration: expected 40 ms"))
  }

  /// A scenario's text reaches the report with every control character but the line break, DEL
  /// and the bidirectional and invisible characters written as the terminal shows them: C1,
  /// DEL and U+202E were written raw while ESC became `?`.
  @Test func controlAndBidiCharactersAreWrittenAsTheTerminalShowsThem() {
    let text = "esc\u{1B}[2J nel\u{85} csi\u{9B} del\u{7F} rlo\u{202E} bom\u{FEFF} tab\t"
    let run = RunLabel(mode: .virtual, seed: 1, policy: .random, run: 1)
    let verdict = ScenarioVerdict(
      scenario: "x\u{202E}", file: "a\u{9B}/x.json", status: .failed, summary: "",
      failures: [.init(run: run, messages: [text, "then\n" + text], replay: nil)])
    let xml = CheckReport.junit([verdict])
    #expect(xml.unicodeScalars.allSatisfy { $0 == "\n" || !movesTheTerminal($0.value) }, "\(xml)")
    let shown = #"esc\u{1B}[2J nel\u{85} csi\u{9B} del\u{7F} rlo\u{202E} bom\u{FEFF} tab\t"#
    #expect(xml.contains("message=\"\(shown)\""), "\(xml)")
    #expect(xml.contains("  then\n\(shown)</failure>"), "\(xml)")
    #expect(xml.contains(#"classname="a\u{9B}" name="x\u{202E}""#), "\(xml)")
  }

  @Test func timesAreDecimalSecondsWithoutExponents() {
    #expect(CheckReport.junitSeconds(0) == "0.000")
    #expect(CheckReport.junitSeconds(0.00001) == "0.000")
    #expect(CheckReport.junitSeconds(1.2345) == "1.235")
    #expect(CheckReport.junitSeconds(12_345.6) == "12345.600")
    #expect(CheckReport.junitSeconds(.nan) == "0.000")
  }

  @Test func aRunThatCannotFinishIsAnErrorAndAMissedCheckAFailure() {
    let run = RunLabel(mode: .virtual, seed: 1, policy: .random, run: 1)
    func verdict(_ message: String) -> ScenarioVerdict {
      ScenarioVerdict(
        scenario: "x", file: "x.json", status: .failed, summary: "",
        failures: [.init(run: run, messages: [message], replay: nil)])
    }
    #expect(CheckReport.junitKind(verdict("problem: deadlock: nothing can run")) == .error)
    #expect(CheckReport.junitKind(verdict("duration: expected 40 ms, got 50 ms")) == .failure)
    let invalid = ScenarioVerdict.invalid(scenario: "x", file: "x.json", messages: ["bad"])
    #expect(CheckReport.junitKind(invalid) == .error)
    let xml = CheckReport.junit([invalid, verdict("problem: deadlock")])
    #expect(xml.contains("errors=\"2\"") && !xml.contains("<failure"))
  }
}
