import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime
import LabSwift

extension Site.Builder {
  func escape(_ text: String) -> String { Markup.escape(text) }

  /// What the index calls the course: the title given (`--title`), else the lab's own
  /// curriculum by its subject and a teacher's course by its folder's name (what `lab init` was
  /// given).
  var courseName: String {
    options.title
      ?? (Course.isLabPackage(course.root)
        ? "Swift concurrency, step by step" : course.root.standardizedFileURL.lastPathComponent)
  }

  /// The index: the lessons in curriculum order, then the scenarios by topic.
  func index() -> String {
    var body = [
      "<header>", "<p class=\"name\">ConcurrencyLab</p>", "<h1>\(escape(courseName))</h1>",
    ]
    body.append(
      "<p class=\"summary\">Lessons that run Swift concurrency scenarios on the lab's runtime, "
        + "and every scenario with its timeline, its trace and its Swift program. Step through a "
        + "run with the scrubber or the ← → keys.</p>")
    body.append("</header>")
    for (root, bundled) in roots {
      if roots.count > 1 {
        body.append(
          "<h2 class=\"part\">\(bundled ? "Bundled with the lab" : "This course")</h2>")
      }
      let mine = lessons.indices.filter { lessons[$0].bundled == bundled }
      if !mine.isEmpty {
        body.append("<h2>Lessons</h2>")
        var listed = 0
        body.append("<ol class=\"lessons\">")
        for index in mine {
          let item = lessons[index]
          // A part's heading between the lists; the numbers go on (`value`).
          if let part = loaded[index]?.part {
            if listed == 0 { body.removeLast() } else { body.append("</ol>") }
            body.append("<h3 class=\"lesson-part\">\(escape(part))</h3>")
            body.append("<ol class=\"lessons\">")
          }
          listed += 1
          let title = loaded[index].map { escape($0.title) } ?? "(does not parse)"
          let concepts = loaded[index]?.concepts.joined(separator: ", ") ?? ""
          let link =
            loaded[index] == nil
            ? escape(item.entry.name) : "<a href=\"\(escape(item.page))\">\(title)</a>"
          body.append(
            "<li value=\"\(item.entry.number)\">\(link) <span class=\"concepts\">"
              + "\(escape(concepts))</span></li>")
        }
        body.append("</ol>")
      }
      let shown = scenarios.filter { $0.bundled == bundled }
      let challenges = challengeList(shown)
      if !challenges.isEmpty {
        body.append("<h2>Challenges</h2>")
        body.append(
          "<p class=\"summary\">Be the scheduler: pick which task runs at each point and make "
            + "the run end as the goal says, in as few choices as you can.</p>")
        body.append(challenges)
      }
      if !shown.isEmpty {
        body.append("<h2>Scenarios</h2>")
        body.append(scenarioList(shown, root: root))
      }
    }
    return HTMLReport.page(
      title: "\(courseName) — ConcurrencyLab", body: body.joined(separator: "\n"),
      player: false,
      style: Site.style)
  }

  /// Scenarios grouped by topic, each with its title and the lessons that run it.
  func scenarioList(_ items: [Site.ScenarioItem], root: URL) -> String {
    var parts: [String] = []
    var topic: String?
    for item in items {
      if item.topic != topic {
        if topic != nil { parts.append("</ul>") }
        parts.append("<h3>\(escape(item.topic.isEmpty ? "(no topic)" : item.topic))</h3>")
        parts.append("<ul class=\"scenarios\">")
        topic = item.topic
      }
      let title = (try? ScenarioLoader.loadFile(path: item.url.path).title) ?? "(does not validate)"
      let lessons = usedBy(item.name).map {
        "<a href=\"\(escape($0.page))\">\($0.entry.number)</a>"
      }
      let used =
        lessons.isEmpty
        ? "" : " <span class=\"used\">lesson \(lessons.joined(separator: ", "))</span>"
      parts.append(
        "<li><a href=\"\(escape(item.page))\"><code>\(escape(item.name))</code></a> "
          + "\(escape(title))\(used)</li>")
    }
    if topic != nil { parts.append("</ul>") }
    return parts.joined(separator: "\n")
  }

