import Foundation
import LabCommandLine
import LabPictures
import LabSwift

extension Site {
  /// The page of a fact a lesson cites.
  static func factPage(_ name: String) -> String { "fact-\(name).html" }
}

extension Site.Builder {
  /// A fact's page: its claim, where it was checked and how, and its program — what the mark
  /// beside a lesson's claim opens.
  func factPage(_ fact: Fact) -> String {
    var body = [
      "<nav><a href=\"\(Site.indexName)\">All lessons</a></nav>", "<article class=\"lesson\">",
    ]
    body.append("<p class=\"name\">Fact · \(escape(fact.name))</p>")
    body.append("<h1>\(escape(fact.claim))</h1>")
    body.append("<p class=\"fact-check\">\(escape(fact.mark)).</p>")
    let how: String
    switch fact.check {
    case .output(let lines, let scenario, let order):
      var parts: [String] = []
      if let lines {
        let joined = lines.map { "<code>\(escape($0))</code>" }.joined(separator: "<br/>")
        parts.append(
          "Each run prints, after <code>log: </code>"
            + (order == .lines ? ", in any order" : "") + ":</p><p>\(joined)")
      }
      if let scenario {
        parts.append(
          "The scenario <code>\(escape(scenario))</code> prints the same lines on the lab's "
            + "runtimes.")
      }
      how = "The program is compiled and run five times. " + parts.joined(separator: " ")
    case .verdict(let verdict):
      how = "swiftc's verdict on the program: <code>\(escape(verdict.description))</code>."
    case .script(let script):
      how = "Shown by <code>\(escape(script))</code>."
    case .tests(let tests):
      let each = tests.map {
        "<code>\(escape($0.name))</code> \($0.passes ? "passes" : "fails")"
      }
      how =
        "Its tests are run as <code>swift test</code> runs them, \(fact.runs) times; in every run "
        + each.joined(separator: ", ") + "."
    }
    body.append("<p>\(how)</p>")
    body.append(
      "<p>Check it again: <code>\(escape(LabCommand.line("facts \(fact.name)")))</code></p>")
    body.append("<pre><code class=\"language-swift\">\(escape(fact.source))</code></pre>")
    body.append("</article>")
    return HTMLReport.page(
      title: "Fact: \(fact.name) — ConcurrencyLab", body: body.joined(separator: "\n"),
      player: false, style: Site.style, script: "")
  }
}
