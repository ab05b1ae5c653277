import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabPictures
@testable import LabSite

/// `lab site`'s pages and the player, built in process and without a browser: what the pages hold
/// and that they are well-formed. The site as the command writes it, with hostile text, is
/// LabCLITests' SiteTests; Scripts/check-site.sh runs the same pages in headless Chromium.
@Suite(.serialized) struct SiteTests {
  @Test func theBundledSiteListsEveryLessonAndScenarioOnWellFormedPages() throws {
    let root = TestSupport.packageRoot
    let site = Site.build(
      LabLessons.Course(root: root, bundled: nil), options: Site.Options())
    #expect(site.problems.isEmpty, "\(site.problems)")
    let pages = Dictionary(uniqueKeysWithValues: site.pages.map { ($0.path, $0.html) })
    let index = try #require(pages["index.html"])
    let lessons = LessonCatalog(root: root).entries()
    #expect(lessons.count >= 15)
    // The course's parts head their lessons; no list is left empty before the first.
    #expect(
      index.contains(
        "<h2>Lessons</h2>\n<h3 class=\"lesson-part\">First steps: async/await</h3>\n"
          + "<ol class=\"lessons\">\n<li value=\"1\">"), "\(index.prefix(3000))")
    #expect(index.contains("</ol>\n<h3 class=\"lesson-part\">Swift 6 in practice</h3>"))
    for entry in lessons {
      let page = "lesson-\(String(format: "%02d", entry.number))-\(entry.name).html"
      #expect(index.contains("href=\"\(page)\""), "\(page)")
      #expect(pages[page] != nil, "\(page)")
    }
    for url in ScenarioCatalog(root: root).allScenarioFiles() {
      let page = "scenario-\(url.deletingPathExtension().lastPathComponent).html"
      #expect(index.contains("href=\"\(page)\""), "\(page)")
      #expect(pages[page] != nil, "\(page)")
      // A scenario with a challenge has its page, listed in the index's Challenges.
      if try ScenarioLoader.load(path: url.path).challenge != nil {
        let challenge = "challenge-\(url.deletingPathExtension().lastPathComponent).html"
        #expect(index.contains("href=\"\(challenge)\""), "\(challenge)")
        #expect(pages[challenge] != nil, "\(challenge)")
      }
    }
    for (name, html) in pages {
      TestSupport.wellFormed(html, name)
      // Each player starts with exactly one current trace line; pages without one have none.
      let players = TestSupport.count("<section class=\"player\"", in: html)
      #expect(TestSupport.count("aria-current=\"step\"", in: html) == players, "\(name)")
      let scripts = players > 0 || name.hasPrefix("challenge-") ? 1 : 0
      #expect(TestSupport.count("<script", in: html) == scripts, "\(name)")
      #expect(!html.contains("src="), "\(name)")
      #expect(!html.contains("href=\"http"), "\(name): a page links only to the site")
    }
    // Each claim a lesson backs with a fact carries its mark, which opens the fact's page.
    for entry in lessons {
      let lesson = try LessonCatalog(root: root).load(entry)
      let page = try #require(
        pages["lesson-\(String(format: "%02d", entry.number))-\(entry.name).html"])
      for name in Set(lesson.citations.map(\.name)) {
        #expect(
          page.contains(
            "<sup class=\"fact\"><a href=\"fact-\(name).html\" title=\"checked: \(name), Swift "),
          "\(entry.name): \(name)")
        let fact = try #require(pages["fact-\(name).html"], "\(name)")
        #expect(fact.contains("Check it again: <code>lab facts \(name)</code>"))
      }
      #expect(!page.contains("NativeFacts/"), "\(entry.name): a link to a fact's file")
      #expect(!page.contains("swift-context"), "\(entry.name): a snippet's hidden context")
    }
    // A lesson page holds one player per run of the lesson.
    let lesson4 = try #require(LessonCatalog(root: root).entries().first { $0.number == 4 })
    let runs = try LessonCatalog(root: root).load(lesson4).runs.count
    let page4 = try #require(pages["lesson-04-async-let.html"])
    #expect(TestSupport.count("<section class=\"player\"", in: page4) == runs)
  }

  @Test func racyCounterStepsThroughOneColumnPerEvent() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    let html = HTMLReport.render(result, scenario: scenario)
    // Every event at 0 ms: the step axis gives each its own x, in trace order.
    let xs = html.matches(of: #/class="ev[^"]*" data-i="\d+" data-x="([\d.]+)"/#).map {
      Double($0.output.1)!
    }
    #expect(xs.count == result.events.count)
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
    #expect(html.contains(">event 1</text>"))
    // The first line is current until the script moves; set events carry their values.
    #expect(TestSupport.count("aria-current=\"step\"", in: html) == 1)
    #expect(html.contains("data-i=\"1\" aria-current=\"step\""))
    #expect(html.contains("data-var=\"counter\" data-val=\"1\""))
    #expect(html.contains("<input type=\"range\" min=\"1\" max=\"\(result.events.count)\""))
    TestSupport.wellFormed(html, "racy-counter")
  }

  @Test func aTimedRunKeepsItsMillisecondAxis() throws {
    let scenario = try TestSupport.scenario(named: "async-let-downloads")
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    let html = HTMLReport.render(result, scenario: scenario)
    #expect(html.contains(">0 ms</text>"))
    #expect(!html.contains(">event 1</text>"))
    #expect(TestSupport.count("<rect class=\"ev", in: html) == result.events.count)
  }

  @Test func aCodeSpanFencedByMoreBackticksHoldsThem() {
    let html = MarkdownHTML { _ in nil }.inline("a ```` ```swift-verdict ```` b `c` d ` e")
    #expect(html == "a <code>```swift-verdict</code> b <code>c</code> d ` e")
  }

  @Test func markdownBlocksAndLinks() {
    let markdown = MarkdownHTML { $0 == "02-next.md" ? "lesson-02-next.html" : nil }
    let html = markdown.html([
      "# Title", "", "A *b* **c** `d & e`", "continued.", "", "- one", "- two", "  more", "",
      "1. first", "2. second", "", "> quoted", "", "[next](02-next.md) [x](data:text/html,hi)",
    ])
    #expect(
      html == """
        <h1>Title</h1>
        <p>A <em>b</em> <strong>c</strong> <code>d &amp; e</code>
        continued.</p>
        <ul><li>one</li><li>two
        more</li></ul>
        <ol><li>first</li><li>second</li></ol>
        <blockquote><p>quoted</p></blockquote>
        <p><a href="lesson-02-next.html">next</a> x</p>
        """)
  }
}

