import LabModel

/// `lab check`'s lines on a terminal.
extension CheckReport {
  /// `PASS  name  what was checked`, `FAIL  name  first failure — replay`, `SKIP  name  why`.
  /// With `columns`, an explanation too long for the line goes on under itself, wrapped at word
  /// boundaries, rather than reaching the terminal's edge to be cut or broken mid-word.
  package static func line(
    _ verdict: ScenarioVerdict, width: Int, columns: Int? = nil, _ style: some ReportPainter
  ) -> String {
    // The scenario's name (its file's) and every message may hold the course's text.
    let (word, mark, said) = parts(verdict)
    let text = said.map(terminalSafe)
    let name = terminalSafe(verdict.scenario)
    let margin = "PASS  " + name.padding(width) + "  "
    guard let text else { return style.mark(word, mark) + "  \(name.padding(width))" }
    guard let columns else { return style.mark(word, mark) + "  \(margin.dropFirst(6))\(text)" }
    // Under the explanation's column while that leaves room to read and for every word; under
    // the name otherwise.
    let room = columns - 1 - margin.count
    let indent = room >= 20 && WordWrap.longestWord(in: text) <= room ? margin.count : 6
    let lines = WordWrap.lines(
      text, width: columns - 1, first: margin, hanging: String(repeating: " ", count: indent))
    return style.mark(word, mark) + lines.joined(separator: "\n").dropFirst(4)
  }

  /// The verdict's word, its mark, and the explanation after the name (nil for a bare FAIL).
  static func parts(_ verdict: ScenarioVerdict) -> (String, ReportMark, String?) {
    switch verdict.status {
    case .passed:
      return ("PASS", .good, verdict.summary)
    case .skipped:
      return ("SKIP", .notable, verdict.summary)
    case .failed:
      guard let failure = verdict.failures.first else { return ("FAIL", .bad, nil) }
      var text = failure.messages.first ?? "failed"
      if failure.invalid {
        text = verdict.summary + ": " + text
        if failure.messages.count > 1 { text += " (+\(failure.messages.count - 1) more)" }
        return ("FAIL", .bad, text)
      }
      if failure.messages.count > 1 { text += " (+\(failure.messages.count - 1) more)" }
      if let run = failure.run { text += " — \(run)" }
      if let replay = failure.replay { text += ": \(replay)" }
      let failedRuns = verdict.failures.filter { $0.run != nil }.count
      if verdict.runs > 1, failedRuns > 0 {
        text += " · \(failedRuns) of \(verdict.runs) runs failed"
      }
      return ("FAIL", .bad, text)
    }
  }

  /// Every failure of a failed scenario, indented, for --verbose.
  package static func details(_ verdict: ScenarioVerdict) -> String {
    var out = ""
    for failure in verdict.failures {
      if let run = failure.run {
        out += "      \(run)" + (failure.replay.map { ": \(terminalSafe($0))" } ?? "") + "\n"
      } else if failure.searched, let replay = failure.replay {
        out += "      every schedule: \(terminalSafe(replay))\n"
      }
      for message in failure.messages { out += "        \(terminalSafe(message))\n" }
    }
    return out
  }
}
