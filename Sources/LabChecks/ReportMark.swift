/// What a word of a report means (a pass, a failure, something to notice, an aside) so that a
/// report says what it means and the command line decides how that looks: colour on a terminal,
/// nothing in a file or a pipe. `LabChecks` writes text, never a terminal's escape codes.
package enum ReportMark: Sendable {
  case good, bad, notable, aside
}

/// Shows the marked words of a report; the command line's `TextStyle` colours them.
package protocol ReportPainter {
  func mark(_ text: String, _ mark: ReportMark) -> String
}
