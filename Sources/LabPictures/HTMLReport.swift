import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabSwift

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
    page(
      title: "\(result.scenario) — ConcurrencyLab",
      body: body(result, scenario: scenario, expected: expected))
  }

  /// The report without the page around it: heading, checks, the player, the scenario's Swift
  /// program, the source. `extra` goes after the program (the site adds links to lessons).
  package static func body(
    _ result: RunResult, scenario: Scenario?, expected: ExpectedTraceSummary? = nil,
    extra: [String] = []
  ) -> String {
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
    body.append(checks(result, of: scenario == nil ? "run" : "scenario"))
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

    body.append(player(result, id: "run-1", initial: scenario?.state ?? []))
    if let scenario { body.append(swiftProgram(scenario)) }
    body += extra
    if let source = scenario?.source, !source.isEmpty {
      body.append("<footer>Source: \(escape(source))</footer>")
    }
    return body.joined(separator: "\n")
  }

  /// A whole page around `body`: the styles inline, and the player's script when the body holds a
  /// player (`lab site` pages add links between them; nothing is loaded from anywhere).
  package static func page(
    title: String, body: String, player: Bool = true, style extraStyle: String = "",
    script extraScript: String = ""
  ) -> String {
    // One script a page: the player's, and any other the page asks for, joined.
    let code = (player ? playerScript : "") + extraScript
    // CDATA keeps the page well-formed XML; to HTML its markers are JavaScript comments.
    let script = code.isEmpty ? "" : "<script>//<![CDATA[\n\(code)//]]></script>\n"
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <meta name="generator" content="\(generator)"/>
      <title>\(escape(title))</title>
      <style>
      \(style)
      \(playerStyle)
      \(extraStyle)
      </style>
      </head>
      <body>
      \(body)
      \(script)</body>
      </html>

      """
  }

  /// What every page the lab writes names as its generator: `lab site` overwrites a folder only
  /// when its index.html says this.
  package static let generator = "ConcurrencyLab"

  package static func meta(_ result: RunResult) -> String {
    var parts = [kind(of: result)]
    parts.append("\(result.threads) thread\(result.threads == 1 ? "" : "s")")
    let duration = result.duration.map { "\(TraceText.time($0)) ms" } ?? "never finished"
    parts.append("duration \(duration)")
    parts.append("main thread stalled at most \(TraceText.time(result.mainStall)) ms")
    return parts.joined(separator: " · ")
  }

  /// What ran, as the page's heading says it: the runtime, and the seed that replays it.
  static func kind(of result: RunResult) -> String {
    let seed = "seed \(result.seed)" + (result.policy == .pct ? " (pct)" : "")
    if result.mode == .virtual { return "virtual run, \(seed)" }
    if result.mode == .scheduled {
      return "real runtime under the lab's scheduler, \(seed)"
    }
    if result.mode == .native { return "native run" }
    return "live run"
  }

  package static func checks(_ result: RunResult, of subject: String = "scenario") -> String {
    guard !result.checks.isEmpty else {
      return "<p class=\"none\">This \(subject) checks nothing.</p>"
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
      let text = kind.legend
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
    case .leak: "⊘"
    }
  }

  /// The scenario as Swift 6 (what `lab swift NAME` writes), or why it cannot be written.
  static func swiftProgram(_ scenario: Scenario) -> String {
    var parts = ["<section class=\"swift\">", "<h2>The Swift program</h2>"]
    do {
      let program = try SwiftProgram.generate(scenario)
      parts.append(
        "<p class=\"meta\">The scenario written as Swift 6, as <code>lab swift "
          + "\(escape(scenario.name))</code> writes it.</p>")
      parts.append("<pre class=\"program\"><code>\(escape(program))</code></pre>")
    } catch {
      parts.append(
        "<p class=\"note\"><code>lab swift \(escape(scenario.name))</code>: "
          + "\(escape(error.message))</p>")
    }
    parts.append("</section>")
    return parts.joined(separator: "\n")
  }

  /// Text made safe for element content and attribute values.
  static func escape(_ text: String) -> String { Markup.escape(text) }
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
