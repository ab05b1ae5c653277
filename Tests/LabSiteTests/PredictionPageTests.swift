import Foundation
import LabTestSupport
import Testing

@testable import LabLessons
@testable import LabModel
@testable import LabSite

/// A lesson's ```predict block on the site: checkboxes and a Reveal button, each choice
/// carrying only the proven word `yes`, `no` or `unknown`, and the lesson's text escaped.
/// Scripts/check-site.sh ticks the boxes and presses Reveal in headless Chromium.
@Suite(.serialized) struct PredictionPageTests {
  static func pages(_ root: URL) -> (pages: [String: String], problems: [String]) {
    let site = Site.build(LabLessons.Course(root: root, bundled: nil), options: Site.Options())
    return (Dictionary(uniqueKeysWithValues: site.pages.map { ($0.path, $0.html) }), site.problems)
  }

  @Test func lesson8AsksWhichValuesTheCounterCanEndWith() throws {
    let (pages, problems) = Self.pages(TestSupport.packageRoot)
    #expect(problems.isEmpty, "\(problems)")
    let page = try #require(pages["lesson-08-data-races.html"])
    let block = try #require(
      page.firstRange(of: "<div class=\"predict\"").map { String(page[$0.lowerBound...]) })
    let possible = block.matches(of: #/data-possible="(\w+)"/#).map { String($0.output.1) }
    #expect(possible == ["no", "yes", "yes", "yes", "yes", "yes", "no"])
    #expect(block.contains("<button type=\"button\" class=\"reveal\">Reveal</button>"))
    #expect(block.contains("counter ends as 2, 3, 4, 5 or 6."))
    #expect(block.contains("<code>lab lesson 8</code> runs the scenario"))
    #expect(
      TestSupport.count("<script", in: page) == 1, "one script: the player's and the reveal's")
    #expect(page.contains("document.querySelectorAll('.predict')"))
    // A page without a prediction carries no reveal script.
    let lesson1 = try #require(pages.first { $0.key.hasPrefix("lesson-01-") }?.value)
    #expect(!lesson1.contains("querySelectorAll('.predict')"))
  }

  /// A scratch course of these files; the caller removes it.
  static func course(_ files: [String: String]) throws -> URL {
    try TestSupport.folder("predict", files: files.map { (path: $0.key, text: $0.value) })
  }

  @Test func aVariableTheScenarioLacksIsASiteProblem() throws {
    let root = try Self.course([
      "Scenarios/small.json": """
      {"format": 1, "state": {"n": 0}, "steps": [{"set": "n", "to": 1}],
       "expect": {"duration": 0}}
      """,
      "Lessons/01-small.md": """
      ---
      name: small
      title: Small
      concepts: [one]
      scenarios: [small]
      ---

      ```predict
      scenario: small
      question: Q?
      of: m
      choices: 1, 2
      ```

      ## Questions

      1. Why?
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let (pages, problems) = Self.pages(root)
    #expect(
      problems.contains {
        $0.hasSuffix("01-small.md:8: 'of: m' is not a shared variable of small")
      },
      "\(problems)")
    #expect(pages["lesson-01-small.html"]?.contains("class=\"predict\"") == false)
  }

  @Test func aPredictionsTextReachesThePageEscaped() throws {
    let files = [
      "Scenarios/hostile.json": """
      {"format": 1, "state": {"n": 0}, "steps": [{"set": "n", "to": 1}],
       "expect": {"duration": 0}}
      """,
      "Lessons/01-hostile.md": """
      ---
      name: hostile
      title: Hostile
      concepts: [escaping]
      scenarios: [hostile]
      ---

      ```predict
      scenario: hostile
      question: Does </script><script>alert(1)</script> run?
      of: n
      choices: 1, <img src=x onerror=alert(2)>
      ```

      ## Questions

      1. Did anything run?
      """,
    ]
    let root = try Self.course(files)
    defer { try? FileManager.default.removeItem(at: root) }
    let (pages, problems) = Self.pages(root)
    #expect(problems.isEmpty, "\(problems)")
    let page = try #require(pages["lesson-01-hostile.html"])
    TestSupport.wellFormed(page, "lesson-01-hostile.html")
    #expect(!page.contains("<script>alert"))
    #expect(!page.contains("<img src=x"))
    #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(page.contains("&lt;img src=x onerror=alert(2)&gt;"))
    let possible = page.matches(of: #/data-possible="(\w+)"/#).map { String($0.output.1) }
    #expect(possible == ["yes", "no"])
    // No run on the page, so no player: the one script is the reveal's.
    #expect(TestSupport.count("<script", in: page) == 1)
  }

  /// A site's predictions share one time budget, and one search per scenario: thirty blocks
  /// about one scenario whose search runs its full 10 s made one page in 300 s, and a lesson may
  /// hold thousands. Here the budget is 1 s: the many-task scenario's search spends it, its
  /// second prediction reuses that search, and the prediction about another scenario is left
  /// unsearched and named as a problem.
  @Test func predictionsShareOneSearchPerScenarioAndOneBudget() throws {
    func predict(_ scenario: String) -> String {
      "```predict\nscenario: \(scenario)\nquestion: Q?\nof: n\nchoices: 1, 2\n```\n"
    }
    let root = try Self.course([
      "Scenarios/many.json": """
      {"format": 1, "threads": 4, "state": {"n": 0}, "steps": [{"group": "g", "count": 7,
       "steps": [{"repeat": 3, "steps": [{"add": "n"}]}]}]}
      """,
      "Scenarios/small.json": """
      {"format": 1, "state": {"n": 0}, "steps": [{"set": "n", "to": 1}]}
      """,
      "Lessons/01-many.md": """
      ---
      name: many
      title: Many
      concepts: [one]
      scenarios: [many, small]
      ---

      \(predict("many"))
      \(predict("many"))
      \(predict("small"))
      ## Questions

      1. Why?
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    var options = Site.Options()
    options.predictionSeconds = 1
    let site = Site.build(LabLessons.Course(root: root, bundled: nil), options: options)
    let page = try #require(site.pages.first { $0.path == "lesson-01-many.html" }?.html)
    #expect(TestSupport.count("<div class=\"predict\"", in: page) == 2)
    #expect(site.problems.count == 1, "\(site.problems)")
    #expect(
      site.problems.first?.hasSuffix(
        ": not searched: the 1 s a site spends on its predictions ran out; lab lesson 1 asks it "
          + "in the terminal") == true, "\(site.problems)")
  }

  /// A site's lessons' runs share one time budget, each run getting what is left as its timeout:
  /// every run was made, so 40 lines of a slow scenario took 150 s for one page. Here the budget
  /// is 1 s: the first run is cut at it, and the two after it are not made, each a problem.
  @Test func lessonRunsShareOneBudget() throws {
    let root = try Self.course([
      "Scenarios/slow.json": """
      {"format": 1, "threads": 1, "state": {"n": 0},
       "steps": [{"repeat": 300000, "steps": [{"add": "n"}]}]}
      """,
      "Lessons/01-slow.md": """
      ---
      name: slow
      title: Slow
      concepts: [one]
      scenarios: [slow]
      ---

      ```lab
      lab run slow
      lab run slow
      lab run slow
      ```

      ## Questions

      1. Why?
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    var options = Site.Options()
    options.lessonRunSeconds = 1
    let site = Site.build(LabLessons.Course(root: root, bundled: nil), options: options)
    let notRun = site.problems.filter {
      $0.hasSuffix(
        "not run: the 1 s a site spends on its lessons' runs ran out; lab lesson 1 runs it in "
          + "the terminal")
    }
    #expect(notRun.count == 2, "\(site.problems)")
  }

  /// A site's scenario pages' runs share one budget too: each run was bounded by its own 60 s,
  /// so a course of many slow scenarios took hours. Here the budget is 1 s: the first run is cut
  /// at it, and the pages after it say they were not run, each a problem of the site.
  @Test func scenarioPagesShareOneBudget() throws {
    let slow = """
      {"format": 1, "threads": 1, "state": {"n": 0},
       "steps": [{"repeat": 300000, "steps": [{"add": "n"}]}]}
      """
    let root = try Self.course([
      "Scenarios/slow-1.json": slow, "Scenarios/slow-2.json": slow, "Scenarios/slow-3.json": slow,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    var options = Site.Options()
    options.scenarioRunSeconds = 1
    let started = ContinuousClock.now
    let site = Site.build(LabLessons.Course(root: root, bundled: nil), options: options)
    #expect(ContinuousClock.now - started < .seconds(20))
    let notRun = site.problems.filter {
      $0.contains(
        ": not run: the 1 s a site spends on its scenario pages' runs ran out; lab run slow-")
    }
    #expect(notRun.count == 2, "\(site.problems)")
    let page = site.pages.first { $0.path == "scenario-slow-3.html" }?.html ?? ""
    #expect(page.contains("not run: the 1 s"))
  }
}
