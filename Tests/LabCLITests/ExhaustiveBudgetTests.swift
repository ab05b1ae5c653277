import Foundation
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabRuntime

/// Every search of every schedule is bounded: a scenario of a dozen tasks from anyone stops at
/// its budget of schedules, time or memory, says so, and never claims a proof. Small budgets keep
/// these tests fast; the defaults are measured in docs/outcomes.md.
@Suite(.serialized) struct ExhaustiveBudgetTests {
  /// Twelve children adding twice to one counter: more schedules than anyone can run.
  static let hostile = """
    { "format": 1, "name": "hostile", "threads": 4, "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": 12, "steps": [
        { "repeat": 2, "steps": [ { "add": "counter" } ] } ] } ],
      "expect": { "outcomes": [
        { "when": { "values": { "counter": 24 } }, "grade": "acceptable", "reason": "none lost" },
        { "grade": "interesting", "reason": "updates lost" } ] } }
    """

  /// Two children adding once: a lost update, which this scenario forbids, takes one preemption.
  static let forbiddenLoss = """
    { "format": 1, "name": "forbidden-loss", "threads": 2, "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": 2, "steps": [ { "add": "counter" } ] } ],
      "expect": { "outcomes": [
        { "when": { "values": { "counter": 2 } }, "grade": "acceptable", "reason": "none lost" },
        { "grade": "forbidden", "reason": "a lost update" } ] } }
    """

  /// Two children adding 200,000 times each: one schedule takes minutes in the search.
  static let longLoops = """
    { "format": 1, "name": "long-loops", "threads": 2, "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": 2, "steps": [
        { "repeat": 200000, "steps": [ { "add": "counter" } ] } ] } ] }
    """

  /// A scratch file holding `text`, removed when the test is done.
  final class ScratchFile {
    let path: String

    init(_ name: String, _ text: String) throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("lab-budget-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      path = folder.appendingPathComponent("\(name).json").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit {
      try? FileManager.default.removeItem(
        at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
  }

  private func search(_ budget: ExhaustiveSearch.Budget) throws -> ExhaustiveSearch.Findings {
    let scenario = try TestSupport.scenario(json: Self.hostile)
    return ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
  }

  /// However many threads run the parts of the search at once, it runs its budget exactly: not
  /// one more schedule per thread that was running when the last one began.
  @Test(arguments: [1, 4])
  func theScheduleBudgetStopsAHostileSearch(jobs: Int) throws {
    var budget = ExhaustiveSearch.Budget(maxSchedules: 40, maxSeconds: nil, maxMemoryBytes: nil)
    budget.jobs = jobs
    let findings = try search(budget)
    #expect(findings.stoppedBy == .schedules(40))
    #expect(findings.schedules == 40)
    #expect(!findings.complete)
    #expect(
      findings.stoppedBy?.verdict
        == "incomplete: stopped by the budget of 40 schedules; raise it with --max-schedules 160")
  }

  /// The schedule bound is generous here: only the time can stop the search this soon.
  @Test func theTimeBudgetStopsAHostileSearch() throws {
    let findings = try search(.init(maxSchedules: 50_000, maxSeconds: 0.3, maxMemoryBytes: nil))
    #expect(findings.stoppedBy == .seconds(0.3))
    #expect(findings.schedules < 50_000)
    #expect(
      findings.stoppedBy?.verdict
        == "incomplete: stopped by the budget of 0.3 s; raise it with --max-seconds 1.2")
  }

  /// One schedule of two long loops takes longer than the whole budget (about a second a
  /// thousand adds in a debug build): the budget cuts that run short, and a run cut short is no
  /// outcome of the scenario. Without the deadline inside the run, it went on to the run's own
  /// timeout of a minute and was counted as an outcome, "stopped". The probes that split the
  /// tree (two jobs) are bounded the same way.
  @Test(arguments: [1, 2])
  func theTimeBudgetHoldsInsideOneSchedule(jobs: Int) throws {
    let scenario = try TestSupport.scenario(json: Self.longLoops)
    var budget = ExhaustiveSearch.Budget(maxSchedules: nil, maxSeconds: 0.5, maxMemoryBytes: nil)
    budget.jobs = jobs
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    #expect(findings.stoppedBy == .seconds(0.5))
    #expect(findings.schedules == 0 && findings.outcomes.isEmpty)
    #expect(!findings.complete)
    #expect(findings.seconds < 30, "the search ran \(findings.seconds) s on a budget of 0.5 s")
  }

