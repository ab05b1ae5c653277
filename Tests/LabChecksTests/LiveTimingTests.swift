import Foundation
import LabTestSupport
import Synchronization
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

/// The scale a live run plays at, chosen from the scenario's model (`LiveScale`).
struct LiveScaleTests {
  let cost = LiveScale.realCostPerEvent

  @Test func aLongScenarioWithFewEventsPlaysAtTheFastestScale() {
    // 10 events before a 5000 ms duration: 2 × 10 × cost against 101 ms of allowance.
    let times = Array(repeating: 0.0, count: 9) + [5000]
    #expect(LiveScale.choose(checking: [5000], times: times) == LiveScale.fastest)
  }

  @Test func aTimeCheckedAtZeroGetsAsMuchTimeAsItsEventsCost() {
    // A root that ends at 0 ms after three events of its own and one of a task's, which then
    // blocks for 5 s: the four events at 0 must cost under half of 1 ms.
    let scale = LiveScale.choose(checking: [0, 5000], times: [0, 0, 0, 0, 5000])
    #expect(scale == min(1, (2 * 4 * cost * 100).rounded(.up) / 100))
    #expect(scale > LiveScale.fastest)
  }

  @Test func neverSlowerThanLife() {
    let times = Array(repeating: 0.0, count: 1000)
    #expect(LiveScale.choose(checking: [0], times: times) == 1)
  }

  @Test func onlyTheEventsUpToACheckedTimeCount() {
    // A burst of events after the only checked time does not slow the run.
    let times = [0.0, 0, 1000] + Array(repeating: 2000.0, count: 500)
    #expect(LiveScale.choose(checking: [1000], times: times) == LiveScale.fastest)
  }

  /// A native program's events cost more than the interpreter's (it writes each to its trace
  /// and hops through Swift's own main queue): sequential-downloads, 149 events in 10,500 ms,
  /// ran 2–3 % late natively at the live run's scale, and plays slower now.
  @Test func aNativeRunPlaysAtTheScaleItsOwnEventsNeed() throws {
    let scenario = try TestSupport.scenario(named: "sequential-downloads")
    let events = ScenarioRunner.run(scenario).events
    #expect(events.count == 149)
    let native = LiveScale.choose(
      checking: [10_500], times: events.map(\.time), cost: LiveScale.nativeCostPerEvent)
    #expect(native == (2 * 149 * LiveScale.nativeCostPerEvent / 211 * 100).rounded(.up) / 100)
    #expect(native > LiveScale.choose(checking: [10_500], times: events.map(\.time)))
  }

  /// Outcomes are compared where the run's moments lie `orderingGap` real ms apart: sleeps of 20
  /// and 60 ms played at 0.05 (1 and 3 real ms) were reordered by timer lateness.
  @Test(
    arguments: [
      ([0.0, 20, 60], 0.25), ([0.0, 0, 0], LiveScale.fastest), ([0.0, 1], 1.0),
      ([0.0, 300, 600], 0.05), ([Double](), LiveScale.fastest), ([0.0, 7], 0.72),
    ] as [([Double], Double)])
  func theOrderingScaleKeepsEveryTwoMomentsApart(_ times: [Double], _ scale: Double) {
    #expect(LiveScale.ordering(times: times) == scale)
  }

  @Test func aScaleAskedForIsKept() throws {
    var options = RunOptions()
    options.mode = .live
    options.scale = 0.5
    let scenario = try TestSupport.scenario(named: "racy-counter")
    #expect(LiveScale.scale(of: scenario, options: options) == 0.5)
    #expect(ScenarioRunner.run(scenario, options: options).scale == 0.5)
  }

  @Test func theScaleIsInTheHeadingAndTheJSON() throws {
    var options = RunOptions()
    options.mode = .live
    options.scale = 0.25
    let result = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(named: "racy-counter"), options: options)
    #expect(TraceText.report(result, hints: .lab).contains("# live · 2 threads · scale 0.25\n"))
    #expect(TraceJSON.document(result).contains("\"scale\": 0.25,"))
  }
}

/// Live waits end on time: what the time scale would multiply is taken out, what the runtime
/// does is kept. Real time, so each test retries on a busy machine.
@Suite(.serialized) struct LiveTimingTests {
  /// Runs `json` live at `scale` until `accept` holds, five tries at most; the last result.
  func liveRun(
    _ json: String, scale: Double?, until accept: (RunResult) -> Bool
  ) async throws -> RunResult {
    let scenario = try TestSupport.scenario(json: json)
    var options = RunOptions()
    options.mode = .live
    options.scale = scale
    var result = ScenarioRunner.runAndCheck(scenario, options: options)
    for _ in 1..<5 where !accept(result) {
      await TestSupport.waitUntilProcessIsQuiet()
      result = ScenarioRunner.runAndCheck(scenario, options: options)
    }
    return result
  }

