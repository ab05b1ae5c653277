import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabPictures
@testable import LabSite

/// `lab site` and `lab check --html`, run in process: the pages they write are well-formed,
/// hostile scenario text comes out inert, and a folder that is not the lab's is left alone. The
/// pages built without the command are LabSiteTests' SiteTests; Scripts/check-site.sh runs the
/// same pages in headless Chromium.
@Suite(.serialized) struct SiteTests {
  /// A scratch course: `Scenarios/` and `Lessons/` with the given files, removed when done.
  final class Course {
    let root: URL

    init(_ files: [String: String]) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-site-\(UUID())")
      for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// `lab ARGUMENTS` on this course alone (no bundled curriculum beside it).
    func lab(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
      InProcessLab.run(arguments, environment: ["LAB_ROOT": root.path, "LAB_CURRICULUM": ""])
    }

    func page(_ folder: URL, _ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
  }

  static let hostile = "</script><script>alert(1)</script>"

  static let hostileScenario = """
    {"format": 1, "title": "Hostile <img src=x onerror=alert(2)>",
     "summary": "A log that tries to close the page's script.",
     "state": {"n": 0},
     "steps": [{"log": "\(hostile)"},
               {"set": "n", "to": 1}],
     "expect": {"duration": 0}}
    """

  static let hostileLesson = """
    ---
    name: hostile
    title: A lesson with <b>markup</b> in it
    concepts: [escaping]
    scenarios: [hostile]
    ---

    # 1 · Escaping

    A paragraph with <script>alert(3)</script> in it.

    Text with `code <b>`, **strong**, *emphasis* and [a bad link](javascript:alert.call) and
    [a good one](https://www.swift.org) and [the next lesson](02-next.md).

    ```lab
    lab run hostile
    ```

    ## Questions

    1. Did anything run?
    """
  @Test func theIndexIsTitledByTheCourseAndTheHintOpensIt() throws {
    let course = try Course([
      "Scenarios/hostile.json": Self.hostileScenario, "Lessons/01-hostile.md": Self.hostileLesson,
    ])
    let folder = course.root.appendingPathComponent("site").path + "//"
    let (status, out, err) = course.lab(["site", folder])
    #expect(status == 0, "\(err)")
    let index = course.root.appendingPathComponent("site/index.html").path
    #expect(out.hasSuffix("open \(index)\n"), "\(out)")
    let html = try course.page(course.root.appendingPathComponent("site"), "index.html")
    let name = Markup.escape(course.root.lastPathComponent)
    #expect(html.contains("<h1>\(name)</h1>"))
    #expect(html.contains("<title>\(name) — ConcurrencyLab</title>"))
  }

  /// A right-to-left override, a C1 control or a line separator reorders or hides the text around
  /// it in a page as on a terminal: a report shows each as the terminal does, `\u{202E}` (a
  /// failed check's "expected … got …" was shown reversed).
  @Test func marksThatMoveTextAreShownAsTextInAPage() throws {
    #expect(
      Markup.escape("a\u{202E}b\u{85}c\u{2028}d\u{9B}e") == "a\\u{202E}b\\u{85}c\\u{2028}d\\u{9B}e")
    #expect(Markup.escape("é\u{200D}x") == "é\u{200D}x", "a joiner stays")
    let course = try Course([
      "Scenarios/marks.json": #"{"format": 1, "steps": [{"log": "a\u202eb\u0085c"}]}"#
    ])
    let page = course.root.appendingPathComponent("marks.html")
    let run = course.lab(["run", "marks", "--html", page.path])
    #expect(run.status == 0, "\(run.err)")
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(!html.unicodeScalars.contains { [0x202E, 0x85].contains($0.value) })
    #expect(html.contains("a\\u{202E}b\\u{85}c"))
  }

  @Test func hostileScenarioAndLessonTextComesOutInert() throws {
    let course = try Course([
      "Scenarios/hostile.json": Self.hostileScenario, "Lessons/01-hostile.md": Self.hostileLesson,
    ])
    let folder = course.root.appendingPathComponent("site")
    let (status, out, err) = course.lab(["site", folder.path, "--virtual"])
    #expect(status == 0, "\(err)")
    #expect(out.hasPrefix("wrote 3 pages"), "\(out)")
    for name in ["index.html", "lesson-01-hostile.html", "scenario-hostile.html"] {
      let html = try course.page(folder, name)
      TestSupport.wellFormed(html, name)
      #expect(!html.contains("alert(1)</script>"), "\(name)")
      #expect(!html.contains("<script>alert"), "\(name)")
      #expect(!html.contains("<img"), "\(name)")
      #expect(!html.contains("<b>markup"), "\(name)")
      #expect(!html.contains("href=\"javascript"), "\(name)")
      #expect(TestSupport.count("<script", in: html) <= 1, "\(name)")
    }
    let scenario = try course.page(folder, "scenario-hostile.html")
    #expect(scenario.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(scenario.contains("Hostile &lt;img src=x onerror=alert(2)&gt;"))
    let lesson = try course.page(folder, "lesson-01-hostile.html")
    #expect(lesson.contains("<h1>A lesson with &lt;b&gt;markup&lt;/b&gt; in it</h1>"))
    #expect(lesson.contains("<p>A paragraph with &lt;script&gt;alert(3)&lt;/script&gt; in it.</p>"))
    #expect(lesson.contains("<code>code &lt;b&gt;</code>"))
    #expect(lesson.contains("<strong>strong</strong>, <em>emphasis</em>"))
    #expect(lesson.contains("a bad link and"))
    #expect(lesson.contains("<a href=\"https://www.swift.org\">a good one</a>"))
    #expect(lesson.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(lesson.contains("data-var=\"n\" data-val=\"1\""))
  }

