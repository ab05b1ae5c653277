import LabLessons
import Testing

/// `part:` in a lesson's front matter names the part of the course it begins: a heading in
/// `lab list` and on the site, until the next lesson that names one.
@Suite struct LessonPartTests {
  static func front(_ part: String) -> String {
    "---\nname: sample\ntitle: A sample\n\(part)\nscenarios: [sync-download]\n---"
  }

  static let body = "```lab\nlab run sync-download\n```" + LessonTests.questions

  @Test func aLessonNamesThePartItBegins() throws {
    let lesson = try LessonTests.parse(Self.body, frontMatter: Self.front("part: Shared state"))
      .get()
    #expect(lesson.part == "Shared state")
    let plain = try LessonTests.parse(Self.body).get()
    #expect(plain.part == nil)
  }

  @Test(arguments: ["part:", "part:   ", "part: " + String(repeating: "p", count: 61)])
  func aPartOfNothingOrPastALineIsRefused(_ line: String) {
    #expect(
      LessonTests.problems(Self.body, frontMatter: Self.front(line)) == [
        "4: 'part:' names the part of the course this lesson begins, in 1 to 60 characters, such "
          + "as 'part: Shared state'"
      ])
  }

  /// Every part of the bundled course begins where the curriculum says, and each names one.
  @Test func theBundledCourseIsInEightParts() throws {
    let parts = try LessonTests.catalog.entries().compactMap { entry in
      try LessonTests.catalog.load(entry).part.map { (entry.number, $0) }
    }
    #expect(parts.map(\.0) == [1, 6, 8, 11, 14, 17, 21, 23])
    #expect(parts.last?.1 == "Swift 6 in practice")
  }
}
