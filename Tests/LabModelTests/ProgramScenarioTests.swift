import Foundation
import LabModel
import Testing

/// A program scenario (`"program": "FILE.swift"`): what it takes, what it refuses and where, and
/// that only the loader of either kind takes it.
@Suite struct ProgramScenarioTests {
  /// A course in a folder of its own with `files` (path under `Scenarios/t/` → text); removed
  /// when `body` returns.
  static func course<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-program-scenario-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Scenarios/t")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return try body(folder)
  }

  /// The messages of loading `json` as `s.json` beside `files`, as `file:line:column: error: …`.
  static func problems(_ json: String, beside files: [String: String] = [:]) throws -> [String] {
    try course(files.merging(["s.json": json]) { $1 }) { folder in
      let path = folder.appendingPathComponent("s.json").path
      do throws(DiagnosticList) {
        _ = try ScenarioLoader.loadFile(path: path, shownAs: "s.json")
        return []
      } catch {
        return error.diagnostics.map(\.description)
      }
    }
  }

  static let program = ["p.swift": "print(\"hi\")\n"]

  /// The messages of loading `s.json` in `folder` with either kind's loader.
  static func messages(_ folder: URL) -> [String] {
    do throws(DiagnosticList) {
      _ = try ScenarioLoader.loadFile(path: folder.appendingPathComponent("s.json").path)
      return []
    } catch {
      return error.diagnostics.map(\.message)
    }
  }

  @Test func aProgramScenarioLoadsWithItsOutcomes() throws {
    let json = """
      {"format": 1, "title": "T", "threads": 2, "program": "p.swift",
       "expect": {"outcomes": [
         {"when": {"printed": ["hi"]}, "grade": "acceptable", "reason": "said hi"},
         {"when": {"printed": {"contains": "x"}, "ended": "deadlock"}, "grade": "forbidden",
          "reason": "stuck"},
         {"grade": "interesting", "reason": "something else"}]}}
      """
    let loaded = try Self.course(Self.program.merging(["s.json": json]) { $1 }) { folder in
      try ScenarioLoader.loadFile(path: folder.appendingPathComponent("s.json").path)
    }
    guard case .program(let scenario) = loaded else {
      Issue.record("loaded as a scenario of steps")
      return
    }
    #expect(scenario.name == "s")
    #expect(scenario.title == "T")
    #expect(scenario.threads == 2)
    #expect(scenario.programPath.hasSuffix("/Scenarios/t/p.swift"))
    #expect(
      scenario.grade(printed: PrintedOutput(lines: ["hi"]), ending: .finished).reason == "said hi")
    #expect(
      scenario.grade(printed: PrintedOutput(lines: ["a", "x"]), ending: .deadlock).grade
        == .forbidden)
    #expect(
      scenario.grade(printed: PrintedOutput(lines: ["a", "x"]), ending: .finished).grade
        == .interesting)
    #expect(
      scenario.grade(printed: PrintedOutput(lines: ["hi", "hi"]), ending: .finished).grade
        == .interesting)
  }

  /// Commands that need steps load with `load(path:)`: a program scenario is refused there,
  /// at its `program`, naming the commands that take it.
  @Test func aCommandOfStepsRefusesItSayingWhichTakeIt() throws {
    let message = try Self.course(
      Self.program.merging(["s.json": "{\"format\": 1, \"program\": \"p.swift\"}"]) { $1 }
    ) { folder -> String in
      do throws(DiagnosticList) {
        _ = try ScenarioLoader.load(path: folder.appendingPathComponent("s.json").path)
        return ""
      } catch {
        return error.diagnostics.map(\.description).joined()
      }
    }
    #expect(message.contains(":1:26: error: this scenario runs the Swift program"), "\(message)")
    #expect(
      message.contains("'lab run', 'lab explore', 'lab compare', 'lab check', 'lab validate'"))
  }

  @Test(arguments: [
    (
      "{\"format\": 1, \"program\": \"../t/p.swift\"}",
      "s.json:1:26: error: '../t/p.swift' is not a program's file name"
    ),
    ("{\"format\": 1, \"program\": \"p.py\"}", "is not a program's file name"),
    ("{\"format\": 1, \"program\": 3}", "not an integer (at program)"),
    (
      "{\"format\": 1, \"program\": \"q.swift\"}",
      "no file 'q.swift' beside the scenario; did you mean 'p.swift'?"
    ),
    (
      "{\"format\": 1, \"program\": \"p.swift\", \"steps\": []}",
      "'steps' has no meaning beside \"program\""
    ),
    (
      "{\"format\": 1, \"program\": \"p.swift\", \"challenge\": {}}",
      "'challenge' has no meaning beside \"program\""
    ),
    ("{\"format\": 1, \"program\": \"p.swift\", \"titel\": \"x\"}", "did you mean 'title'?"),
    (
      "{\"format\": 1, \"program\": \"p.swift\", \"expect\": {\"races\": \"forbidden\"}}",
      "unknown expectation of a program scenario"
    ),
    (
      """
      {"format": 1, "program": "p.swift", "expect": {"outcomes": [
        {"when": {"values": {"x": 1}}, "grade": "acceptable", "reason": "r"}]}}
      """,
      "unknown condition of a program scenario (which grades what it printed and how it ended) 'values'"
    ),
    (
      """
      {"format": 1, "program": "p.swift", "expect": {"outcomes": [
        {"when": {"printed": [1, 2]}, "grade": "acceptable", "reason": "r"}]}}
      """,
      "'printed' is the lines a program printed"
    ),
    (
      """
      {"format": 1, "steps": [], "expect": {"outcomes": [
        {"when": {"printed": ["a"]}, "grade": "acceptable", "reason": "r"}]}}
      """,
      "'printed' grades what a program scenario's Swift file printed"
    ),
  ])
  func aWrongProgramScenarioIsRefusedWhere(_ json: String, _ message: String) throws {
    let problems = try Self.problems(json, beside: Self.program)
    #expect(problems.contains { $0.contains(message) }, "\(problems)")
    #expect(problems.allSatisfy { $0.hasPrefix("s.json:") && $0.contains(": error: ") })
  }

  /// The program is a course's file as the scenario is: no folder, no link out of the course.
  @Test func theProgramIsARegularFileOfTheCourse() throws {
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-outside-\(UUID()).swift")
    try Data("print(1)\n".utf8).write(to: outside)
    defer { try? FileManager.default.removeItem(at: outside) }
    let problems = try Self.course(["s.json": "{\"format\": 1, \"program\": \"l.swift\"}"]) {
      folder -> [String] in
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent("l.swift"), withDestinationURL: outside)
      return Self.messages(folder)
    }
    #expect(
      problems == [
        "'l.swift' is a link to a file outside the course, which the lab does not read; copy the "
          + "file into the course"
      ])
    let folder = try Self.course(["s.json": "{\"format\": 1, \"program\": \"d.swift\"}"]) {
      folder -> [String] in
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("d.swift"), withIntermediateDirectories: false)
      return Self.messages(folder)
    }
    #expect(folder.first?.contains("'d.swift' is not a regular file") == true, "\(folder)")
  }

  /// A link that leads to no file — a loop, or broken — is named as such, not as a missing
  /// file whose nearest name is itself.
  @Test(arguments: ["loop.swift", "gone.swift"])
  func aLinkToNoFileIsNamed(target: String) throws {
    let problems = try Self.course(["s.json": "{\"format\": 1, \"program\": \"loop.swift\"}"]) {
      folder -> [String] in
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("loop.swift").path, withDestinationPath: target)
      return Self.messages(folder)
    }
    #expect(
      problems == [
        "'loop.swift' is a link that leads to no file (a broken link, or a loop); put the Swift "
          + "program itself beside the scenario"
      ])
  }
}
