import LabInterpreter
import LabModel
import LabRuntime

/// The text and JSON of an exhaustive exploration, and what it says about the scenario's
/// outcome rules.
extension ExhaustiveSearch.Findings {
  /// Rules that say "this can happen" (acceptable or interesting, with a `when`) but grade no
  /// outcome found; meaningful as a verdict only when the search is complete.
  package func unreached(_ rules: [OutcomeRule]) -> [(index: Int, rule: OutcomeRule)] {
    rules.enumerated().compactMap { index, rule in
      guard rule.grade == .acceptable || rule.grade == .interesting,
        rule.when != OutcomeCondition(),
        !outcomes.contains(where: { OutcomeRule.grade($0.outcome, by: rules) == rule })
      else { return nil }
      return (index, rule)
    }
  }

  /// Forbidden or ungraded outcomes, in the order found.
  package var failures: [ExhaustiveSearch.Found] {
    outcomes.filter { $0.grade?.fails ?? false }
  }

  /// Whether the exploration passes: no failing outcome, no sign that the search is no proof
  /// (`audit`), and, when complete, no rule that claims an outcome never reached.
  package func passed(_ rules: [OutcomeRule]) -> Bool {
    failures.isEmpty && missed.isEmpty && nondeterministic == 0
      && (!complete || shard != nil || unreached(rules).isEmpty)
  }

  /// What was covered, in one sentence.
  package var coverage: String {
    let runs = "\(schedules) distinct interleaving\(schedules == 1 ? "" : "s")"
    let bound = preemptionBound.map { " with at most \($0) preemption\($0 == 1 ? "" : "s")" } ?? ""
    if complete {
      return "all \(runs) explored: these are all the outcomes"
        + (replaced.map { "\n" + $0.line } ?? "")
    }
    // The search ended by itself, but its model of which turns commute is wrong here.
    let wrong =
      "its model of which turns commute is wrong here (docs/exploration.md, \"A known defect\")"
    // Shards, or an optimal search whose sleep-set second opinion ran out of budget: the
    // sleep-set search is the one to run.
    let instead = optimal ? "; search with --reduction sleep-sets instead" : ""
    if !missed.isEmpty {
      return "not a proof: \(runs) explored, but seeded runs reached outcomes none of them did "
        + "(below): \(wrong)\(instead)"
    }
    if nondeterministic > 0 {
      return "not a proof: \(runs) explored, but \(nondeterministic) left the path the search "
        + "set them: \(wrong)\(instead)"
    }
    if let stoppedBy, outcomes.isEmpty {
      // A budget smaller than one run: nothing to show, and saying "below" would point at an
      // empty table.
      return "\(stoppedBy.verdict)\nno run ended within it: one run of this scenario takes more"
    }
    if let stoppedBy {
      return "\(stoppedBy.verdict)\n\(bound.isEmpty ? "" : "searched\(bound); ")"
        + "the outcomes below were found, others may exist"
    }
    return "all schedules\(bound) explored: more may give other outcomes"
  }

  /// The outcomes as a table with the shortest schedule of each, then the failures and the
  /// rules never reached.
  package func report(
    argument: String, rules: [OutcomeRule], hints: HintCommand, columns: Int? = nil,
    _ style: some ReportPainter
  ) -> String {
    var out = "explore \(argument) --exhaustive: \(schedules) schedule\(schedules == 1 ? "" : "s")"
    if redundant > 0 { out += " (\(redundant) more cut short as equivalent)" }
    if !reduced { out += " · no reduction" }
    out += " · \(outcomes.count) outcome\(outcomes.count == 1 ? "" : "s")"
    out = Exploration.fit(out, columns) + "\n" + Exploration.fit(scope(hints), columns) + "\n"
    let sorted = outcomes.sorted { ($0.preemptions, $0.count) < ($1.preemptions, $1.count) }
    // An outcome's values and a rule's reason are the course's text: escaped, as everywhere.
    let texts = sorted.map { shownLine($0.outcome.description) }
    let width = max(7, min(texts.map(\.count).max() ?? 0, String.widestColumn))
    if !sorted.isEmpty {
      out += "  " + "grade".padding(11) + "  " + "outcome".padding(width) + "  preemptions\n"
    }
    for (found, text) in zip(sorted, texts) {
      let grade = (found.grade?.rawValue ?? "-").padding(11)
      let painted: String =
        switch found.grade {
        case .acceptable?: style.mark(grade, .good)
        case .interesting?: style.mark(grade, .notable)
        case .forbidden?, .unexpected?: style.mark(grade, .bad)
        case nil: grade
        }
      out += "  \(painted)  \(text.padding(width))  \(found.preemptions)\n"
      out += Exploration.reason(found.reason, indent: 15, columns: columns, style)
      // The command that replays it, on lines of its own: pasted, it runs whole.
      let replay = hints.command(
        "run", argument, "--schedule \(found.schedule.text)" + RunLimits.options(searched.limits))
      let indent = String(repeating: " ", count: 15)
      let lines =
        columns.map {
          WordWrap.command(replay, width: $0 - 1, first: indent, hanging: indent + "  ")
        } ?? [indent + replay]
      out += lines.joined(separator: "\n") + "\n"
    }
    if let bound = boundThatFinishes { out += "\n" + bound.line + "\n" }
    out += claims(argument: argument, rules: rules, hints: hints, columns: columns, style)
    if !missed.isEmpty { out += "\n" }
    for missed in missed {
      out += Exploration.failure(
        "✗ \(missed.label) reached an outcome no schedule did: "
          + shownLine(missed.outcome.description),
        replay: hints.command("run", argument, missed.label.replayOptions ?? ""), columns, style)
    }
    return out
  }