  /// A file whose name is no scenario name gets no page (its name would be the page's file name)

  /// and its error is said; the other scenarios' pages are written.

  @Test func aFileNamedAsNoScenarioIsNamedNowhere() throws {
    let plain = #"{"format": 1, "steps": [{"log": "hi"}]}"#
    let course = try Course([
      "Scenarios/fine.json": plain, "Scenarios/a\u{1B}[31m$(touch x).json": plain,
    ])
    let folder = course.root.appendingPathComponent("site")
    let (_, out, err) = course.lab(["site", folder.path, "--virtual"])
    #expect(out.hasPrefix("wrote 2 pages"), "\(out)")
    #expect(err.contains("is not a valid scenario name"), "\(err)")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(pages.allSatisfy { $0.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "$" } })
    #expect(pages.contains("scenario-fine.html"))
  }

  /// Two scenario files of one name are named, as two lessons of one name are: the later
  /// file's page was left out without a word and the site ended 0.
  @Test func aNameTwoScenarioFilesShareIsNamed() throws {
    let plain = #"{"format": 1, "steps": [{"log": "hi"}]}"#
    let course = try Course(["Scenarios/a/twin.json": plain, "Scenarios/b/twin.json": plain])
    let folder = course.root.appendingPathComponent("site")
    let (status, _, err) = course.lab(["site", folder.path, "--virtual"])
    #expect(status == 1)
    #expect(
      err.contains("Scenarios/b/twin.json: the scenario 'twin' is also Scenarios/a/twin.json"),
      "\(err)")
  }

  @Test func siteRefusesAFolderOfSomeoneElsesFilesAndRewritesItsOwn() throws {
    let course = try Course([
      "Scenarios/hostile.json": Self.hostileScenario, "Lessons/01-hostile.md": Self.hostileLesson,
      "theirs/notes.txt": "mine",
    ])
    let theirs = course.root.appendingPathComponent("theirs")
    let refused = course.lab(["site", theirs.path])
    #expect(refused.status == 1)
    #expect(refused.err.hasPrefix("error: '\(theirs.path)' is not empty"), "\(refused.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: theirs.path) == ["notes.txt"])

    let folder = course.root.appendingPathComponent("site")
    #expect(course.lab(["site", folder.path, "--virtual"]).status == 0)
    // Rewriting its own site removes the pages of a lesson that is gone, and nothing else.
    try FileManager.default.moveItem(
      at: course.root.appendingPathComponent("Lessons/01-hostile.md"),
      to: course.root.appendingPathComponent("Lessons/02-hostile.md"))
    try Data("mine".utf8).write(to: folder.appendingPathComponent("lesson-notes.html"))
    let again = course.lab(["site", folder.path, "--virtual"])
    #expect(again.status == 0, "\(again.err)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
        "index.html", "lesson-02-hostile.html", "lesson-notes.html", "scenario-hostile.html",
      ])

    let usage = course.lab(["site"])
    #expect(usage.status == 64)
    #expect(usage.err.contains("name the folder"))
    let help = course.lab(["site", "--help"])
    #expect(help.out.contains("#event=N") && help.out.contains("--virtual"))
  }

  @Test func checkIndexPutsFailuresFirstInRed() throws {
    let project = try CheckCommandTests.Project([
      "a/passing.json": CheckCommandTests.passing, "a/failing.json": CheckCommandTests.failing,
    ])
    let folder = project.root.appendingPathComponent("html")
    let (status, _, err) = project.lab(["check", "--html", folder.path])
    #expect(status == 1, "\(err)")
    let index = try String(
      contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
    TestSupport.wellFormed(index, "index.html")
    let failing = try #require(index.range(of: "<tr class=\"v-failed\">"))
    let passing = try #require(index.range(of: "<tr class=\"v-passed\">"))
    #expect(failing.lowerBound < passing.lowerBound)
    #expect(index.contains("<a href=\"scenario-failing.html\">failing</a>"))
    #expect(index.contains("expected 40 ms, got 50 ms"))
    #expect(index.contains("1 passed, 1 failed"))
    #expect(index.contains("tr.v-failed td, tr.v-failed a { color: #8f1f1b; }"))

    // An index.html the lab did not write is left alone, and said so.
    try Data("<p>mine</p>".utf8).write(to: folder.appendingPathComponent("index.html"))
    let refused = project.lab(["check", "--html", folder.path])
    #expect(refused.err.contains("index.html' is not a page the lab wrote"), "\(refused.err)")
    #expect(
      try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        == "<p>mine</p>")
  }
}