/// Publishing must not depend on the machine's load: a site plays a lesson's `--live` lines on
/// the virtual runtime unless asked, and says so on the page.
@Suite(.serialized) struct SiteLiveRunsTests {
  static func lessonOnePage(_ options: Site.Options) throws -> String {
    let root = TestSupport.packageRoot
    let site = Site.build(LabLessons.Course(root: root, bundled: nil), options: options)
    return try #require(site.pages.first { $0.path == "lesson-01-blocking-main.html" }?.html)
  }

  @Test func aLessonsLiveLinesRunOnTheVirtualRuntimeByDefault() throws {
    let page = try Self.lessonOnePage(Site.Options())
    #expect(page.contains("This site shows it on the virtual runtime"))
    #expect(!page.contains("A live run: times measured on real threads"))
  }

  @Test func liveRunsPlaysThemOnRealThreads() throws {
    let page = try Self.lessonOnePage(Site.Options(liveRuns: true))
    #expect(page.contains("A live run: times measured on real threads"))
    #expect(!page.contains("This site shows it on the virtual runtime"))
  }
}

/// A course's own site: its lessons lead from one to the next within the course, never into the
/// bundled curriculum whose numbers follow; --course-only leaves the bundled curriculum out but
/// keeps the pages of the bundled scenarios its lessons run; --title names it.
@Suite struct CourseSiteTests {
  /// A course made from `lab init`'s files, with a second lesson that runs a bundled scenario.
  static func course() throws -> (root: URL, bundled: URL) {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("lab-site-\(UUID())")
    let root = base.appendingPathComponent("course")
    for (path, text) in CourseTemplate.files(lab: LabSource(repository: nil, commit: nil)) {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try """
    ---
    name: second
    title: A race
    concepts: [data race]
    scenarios: [racy-counter]
    ---

    # 2 · A race

    ```lab
    lab run racy-counter
    ```

    ## Questions

    1. Why?
    """.write(
      to: root.appendingPathComponent("Lessons/02-second.md"), atomically: true, encoding: .utf8)
    // The bundled curriculum, small: one lesson, the scenario the course runs and one it does not.
    let bundled = base.appendingPathComponent("bundled")
    let scenarios = bundled.appendingPathComponent("Scenarios/08-data-races")
    try FileManager.default.createDirectory(
      at: bundled.appendingPathComponent("Lessons"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    for name in ["racy-counter", "counter-with-mutex"] {
      try FileManager.default.copyItem(
        at: try #require(
          TestSupport.catalog.allScenarioFiles().first { $0.lastPathComponent == "\(name).json" }),
        to: scenarios.appendingPathComponent("\(name).json"))
    }
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("Lessons/02-second.md"),
      to: bundled.appendingPathComponent("Lessons/01-bundled.md"))
    try String(contentsOf: bundled.appendingPathComponent("Lessons/01-bundled.md"), encoding: .utf8)
      .replacingOccurrences(of: "name: second", with: "name: bundled")
      .write(
        to: bundled.appendingPathComponent("Lessons/01-bundled.md"), atomically: true,
        encoding: .utf8)
    return (root, bundled)
  }

  @Test func aCoursesLessonsLeadWithinTheCourse() throws {
    let (root, bundled) = try Self.course()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let site = Site.build(LabLessons.Course(root: root, bundled: bundled))
    let second = try #require(site.pages.first { $0.path == "lesson-02-second.html" }?.html)
    #expect(second.contains(#"<a href="lesson-01-first-steps.html" rel="prev">← lesson 1</a>"#))
    #expect(!second.contains("rel=\"next\""), "the bundled lesson 1 is not next")
    #expect(site.pages.contains { $0.path == "lesson-01-bundled.html" })
    #expect(site.pages.contains { $0.path == "scenario-counter-with-mutex.html" })
  }

  /// A page's players are bounded as a whole, as one player is: a block of 200 runs of a chatty
  /// scenario made a lesson page of 196 MB (803 MB while building it).
  @Test func aLessonPageOfManyChattyRunsIsBoundedAsAWhole() throws {
    let (root, bundled) = try Self.course()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    try #"{"format": 1, "name": "chatty", "steps": [{"repeat": 2498, "steps": [{"log": "x"}]}]}"#
      .write(
        to: root.appendingPathComponent("Scenarios/chatty.json"), atomically: true,
        encoding: .utf8)
    let runs = Array(repeating: "lab run chatty", count: 30).joined(separator: "\n")
    try """
    ---
    name: chatty
    title: Chatty
    concepts: [trace]
    scenarios: [chatty]
    ---

    ```lab
    \(runs)
    ```

    ## Questions

    1. How many?
    """.write(
      to: root.appendingPathComponent("Lessons/03-chatty.md"), atomically: true, encoding: .utf8)
    let site = Site.build(
      LabLessons.Course(root: root, bundled: bundled), options: Site.Options(courseOnly: true))
    let page = try #require(
      site.pages.first { $0.path == "lesson-03-chatty.html" }?.html,
      "\(site.problems) \(site.pages.map(\.path))")
    let shown = page.matches(of: /data-events="(\d+)"/).map { Int($0.1) ?? 0 }
    // Four players of 2,500 events (2,498 logs, a start and an end), then the 2,000 left of the page's 12,000, then none.
    #expect(shown == [2_500, 2_500, 2_500, 2_500, 2_000], "\(shown)")
    #expect(page.contains("all that is left of the page's 12000"))
    #expect(
      page.contains("This page already shows 12000 events, the most it shows of all its runs"))
    #expect(page.utf8.count < 6_000_000, "\(page.utf8.count) bytes")
    #expect(TestSupport.balanced(page))
  }

  /// A page names a course's file by its place in the course: a scenario that did not validate
  /// published the folders of the machine that built the site.
  @Test func aPageNamesAFileByItsPlaceInTheCourse() throws {
    let (root, bundled) = try Self.course()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    for name in ["bad", "bad name"] {
      try #"{"format": 1, "name": "x", "steps": [{"lg": "x"}]}"#.write(
        to: root.appendingPathComponent("Scenarios/\(name).json"), atomically: true,
        encoding: .utf8)
    }
    let site = Site.build(
      LabLessons.Course(root: root, bundled: bundled), options: Site.Options(courseOnly: true))
    let page = try #require(site.pages.first { $0.path == "scenario-bad.html" }?.html)
    #expect(page.contains("Scenarios/bad.json:1:"), "\(page)")
    let folder = root.deletingLastPathComponent().path
    for text in site.pages.map(\.html) + site.problems {
      #expect(!text.contains(folder), "\(text.prefix(2_000))")
    }
    #expect(
      site.problems.contains { $0.hasPrefix("Scenarios/bad name.json:1:") }, "\(site.problems)")
  }

  @Test func aCourseOnlySiteKeepsTheBundledScenariosItsLessonsRun() throws {
    let (root, bundled) = try Self.course()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    let site = Site.build(
      LabLessons.Course(root: root, bundled: bundled),
      options: Site.Options(courseOnly: true, title: "Races <& more>"))
    let paths = Set(site.pages.map(\.path))
    #expect(paths.contains("lesson-02-second.html") && paths.contains("scenario-racy-counter.html"))
    #expect(!paths.contains("lesson-01-bundled.html"), "\(paths.sorted())")
    #expect(!paths.contains("scenario-counter-with-mutex.html"))
    #expect(site.problems.isEmpty, "\(site.problems)")
    let index = try #require(site.pages.first { $0.path == "index.html" }?.html)
    #expect(index.contains("<h1>Races &lt;&amp; more&gt;</h1>"))
    // Escaped once in the page's title too: the tab showed "&amp;lt;" when it was twice.
    #expect(index.contains("<title>Races &lt;&amp; more&gt; — ConcurrencyLab</title>"))
    #expect(!index.contains("Bundled with the lab"))
  }
}
