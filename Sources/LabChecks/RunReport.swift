import LabInterpreter
import LabModel
import LabRuntime

/// The text report of a checked run: heading, trace, measurements, values and checks.
extension TraceText {
  /// The whole report of a run: heading, trace, measurements, values and checks. `argument` is
  /// how the scenario was named on the command line (a name or a path), for the replay command.
  /// `display` chooses the trace's events to show; the heading and summary are always whole.
  /// `hints` starts the replay command.
  public static func report(
    _ result: RunResult, replaying argument: String? = nil, display: TraceDisplay = .plain,
    hints: HintCommand
  ) -> String {
    var out: [String] = []
    out.append(terminalSafe("# \(result.scenario) — \(result.title)"))
    var run =
      "# \(result.mode.rawValue) · \(result.threads) thread\(result.threads == 1 ? "" : "s")"
    if result.mode == .virtual {
      run +=
        " · seed \(result.seed)" + (result.policy == .random ? "" : " · \(result.policy.rawValue)")
    } else if let scale = result.record.scale {
      run += " · scale \(TraceJSON.number(scale))"
    }
    out.append(run)
    out.append(header(result.events))
    out.append(contentsOf: lines(result.events, display: display))
    out.append("")
    out.append(summary(result, replaying: argument, hints: hints))
    let text = out.joined(separator: "\n") + "\n"
    return display.width.map { fitted(text, width: $0) } ?? text
  }

  /// A report, or a part of one, fitted to a terminal `width` columns wide: the trace's rows (and
  /// its header and gap marks), which start with a space, are cut so their columns stay columns;
  /// every other line — a heading, a check and why it failed, a warning — wraps at word boundaries
  /// under itself, so no explanation is lost at the edge.
  public static func fitted(_ text: String, width: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      line.hasPrefix(" ")
        ? [cut(String(line), toWidth: width)]
        : WordWrap.fit(String(line), width: max(20, width - 1))
    }.joined(separator: "\n")
  }

  /// Measurements, final values, checks and the problem that stopped the run, if any.
  public static func summary(
    _ result: RunResult, replaying argument: String? = nil, hints: HintCommand
  ) -> String {
    var out: [String] = []
    let duration = result.duration.map { "\(time($0)) ms" } ?? "never finished"
    out.append("duration \(duration) · main thread stalled at most \(time(result.mainStall)) ms")
    if !result.values.isEmpty {
      let values = result.values.map { "\($0.name) = \($0.value.description)" }
      out.append(shownLine(values.joined(separator: " · ")))
    }
    if let problem = result.problem { out.append("problem: \(terminalSafe(problem))") }
    for warning in result.record.warnings { out.append("warning: \(terminalSafe(warning))") }
    // A check quotes the run's values (an outcome holds them all): one line each, escaped and
    // cut as the values line is (an outcome of 3.6 MB of values printed 37,000 lines).
    for check in result.checks {
      out.append(
        check.passed
          ? shownLine("✓ \(check.name): \(check.actual)")
          : shownLine(
            "✗ \(check.name): expected \(check.expected), got \(check.actual)"
              + (check.expectedMiss.map { " — expected on this machine: \($0)" } ?? "")))
    }
    if let note = timingNote(result) { out.append(note) }
    if !result.passed, result.mode == .virtual {
      out.append(
        "replay: "
          + hints.command("run", argument ?? result.scenario, "--seed \(result.seed)")
          + (result.policy == .random ? "" : " --policy \(result.policy.rawValue)")
          + (result.threadsOverridden ? " --threads \(result.threads)" : ""))
    }
    return out.joined(separator: "\n")
  }
}

extension TraceText {
  /// What to do about a time a live or native run missed: its times are the machine's, which a
  /// busy machine stretches; the tolerance is what allows for that, from the command line or the
  /// scenario. Nil when no time was missed, or the run's time was virtual (the model's, or the
  /// lab's scheduler's).
  public static func timingNote(_ result: RunResult) -> String? {
    guard result.mode != .virtual, result.mode != .scheduled,
      result.checks.contains(where: { !$0.holds && $0.measuresTime })
    else { return nil }
    let load = result.load.map { " (\($0)\($0.isBusy ? ", busy" : ""))" } ?? ""
    return """
      note: a busy machine stretches the times of real threads\(load);
        allow more with --tolerance 100+20, or in the scenario's "expect":
        "tolerance": {"ms": 100, "percent": 20}
      """
  }
}

/// `text` as one shell word: as it is when plain, else in single quotes. A path given to
/// `lab run` is repeated as given, so the replay command reads the same file; a scenario found by
/// name would answer "no scenario named …" to a path's file name.
package func shellWord(_ text: String) -> String {
  let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=,:@%")
  if !text.isEmpty, text.allSatisfy(plain.contains) { return text }
  guard text.unicodeScalars.contains(where: { movesTheTerminal($0.value) }) else {
    return "'" + text.replacing("'", with: #"'\''"#) + "'"
  }
  // A line break, an escape or a bidi override cannot stand in '…' as itself without moving the
  // terminal, and written as `\n` there it is two other characters: bash's $'…' reads the
  // escape back as the character, so the word pasted is the word the lab was given.
  var word = "$'"
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": word += #"\\"#
    case "'": word += #"\'"#
    case "\n": word += #"\n"#
    case "\t": word += #"\t"#
    case "\r": word += #"\r"#
    case _ where movesTheTerminal(scalar.value):
      // bash's \u takes four digits at most: a TAG character (U+E0061) needs \U and eight.
      word +=
        scalar.value < 0x100
        ? #"\x"# + hexDigits(scalar.value, 2)
        : scalar.value < 0x10000
          ? #"\u"# + hexDigits(scalar.value, 4) : #"\U"# + hexDigits(scalar.value, 8)
    default: word.unicodeScalars.append(scalar)
    }
  }
  return word + "'"
}

private func hexDigits(_ value: UInt32, _ count: Int) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, count - digits.count)) + digits
}
