import Foundation
import Testing

/// A lesson is found by its name (`lab lesson first-steps`, whatever its case), so two lessons
/// of one course that share a name are a problem of the course, as two scenarios are.
@Suite struct LessonNameTests {
  /// `01-first-steps.md`, `1-first-steps.md` and `001-FIRST-STEPS.md` passed `lab check` and
  /// `lab list`, and `lab site` made one page of the three, saying nothing of the others.
  @Test func lessonsThatShareANameFailCheckListAndSite() throws {
    let course = CourseFolderTests.Course()
    let lessons = course.root.appendingPathComponent("Lessons")
    let text = try String(
      contentsOf: lessons.appendingPathComponent("01-first-steps.md"), encoding: .utf8)
    try text.write(
      to: lessons.appendingPathComponent("1-first-steps.md"), atomically: true, encoding: .utf8)
    try text.replacingOccurrences(of: "name: first-steps", with: "name: FIRST-STEPS").write(
      to: lessons.appendingPathComponent("001-FIRST-STEPS.md"), atomically: true,
      encoding: .utf8)
    let shares = "shares its name: the lesson '"

    let checked = course.lab(["check"])
    #expect(checked.status == 1)
    let failed = checked.out.split(separator: "\n").filter { $0.hasPrefix("FAIL  lesson 1 ") }
    #expect(failed.count == 2, "\(checked.out)")
    #expect(failed.allSatisfy { $0.contains(shares) }, "\(checked.out)")
    #expect(checked.out.contains("is also Lessons/001-FIRST-STEPS.md"), "\(checked.out)")

    let listed = course.lab(["list"])
    #expect(listed.status == 1)
    #expect(listed.err.contains("Lessons/1-first-steps.md: \(shares)first-steps'"), "\(listed.err)")

    let site = course.root.appendingPathComponent("site")
    let built = course.lab(["site", site.path, "--course-only"])
    #expect(built.status == 1)
    #expect(built.err.contains("Lessons/01-first-steps.md: \(shares)"), "\(built.err)")
  }

  /// A lesson's page is named by its number as written in decimal: `%02d` wrote one past
  /// `Int32` as another number, so `9223372036854775807-max.md` had the page `lesson--1-max.html`.
  @Test func aLessonsPageNamesItsNumberWhole() throws {
    let course = CourseFolderTests.Course()
    let lessons = course.root.appendingPathComponent("Lessons")
    let text = try String(
      contentsOf: lessons.appendingPathComponent("01-first-steps.md"), encoding: .utf8)
    try FileManager.default.removeItem(at: lessons.appendingPathComponent("01-first-steps.md"))
    try text.replacingOccurrences(of: "name: first-steps", with: "name: max").write(
      to: lessons.appendingPathComponent("9223372036854775807-max.md"), atomically: true,
      encoding: .utf8)
    let site = course.root.appendingPathComponent("site")
    let built = course.lab(["site", site.path, "--course-only"])
    #expect(built.status == 0, "\(built.err)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: site.path)
    #expect(pages.contains("lesson-9223372036854775807-max.html"), "\(pages)")
  }
}
