import Foundation
import LabTestSupport
import Testing

/// docs/teachers-guide.md, run: every `lab` command of its plain code blocks, in order, in a course
/// made by its first command, and its lesson edit as the guide shows it. A guide whose command
/// fails is a guide that misleads.
@Suite(.serialized) struct GuideTests {
  static let guide = TestSupport.packageRoot.appendingPathComponent("docs/teachers-guide.md")

  /// The guide's `lab …` lines (`$ ` dropped, the comment after two spaces cut), from plain
  /// fenced blocks only: indented lines are output or nested examples, and the ```text overview
  /// only repeats the sections.
  static func commands(_ text: String) -> [[String]] {
    var commands: [[String]] = []
    var fence: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        fence = fence == nil ? String(line.dropFirst(3)) : nil
        continue
      }
      guard fence == "", line.hasPrefix("lab ") || line.hasPrefix("$ lab ") else { continue }
      let command = line.replacingOccurrences(of: "$ ", with: "")
        .components(separatedBy: "  ")[0]
      commands.append(command.split(separator: " ").dropFirst().map(String.init))
    }
    return commands
  }

  /// The lesson fragment of step 6: the ````markdown block, its three-space indent removed.
  static func lessonFragment(_ text: String) throws -> String {
    let start = try #require(text.range(of: "   ````markdown\n"))
    let end = try #require(text.range(of: "\n   ````\n", range: start.upperBound..<text.endIndex))
    return text[start.upperBound..<end.lowerBound].split(separator: "\n").map {
      String($0.dropFirst(3))
    }.joined(separator: "\n")
  }

  static func lab(_ arguments: [String], in folder: URL) throws -> (status: Int32, out: String) {
    let process = Process()
    process.executableURL = TestSupport.labBinary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["CI"] = nil  // recording is one of the guide's steps
    environment["LAB_ROOT"] = nil
    environment["LAB_CURRICULUM"] = TestSupport.packageRoot.path
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func everyCommandOfTheTeachersGuideRunsInOrder() throws {
    let text = try String(contentsOf: Self.guide, encoding: .utf8)
    let commands = Self.commands(text)
    #expect(commands.first == ["init", "my-course"])
    #expect(commands.count > 15)
    #expect(commands.filter { $0.first == "init" }.count == 1)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-guide-\(UUID())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var folder = scratch
    for arguments in commands {
      if arguments.first == "lesson" {
        // Step 6, as the guide shows it: list the scenario, add the run before the questions.
        let lesson = folder.appendingPathComponent("Lessons/01-first-steps.md")
        var markdown = try String(contentsOf: lesson, encoding: .utf8)
        markdown = markdown.replacingOccurrences(
          of: "scenarios: [two-downloads]", with: "scenarios: [two-downloads, lost-update]")
        markdown = markdown.replacingOccurrences(
          of: "## Questions",
          with: "## A lost update\n\n" + (try Self.lessonFragment(text)) + "\n\n## Questions")
        try markdown.write(to: lesson, atomically: true, encoding: .utf8)
      }
      let result = try Self.lab(arguments, in: folder)
      // A narrower pool and real threads may miss the starter's checks: that is what they show.
      let mayFail = arguments.contains("--live") || arguments.contains("--threads")
      #expect(
        result.status == 0 || (mayFail && result.status == 1),
        "lab \(arguments.joined(separator: " ")):\n\(result.out)")
      if arguments.first == "init" { folder = folder.appendingPathComponent(arguments[1]) }
    }
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("build/lab-check.xml").path))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Scenarios/02-data-races/lost-update.expected").path))
  }
}