  /// Ten blocks of 100 ms in a row at the fastest scale: before, each woke 0.1–0.25 real ms late,
  /// 2–5 scenario ms, and the chain ended 30–60 ms late. A block now watches the clock for its
  /// last 0.4 real ms.
  @Test func aChainOfBlocksDoesNotDrift() async throws {
    let json = """
      {"format": 1, "name": "chain", "threads": 2,
       "steps": [{"repeat": 10, "steps": [{"block": 100}]}], "expect": {"duration": 1000}}
      """
    let result = try await liveRun(json, scale: LiveScale.fastest) {
      $0.duration.map { abs($0 - 1000) <= 21 } ?? false
    }
    let duration = try #require(result.duration)
    #expect(abs(duration - 1000) <= 21, "10 × block 100 took \(duration) ms")
  }

  /// Ten sleeps of 100 ms in a row at the scale the lab chooses: a `Task.sleep` resumes 0.1–0.3
  /// real ms late on this kind of machine, and varies by as much, so a live sleep is a strict
  /// timer that fires early and holds to its deadline (`LiveSleep`), at a scale at which the rest
  /// stays inside the tolerance.
  @Test func aChainOfSleepsStaysWithinTheTolerance() async throws {
    let json = """
      {"format": 1, "name": "chain", "threads": 2,
       "steps": [{"repeat": 10, "steps": [{"sleep": 100}]}], "expect": {"duration": 1000}}
      """
    let result = try await liveRun(json, scale: nil) { $0.passed }
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    #expect(try #require(result.record.scale) > LiveScale.fastest)
  }

  /// Two tasks started on main take turns on it, as on Swift's main actor: the second starts
  /// when the first's blocking work is over. Before, each isolated call of a task started on
  /// main went back through main's queue (its task executor was not the one main ran it with),
  /// and the second task started and "blocked" while the first held main. A yield is still a
  /// real turn: the other task runs before the yielding one goes on.
  @Test func tasksOnMainTakeTurnsAndAYieldIsATurn() async throws {
    let json = """
      {"format": 1, "name": "turns", "isolation": "main", "threads": 2,
       "steps": [
         {"task": "first", "steps": [{"block": 100}, {"log": "first done"}]},
         {"task": "second", "steps": [{"block": 100}, {"log": "second done"}]},
         {"task": "polite", "steps": [{"log": "before"}, {"yield": true}, {"log": "after"}]},
         {"task": "eager", "steps": [{"log": "eager"}]},
         {"awaitTask": "first"}, {"awaitTask": "second"},
         {"awaitTask": "polite"}, {"awaitTask": "eager"}],
       "expect": {"finishes": {"first": 100, "second": 200},
                  "order": [["first", "second", "polite"]]}}
      """
    let result = try await liveRun(json, scale: nil) { $0.passed }
    #expect(result.passed, "\(result.checks.filter { !$0.passed }.map(\.actual))")
    let events = result.events
    let firstEnd = try #require(events.firstIndex { $0.task == "first" && $0.kind == .end })
    let secondStart = try #require(events.firstIndex { $0.task == "second" && $0.kind == .start })
    #expect(secondStart > firstEnd)
    let logs = events.filter { $0.kind == .log }.map { "\($0.task): \($0.text)" }
    #expect(
      logs.filter { !$0.hasSuffix("done") } == ["polite: before", "eager: eager", "polite: after"])
  }

  /// An input arrives at its time: Dispatch's default leeway let it fire up to a tenth of its
  /// delay late (12 ms of 1000 at the fastest scale, measured).
  @Test func anInputArrivesOnTime() async throws {
    let json = """
      {"format": 1, "name": "tap", "isolation": "main", "state": {"at": -1},
       "inputs": [{"at": 1000, "tap": "button"}],
       "handlers": {"button": {"steps": [{"set": "at", "to": "now"}]}},
       "steps": [{"sleep": 1200}], "expect": {"times": {"at": 1000}}}
      """
    let arrives: (RunResult) -> Double? = { result in
      result.events.first { $0.kind == .input && $0.text.hasSuffix("arrives") }?.time
    }
    let result = try await liveRun(json, scale: LiveScale.fastest) {
      arrives($0).map { abs($0 - 1000) <= 21 } ?? false
    }
    let time = try #require(arrives(result))
    #expect(abs(time - 1000) <= 21, "the tap arrived at \(time) ms")
  }

  /// A live run waits for a group's notify block that is due: the last `leave` counts it as work
  /// in flight until it has queued its steps. Before, the run could end between the two, and
  /// dispatch-group-city's UI update never ran in 1 of 6 to 1 of 3 runs.
  @Test func aRunWaitsForAGroupsNotifyThatIsDue() throws {
    let scenario = try TestSupport.scenario(named: "dispatch-group-city")
    var options = RunOptions()
    options.mode = .live
    options.scale = LiveScale.fastest
    for run in 1...10 {
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      let updates = result.values.first { $0.name == "uiUpdates" }?.value
      #expect(updates == .int(1), "run \(run): the notify block ran \(String(describing: updates))")
    }
  }

  /// A main-thread stall is the waiting a job did while it held main, in scenario time: a block
  /// on main is a stall of the block's length; a job of many steps and no wait is none, however
  /// long the interpreter took over them (a few milliseconds for 400 steps in a debug build).
  @Test func aMainStallIsTheWaitingAJobDidNotItsSteps() async throws {
    let steps = #"[{"set": "x", "to": 1}, {"log": "on main"}, {"add": "x"}]"#
    let json = """
      {"format": 1, "name": "stall", "state": {"x": 0},
       "steps": [{"repeat": 5, "steps": [{"onMain": \(steps)}, {"sleep": 10}]},
                 {"onMain": [{"repeat": 400, "steps": [{"add": "x"}]}]},
                 {"onMain": [{"block": 200}]}]}
      """
    let result = try await liveRun(json, scale: LiveScale.fastest) {
      abs($0.mainStall - 200) <= 1 + 4
    }
    #expect(abs(result.mainStall - 200) <= 5, "main stalled \(result.mainStall) ms")
    let busy = try await liveRun(
      json.replacingOccurrences(of: #"{"onMain": [{"block": 200}]}"#, with: #"{"log": "done"}"#),
      scale: LiveScale.fastest
    ) { _ in true }
    #expect(busy.mainStall == 0, "jobs of steps and no waits stalled main \(busy.mainStall) ms")
    #expect(busy.values.first { $0.name == "x" }?.value == .int(402))
  }
}