  /// `lab explore`'s runs of seeds have the same budget: a 220-byte scenario whose one run took
  /// 9 s within every limit made 200 runs, half an hour, and said nothing.
  @Test func theSeededRunsStopAtTheirBudgetAndSaySo() throws {
    let scenario = try TestSupport.scenario(json: Self.longLoops)
    let start = ContinuousClock.now
    let findings = Exploration.explore(
      scenario, options: RunOptions(), count: 100, policies: [.random], maxSeconds: 0.5
    ) { _, _ in }
    #expect(findings.stoppedAt == 0.5)
    #expect(findings.histogram.runs == 0, "a run the budget cut short is no outcome")
    #expect(ContinuousClock.now - start < .seconds(30))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "long-loops-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Self.longLoops.write(to: file, atomically: true, encoding: .utf8)
    let (_, out, err) = InProcessLab.run(["explore", file.path, "--max-seconds", "0.5"])
    #expect(err.contains("note: explore stopped after 0 of 200 runs, when --max-seconds 0.5"))
    #expect(out.contains("0 of 200 runs: seeds 1…100 × random, pct, stopped by --max-seconds 0.5"))
  }

  /// A merge replays each outcome's schedule within the same budget: a shard whose one row is a
  /// schedule of those long loops stops the merge at its budget, not at the run's own timeout.
  @Test func theTimeBudgetHoldsInsideAMergesReplay() throws {
    let scenario = try TestSupport.scenario(json: Self.longLoops)
    let search = ExhaustiveSearch(
      scenario, options: RunOptions(),
      budget: .init(maxSchedules: nil, maxSeconds: 0.5, maxMemoryBytes: nil))
    let schedule = Schedule(scenario: search.identity, choices: []).text
    let identity = Schedule.hex(search.identity, 6)
    let limits = RunLimits().shaping.map { "\"\($0.option)\": \($0.value)" }
      .joined(separator: ", ")
    let shard = try ExhaustiveSearch.ShardFile.read(
      Data(
        """
        { "format": 1, "mode": "exhaustive", "threads": \(scenario.threads),
          "shard": {"index": 1, "count": 1, "parts": 1, "identity": "\(identity)",
            "reduction": "optimal", "preemptions": null, "limits": {\(limits)}}, "complete": true,
          "schedules": 1, "redundant": 0, "off_path": 0, "stopped_by": null,
          "preemption_bound": null,
          "outcomes": [ {"outcome": "counter = 2", "schedule": "\(schedule)",
            "preemptions": 0, "count": 1, "first_found": [0, 0]} ] }
        """.utf8)
    ).get()
    let started = ContinuousClock.now
    let merged = try search.merge([shard]).get()
    #expect(merged.stoppedBy == .seconds(0.5) && !merged.complete && merged.outcomes.isEmpty)
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  /// The search's memory, read from a stand-in that grows 1 MB each time it is read: whatever
  /// else the test process does, only the budget can stop this search before its schedules run
  /// out.
  @Test func theMemoryBudgetStopsAHostileSearch() throws {
    let resident = Locked(64 << 20)
    var budget = ExhaustiveSearch.Budget(
      maxSchedules: 5_000, maxSeconds: nil, maxMemoryBytes: 4 << 20)
    budget.residentBytes = {
      resident.withLock {
        $0 += 1 << 20
        return $0
      }
    }
    let findings = try search(budget)
    #expect(findings.stoppedBy == .memory(bytes: 4 << 20))
    #expect(findings.schedules < 5_000)
    #expect(
      findings.stoppedBy?.verdict
        == "incomplete: stopped by the budget of 4 MB of memory; raise it with --max-memory-mb 16")
  }

