/// `lab check`'s lines on a terminal.
extension CheckReport {
  /// `PASS  name  what was checked`, `FAIL  name  first failure — replay`, `SKIP  name  why`.
  package static func line(_ verdict: ScenarioVerdict, width: Int, _ style: some ReportPainter)
    -> String
  {
    let name = verdict.scenario.padding(width)
    switch verdict.status {
    case .passed:
      return style.mark("PASS", .good) + "  \(name)  \(verdict.summary)"
    case .skipped:
      return style.mark("SKIP", .notable) + "  \(name)  \(verdict.summary)"
    case .failed:
      guard let failure = verdict.failures.first else {
        return style.mark("FAIL", .bad) + "  \(name)"
      }
      var text = failure.messages.first ?? "failed"
      if failure.invalid {
        text = "does not validate: " + text
        if failure.messages.count > 1 { text += " (+\(failure.messages.count - 1) more)" }
        return style.mark("FAIL", .bad) + "  \(name)  \(text)"
      }
      if failure.messages.count > 1 { text += " (+\(failure.messages.count - 1) more)" }
      if let run = failure.run { text += " — \(run)" }
      if let replay = failure.replay { text += ": \(replay)" }
      let failedRuns = verdict.failures.filter { $0.run != nil }.count
      if verdict.runs > 1, failedRuns > 0 {
        text += " · \(failedRuns) of \(verdict.runs) runs failed"
      }
      return style.mark("FAIL", .bad) + "  \(name)  \(text)"
    }
  }

  /// Every failure of a failed scenario, indented, for --verbose.
  package static func details(_ verdict: ScenarioVerdict) -> String {
    var out = ""
    for failure in verdict.failures {
      if let run = failure.run {
        out += "      \(run)" + (failure.replay.map { ": \($0)" } ?? "") + "\n"
      } else if failure.searched, let replay = failure.replay {
        out += "      every schedule: \(replay)\n"
      }
      for message in failure.messages { out += "        \(message)\n" }
    }
    return out
  }
}
