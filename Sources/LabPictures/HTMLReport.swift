import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// A run as one self-contained HTML page: heading, an SVG timeline, the checks and the trace.
///
/// Everything is inline (styles, the SVG); there are no scripts and no network resources, so the
/// file opens offline and reads the same anywhere. The markup is also well-formed XML, which keeps
/// it checkable by an XML parser.
public enum HTMLReport {
  /// The page for `result`; `scenario`, when given, adds its summary and source; `expected`, the
  /// comparison with the scenario's expected trace when it has one (the text of `lab diff`).
  public static func render(
    _ result: RunResult, scenario: Scenario?, expected: ExpectedTraceSummary? = nil
  ) -> String {
    let picture = RunPicture(result)
    var body: [String] = []
    body.append("<header>")
    body.append("<p class=\"name\">\(escape(result.scenario))</p>")
    body.append("<h1>\(escape(scenario?.title ?? result.title))</h1>")
    if let summary = scenario?.summary, !summary.isEmpty {
      body.append("<p class=\"summary\">\(escape(summary))</p>")
    }
    body.append("<p class=\"meta\">\(escape(meta(result)))</p>")
    body.append("</header>")

    if let problem = result.problem {
      body.append("<p class=\"problem\"><strong>Problem:</strong> \(escape(problem))</p>")
    }
    body.append("<section class=\"checks\">")
    let (verdict, word) = result.passed ? ("pass", "passed") : ("fail", "failed")
    body.append("<h2>Checks <span class=\"verdict \(verdict)\">\(word)</span></h2>")
    body.append(checks(result))
    if !result.values.isEmpty {
      let values = result.values.map {
        "<code>\(escape($0.name)) = \(escape($0.value.description))</code>"
      }
      body.append("<p class=\"values\">Final values: \(values.joined(separator: " · "))</p>")
    }
    if let expected {
      let (verdict, word) = expected.matches ? ("pass", "matches") : ("fail", "differs")
      body.append(
        "<h2>Expected trace <span class=\"verdict \(verdict)\">\(word)</span></h2>"
          + "<p class=\"meta\">\(escape(expected.file))</p>")
      if !expected.matches {
        body.append("<pre class=\"diff\">\(escape(expected.report))</pre>")
      }
    }
    body.append("</section>")

    body.append("<section class=\"timeline\">")
    body.append("<h2>Timeline</h2>")
    body.append(svg(picture))
    body.append(legend(picture))
    if picture.isInstantaneous {
      body.append(
        "<p class=\"note\">No time passed: every event happened at 0 ms. "
          + "The trace below gives their order.</p>")
    }
    body.append("</section>")

    body.append("<section class=\"trace\">")
    body.append("<h2>Trace <span class=\"count\">\(result.events.count) events</span></h2>")
    body.append(table(result.events))
    body.append("</section>")
    if let source = scenario?.source, !source.isEmpty {
      body.append("<footer>Source: \(escape(source))</footer>")
    }

    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(escape(result.scenario)) — ConcurrencyLab</title>
      <style>
      \(style)
      </style>
      </head>
      <body>
      \(body.joined(separator: "\n"))
      </body>
      </html>

      """
  }

  static func meta(_ result: RunResult) -> String {
    var parts = [result.mode == .virtual ? "virtual run, seed \(result.seed)" : "live run"]
    parts.append("\(result.threads) thread\(result.threads == 1 ? "" : "s")")
    let duration = result.duration.map { "\(TraceText.time($0)) ms" } ?? "never finished"
    parts.append("duration \(duration)")
    parts.append("main thread stalled at most \(TraceText.time(result.mainStall)) ms")
    return parts.joined(separator: " · ")
  }

  static func checks(_ result: RunResult) -> String {
    guard !result.checks.isEmpty else {
      return "<p class=\"none\">This scenario checks nothing.</p>"
    }
    var rows = ["<ul class=\"check-list\">"]
    for check in result.checks {
      let name = "<b>\(escape(check.name))</b>"
      let text =
        check.passed
        ? "\(name): \(escape(check.actual))"
        : "\(name): expected \(escape(check.expected)), got \(escape(check.actual))"
      let (style, icon) = check.passed ? ("pass", "✓") : ("fail", "✗")
      rows.append("<li class=\"\(style)\"><span class=\"icon\">\(icon)</span> \(text)</li>")
    }
    rows.append("</ul>")
    return rows.joined(separator: "\n")
  }

  static func table(_ events: [TraceEvent]) -> String {
    var rows = [
      "<table>",
      "<thead><tr><th class=\"num\">ms</th><th>thread</th><th>task</th><th>event</th>"
        + "<th>details</th></tr></thead>",
      "<tbody>",
    ]
    for event in events {
      let kind = escape(event.kind.rawValue)
      rows.append(
        "<tr class=\"k-\(kind)\"><td class=\"num\">\(TraceText.time(event.time))</td>"
          + "<td>\(escape(event.thread))</td><td>\(escape(event.task))</td>"
          + "<td class=\"kind\">\(kind)</td><td>\(escape(event.text))</td></tr>")
    }
    rows.append("</tbody>")
    rows.append("</table>")
    return rows.joined(separator: "\n")
  }

  static func legend(_ picture: RunPicture) -> String {
    var items = [
      ("blocked", "blocked: the thread is held"),
      ("running", "running"),
      ("instant", "ran briefly (no measurable time)"),
      ("suspended", "suspended: awaiting or sleeping, thread free"),
    ]
    if !picture.stalls.isEmpty { items.append(("stall", "main thread stalled")) }
    if !picture.arrows.isEmpty {
      items.append(("join", "a task's end lets the task awaiting it go on"))
    }
    let layout = Layout(end: picture.end)
    let rows = picture.lanes + picture.tasks
    let marks = Set(rows.flatMap { visibleMarks($0, layout: layout) }.map(\.kind))
    var glyphs: [String] = []
    for kind in RunPicture.MarkKind.allCases where marks.contains(kind) {
      let text = kind == .race ? "data race" : kind.rawValue
      glyphs.append(
        "<li><span class=\"mark m-\(kind.rawValue)\">\(markGlyph(kind))</span> \(text)</li>")
    }
    return "<ul class=\"legend\">"
      + items.map { "<li><span class=\"swatch \($0.0)\"></span> \(escape($0.1))</li>" }.joined()
      + glyphs.joined() + "</ul>"
  }

  static func markGlyph(_ kind: RunPicture.MarkKind) -> String {
    switch kind {
    case .cancel: "×"
    case .throw: "!"
    case .race: "◆"
    }
  }

  /// Text made safe for element content and attribute values.
  static func escape(_ text: String) -> String { Markup.escape(text) }

  static let style = """
    :root { --blocked: #e09f1f; --stall: #d1342f; --running: #2e9e52; --suspended: #9cc7e6;
      --ink: #1d232b; --muted: #5d6875; --rule: #d9dee4; --band: #fbe3e2; }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1040px; padding: 28px 32px 48px; color: var(--ink);
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
    header .name { margin: 0; color: var(--muted);
      font: 13px ui-monospace, "DejaVu Sans Mono", monospace; }
    h1 { margin: 2px 0 8px; font-size: 24px; line-height: 1.25; }
    h2 { margin: 28px 0 10px; font-size: 18px; }
    .summary { margin: 0 0 8px; max-width: 80ch; }
    .meta { margin: 0; color: var(--muted); font-size: 13px; }
    .problem { padding: 10px 14px; border-left: 4px solid var(--stall); background: var(--band); }
    .verdict { margin-left: 8px; padding: 1px 8px; border-radius: 9px; font-size: 13px;
      color: white; vertical-align: 2px; }
    .verdict.pass, .check-list .pass .icon { background: var(--running); }
    .verdict.fail, .check-list .fail .icon { background: var(--stall); }
    .check-list { margin: 0; padding: 0; list-style: none; }
    .check-list li { margin: 4px 0; }
    .check-list .icon { display: inline-block; width: 18px; height: 18px; margin-right: 4px;
      border-radius: 9px; color: white; font-size: 12px; line-height: 18px; text-align: center; }
    .check-list .fail { color: #8f1f1b; }
    .values { color: var(--muted); font-size: 14px; }
    .note { color: var(--muted); font-size: 13px; font-style: italic; }
    code, td, th { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
    svg { display: block; width: 100%; height: auto; }
    svg text { font: 11px ui-monospace, "DejaVu Sans Mono", monospace; fill: var(--ink); }
    svg .label { font-size: 12px; }
    svg .section { font: bold 11px system-ui, "DejaVu Sans", sans-serif; fill: var(--muted);
      letter-spacing: 0.06em; }
    svg .tick { fill: var(--muted); font-size: 10px; }
    svg .grid { stroke: var(--rule); stroke-width: 1; }
    svg .row-bg { fill: #c9d1da; fill-opacity: 0.22; }
    svg .blocked, svg .stall, svg .running { stroke: white; stroke-width: 0.75; }
    svg .blocked { fill: var(--blocked); }
    svg .stall { fill: var(--stall); }
    svg .running { fill: var(--running); }
    svg .suspended { fill: var(--suspended); fill-opacity: 0.55; stroke: #4f8fbf;
      stroke-dasharray: 3 2; }
    svg .instant { stroke: var(--running); stroke-width: 1.5; }
    svg .join { fill: none; stroke: #2f6f9f; stroke-width: 1.5; stroke-opacity: 0.9; }
    svg .join-head { fill: #2f6f9f; }
    svg .stall-band { fill: var(--band); }
    svg .stall-text { fill: var(--stall); font-weight: bold; }
    svg .inside { fill: white; font-size: 10px; }
    svg .note { fill: #1f4f75; font-size: 10px; }
    svg .outcome { fill: var(--muted); font-size: 10px; }
    svg .m-cancel { fill: #9b2fae; }
    svg .m-throw { fill: var(--stall); }
    svg .m-race { fill: var(--stall); }
    svg .mark-text { font: bold 13px system-ui, "DejaVu Sans", sans-serif; }
    .legend { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 10px 0 0; padding: 0;
      list-style: none; color: var(--muted); font-size: 13px; }
    .swatch { display: inline-block; width: 22px; height: 11px; margin-right: 4px;
      vertical-align: -1px; }
    .swatch.blocked { background: var(--blocked); }
    .swatch.running { background: var(--running); }
    .swatch.instant { width: 3px; margin: 0 8px 0 9px; background: var(--running); }
    .swatch.suspended { background: #cfe3f2; border: 1px dashed #4f8fbf; }
    .swatch.stall { background: var(--stall); box-shadow: 0 0 0 3px var(--band); }
    .swatch.join { height: 2px; background: #2f6f9f; vertical-align: 4px; }
    .mark { font-weight: bold; }
    .m-cancel { color: #9b2fae; }
    .m-throw, .m-race { color: var(--stall); }
    table { width: 100%; border-collapse: collapse; font-size: 12.5px; }
    th { text-align: left; color: var(--muted); font-weight: normal; padding: 4px 8px;
      border-bottom: 2px solid var(--rule); }
    td { padding: 2px 8px; border-bottom: 1px solid #eef1f4; vertical-align: top; }
    td, th { white-space: nowrap; }
    td:last-child, th:last-child { width: 99%; white-space: normal; }
    .num { text-align: right; }
    .kind { font-weight: bold; }
    tr.k-block .kind { color: #a8700c; }
    tr.k-await .kind, tr.k-sleep .kind, tr.k-resume .kind, tr.k-wake .kind { color: #2f6f9f; }
    tr.k-hop .kind, tr.k-start .kind, tr.k-end .kind { color: var(--running); }
    tr.k-cancel, tr.k-throw, tr.k-race { background: var(--band); }
    tr.k-cancel .kind, tr.k-throw .kind, tr.k-race .kind { color: var(--stall); }
    .count { color: var(--muted); font-weight: normal; font-size: 14px; }
    footer { margin-top: 24px; color: var(--muted); font-size: 13px; }
    """
}

/// How a run compared with the scenario's expected trace, for the report.
public struct ExpectedTraceSummary: Sendable {
  /// The expected file, as shown to the reader.
  public var file: String
  public var matches: Bool
  /// The unified diff and first divergence when it does not match (as `lab diff` prints them).
  public var report: String

  public init(file: String, matches: Bool, report: String) {
    self.file = file
    self.matches = matches
    self.report = report
  }
}