  /// The search's memory holds inside a run: a run gets what is left of it as its own limit,
  /// and a run stopped there stops the search, saying so. Before, each run took the run's own
  /// 512 MB anew — a search of 10,000 children waiting for threads grew the lab by 1.6 GB — and
  /// a search stopped in its first runs said its seconds had run out. The built lab, in a
  /// process of its own: a test process's freed memory hides a run's growth.
  @Test func theMemoryBudgetHoldsInsideARun() throws {
    let file = try ScratchFile(
      "waiting",
      """
      {"format": 1, "state": {"counter": 0}, "threads": 64,
       "steps": [{"group": "g", "count": 3000, "steps": [{"add": "counter"}]}]}
      """)
    let run = try TestSupport.runLab([
      "explore", file.path, "--exhaustive", "--max-memory-mb", "64", "--max-seconds", "120",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out.contains(
        "incomplete: stopped by the budget of 64 MB of memory; raise it with --max-memory-mb 256"),
      "\(run.out)")
  }

  /// Unless a caller lifts a bound on purpose, every search has all three.
  @Test func everySearchIsBoundedByDefault() {
    for budget in [ExhaustiveSearch.Budget(), CheckPlan().search] {
      #expect(budget.maxSchedules != nil)
      #expect(budget.maxSeconds != nil)
      #expect(budget.maxMemoryBytes != nil)
    }
    #expect(CheckPlan().search.maxSchedules == ScenarioChecker.exhaustiveBudget)
  }

  @Test func exploreSaysTheSearchIsIncompleteInTextAndJSON() throws {
    let file = try ScratchFile("hostile", Self.hostile)
    let text = InProcessLab.run(["explore", file.path, "--exhaustive", "--max-schedules", "30"])
    #expect(text.status == 0, "\(text.err)")
    let lines = text.out.split(separator: "\n").map(String.init)
    #expect(
      lines.dropFirst().first
        == "incomplete: stopped by the budget of 30 schedules; raise it with --max-schedules 120")
    #expect(!text.out.contains("never happens"))

    let json = InProcessLab.run([
      "explore", file.path, "--exhaustive", "--max-seconds", "0.2", "--format", "json",
    ])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(document["complete"] as? Bool == false)
    let stopped = try #require(document["stopped_by"] as? [String: Any])
    #expect(stopped["budget"] as? String == "seconds")
    #expect(stopped["limit"] as? Double == 0.2)
    #expect(stopped["option"] as? String == "--max-seconds")
    #expect(
      stopped["verdict"] as? String
        == "incomplete: stopped by the budget of 0.2 s; raise it with --max-seconds 0.8")
  }

  /// A budget smaller than one run: the search says no run ended within it, not "the outcomes
  /// below" above an empty table; shards it stopped before they could split the tree (their
  /// probes are runs too) say "parts": 0, and merge into the same incomplete search.
  @Test func aBudgetSmallerThanOneRunSaysSoAndItsShardsMerge() throws {
    let file = try ScratchFile("long-loops", Self.longLoops)
    let search = ["explore", file.path, "--exhaustive", "--max-seconds", "0.3"]
    let text = InProcessLab.run(search)
    #expect(text.out.contains("--max-seconds 1.2\nno run ended within it: one run of this"))
    #expect(!text.out.contains("below") && !text.out.contains("grade"))
    let folder = URL(fileURLWithPath: file.path).deletingLastPathComponent()
    var merge = search
    for index in 1...2 {
      let shard = InProcessLab.run(search + ["--shard", "\(index)/2"])
      #expect(shard.out.contains("\"parts\": 0,"), "\(shard.out)")
      let path = folder.appendingPathComponent("shard-\(index).json").path
      try Data(shard.out.utf8).write(to: URL(fileURLWithPath: path))
      merge += ["--merge", path]
    }
    let merged = InProcessLab.run(merge)
    #expect(merged.status == 0, "\(merged.err)")
    #expect(merged.out.hasPrefix("explore \(file.path) --exhaustive: 0 schedules · 0 outcomes\n"))
    #expect(merged.out.contains("incomplete: stopped by the budget of 0.3 s"))
  }

  /// `lab check` cannot vouch for outcome rules its search did not finish checking: the scenario
  /// fails, with the verdict, and in JUnit it is an error (it could not finish), not a failure.
  @Test func checkFailsAScenarioWhoseSearchItsBudgetStopped() throws {
    let file = try ScratchFile("hostile", Self.hostile)
    let verdict =
      "every schedule: incomplete: stopped by the budget of 30 schedules; "
      + "raise it with --max-schedules 120"
    let text = InProcessLab.run(["check", file.path, "--max-schedules", "30"])
    #expect(text.status == 1, "\(text.err)")
    #expect(text.out.hasPrefix("FAIL  \(file.path)  \(verdict)\n"), "\(text.out)")

    let json = InProcessLab.run(["check", file.path, "--max-schedules", "30", "--format", "json"])
    #expect(json.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    let scenario = try #require((document["scenarios"] as? [[String: Any]])?.first)
    #expect(scenario["status"] as? String == "failed")
    #expect((scenario["summary"] as? String)?.hasSuffix(verdict) == true)
    let messages = (scenario["failures"] as? [[String: Any]])?.compactMap {
      $0["messages"] as? [String]
    }
    #expect(messages == [[verdict]])

    let failed = ScenarioVerdict(
      scenario: "hostile", file: "hostile.json", status: .failed, summary: verdict, runs: 1,
      failures: [.init(run: nil, messages: [verdict], replay: nil, searched: true)])
    #expect(CheckReport.junitKind(failed) == .error)
  }

  /// A forbidden outcome the search reaches fails the check with the schedule that replays it,
  /// found by the search (not a file that does not validate); it is reported even when the
  /// budget then stops the search.
  @Test func checkNamesTheScheduleOfAForbiddenOutcomeTheSearchFound() throws {
    let file = try ScratchFile("forbidden-loss", Self.forbiddenLoss)
    let text = InProcessLab.run(["check", file.path])
    #expect(text.status == 1)
    let line = try #require(text.out.split(separator: "\n").first.map(String.init))
    #expect(
      line.hasPrefix(
        "FAIL  \(file.path)  outcome: forbidden counter = 1 · race: lab run \(file.path) "
          + "--schedule 3-"), "\(line)")

    // Two adds have 4 schedules; the second already loses an update.
    let cut = InProcessLab.run(["check", file.path, "--max-schedules", "2", "--format", "json"])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(cut.out.utf8)) as? [String: Any])
    let scenario = try #require((document["scenarios"] as? [[String: Any]])?.first)
    let messages = (scenario["failures"] as? [[String: Any]])?.flatMap {
      $0["messages"] as? [String] ?? []
    }
    #expect(messages?.contains("outcome: forbidden counter = 1 · race") == true, "\(cut.out)")
    #expect(messages?.last?.hasPrefix("every schedule: incomplete") == true, "\(cut.out)")
  }

  /// The help's words, as one line: a row the help wraps at 80 columns reads whole.
  private func words(_ help: String) -> String {
    help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func helpGivesEveryBudgetWithItsDefault() {
    let explore = words(InProcessLab.run(["explore", "--help"]).out)
    #expect(
      explore.contains(
        "--max-schedules N Stop a search of every schedule after N schedules (default: 100000)."))
    #expect(
      explore.contains(
        "--max-seconds S Stop the runs of seeds, or a search of every schedule, after S seconds "
          + "(default: 60); a search it stops takes up to 6 s more to name a preemption bound "
          + "that finishes."))
    #expect(explore.contains("a search of every schedule as a whole"))
    let check = words(InProcessLab.run(["check", "--help"]).out)
    #expect(check.contains("after N schedules (default: 20000)."))
    #expect(check.contains("--max-seconds S"))
  }

  /// A search keeps the path to the current schedule (with what is left to explore from it) and
  /// one schedule per outcome, never anything per schedule run: 2,000 schedules of
  /// captured-var-race (of its 14,400) fit in 4 MB of growth. Run as its own process, so that
  /// no other test's memory counts; a search that kept 5 KB a schedule would stop at that budget
  /// instead.
  @Test(.disabled(if: TestSupport.underSanitizer, "the sanitizer's shadow memory grows too"))
  func aLongSearchKeepsTheLabsMemoryFlat() throws {
    let (status, out, err) = try TestSupport.runLab([
      "explore", "captured-var-race", "--exhaustive", "--max-schedules", "2000",
      "--max-memory-mb", "4", "--format", "json",
    ])
    #expect(status == 0, "\(err)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let stopped = try #require(document["stopped_by"] as? [String: Any], "\(out)")
    #expect(stopped["budget"] as? String == "schedules", "\(out)")
    #expect(document["schedules"] as? Int == 2000)
  }
}
