import Foundation
import LabTestSupport
import Testing

/// Names two files share, beyond `lab challenge` and `lab site` (held-out round 46): a name two
/// lessons share, and an empty one, were played as a lesson, where `lab lesson N` refuses a
/// number two lessons share; `lab check --html` refused a course with a shared name whole, and
/// `lab check` and `lab record` one scenario named twice.
@Suite(.serialized) struct SharedNameCommandTests {
  /// `01-first-steps.md` and `02-first-steps.md`: `lab lesson first-steps` played lesson 1 without
  /// a word and ended 0, where `lab list` names the pair.
  @Test func aNameTwoLessonsShareIsAUsageError() throws {
    let course = CourseFolderTests.Course()
    let lessons = course.root.appendingPathComponent("Lessons")
    try FileManager.default.copyItem(
      at: lessons.appendingPathComponent("01-first-steps.md"),
      to: lessons.appendingPathComponent("02-first-steps.md"))
    for typed in ["first-steps", "FIRST-STEPS"] {
      let played = course.lab(["lesson", typed])
      #expect(played.status == 64, "\(played.out)")
      #expect(
        played.err.contains(
          "error: 2 lessons are named 'first-steps': first-steps (1), first-steps (2); give one's "
            + "number, such as 'lab lesson 1', and rename one of the files"), "\(played.err)")
      #expect(!played.out.contains("Lesson 1"))
    }
    // Its start is still told it could be either.
    #expect(course.lab(["lesson", "first"]).err.contains("'first' could be first-steps (1)"))
  }

  /// An empty name was the start of every name: a course's only lesson played, and the bundled
  /// curriculum listed all its lessons as what '' could be.
  @Test func anEmptyNameIsNoLesson() throws {
    let course = CourseFolderTests.Course()
    let played = course.lab(["lesson", ""])
    #expect(played.status == 64, "\(played.out)")
    #expect(played.err.contains("error: no lesson named ''; 'lab list' lists the lessons"))
    #expect(!played.out.contains("Lesson 1"))
    let bundled = InProcessLab.run(["lesson", ""])
    #expect(bundled.status == 64)
    #expect(!bundled.err.contains("could be"), "\(bundled.err)")
  }
}