/// How a timed run is tried until its word counts (`TimedAttempts`).
struct TimedAttemptsTests {
  @Test func aMissOnAQuietMachineCountsAndThreeFail() {
    // No stall explains a miss: the third miss is the verdict.
    var attempts = TimedAttempts(explaining: .infinity, pause: 0)
    let result = attempts.run({ false }, settled: { $0 })
    #expect(result == false)
    #expect(attempts.made == TimedAttempts.counted)
    #expect(attempts.stalls.isEmpty && attempts.note == " · \(TimedAttempts.counted) tries")
  }

  @Test func aMissTheMachineExplainsDoesNotCountUpToTheLimit() {
    // Every stall explains a miss: the attempts end at the limit, and the note says so.
    var attempts = TimedAttempts(explaining: 0, pause: 0)
    _ = attempts.run({ false }, settled: { $0 })
    #expect(attempts.made == TimedAttempts.limit)
    #expect(attempts.stalls.count == TimedAttempts.limit)
    #expect(
      attempts.note.hasPrefix(
        " · \(TimedAttempts.limit) tries, \(TimedAttempts.limit) not counted: the machine"))
  }

  @Test func aStalledMissThatTheStallCoversPassesAtOnce() {
    // The machine stopped the run longer than it was late: that attempt is the verdict.
    var attempts = TimedAttempts(explaining: 0, pause: 0)
    let result = attempts.run({ false }, settled: { $0 }, allowing: { _, stall in stall >= 0 })
    #expect(result == true && attempts.made == 1 && attempts.stalls.isEmpty)
    #expect(attempts.allowed != nil)
    #expect(attempts.note.hasPrefix(" · within the tolerance with the "))
  }

  @Test func aStalledMissTheStallDoesNotCoverIsTriedAgain() {
    var attempts = TimedAttempts(explaining: 0, pause: 0)
    let result = attempts.run({ false }, settled: { $0 }, allowing: { result, _ in result })
    #expect(result == false && attempts.made == TimedAttempts.limit && attempts.allowed == nil)
  }

  @Test func aSettledResultEndsTheAttempts() {
    var attempts = TimedAttempts(explaining: .infinity, pause: 0)
    var made = 0
    let result = attempts.run(
      {
        made += 1
        return made
      }, settled: { $0 == 2 })
    #expect(result == 2 && attempts.made == 2)
  }

  @Test func anErrorEndsTheAttemptsAtOnce() {
    struct Refused: Error {}
    var attempts = TimedAttempts(explaining: 0, pause: 0)
    #expect(throws: Refused.self) {
      try attempts.run({ () throws(Refused) -> Bool in throw Refused() }, settled: { $0 })
    }
    #expect(attempts.made == 1)
  }

  @Test func theProbeMeasuresAWaitItSawAsLateness() {
    // The probe's own thread is what it measures; the stall it reports is real milliseconds,
    // finite and never negative, whatever the machine did meanwhile.
    let probe = StallProbe()
    usleep(20_000)
    let stall = probe.finish()
    #expect(stall.isFinite && stall >= 0 && stall < 20_000)
  }

  /// A wake that comes 30 ms late, as on a machine whose host took the processor, is reported
  /// as a stall of at least 30 ms, though every other wake was on time.
  @Test func aWakeThatCameLateIsTheStallReported() {
    let wakes = Atomic<Int>(0)
    let probe = StallProbe {
      let wake = wakes.add(1, ordering: .relaxed).newValue
      usleep(wake == 5 ? 31_000 : 1_000)
    }
    while wakes.load(ordering: .relaxed) < 8 { usleep(1_000) }
    let stall = probe.finish()
    #expect(stall >= 30, "\(stall)")
    #expect(stall < 30_000)
  }
}
