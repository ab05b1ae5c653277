import Foundation
import LabTestSupport
import Testing

@testable import LabLessons
@testable import LabModel
@testable import LabSite

/// A challenge's page: built from the lab's tree, linked from the index, the scenario and the
/// lessons, and inert to any text a scenario holds. Scripts/check-site.sh plays it in Chromium.
@Suite(.serialized) struct ChallengePageTests {
  /// A course in a folder of its own, with `files` (path → text); removed by the caller.
  static func course(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-challenge-page-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  static let hostile = """
    {"format": 1, "name": "hostile", "title": "</script><script>alert(1)</script>",
     "threads": 2, "state": {"counter": 0, "note": "</script><script>alert(2)</script>]]>"},
     "steps": [{"group": "adders", "count": 2, "steps": [{"add": "counter"}]}],
     "expect": {"races": "expected"},
     "challenge": {"goal": "</script><script>alert(1)</script> lose an update",
       "when": {"values": {"counter": 1}}, "hint": "<img src=x onerror=alert(3)>]]>"}}
    """

  static let lesson = """
    ---
    name: hostile
    title: Hostile
    concepts: [escaping]
    scenarios: [hostile]
    ---

    # 1 · Play

    Play it: `lab challenge hostile`, not `lab challenge missing`.

    ```lab
    lab run hostile
    ```

    ## Questions

    1. Which task did you stop?
    """

  static func pages(_ files: [String: String]) throws -> (Site, [String: String]) {
    let root = try course(files)
    defer { try? FileManager.default.removeItem(at: root) }
    let site = Site.build(Course(root: root, bundled: nil))
    return (site, Dictionary(uniqueKeysWithValues: site.pages.map { ($0.path, $0.html) }))
  }

  @Test func hostileChallengeTextComesOutInert() throws {
    let (site, pages) = try Self.pages([
      "Scenarios/hostile.json": Self.hostile, "Lessons/01-hostile.md": Self.lesson,
    ])
    #expect(site.problems.isEmpty, "\(site.problems)")
    let page = try #require(pages["challenge-hostile.html"])
    TestSupport.wellFormed(page, "challenge-hostile.html")
    #expect(TestSupport.count("<script", in: page) == 1)
    #expect(TestSupport.count("</script>", in: page) == 1)
    #expect(TestSupport.count("]]>", in: page) == 1)
    #expect(!page.contains("<img"))
    #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; lose an update"))
    // The tree's strings hold the hostile value as \u escapes that read back to it.
    let start = try #require(page.range(of: "var challengeTree = "))
    let end = try #require(page[start.upperBound...].range(of: ";\n"))
    let json = String(page[start.upperBound..<end.lowerBound])
    #expect(json.contains("\\u003c/script\\u003e"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let strings = try #require(object["strings"] as? [String])
    #expect(strings.contains("note = \"</script><script>alert(2)</script>]]>\""))
  }

  @Test func theIndexTheScenarioAndTheLessonLinkToTheChallenge() throws {
    let (_, pages) = try Self.pages([
      "Scenarios/hostile.json": Self.hostile, "Lessons/01-hostile.md": Self.lesson,
    ])
    let link = "href=\"challenge-hostile.html\""
    let index = try #require(pages["index.html"])
    #expect(index.contains("<h2>Challenges</h2>"))
    #expect(index.contains(link))
    #expect(try #require(pages["scenario-hostile.html"]).contains(link))
    let lesson = try #require(pages["lesson-01-hostile.html"])
    #expect(lesson.contains("<a \(link)><code>lab challenge hostile</code></a>"))
    // A challenge with no page is no link.
    #expect(lesson.contains(", not <code>lab challenge missing</code>"))
  }

  @Test func racyCounterPageStatesItsParAndHoldsTheWholeTree() throws {
    let (site, pages) = try Self.pages([
      "Scenarios/racy-counter.json": try String(
        contentsOf: TestSupport.packageRoot.appendingPathComponent(
          "Scenarios/08-data-races/racy-counter.json"), encoding: .utf8)
    ])
    let page = try #require(pages["challenge-racy-counter.html"])
    TestSupport.wellFormed(page, "challenge-racy-counter.html")
    #expect(page.contains("data-par=\"2\""))
    #expect(page.contains("<details class=\"hint\">"))
    let stats = try #require(site.challenges.first)
    #expect(stats.nodes == 1847)
    #expect(stats.bound == nil)
    #expect(stats.bytes < 300_000)
    #expect(
      site.challengeLines.first?.hasPrefix("challenge-racy-counter.html: 1847 points") == true)
  }

  @Test func scriptJSONHidesEveryWayOutOfTheScript() {
    let json = #"{"a":"</script><!-- ]]> & \#u{2028}"}"#
    let safe = Markup.scriptJSON(json)
    for needle in ["<", ">", "&", "\u{2028}"] { #expect(!safe.contains(needle)) }
    #expect(safe == #"{"a":"\u003c/script\u003e\u003c!-- ]]\u003e \u0026 \u2028"}"#)
  }
}

/// A site's challenge pages share one time budget (`Site.challengeSeconds`): one hostile
/// challenge's page took 154 s, and a course may hold any number of them.
@Suite struct ChallengeBudgetTests {
  @Test func pastTheSitesChallengeBudgetAChallengeGetsNoPageAndAProblem() throws {
    let root = TestSupport.packageRoot
    var builder = Site.Builder(
      course: LabLessons.Course(root: root, bundled: nil), options: Site.Options(),
      progress: { _ in })
    let url = try #require(
      TestSupport.catalog.allScenarioFiles().first { $0.lastPathComponent == "racy-counter.json" })
    let item = Site.ScenarioItem(
      name: "racy-counter", url: url, catalog: TestSupport.catalog, topic: "", bundled: true)
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let challenge = try #require(scenario.challenge)
    #expect(builder.challengePage(item, scenario, challenge) != nil)
    #expect(builder.challengeSecondsLeft < Site.challengeSeconds, "its time is counted")
    builder.challengeSecondsLeft = 0.5
    #expect(builder.challengePage(item, scenario, challenge) == nil)
    #expect(
      builder.site.problems.last?.contains(
        "no challenge page: the 180 s a site spends on its challenges ran out") == true,
      "\(builder.site.problems)")
  }
}