  private func claims(
    argument: String, rules: [OutcomeRule], hints: HintCommand, columns: Int?,
    _ style: some ReportPainter
  ) -> String {
    var out = ""
    let unreached = complete ? unreached(rules) : []
    if !failures.isEmpty || !unreached.isEmpty { out += "\n" }
    for found in failures {
      out += Exploration.failure(
        "✗ \(found.grade!.rawValue) outcome \(shownLine(found.outcome.description)):",
        replay: hints.command(
          "run", argument, "--schedule \(found.schedule.text)" + RunLimits.options(searched.limits)),
        columns, style)
    }
    for (index, rule) in unreached {
      let line =
        "✗ outcomes[\(index)] (\(rule.grade.rawValue): \(terminalSafe(rule.reason))) never happens: "
        + "no interleaving reaches it"
      out += style.mark("✗", .bad) + Exploration.fit(line, columns).dropFirst() + "\n"
    }
    return out
  }

  /// The findings as JSON (`--format json`), format 1.
  package func json(
    argument: String, threads: Int, rules: [OutcomeRule], hints: HintCommand
  ) -> String {
    let quote = TraceJSON.quote
    let rows = outcomes.map { found -> String in
      let values = found.outcome.values.map {
        "\(quote($0.name)): \(Exploration.jsonValue($0.value))"
      }
      return "    {"
        + [
          "\"outcome\": \(quote(found.outcome.description))",
          "\"values\": {\(values.joined(separator: ", "))}",
          "\"race\": \(found.outcome.race)",
          "\"ended\": \(quote(found.outcome.ending.rawValue))",
          "\"first\": \(found.outcome.first.map(quote) ?? "null")",
          "\"count\": \(found.count)",
          "\"grade\": \(found.grade.map { quote($0.rawValue) } ?? "null")",
          "\"reason\": \(quote(found.reason))",
          "\"preemptions\": \(found.preemptions)",
          "\"schedule\": \(quote(found.schedule.text))",
          shard == nil
            ? nil
            : "\"first_found\": [\((found.firstFound ?? []).map(String.init).joined(separator: ", "))]",
          "\"replay\": \(quote(hints.command("run", argument, "--schedule \(found.schedule.text)" + RunLimits.options(searched.limits))))",
        ].compactMap { $0 }.joined(separator: ", ") + "}"
    }
    let unreached = (complete && shard == nil ? unreached(rules) : []).map {
      "{\"rule\": \($0.index), \"grade\": \(quote($0.rule.grade.rawValue)), "
        + "\"reason\": \(quote($0.rule.reason))}"
    }
    return """
      {
        "format": \(ExhaustiveSearch.ShardFile.format),
        "scenario": \(quote(argument)),
        "mode": "\(ExhaustiveSearch.ShardFile.mode)",
        "threads": \(threads),
        "complete": \(complete),
        \(assumptionFields(indent: "  "))
        "schedules": \(schedules),
        "redundant": \(redundant),
        "off_path": \(nondeterministic),
        "preemption_bound": \(preemptionBound.map(String.init) ?? "null"),
        "stopped_by": \(stoppedBy.map(Self.json) ?? "null"),\(shardJSON)\(boundJSON)
        "replaced_optimal": \(replaced.map(Self.json) ?? "null"),
        "outcomes": \(rows.isEmpty ? "[]" : "[\n" + rows.joined(separator: ",\n") + "\n  ]"),
        "unreached": [\(unreached.joined(separator: ", "))],
        "missed": [\(missedJSON(argument: argument, hints: hints))],
        "passed": \(passed(rules))
      }

      """
  }

  /// The outcomes seeded runs reached and the search did not, for `"missed"`.
  private func missedJSON(argument: String, hints: HintCommand) -> String {
    let quote = TraceJSON.quote
    return missed.map {
      "{\"outcome\": \(quote($0.outcome.description)), "
        + "\"replay\": \(quote(hints.command("run", argument, $0.label.replayOptions ?? "")))}"
    }.joined(separator: ", ")
  }

  /// The optimal search a sleep-set search replaced, for `"replaced_optimal"`.
  static func json(_ replaced: ExhaustiveSearch.Replaced) -> String {
    "{\"schedules\": \(replaced.schedules), \"missed\": \(replaced.missed), "
      + "\"off_path\": \(replaced.offPath)}"
  }

  /// The budget that stopped the search, for `"stopped_by"`: which, its value as its option
  /// takes it, the option, and the verdict line.
  static func json(_ limit: ExhaustiveSearch.Limit) -> String {
    let quote = TraceJSON.quote
    return "{\"budget\": \(quote(limit.name)), \"limit\": \(limit.value), "
      + "\"option\": \(quote(limit.option)), \"verdict\": \(quote(limit.verdict))}"
  }
}