  /// The links above every page: the index, and the lessons before and after.
  func navigation(lesson index: Int? = nil) -> String {
    var links = ["<a href=\"index.html\">The course</a>"]
    if let index {
      // Within the lesson's own curriculum: a course's lesson 2 and the bundled lesson 1 share
      // no sequence, though their numbers follow.
      let done = lessons.indices.filter {
        loaded[$0] != nil && lessons[$0].bundled == lessons[index].bundled
      }
      if let position = done.firstIndex(of: index) {
        if position > 0 {
          let item = lessons[done[position - 1]]
          links.append(
            "<a href=\"\(escape(item.page))\" rel=\"prev\">← lesson \(item.entry.number)</a>")
        }
        if position + 1 < done.count {
          let item = lessons[done[position + 1]]
          links.append(
            "<a href=\"\(escape(item.page))\" rel=\"next\">lesson \(item.entry.number) →</a>")
        }
      }
    }
    return "<nav>\(links.joined(separator: " · "))</nav>"
  }

  /// A scenario's page: its run as the report shows it, with its Swift program.
  mutating func scenarioPage(_ item: Site.ScenarioItem) -> String {
    if ScenarioLoader.namesProgram(path: item.url.path),
      case .program(let scenario)? = try? ScenarioLoader.loadFile(
        path: item.url.path, shownAs: item.catalog.displayPath(item.url))
    {
      return programPage(item, scenario)
    }
    let scenario: Scenario
    switch load(item) {
    case .failure(let failure):
      site.problems.append(failure.message)
      let body = [
        navigation(), "<h1>\(escape(item.name))</h1>",
        "<p class=\"problem\"><strong>This scenario does not validate:</strong></p>",
        "<pre class=\"diff\">\(escape(failure.message))</pre>",
      ]
      return HTMLReport.page(
        title: "\(item.name) — ConcurrencyLab", body: body.joined(separator: "\n"),
        player: false, style: Site.style)
    case .success(let loaded): scenario = loaded
    }
    let left = scenarioRuns.secondsLeft()
    guard left > 0 else {
      let message =
        "not run: \(scenarioRuns.spent(on: "its scenario pages' runs")); "
        + "\(LabCommand.line("run \(shellWord(item.name))")) runs it in the terminal"
      site.problems.append("\(item.catalog.displayPath(item.url)): \(message)")
      let body = [
        navigation(), "<h1>\(escape(item.name))</h1>",
        "<p class=\"problem\">\(escape(message))</p>",
      ]
      return HTMLReport.page(
        title: "\(item.name) — ConcurrencyLab", body: body.joined(separator: "\n"),
        player: false, style: Site.style)
    }
    var options = RunOptions()
    options.limits.runtime.wallClockSeconds = min(options.limits.runtime.wallClockSeconds, left)
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    let expected = HTMLReport.expectedSummary(
      item.url, result, displayPath: item.catalog.displayPath)
    var extra: [String] = []
    let lessons = usedBy(item.name).map {
      "<a href=\"\(escape($0.page))\">lesson \($0.entry.number) · \(escape($0.entry.name))</a>"
    }
    if !lessons.isEmpty {
      extra.append("<p class=\"used\">Run in \(lessons.joined(separator: ", ")).</p>")
    }
    if let challenge = scenario.challenge, challengePages[item.name] != nil {
      extra.append(
        "<p class=\"used\">A challenge: \(escape(challenge.goal)) "
          + "<a href=\"\(escape(Site.challengePage(item.name)))\">Play it</a>.</p>")
    }
    let body =
      navigation() + "\n"
      + HTMLReport.body(result, scenario: scenario, expected: expected, extra: extra)
    return HTMLReport.page(
      title: "\(item.name) — ConcurrencyLab", body: body, style: Site.style)
  }
}
