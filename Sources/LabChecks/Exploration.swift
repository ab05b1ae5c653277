import LabInterpreter
import LabModel
import LabRuntime

/// `lab explore`'s work: many runs of one scenario counted by outcome, and the table or JSON
/// document that shows them.
package enum Exploration {
  /// What the runs found: the outcomes, and how many runs failed checks other than the outcome.
  package struct Findings {
    package var histogram: OutcomeHistogram
    package var failedChecks = 0
    package var firstFailedCheck: RunLabel?
    /// The time budget the runs stopped at before all were made (`--max-seconds`); nil when
    /// every run was made.
    package var stoppedAt: Double?

    /// A line naming the runs that failed checks other than the outcome, with the first's
    /// replay; empty when none did.
    package func otherFailures(argument: String, extra: String, hints: HintCommand) -> String {
      guard failedChecks > 0, let first = firstFailedCheck else { return "" }
      return "\(failedChecks) of \(histogram.runs) runs failed other checks of \"expect\"; first: "
        + (first.replayOptions.map { hints.command("run", argument, "\($0)\(extra)") }
          ?? "\(first)") + "\n"
    }
  }

  /// What was run, for the table's first line.
  package static func heading(mode: RuntimeMode, count: Int, policies: [SchedulingPolicy])
    -> String
  {
    let total = count * policies.count
    return mode == .live
      ? "\(total) live run\(total == 1 ? "" : "s")"
      : "\(total) run\(total == 1 ? "" : "s"): seeds 1…\(count) × "
        + policies.map(\.rawValue).joined(separator: ", ")
  }

  /// Runs `scenario` on seeds 1…`count` under each of `policies` (live: `count` runs), calling
  /// `progress` after each run with the runs made and the outcomes found so far; within
  /// `maxSeconds`, which each run gets what is left of as its timeout (a run it cuts short is
  /// no outcome, and the runs stop there).
  package static func explore(
    _ scenario: Scenario, options: RunOptions, count: Int, policies: [SchedulingPolicy],
    maxSeconds: Double? = nil, progress: (_ runs: Int, _ outcomes: Int) -> Void
  ) -> Findings {
    var options = options
    var findings = Findings(histogram: OutcomeHistogram(rules: scenario.expect.outcomes))
    let deadline = ExhaustiveSearch.Deadline(start: .now, seconds: maxSeconds)
    var run = 0
    runs: for seed in 1...UInt64(count) {
      for policy in policies {
        if let maxSeconds, deadline.elapsed >= maxSeconds {
          findings.stoppedAt = maxSeconds
          break runs
        }
        run += 1
        options.seed = seed
        options.policy = policy
        let result = ScenarioRunner.runAndCheck(scenario, options: deadline.bounding(options))
        if deadline.cut(result.record) != nil {
          findings.stoppedAt = maxSeconds
          break runs
        }
        let label = RunLabel(mode: RunMode(options.mode), seed: seed, policy: policy, run: run)
        findings.histogram.add(result, as: label)
        // The outcome check is what the histogram shows; count the others.
        if result.checks.contains(where: { !$0.passed && $0.name != "outcome" }) {
          findings.failedChecks += 1
          if findings.firstFailedCheck == nil { findings.firstFailedCheck = label }
        }
        progress(run, findings.histogram.rows.count)
      }
    }
    return findings
  }

  /// The histogram as a table, then a line for each failing outcome with its replay command.
  package static func report(
    _ histogram: OutcomeHistogram, argument: String, heading: String, extra: String,
    hints: HintCommand, columns: Int? = nil, _ style: some ReportPainter
  ) -> String {
    let rows = histogram.byFrequency
    var out =
      fit(
        "explore \(argument): \(heading) · \(rows.count) outcome\(rows.count == 1 ? "" : "s")",
        columns) + "\n\n"
    // An outcome's values and a rule's reason are the scenario's text: escaped for the terminal.
    let outcomes = rows.map { shownLine($0.outcome.description) }
    let outcomeWidth = max(7, min(outcomes.map(\.count).max() ?? 0, String.widestColumn))
    let countWidth = max(5, String(histogram.runs).count)
    let indent = 2 + countWidth + 2 + 6 + 2
    let seenWidth = rows.map { "\($0.firstSeen)".count }.max() ?? 0
    // Too wide for the terminal, "first seen" goes under its row rather than past the edge.
    let seenBelow = columns.map { indent + 13 + outcomeWidth + 2 + seenWidth >= $0 } ?? false
    out +=
      "  " + TableText.pad("count", countWidth, left: true) + "  "
      + TableText.pad("share", 6, left: true) + "  " + "grade".padding(11) + "  "
      + (seenBelow ? "outcome" : "outcome".padding(outcomeWidth) + "  first seen") + "\n"
    for (row, outcome) in zip(rows, outcomes) {
      let share = Double(row.count) * 100 / Double(max(1, histogram.runs))
      let grade = row.grade?.rawValue ?? "-"
      let painted: String =
        switch row.grade {
        case .acceptable?: style.mark(grade.padding(11), .good)
        case .interesting?: style.mark(grade.padding(11), .notable)
        case .forbidden?, .unexpected?: style.mark(grade.padding(11), .bad)
        case nil: grade.padding(11)
        }
      let seen =
        seenBelow
        ? "\n" + String(repeating: " ", count: indent) + "first seen \(row.firstSeen)"
        : "  \(row.firstSeen)"
      out +=
        "  " + TableText.pad(String(row.count), countWidth, left: true) + "  "
        + TableText.pad(percent(share), 6, left: true) + "  " + painted + "  "
        + (seenBelow ? outcome : outcome.padding(outcomeWidth)) + seen + "\n"
      out += reason(terminalSafe(row.reason), indent: indent, columns: columns, style)
    }
    if histogram.rules.isEmpty {
      out +=
        "\n"
        + fit(
          "no \"outcomes\" in \"expect\" grade these; \(hints.doc("outcomes.md")) shows how",
          columns)
        + "\n"
    }
    let failures = histogram.failures
    if !failures.isEmpty { out += "\n" }
    for row in failures {
      let replay = row.firstSeen.replayOptions.map {
        hints.command("run", argument, "\($0)\(extra)")
      }
      let said =
        "✗ \(row.grade!.rawValue) outcome \(shownLine(row.outcome.description)) seen \(row.count) "
        + "time\(row.count == 1 ? "" : "s"), first on \(row.firstSeen)" + (replay == nil ? "" : ":")
      out += failure(said, replay: replay, columns, style)
    }
    return out
  }

  /// A `✗` line and the command that replays it. The command stays whole: on the line when it
  /// fits, else on a line of its own under the sentence, wrapped at word boundaries.
  static func failure(
    _ said: String, replay: String?, _ columns: Int?, _ style: some ReportPainter
  ) -> String {
    let line = said + (replay.map { " " + $0 } ?? "")
    let text =
      columns.map { line.count < $0 } ?? true
      ? line : fit(said, columns) + (replay.map { "\n  " + $0 } ?? "")
    return style.mark("✗", .bad) + text.dropFirst() + "\n"
  }

  /// Each line of `text` that is too long for `columns` wrapped at word boundaries under itself
  /// (`WordWrap.fit`); nil: as it is.
  static func fit(_ text: String, _ columns: Int?) -> String {
    guard let columns else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .flatMap { WordWrap.fit(String($0), width: max(20, columns - 1)) }.joined(separator: "\n")
  }

  /// An outcome rule's reason under its row, indented, its words wrapped to `columns` (nil: one
  /// line); nothing when there is none.
  static func reason(
    _ reason: String, indent: Int, columns: Int?, _ style: some ReportPainter
  ) -> String {
    guard !reason.isEmpty else { return "" }
    let reason = terminalSafe(reason)
    let lines = columns.map { WordWrap.lines(reason, width: max(20, $0 - 1 - indent)) } ?? [reason]
    let margin = String(repeating: " ", count: indent)
    return lines.map { margin + style.mark($0, .aside) + "\n" }.joined()
  }

  static func percent(_ value: Double) -> String {
    String((value * 10).rounded() / 10) + "%"
  }

  /// The histogram as JSON (`--format json`), format 1.
  package static func json(
    _ histogram: OutcomeHistogram, argument: String, mode: RuntimeMode, threads: Int, extra: String,
    hints: HintCommand
  ) -> String {
    let quote = TraceJSON.quote
    let rows = histogram.byFrequency.map { row -> String in
      let values = row.outcome.values.map { "\(quote($0.name)): \(jsonValue($0.value))" }
      var fields = [
        "\"outcome\": \(quote(row.outcome.description))",
        "\"values\": {\(values.joined(separator: ", "))}",
        "\"race\": \(row.outcome.race)",
        "\"ended\": \(quote(row.outcome.ending.rawValue))",
        "\"first\": \(row.outcome.first.map(quote) ?? "null")",
        "\"count\": \(row.count)",
        "\"grade\": \(row.grade.map { quote($0.rawValue) } ?? "null")",
        "\"reason\": \(quote(row.reason))",
        "\"first_seen\": {\"mode\": \(quote(row.firstSeen.mode.rawValue)), "
          + "\"seed\": \(row.firstSeen.seed), "
          + "\"policy\": \(quote(row.firstSeen.policy.rawValue)), \"run\": \(row.firstSeen.run)}",
      ]
      fields.append(
        "\"replay\": "
          + (row.firstSeen.replayOptions.map {
            quote(hints.command("run", argument, "\($0)\(extra)"))
          }
            ?? "null"))
      return "    {" + fields.joined(separator: ", ") + "}"
    }
    return """
      {
        "format": 1,
        "scenario": \(quote(argument)),
        "mode": \(quote(mode.rawValue)),
        "threads": \(threads),
        "runs": \(histogram.runs),
        "outcomes": \(rows.isEmpty ? "[]" : "[\n" + rows.joined(separator: ",\n") + "\n  ]"),
        "passed": \(histogram.failures.isEmpty)
      }

      """
  }

  static func jsonValue(_ value: Value) -> String {
    switch value {
    case .int(let number): String(number)
    case .string(let text): TraceJSON.quote(text)
    case .bool(let flag): String(flag)
    case .list(let items): "[" + items.map(jsonValue).joined(separator: ", ") + "]"
    case .none: "null"
    }
  }
}
