import LabChecks

/// ANSI colour for text bound for a terminal, or none: the renderers of the libraries take one so
/// the CLI decides, once, whether its output is coloured. The checks' reports mark what their
/// words mean (`ReportMark`); this is where a mark becomes a colour.
package struct TextStyle: ReportPainter, Sendable {
  package enum Style: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case cyan = "36"
  }

  package let color: Bool

  package init(color: Bool) { self.color = color }

  package func paint(_ text: String, _ style: Style) -> String {
    color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  package func mark(_ text: String, _ mark: ReportMark) -> String {
    switch mark {
    case .good: paint(text, .green)
    case .bad: paint(text, .red)
    case .notable: paint(text, .yellow)
    case .aside: paint(text, .dim)
    }
  }

  /// Colours the marks of a text report: ✓ green, ✗ and `problem:` red, `#` headings bold.
  package func highlight(_ report: String) -> String {
    guard color else { return report }
    return report.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      if line.hasPrefix("✓") { return paint(String(line), .green) }
      if line.hasPrefix("✗") || line.hasPrefix("problem:") { return paint(String(line), .red) }
      if line.hasPrefix("#") { return paint(String(line), .bold) }
      return String(line)
    }.joined(separator: "\n")
  }

  /// Colours a comparison (`RunComparison.report`): the first difference's row and the line that
  /// says what it is yellow, rows with another event red, rows in another place dim.
  package func comparison(_ report: String) -> String {
    guard color else { return report }
    return report.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      let text = String(line)
      if text.hasPrefix("▶") || text.hasPrefix("first difference") { return paint(text, .yellow) }
      if text.hasPrefix("≠") { return paint(text, .red) }
      if text.hasPrefix("~") { return paint(text, .dim) }
      return text
    }.joined(separator: "\n")
  }

  /// Colours a unified diff: removed lines red, added green, hunk headers cyan.
  package func diff(_ report: String) -> String {
    guard color else { return report }
    return report.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      let text = String(line)
      if text.hasPrefix("---") || text.hasPrefix("+++") { return paint(text, .bold) }
      if text.hasPrefix("-") { return paint(text, .red) }
      if text.hasPrefix("+") { return paint(text, .green) }
      if text.hasPrefix("@@") { return paint(text, .cyan) }
      return text
    }.joined(separator: "\n")
  }
}
