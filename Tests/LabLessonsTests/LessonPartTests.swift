import Foundation
import LabCommandLine
import LabLessons
import LabTestSupport
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

  @Test(arguments: ["part:", "part:   "])
  func aPartOfNothingIsRefused(_ line: String) {
    #expect(
      LessonTests.problems(Self.body, frontMatter: Self.front(line)) == [
        "4: 'part:' names the part of the course this lesson begins, such as 'part: Shared state'"
      ])
  }

  /// A heading of 60 characters at most, and 240 scalars: 60 letters of 2,000 combining marks
  /// each made a 240 KB heading in `lab list` and on the site's index (held-out round 32).
  @Test func aPartPastAHeadingIsRefused() {
    let marks = String(repeating: "a" + String(repeating: "\u{301}", count: 2_000), count: 60)
    for (part, said) in [
      (String(repeating: "p", count: 61), "61 characters (61 Unicode scalars)"),
      (marks, "60 characters (120060 Unicode scalars)"),
    ] {
      #expect(
        LessonTests.problems(Self.body, frontMatter: Self.front("part: " + part)) == [
          "4: 'part' is \(said); the lab shows it as a heading of at most 60 characters and 240 "
            + "Unicode scalars: shorten it"
        ])
    }
  }

  /// A lesson's title is one line, as a scenario's is: a title of one letter and 100,000 marks
  /// was a 200 KB line of `lab list` and twice on its page.
  @Test func aTitlePastALineIsRefused() {
    let title = "a" + String(repeating: "\u{301}", count: 1_200)
    let front = "---\nname: sample\ntitle: \(title)\nscenarios: [sync-download]\n---"
    #expect(
      LessonTests.problems(Self.body, frontMatter: front) == [
        "3: 'title' is 1 character (1201 Unicode scalars); the lab shows it as one line of at "
          + "most 300 characters and 1200 Unicode scalars: shorten it"
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

/// `lab list`'s lesson rows keep their columns whatever the course numbers its lessons.
@Suite struct LessonListColumnTests {
  @Test func aNineteenDigitNumberKeepsTheNamesInOneColumn() throws {
    let front = { (name: String) in
      "---\nname: \(name)\ntitle: T \(name)\nscenarios: [sync-download]\n---\n\n"
        + "```lab\nlab run sync-download\n```" + LessonTests.questions
    }
    let root = try TestSupport.folder(
      "list-columns",
      files: [
        ("Lessons/01-short.md", front("short")),
        ("Lessons/1000000000000000000-long.md", front("long")),
      ])
    defer { try? FileManager.default.removeItem(at: root) }
    let text = CatalogListing.lessons(LessonCatalog(root: root), TextStyle(color: false)).text
    let rows = text.split(separator: "\n").filter {
      $0.contains("T short") || $0.contains("T long")
    }
    #expect(rows.count == 2, "\(text)")
    let columns = rows.map {
      $0.distance(from: $0.startIndex, to: $0.firstRange(of: "T ")!.lowerBound)
    }
    #expect(Set(columns).count == 1, "\(text)")
    let names = rows.map { row in
      row.distance(
        from: row.startIndex,
        to: row.firstRange(of: row.contains("short") ? "short" : "long")!.lowerBound)
    }
    #expect(Set(names).count == 1, "\(text)")
  }
}
