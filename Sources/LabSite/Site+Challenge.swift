import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabPictures
import LabRuntime

extension Site {
  /// What making a challenge's page took: the tree's size and pruning, the page's bytes and the
  /// seconds the par and the tree took to compute.
  package struct ChallengeStats: Sendable {
    package var name: String
    package var nodes: Int
    /// The most departures a kept path has; nil when the whole tree is in the page.
    package var bound: Int?
    package var bytes: Int
    package var seconds: Double
  }

  /// A line per challenge page for `lab site` to print: its size, whether it was pruned, and how
  /// long its par and its tree took.
  package var challengeLines: [String] {
    challenges.map { stats in
      let pruned = stats.bound.map { ", runs within \($0) choices against the default" } ?? ""
      return "challenge-\(stats.name).html: \(stats.nodes) points of choice\(pruned), "
        + "\(stats.bytes / 1024) KB, \(String(format: "%.1f", stats.seconds)) s"
    }
  }

  /// A scenario's challenge page: `challenge-NAME.html`.
  static func challengePage(_ name: String) -> String { "challenge-\(name).html" }
}

extension Site.Builder {
  /// The scenarios with a challenge, with their titles and goals, for the index.
  func challengeList(_ items: [Site.ScenarioItem]) -> String {
    var parts = ["<ul class=\"challenges\">"]
    for item in items {
      guard challengePages[item.name] != nil, case .success(let scenario) = load(item),
        let challenge = scenario.challenge
      else { continue }
      parts.append(
        "<li><a href=\"\(escape(Site.challengePage(item.name)))\"><code>\(escape(item.name))"
          + "</code></a> \(escape(challenge.goal))</li>")
    }
    return parts.count == 1 ? "" : (parts + ["</ul>"]).joined(separator: "\n")
  }

  /// The challenge page that `lab challenge NAME` in a lesson's prose links to, when there is one.
  func challengeLink(_ code: String) -> String? {
    let words = code.split(separator: " ")
    guard words.count == 3, words[0] == "lab", words[1] == "challenge" else { return nil }
    let name = String(words[2])
    return challengePages[name] == nil ? nil : Site.challengePage(name)
  }

  /// The page where the learner is the scheduler: each decision's tasks as buttons, the trace
  /// and the values as the run goes, the score at the end. Every run is computed here (the tree
  /// of `StepSession`'s decisions, `ChallengeTree`); the page's script only walks it.
  mutating func challengePage(
    _ item: Site.ScenarioItem, _ scenario: Scenario, _ challenge: Challenge
  ) -> String? {
    let start = ContinuousClock.now
    defer { challengeSecondsLeft -= (ContinuousClock.now - start).inSeconds }
    // The site's challenges share one time budget: each gets what is left of it, up to its own.
    guard challengeSecondsLeft >= 1 else {
      site.problems.append(
        "\(scenario.file): no challenge page: the \(Int(Site.challengeSeconds)) s a site "
          + "spends on its challenges ran out; lab challenge \(item.name) plays it in the terminal")
      return nil
    }
    var budget = ChallengeSearch.Budget.standard
    budget.maxSeconds = min(budget.maxSeconds, challengeSecondsLeft)
    let search = ChallengeSearch(scenario, challenge: challenge, budget: budget).run()
    let par: Int?
    switch search.verdict {
    case .par(let choices, _): par = choices
    case .tooFar, .unknown: par = nil
    case .reachedByDefault:
      site.problems.append(
        "\(scenario.file): the challenge's goal is reached with no choice at all; "
          + "ask for an outcome the default order does not give")
      return nil
    case .unreachable:
      site.problems.append(
        "\(scenario.file): no schedule reaches the challenge's goal; "
          + "ask for an outcome some run has (lab explore \(item.name) lists them)")
      return nil
    }
    var limits = ChallengeTree.Limits.standard
    limits.maxSeconds = max(
      1, min(limits.maxSeconds, challengeSecondsLeft - (ContinuousClock.now - start).inSeconds))
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: par, limits: limits)
    let html = challengeHTML(item, scenario, challenge, par: par, tree: tree)
    let elapsed = ContinuousClock.now - start
    site.challenges.append(
      Site.ChallengeStats(
        name: item.name, nodes: tree.nodes.count, bound: tree.bound, bytes: html.utf8.count,
        seconds: elapsed.inSeconds))
    return html
  }

  func challengeHTML(
    _ item: Site.ScenarioItem, _ scenario: Scenario, _ challenge: Challenge, par: Int?,
    tree: ChallengeTree
  ) -> String {
    let name = escape(item.name)
    var body = [navigation(), "<article class=\"challenge\" data-name=\"\(name)\">"]
    body.append("<p class=\"name\">Challenge · \(name)</p>")
    body.append("<h1>\(escape(scenario.title.isEmpty ? item.name : scenario.title))</h1>")
    body.append("<p class=\"goal\"><strong>Goal:</strong> \(escape(challenge.goal))</p>")
    let parText =
      par.map { "Par: \($0) choice\($0 == 1 ? "" : "s") against the default order." }
      ?? "Par: not known (the lab's search ran out of budget)."
    body.append(
      "<p class=\"par\" data-par=\"\(par.map(String.init) ?? "")\">\(parText) You are the "
        + "scheduler: at each point, pick the task that runs next. The marked button is the "
        + "default, what the run does by itself; a choice counts when you pick another.</p>")
    if let hint = challenge.hint {
      body.append(
        "<details class=\"hint\"><summary>Show a hint</summary><p>\(escape(hint))</p></details>")
    }
    if let bound = tree.bound {
      body.append(
        "<p class=\"note\">This page holds the runs with at most \(bound) choices against the "
          + "default (\(tree.pruned) branches left out); the others are in the terminal: "
          + "<code>lab challenge \(name)</code>.</p>")
    }
    body.append(
      "<noscript><p class=\"problem\">This page needs JavaScript to play; in a terminal, "
        + "<code>lab challenge \(name)</code> is the same challenge.</p></noscript>")
    body.append("<h2>Shared values</h2>")
    body.append("<p class=\"values\" aria-live=\"polite\"></p>")
    body.append("<h2>Trace</h2>")
    body.append("<div class=\"trace-box\"><div class=\"trace\"></div></div>")
    body.append("<div class=\"choose\" aria-live=\"polite\"></div>")
    body.append(
      "<p class=\"moves\"><button type=\"button\" class=\"undo\">Undo</button> "
        + "<button type=\"button\" class=\"restart\">Start over</button> "
        + "<span class=\"keys\">Backspace undoes; 1–9 pick a task.</span></p>")
    body.append("<div class=\"result\" aria-live=\"polite\"></div>")
    body.append("<p class=\"used\"><a href=\"\(escape(item.page))\">The scenario's page</a>.</p>")
    body.append("</article>")
    // The tree is data for the script: JSON whose every `<`, `>` and `&` is a \u escape, so no
    // text of the scenario can end the script or the CDATA section around it.
    body.append(
      "<script>//<![CDATA[\nvar challengeTree = \(Markup.scriptJSON(tree.json));\n"
        + "\(Site.challengeScript)//]]></script>")
    return HTMLReport.page(
      title: "Challenge: \(item.name) — ConcurrencyLab", body: body.joined(separator: "\n"),
      player: false, style: Site.style + Site.challengeStyle)
  }
}
