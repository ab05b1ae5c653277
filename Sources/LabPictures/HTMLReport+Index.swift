import LabChecks
import LabModel

extension HTMLReport {
  /// `lab check --html DIR`'s `DIR/index.html`: every checked scenario with its verdict, failing
  /// ones first and in red, each linking to its page (`pages`, by the verdict's file, when one
  /// was written).
  package static func checkIndex(_ verdicts: [ScenarioVerdict], pages: [String: String]) -> String {
    let order: [ScenarioVerdict.Status] = [.failed, .passed, .skipped]
    let sorted = order.flatMap { status in verdicts.filter { $0.status == status } }
    let failed = verdicts.filter { $0.status == .failed }.count
    let passed = verdicts.filter { $0.status == .passed }.count
    let skipped = verdicts.count - failed - passed
    var totals = "\(passed) passed, \(failed) failed"
    if skipped > 0 { totals += ", \(skipped) skipped" }
    var body = ["<header>", "<p class=\"name\">lab check</p>", "<h1>Checked scenarios</h1>"]
    let verdict =
      failed == 0
      ? "<span class=\"verdict pass\">passed</span>"
      : "<span class=\"verdict fail\">failed</span>"
    body.append("<p class=\"totals\">\(escape(totals)) \(verdict)</p>")
    body.append("</header>")
    body.append("<table class=\"verdicts\">")
    body.append(
      "<thead><tr><th>verdict</th><th>scenario</th><th>what was checked, or the first failure"
        + "</th></tr></thead>")
    body.append("<tbody>")
    for verdict in sorted {
      let word = verdict.status.rawValue
      let name =
        pages[verdict.file].map {
          "<a href=\"\(escape($0))\">\(escape(verdict.scenario))</a>"
        } ?? escape(verdict.scenario)
      body.append(
        "<tr class=\"v-\(word)\"><td class=\"word\">\(word.uppercased())</td><td>\(name)</td>"
          + "<td>\(escape(detail(verdict)))</td></tr>")
    }
    body.append("</tbody>")
    body.append("</table>")
    return page(
      title: "lab check — ConcurrencyLab", body: body.joined(separator: "\n"), player: false,
      style: indexStyle)
  }

  /// The first failure with its replay command, or what was checked.
  static func detail(_ verdict: ScenarioVerdict) -> String {
    guard verdict.status == .failed, let failure = verdict.failures.first else {
      return verdict.summary
    }
    var text = failure.messages.first ?? "failed"
    if failure.invalid { text = verdict.summary + ": " + text }
    if failure.messages.count > 1 { text += " (+\(failure.messages.count - 1) more)" }
    if let replay = failure.replay { text += " — \(replay)" }
    return text
  }

  static let indexStyle = """
    .verdicts td.word { font-weight: bold; }
    tr.v-failed { background: var(--band); }
    tr.v-failed td, tr.v-failed a { color: #8f1f1b; }
    tr.v-passed .word { color: var(--running); }
    tr.v-skipped .word { color: var(--muted); }
    .totals { font-size: 15px; }
    """
}
