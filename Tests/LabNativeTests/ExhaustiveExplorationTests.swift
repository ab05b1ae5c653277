import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// `lab explore --exhaustive` and schedules: complete outcome sets derived by hand, every
/// outcome's schedule replayed, and schedule strings that are damaged or belong elsewhere.
@Suite struct ExhaustiveExplorationTests {
  static let twoAdds = """
    { "format": 1, "name": "two-adds", "title": "t", "summary": "s", "source": "s",
      "threads": 2, "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": 2, "steps": [ { "add": "counter" } ] } ] }
    """

  static let actorAdds = """
    { "format": 1, "name": "actor-adds", "title": "t", "summary": "s", "source": "s",
      "threads": 2, "state": { "total": 0 },
      "actors": { "Counter": { "state": { "value": 0 }, "methods": {
        "increment": { "params": [], "steps": [ { "add": "value" } ] },
        "get": { "params": [], "steps": [ { "return": "value" } ] } } } },
      "steps": [
        { "group": "adders", "count": 2, "steps": [ { "actorCall": "Counter.increment" } ] },
        { "actorCall": "Counter.get", "as": "n" }, { "set": "total", "to": "n" } ] }
    """

  static let checkThenAct = """
    { "format": 1, "name": "check-then-act", "title": "t", "summary": "s", "source": "s",
      "threads": 2, "state": { "fetches": 0 },
      "actors": { "Cache": { "state": { "cached": false, "count": 0 }, "methods": {
        "load": { "params": [], "steps": [ { "if": "!cached", "then": [
          { "yield": true }, { "add": "count" }, { "set": "cached", "to": true } ] } ] },
        "fetches": { "params": [], "steps": [ { "return": "count" } ] } } } },
      "steps": [
        { "group": "callers", "count": 2, "steps": [ { "actorCall": "Cache.load" } ] },
        { "actorCall": "Cache.fetches", "as": "n" }, { "set": "fetches", "to": "n" } ] }
    """

  private func explore(
    _ scenario: Scenario, reduction: ExhaustiveSearch.Reduction = .optimal
  )
    -> ExhaustiveSearch.Findings
  {
    var budget = ExhaustiveSearch.Budget(maxSchedules: 100_000)
    budget.reduction = reduction
    return ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
  }

  private func values(_ findings: ExhaustiveSearch.Findings, _ name: String) -> Set<Int64> {
    Set(
      findings.outcomes.compactMap { found in
        guard case .int(let value)? = found.outcome.values.first(where: { $0.name == name })?.value
        else { return nil }
        return value
      })
  }

  /// Two tasks each add 1 once: both read 0 and one update is lost, or they do not.
  @Test func twoTasksAddingOnceEndAtOneOrTwo() throws {
    let findings = explore(try TestSupport.scenario(json: Self.twoAdds))
    #expect(findings.complete)
    #expect(values(findings, "counter") == [1, 2])
    #expect(findings.outcomes.allSatisfy { $0.outcome.race })
  }

  /// The same counter inside an actor: its calls run one at a time, so 2, and no race.
  @Test func anActorCounterEndsAtTwoWithoutARace() throws {
    let findings = explore(try TestSupport.scenario(json: Self.actorAdds))
    #expect(findings.complete)
    #expect(values(findings, "total") == [2])
    #expect(findings.outcomes.allSatisfy { !$0.outcome.race })
  }

  /// Check, await, act on an actor: the second caller enters during the first one's suspension
  /// (both fetch) or after it set the flag (one fetch).
  @Test func checkThenActAcrossAnAwaitFetchesOnceOrTwice() throws {
    let findings = explore(try TestSupport.scenario(json: Self.checkThenAct))
    #expect(findings.complete)
    #expect(values(findings, "fetches") == [1, 2])
  }

