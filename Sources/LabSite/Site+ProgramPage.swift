import Foundation
import LabChecks
import LabCommandLine
import LabModel
import LabPictures

/// A program scenario's page: what it is, the outcomes it grades and its Swift program. The site
/// runs no course's program (docs/security.md), so the page says how to run it instead.
extension Site.Builder {
  /// The page of `scenario`, read from `item`'s file.
  mutating func programPage(_ item: Site.ScenarioItem, _ scenario: ProgramScenario) -> String {
    var body = [navigation(), "<h1>\(escape(scenario.title))</h1>"]
    if !scenario.summary.isEmpty { body.append("<p>\(escape(scenario.summary))</p>") }
    if !scenario.source.isEmpty {
      body.append("<p class=\"meta\">From \(escape(scenario.source)).</p>")
    }
    body.append(
      "<p>Its steps are a Swift program of the course's own, run unchanged under the lab's "
        + "scheduler on a pool of \(scenario.threads): <code>"
        + escape(LabCommand.line("run \(shellWord(item.name)) --scheduled"))
        + "</code> runs it, and <code>"
        + escape(LabCommand.line("explore \(shellWord(item.name)) --scheduled"))
        + "</code> lists what its seeds print, each outcome graded.</p>")
    if !scenario.outcomes.isEmpty {
      body.append("<h2>Its outcomes</h2>")
      body.append("<ul class=\"outcomes\">")
      for rule in scenario.outcomes {
        body.append(
          "<li><strong>\(rule.grade.rawValue)</strong> \(condition(rule.when)): "
            + "\(escape(rule.reason))</li>")
      }
      body.append("</ul>")
    }
    body.append("<h2>The program</h2>")
    let path = URL(writtenPath: scenario.programPath)
    let source: String? =
      (try? BoundedFile.read(path.path, cap: ProgramScenario.maxProgramBytes))
      .flatMap { $0 }.flatMap { String(data: $0, encoding: .utf8) }
    if let source {
      body.append(
        "<p class=\"meta\">\(escape(item.catalog.displayPath(path)))</p>"
          + "<pre class=\"program\"><code>\(escape(source))</code></pre>")
    } else {
      let problem =
        "\(item.catalog.displayPath(path)): cannot be read as UTF-8 text of at most 1 MB"
      site.problems.append(problem)
      body.append("<p class=\"problem\">\(escape(problem))</p>")
    }
    return HTMLReport.page(
      title: "\(item.name) — ConcurrencyLab", body: body.joined(separator: "\n"), player: false,
      style: Site.style)
  }

  /// What a rule's `when` asks of a program's run, in words.
  func condition(_ when: OutcomeCondition) -> String {
    var parts: [String] = []
    switch when.printed {
    case .equals(.list(let lines))?:
      parts.append(
        "when it printed " + lines.map { "<code>\(escape(text($0)))</code>" }.joined(separator: " ")
      )
    case .equals(let value)?: parts.append("when it printed <code>\(escape(text(value)))</code>")
    case .contains(let line)?:
      parts.append("when it printed the line <code>\(escape(text(line)))</code>")
    case .anyOrder(let lines)?:
      parts.append(
        "when it printed, in any order, "
          + lines.map { "<code>\(escape(text($0)))</code>" }.joined(separator: " "))
    case .count(let count)?: parts.append("when it printed \(count) line\(count == 1 ? "" : "s")")
    case nil: break
    }
    if let ended = when.ended { parts.append("when it \(ended.rawValue)") }
    return parts.isEmpty ? "otherwise" : parts.joined(separator: " and ")
  }

  /// A printed line as the page shows it: its text, not its quoted form.
  private func text(_ value: Value) -> String {
    if case .string(let line) = value { return line }
    return value.description
  }
}
