import Foundation
import LabLessons
import Testing

/// `lab lesson` with no name continues where the learner left off.
struct LessonProgressTests {
  /// A state folder of this test's own, so parallel tests do not share progress.
  static func freshState() -> [String: String] {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-progress-\(UUID().uuidString)")
    return ["XDG_STATE_HOME": folder.path]
  }

  @Test func theFirstTimeItStartsAtLessonOneThenGoesOn() {
    let state = Self.freshState()
    let first = InProcessLab.run(["lesson"], environment: state)
    #expect(first.status == 0, "\(first.err)")
    #expect(first.err.hasPrefix("starting at lesson 1 (blocking-main); 'lab lesson N' plays any"))
    #expect(first.out.hasPrefix("Lesson 1 · blocking-main"))
    let second = InProcessLab.run(["lesson"], environment: state)
    #expect(second.err.hasPrefix("lesson 2 (await-and-main): lesson 1 was the last you played"))
    #expect(second.out.hasPrefix("Lesson 2 · await-and-main"))
    // A lesson named on the command line counts too: after 14 comes 15.
    _ = InProcessLab.run(["lesson", "14"], environment: state)
    #expect(InProcessLab.run(["lesson"], environment: state).out.hasPrefix("Lesson 15 ·"))
  }

  @Test func afterTheLastLessonItSaysSoAndPlaysNothing() throws {
    let state = Self.freshState()
    let last = try #require(LessonCatalog(root: TestSupport.packageRoot).entries().last)
    _ = InProcessLab.run(["lesson", String(last.number)], environment: state)
    let after = InProcessLab.run(["lesson"], environment: state)
    #expect(after.status == 0)
    #expect(after.out.isEmpty)
    #expect(
      after.err.hasPrefix(
        "you have played every lesson, the last was \(last.number) (\(last.name))"))
  }

  @Test func aLessonStoppedInIsPlayedAgain() throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    let root = TestSupport.packageRoot
    let lesson = root.appendingPathComponent("Lessons/07-task-groups.md")
    progress.record(.init(lessonFile: lesson, finished: false), in: root)
    #expect(progress.last(in: root) == .init(lessonFile: lesson, finished: false))
    let again = InProcessLab.run(["lesson"], environment: state)
    #expect(again.err.hasPrefix("lesson 7 (task-groups) again: you stopped in it"))
    #expect(again.out.hasPrefix("Lesson 7 · task-groups"))
    // Played to its end this time: the store now says so, and the next call goes on to 8.
    #expect(progress.last(in: root)?.finished == true)
    #expect(InProcessLab.run(["lesson"], environment: state).out.hasPrefix("Lesson 8 ·"))
  }

  @Test func eachCourseFolderKeepsItsOwnPlace() throws {
    let state = Self.freshState()
    let progress = try #require(LessonProgress(environment: state))
    let root = TestSupport.packageRoot
    let other = URL(fileURLWithPath: "/tmp/some-course")
    let lesson = root.appendingPathComponent("Lessons/03-sequential-awaits.md")
    progress.record(.init(lessonFile: lesson, finished: true), in: root)
    progress.record(.init(lessonFile: lesson, finished: false), in: other)
    #expect(progress.last(in: root)?.finished == true)
    #expect(progress.last(in: other)?.finished == false)
    // A damaged store is read as no progress, never an error.
    try "garbage\n\t\t\n".write(to: progress.file, atomically: true, encoding: .utf8)
    #expect(progress.last(in: root) == nil)
  }
}
