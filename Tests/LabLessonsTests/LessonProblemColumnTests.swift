import Foundation
import LabLessons
import Testing

/// A lesson's problems read `file:line:column: error:` as a scenario's do, so an editor jumps to
/// them: they were `file:line: error:`, with a column only for a verdict's setting or a citation.
@Suite struct LessonProblemColumnTests {
  @Test func everyProblemOnALineHasAColumnAtItsFirstWord() {
    let body =
      "```lab\nlab run async-download --sed 3\n   lab run ../x\n```" + LessonTests.questions
    let front = "---\nname: other\ntitle: T\nscenarios: [sync-download]\n---"
    guard case .failure(let error) = LessonTests.parse(body, frontMatter: front) else {
      Issue.record("the lesson loaded")
      return
    }
    let lines = error.description.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(lines)")
    let located = #/^Lessons/01-sample\.md:[0-9]+:[0-9]+: error: /#
    #expect(lines.allSatisfy { $0.contains(located) }, "\(lines)")
    #expect(lines[0].hasPrefix("Lessons/01-sample.md:2:1: error: the front matter says name: "))
    #expect(lines[1].hasPrefix("Lessons/01-sample.md:4:1: error: 'sync-download' is listed"))
    #expect(lines[2].hasPrefix("Lessons/01-sample.md:7:1: error: a lesson's 'lab run' takes "))
    // An indented line's problem is at its first word.
    #expect(lines[3].hasPrefix("Lessons/01-sample.md:8:4: error: name the scenario"), "\(lines)")
  }

  @Test func aProblemOfTheFilesFirstLineHasAColumnToo() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-columns-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let lessons = root.appendingPathComponent("Lessons")
    try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
    try Data(repeating: UInt8(ascii: "x"), count: LessonCatalog.maximumBytes + 1).write(
      to: lessons.appendingPathComponent("01-big.md"))
    let catalog = LessonCatalog(root: root)
    let entry = try #require(catalog.entries().first)
    #expect(throws: LessonFileError.self) { try catalog.load(entry) }
    do {
      _ = try catalog.load(entry)
    } catch {
      #expect(error.description.hasPrefix("Lessons/01-big.md:1:1: error: "), "\(error)")
    }
  }

  /// A refused `lab` line that names a listed scenario is the lesson's run of it: one problem
  /// (the refusal), not a second that says the scenario is never run.
  @Test func aRefusedRunLineIsNotAlsoNeverRun() {
    let refused = LessonTests.problems(
      "```lab\nlab run sync-download --html ../../x.html\n```" + LessonTests.questions)
    #expect(refused.count == 1, "\(refused)")
    #expect(!refused.contains { $0.contains("never run") }, "\(refused)")
  }
}
