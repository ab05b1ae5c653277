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
  /// A lesson's page: its prose from Markdown, each `lab run` line as a player of that run with
  /// its checks. Trace excerpts are left out: the page shows the whole run.
  mutating func lessonPage(_ lesson: Lesson, at index: Int) -> String {
    let pages = Dictionary(
      lessons.map { ($0.entry.url.lastPathComponent, $0.page) }, uniquingKeysWith: { a, _ in a })
    let markdown = MarkdownHTML(
      rewrite: { target in pages[target.split(separator: "/").last.map(String.init) ?? target] },
      codeLink: challengeLink,
      factLink: { target in
        FactCitation.factName(target).flatMap { lesson.facts[$0.name] }.map {
          (Site.factPage($0.name), $0.mark)
        }
      })
    var body = [navigation(lesson: index), "<article class=\"lesson\">"]
    body.append("<p class=\"name\">Lesson \(lesson.number) · \(escape(lesson.name))</p>")
    let opensWithTitle = lesson.sections.first?.blocks.first.map {
      if case .text(let lines) = $0 {
        return lines.first { !$0.isEmpty }?.hasPrefix("# ") == true
      }
      return false
    }
    if opensWithTitle != true { body.append("<h1>\(escape(lesson.title))</h1>") }
    if !lesson.concepts.isEmpty {
      body.append(
        "<p class=\"meta\">Concepts: \(escape(lesson.concepts.joined(separator: ", ")))</p>")
    }
    var players = PagePlayers()
    var predictions = 0
    for section in lesson.sections {
      if let heading = section.heading { body.append("<h2>\(markdown.inline(heading))</h2>") }
      for block in section.blocks {
        switch block {
        case .text(let lines):
          body.append(markdown.html(lines))
        case .code(let language, let lines):
          let kind = language.isEmpty ? "" : " class=\"language-\(escape(language))\""
          body.append(
            "<pre><code\(kind)>\(escape(lines.joined(separator: "\n")))</code></pre>")
        case .runs(let runs):
          for run in runs { body.append(runBlock(run, lesson: lesson, players: &players)) }
        case .excerpt:
          break
        case .verdict(let verdict):
          body.append(verdictBlock(verdict))
        case .predict(let prediction):
          body.append(predictionBlock(prediction, lesson: lesson, scripts: &predictions))
        }
      }
    }
    body.append("</article>")
    body.append(navigation(lesson: index))
    return HTMLReport.page(
      title: "Lesson \(lesson.number): \(lesson.title) — ConcurrencyLab",
      body: body.joined(separator: "\n"), player: players.count > 0,
      style: Site.style + (predictions > 0 ? Site.predictionStyle : ""),
      script: predictions > 0 ? Site.predictionScript : "")
  }

  /// The players a page holds so far and the events they show: a page of many runs is bounded
  /// as a whole (`HTMLReport.maxPageEvents`), as one player is.
  struct PagePlayers {
    var count = 0
    var events = 0

    /// The run as the page's next player, showing what is left of the page's events; once none
    /// are, a note with the lesson's `command` for the run instead.
    mutating func next(
      _ result: RunResult, command: String, initial: [(name: String, value: Value)]
    ) -> String {
      let left = HTMLReport.maxPageEvents - events
      guard left > 0 else {
        return "<p class=\"note\">This page already shows \(events) events, the most it shows of "
          + "all its runs: <code>\(Markup.escape(command))</code> shows this one.</p>"
      }
      count += 1
      events += min(result.events.count, left, HTMLReport.maxEvents)
      return HTMLReport.player(
        result, id: "run-\(count)", level: 3, initial: initial, shown: left)
    }
  }

  /// One `lab run` line: the command, the run's checks, and the run as a player.
  mutating func runBlock(_ run: LessonRun, lesson: Lesson, players: inout PagePlayers) -> String {
    var parts = ["<div class=\"run\">"]
    func fail(_ message: String) -> String {
      site.problems.append("\(lesson.file):\(run.line): \(message)")
      parts.append("<p class=\"problem\">\(escape(message))</p>")
      return (parts + ["</div>"]).joined(separator: "\n")
    }
    parts.append("<p class=\"command\"><code>$ \(escape(run.command))</code></p>")
    let left = lessonRuns.secondsLeft()
    guard left > 0 else {
      return fail(
        "not run: \(lessonRuns.spent(on: "its lessons' runs")); "
          + "\(LabCommand.line("lesson \(lesson.number)")) runs it in the terminal")
    }
    if run.compare != nil {
      // Two runs side by side are text, as wide as a wide terminal: no player of one run.
      let shown = run.comparison(width: RunComparison.wideWidth, full: false) { name in
        scenarioFile(name).flatMap(load).mapError { LessonSession.LoadProblem($0.message) }
      }
      switch shown {
      case .success(let report)?: parts.append("<pre>\(escape(report))</pre>")
      case .failure(let problem)?: return fail(problem.message ?? "a scenario does not validate")
      case nil: return fail("'\(run.command)' is not a comparison")
      }
      parts.append("</div>")
      return parts.joined(separator: "\n")
    }
    let item: Site.ScenarioItem
    let scenario: Scenario
    switch scenarioFile(run.scenario).flatMap({ item in load(item).map { (item, $0) } }) {
    case .failure(let failure): return fail(failure.message)
    case .success(let found): (item, scenario) = found
    }
    var runOptions = run.options
    if let schedule = run.schedule,
      case .failure(let problem) = ScheduleOption.prepare(
        scenario, &runOptions, replaying: schedule)
    {
      return fail(problem.message(hints: LabCommand.hint))
    }
    var note = ""
    if run.live, !options.liveRuns {
      runOptions.mode = .virtual
      note = " This site shows it on the virtual runtime; run the command for real threads."
    } else if run.live {
      note = " A live run: times measured on real threads when this site was made."
    }
    runOptions.limits.runtime.wallClockSeconds = min(
      runOptions.limits.runtime.wallClockSeconds, left)
    let result = ScenarioRunner.runAndCheck(scenario, options: runOptions)
    let (verdict, word) = result.passed ? ("pass", "passed") : ("fail", "failed")
    parts.append(
      "<p class=\"meta\">\(escape(HTMLReport.meta(result))).\(escape(note)) "
        + "<a href=\"\(escape(item.page))\">The scenario's page</a>.</p>")
    if let problem = result.problem {
      parts.append("<p class=\"problem\"><strong>Problem:</strong> \(escape(problem))</p>")
    }
    parts.append("<h3>Checks <span class=\"verdict \(verdict)\">\(word)</span></h3>")
    parts.append(HTMLReport.checks(result))
    let grade = run.grade(result)
    switch grade {
    case .failsOnPurpose, .missedOnlyTimes:
      let note = grade.note ?? ""
      parts.append(
        "<p class=\"note\">\(escape(note.prefix(1).uppercased() + note.dropFirst())).</p>")
    case .failedACheck:
      site.problems.append("\(lesson.file):\(run.line): \(run.command) failed a check")
    case .passedThoughExpectedToFail:
      site.problems.append(
        "\(lesson.file):\(run.line): the lesson expects this run to fail a check, but every "
          + "check passed")
    case .asSaid:
      break
    }
    parts.append(players.next(result, command: run.command, initial: scenario.state))
    parts.append("</div>")
    return parts.joined(separator: "\n")
  }
}
