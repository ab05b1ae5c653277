import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime

/// `lab explore`: runs a scenario many times and shows every outcome found, how often, and how
/// the scenario grades it.
enum ExploreCommand: Command {
  static let name = "explore"
  static let summary = "Run a scenario many times and show a graded histogram of its outcomes."
  static let usage = "explore <scenario name or path.json> [--runs N] [options]"
  static let discussion = """
    Runs the scenario N times — virtual: seeds 1…N under each scheduling policy (random and pct,
    or --policy); --live: N real runs — and counts the outcomes: the final values of its shared
    variables, whether a data race was seen, how the run ended, and which task finished first when
    an outcome rule asks. Each row shows the count, the share of runs, the grade and reason from the
    scenario's "outcomes" (docs/outcomes.md), and the first run that produced it: replay it with
    'lab run NAME --seed S'.

    A forbidden outcome, or one no rule grades, fails the exploration even if seen once.

    Exit status: 0 when no outcome failed, 1 when one did, 64 on a usage error.

    Examples:
      lab explore racy-counter --runs 100
      lab explore racy-counter --runs 500 --policy pct
      lab explore racy-counter --runs 50 --live
    """
  static let options: [Arguments.Option] =
    [.init(name: "runs", value: "N", help: "Runs per policy (live: runs in all); default 100.")]
    + RunArguments.options.filter { !["seed", "tolerance", "policy"].contains($0.name) }
    + [
      .init(
        name: "policy", value: "random|pct", help: "Virtual runs: only this policy (default: both)."
      )
    ]
    + [.init(name: "format", value: "text|json", help: "Output format (default: text).")]

  enum Format: String, CaseIterable { case text, json }

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty ? "name a scenario to explore" : "explore takes one scenario")
    }
    let count = try arguments.integer("runs", in: 1...10_000_000) ?? 100
    var options = try RunArguments.parse(arguments)
    let policies: [SchedulingPolicy] =
      options.mode == .live
      ? [.random]
      : try arguments.choice("policy", SchedulingPolicy.self).map { [$0] }
        ?? SchedulingPolicy.allCases
    let format = try arguments.choice("format", Format.self) ?? .text
    let argument = arguments.positionals[0]
    let console = context.console
    let url = try context.scenarioFile(argument)
    guard let scenario = context.loadScenario(url) else { return ExitStatus.failure }

    var histogram = OutcomeHistogram(rules: scenario.expect.outcomes)
    let total = count * policies.count
    let progress = ProgressLine(console: console)
    var failedChecks: (runs: Int, first: RunLabel?) = (0, nil)
    var run = 0
    for seed in 1...UInt64(count) {
      for policy in policies {
        run += 1
        options.seed = seed
        options.policy = policy
        let result = ScenarioRunner.runAndCheck(scenario, options: options)
        let label = RunLabel(mode: options.mode, seed: seed, policy: policy, run: run)
        histogram.add(result, as: label)
        // The outcome check is what the histogram shows; count the others.
        if result.checks.contains(where: { !$0.passed && $0.name != "outcome" }) {
          failedChecks.runs += 1
          if failedChecks.first == nil { failedChecks.first = label }
        }
        progress.update(
          "explore \(argument): \(run)/\(total) runs · \(histogram.rows.count) outcomes")
      }
    }
    progress.clear()
    let heading =
      options.mode == .live
      ? "\(total) live run\(total == 1 ? "" : "s")"
      : "\(total) run\(total == 1 ? "" : "s"): seeds 1…\(count) × "
        + policies.map(\.rawValue).joined(separator: ", ")
    let threads = options.threads ?? scenario.threads
    let extra = options.threads.map { " --threads \($0)" } ?? ""
    switch format {
    case .text:
      console.out(report(histogram, argument: argument, heading: heading, extra: extra, console))
      if failedChecks.runs > 0, let first = failedChecks.first {
        console.out(
          "\(failedChecks.runs) of \(total) runs failed other checks of \"expect\"; first: "
            + (first.replayOptions.map { "lab run \(argument) \($0)\(extra)" } ?? "\(first)") + "\n"
        )
      }
    case .json:
      console.out(
        json(histogram, argument: argument, mode: options.mode, threads: threads, extra: extra))
    }
    return histogram.failures.isEmpty ? ExitStatus.ok : ExitStatus.failure
  }

  /// The histogram as a table, then a line for each failing outcome with its replay command.
  static func report(
    _ histogram: OutcomeHistogram, argument: String, heading: String, extra: String,
    _ console: Console
  ) -> String {
    let rows = histogram.byFrequency
    var out =
      "explore \(argument): \(heading) · \(rows.count) outcome\(rows.count == 1 ? "" : "s")\n\n"
    let outcomes = rows.map(\.outcome.description)
    let outcomeWidth = max(7, outcomes.map(\.count).max() ?? 0)
    let countWidth = max(5, String(histogram.runs).count)
    out +=
      "  " + TableText.pad("count", countWidth, left: true) + "  "
      + TableText.pad("share", 6, left: true)
      + "  " + "grade".padding(11) + "  " + "outcome".padding(outcomeWidth) + "  first seen\n"
    for (row, outcome) in zip(rows, outcomes) {
      let share = Double(row.count) * 100 / Double(max(1, histogram.runs))
      let grade = row.grade?.rawValue ?? "-"
      let painted: String =
        switch row.grade {
        case .acceptable?: console.paint(grade.padding(11), .green)
        case .interesting?: console.paint(grade.padding(11), .yellow)
        case .forbidden?, .unexpected?: console.paint(grade.padding(11), .red)
        case nil: grade.padding(11)
        }
      out +=
        "  " + TableText.pad(String(row.count), countWidth, left: true) + "  "
        + TableText.pad(percent(share), 6, left: true) + "  " + painted + "  "
        + outcome.padding(outcomeWidth) + "  \(row.firstSeen)\n"
      if !row.reason.isEmpty {
        out +=
          String(repeating: " ", count: 2 + countWidth + 2 + 6 + 2)
          + console.paint(row.reason, .dim) + "\n"
      }
    }
    if histogram.rules.isEmpty {
      out += "\nno \"outcomes\" in \"expect\" grade these; docs/outcomes.md shows how\n"
    }
    let failures = histogram.failures
    if !failures.isEmpty { out += "\n" }
    for row in failures {
      let replay = row.firstSeen.replayOptions.map { ": lab run \(argument) \($0)\(extra)" } ?? ""
      out +=
        console.paint("✗", .red)
        + " \(row.grade!.rawValue) outcome \(row.outcome) seen \(row.count) "
        + "time\(row.count == 1 ? "" : "s"), "
        + "first on \(row.firstSeen)\(replay)\n"
    }
    return out
  }

  static func percent(_ value: Double) -> String {
    String((value * 10).rounded() / 10) + "%"
  }

  /// The histogram as JSON (`--format json`), format 1.
  static func json(
    _ histogram: OutcomeHistogram, argument: String, mode: RuntimeMode, threads: Int, extra: String
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
          + (row.firstSeen.replayOptions.map { quote("lab run \(argument) \($0)\(extra)") }
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

/// Padding for the columns of the lab's tables.
enum TableText {
  static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
  }
}