  /// Three adds each: a preemption may come before a read or between a read and its write, so
  /// every final value from 2 (the classic worst case) to 6 happens, and no other.
  @Test func racyCounterEndsAtTwoToSixAndTheClaimsHold() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let findings = explore(scenario)
    #expect(findings.complete)
    #expect(values(findings, "counter") == [2, 3, 4, 5, 6])
    #expect(findings.unreached(scenario.expect.outcomes).isEmpty)
    #expect(findings.passed(scenario.expect.outcomes))
  }

  /// The reduction only skips orders that cannot change the outcome.
  @Test func theReductionKeepsEveryOutcomeAndRunsFewerSchedules() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let reduced = explore(scenario)
    let full = explore(scenario, reduction: .none)
    #expect(full.complete)
    #expect(Set(reduced.outcomes.map(\.outcome)) == Set(full.outcomes.map(\.outcome)))
    #expect(reduced.schedules < full.schedules)
  }

  /// Scenarios that cancel or throw are searched with the optimal reduction too (a turn that
  /// cancels is opaque), and find what the search with every turn opaque finds, in fewer runs.
  @Test(arguments: ["task-cancel", "duration-error", "search-debounce", "timeout-race"])
  func scenariosThatCancelOrThrowAreReducedAndLoseNothing(_ name: String) throws {
    let scenario = try TestSupport.scenario(named: name)
    let reduced = explore(scenario)
    let full = explore(scenario, reduction: .none)
    #expect(reduced.reduced && reduced.optimal && reduced.complete && full.complete)
    #expect(Set(reduced.outcomes.map(\.outcome)) == Set(full.outcomes.map(\.outcome)))
    #expect(reduced.schedules <= full.schedules)
  }

  /// Every outcome's schedule, replayed, ends with that outcome, and twice the same trace.
  @Test(arguments: [twoAdds, actorAdds, checkThenAct, "racy-counter"])
  func everyOutcomesScheduleReplaysIt(_ source: String) throws {
    let scenario =
      source.hasPrefix("{")
      ? try TestSupport.scenario(json: source) : try TestSupport.scenario(named: source)
    let rules = scenario.expect.outcomes
    for found in explore(scenario).outcomes {
      var traces: [[TraceEvent]] = []
      for _ in 0..<2 {
        var options = RunOptions()
        guard
          case .success(let replay) = ScheduleOption.prepare(
            scenario, &options, replaying: found.schedule.text)
        else {
          Issue.record("\(found.schedule.text) did not parse")
          return
        }
        let result = ScenarioRunner.runAndCheck(scenario, options: options)
        #expect(replay?.fits == true)
        #expect(
          Outcome(of: result.record, observingFirst: Outcome.observesFirst(rules)) == found.outcome)
        traces.append(result.record.events)
      }
      #expect(traces[0] == traces[1])
    }
  }

  /// A seeded run's recorded schedule replays the same run.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func aSeedsScheduleReplaysTheSeed(_ seed: UInt64) throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    try Self.expectSeededScheduleReplays(scenario, seed: seed, policy: .random, "seed \(seed)")
  }

  /// A seeded run whose new task started before its creator's next step (`SpawnCoin`): its
  /// schedule holds that choice, and replays it.
  @Test(arguments: [(UInt64(59), SchedulingPolicy.random), (59, .pct), (60, .random)])
  func aSeedWhoseNewTaskWentFirstReplays(_ seed: UInt64, _ policy: SchedulingPolicy) throws {
    let scenario = try TestSupport.scenario(named: "task-starts-beside-creator")
    try Self.expectSeededScheduleReplays(scenario, seed: seed, policy: policy, "seed \(seed)")
  }

  /// Every bundled scenario: the schedule a seeded run records replays that run exactly.
  @Test(arguments: TestSupport.scenarioPaths)
  func everyScenariosSeededScheduleReplaysIt(_ path: String) throws {
    let scenario = try TestSupport.scenario(path)
    for policy in SchedulingPolicy.allCases {
      try Self.expectSeededScheduleReplays(scenario, seed: 2, policy: policy, "\(path) \(policy)")
    }
  }

  /// Records the schedule of a seeded run, replays it, and expects the same events and values.
  static func expectSeededScheduleReplays(
    _ scenario: Scenario, seed: UInt64, policy: SchedulingPolicy, _ label: String
  ) throws {
    var seeded = RunOptions()
    seeded.seed = seed
    seeded.policy = policy
    _ = ScheduleOption.prepare(scenario, &seeded, replaying: nil)
    let original = ScenarioRunner.runAndCheck(scenario, options: seeded)
    let text = try #require(ScheduleOption.text(scenario, seeded))
    var options = RunOptions()
    guard case .success(let replay) = ScheduleOption.prepare(scenario, &options, replaying: text)
    else {
      Issue.record("\(text) did not parse (\(label))")
      return
    }
    let replayed = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(replay?.fits == true, "\(label)")
    #expect(replayed.record.events == original.record.events, "\(label)")
    #expect(replayed.record.values.map(\.value) == original.record.values.map(\.value))
  }

  /// A string cut short, changed, or made for another scenario is refused.
  @Test func damagedAndForeignSchedulesAreRefused() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let identity = Schedule.identity(of: scenario, threads: nil)
    let good = Schedule(
      scenario: identity, choices: [.init(gap: 3, index: 0), .init(gap: 20, index: 1)])
    let parsed = try Schedule.parse(good.text, scenario: identity).get()
    #expect(parsed == good)
    for damaged in [
      String(good.text.dropLast()), good.text.replacingOccurrences(of: "-", with: "_"),
      "", "3-zzzzzz--00", String(good.text.dropLast(2)) + "00",
    ] {
      #expect(Schedule.parse(damaged, scenario: identity) == .failure(.damaged))
    }
    // A whole string of the version before, whose turns were cut differently: refused with
    // both versions named, never read as a damaged one or replayed as another run.
    let older = "1-8d4eb6-igkghggg-5e"
    #expect(Schedule.parse(older, scenario: identity) == .failure(.otherVersion("1")))
    let message = Schedule.Problem.otherVersion("1").message(hints: .lab)
    #expect(message.hasPrefix("this is a schedule of version 1, and this lab reads version 3 "))
    #expect(Schedule.parse(good.text, scenario: identity ^ 1) == .failure(.otherScenario))
  }

  /// Numbers take one character below 16 and grow by one per four bits.
  @Test func numbersRoundTrip() {
    for value in [0, 1, 15, 16, 255, 256, 70_000] {
      let text = Schedule.number(value)
      #expect(Schedule.numbers(in: Substring(text)) == [value])
    }
    #expect(Schedule.number(5) == "l")
  }
}

