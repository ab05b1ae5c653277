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

  /// `lab check --html DIR` of a course whose two scenario files share a name refused the whole
  /// check before it ran, exit 1: "two files would be written to '…/scenario-two-downloads.html';
  /// rename one of what they are made from", naming neither file. The later file fails as it
  /// does without `--html`, and gets no page; the others are checked and paged.
  @Test func checkHTMLChecksACourseWithASharedNameAndPagesTheRest() throws {
    let course = CourseFolderTests.Course()
    let other = course.root.appendingPathComponent("Scenarios/02-more")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: course.root.appendingPathComponent("Scenarios/01-first-steps/two-downloads.json"),
      to: other.appendingPathComponent("two-downloads.json"))
    let folder = course.root.appendingPathComponent("report")
    let checked = course.lab(["check", "--html", folder.path])
    #expect(checked.status == 1)
    #expect(!checked.err.contains("two files would be written"), "\(checked.err)")
    #expect(checked.out.contains("PASS  Scenarios/01-first-steps/two-downloads.json"))
    #expect(checked.out.contains("shares its name"), "\(checked.out)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(pages == ["index.html", "scenario-two-downloads.html"], "\(pages)")
  }

  /// One scenario named twice on the command line — by its name and by its path — is one file,
  /// as `lab validate` reads it: `lab check` checked it twice, and with `--html` refused the
  /// whole command; `lab record` refused it ("two files would be written to one path; rename
  /// one of what they are made from").
  @Test func aScenarioNamedTwiceIsCheckedAndRecordedOnce() throws {
    let course = CourseFolderTests.Course()
    let path = "Scenarios/01-first-steps/two-downloads.json"
    let folder = course.root.appendingPathComponent("report")
    let file = course.root.appendingPathComponent(path).path
    let checked = course.lab(["check", "two-downloads", file, "--html", folder.path])
    #expect(checked.status == 0, "\(checked.out)\(checked.err)")
    #expect(checked.out.contains("1 passed, 0 failed"), "\(checked.out)")
    let recorded = course.lab(["record", "two-downloads", "two-downloads"])
    #expect(recorded.status == 0, "\(recorded.err)")
    #expect(
      FileManager.default.fileExists(
        atPath: course.root.appendingPathComponent(path).deletingPathExtension()
          .appendingPathExtension("expected").path))
  }
}