/// The searches lessons 8, 9 and 25 print as text (a lesson's ```lab blocks take only `lab run`)
/// are what `lab explore --exhaustive` prints now, reasons aside.
@Suite struct ExhaustiveLessonTests {
  @Test(arguments: [
    ("08-data-races.md", "racy-counter"), ("09-actors.md", "actor-reentrancy"),
    ("25-actors-in-depth.md", "withdraw-reentrant"),
  ])
  func theLessonShowsTheSearchAsItIs(_ lesson: String, _ name: String) throws {
    let url = TestSupport.packageRoot.appendingPathComponent("Lessons/\(lesson)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "$ lab explore \(name) --exhaustive"))
    let shown = lines[(start + 1)...].prefix { $0 != "```" }
    let scenario = try TestSupport.scenario(named: name)
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: .init()).run()
    let report = findings.report(
      argument: name, rules: scenario.expect.outcomes, hints: .lab, TextStyle(color: false))
    let all = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The rows as the lesson shows them; a reason or a replay it quotes under a row is the
    // report's too.
    let indented = { (line: String) in line.hasPrefix("               ") }
    let rows = shown.filter { !indented($0) }
    let printed = all.filter { !indented($0) }
    #expect(Array(rows) == Array(printed.prefix(rows.count)))
    for line in shown where indented(line) { #expect(all.contains(line), "\(line)") }
  }
}
