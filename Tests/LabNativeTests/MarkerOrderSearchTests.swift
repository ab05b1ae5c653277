import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// The guided search the fidelity fuzzer clears a native order with when the challenge search's
/// departures run out. Generated scenario 2 of seed 1: two taps due at 0 ms whose handlers run
/// on main, a task, and a group of two children that hop to main. A native run (1 of 40, beside
/// a busy thread) handled the first tap only after eight markers of the others, the second
/// after two more: the model's user can wait that long — its arrival is a candidate at every
/// turn — but the default order takes it at once, so only ten departures or more reach it.
struct MarkerOrderSearchTests {
  static let native = [
    "root.1", "p1.1", "p1.2", "p1.3", "p2.1", "p2.1", "p2.2", "p2.3", "tap1.1", "tap1.2", "p2.2",
    "p2.3", "tap2.1",
  ]

  static func order(_ names: [String]) -> Outcome {
    Outcome(
      values: [NamedValue("order", .list(names.map(Value.string)))], race: false,
      ending: .finished)
  }

  static func scenario() throws -> Scenario {
    var generator = FidelityScenarios(seed: 1)
    _ = generator.scenario(0)
    _ = generator.scenario(1)
    return try TestSupport.scenario(json: generator.scenario(2), file: "fidelity-2.json")
  }

  @Test func aTapHandledLateIsFoundAndReplays() throws {
    let scenario = try Self.scenario()
    #expect(scenario.inputs.count == 2, "the generator changed: find the scenario again")
    let target = Self.order(Self.native)
    // Two departures from the default order do not reach it.
    let near = ChallengeSearch.Budget(maxRuns: 2_000, maxChoices: 2, maxSeconds: 10)
    let proven = ProvenOutcomes.search(
      scenario, budget: ProvenOutcomes.budget(schedules: 0, seconds: 0))
    let verdict = proven.schedule(reaching: target, of: scenario, budget: near)
    #expect(verdict == .tooFar(maxChoices: 2) || verdict == .unknown, "\(verdict)")
    let schedule = try #require(MarkerOrderSearch(scenario: scenario, target: target).schedule())
    let identity = Schedule.identity(of: scenario, threads: nil)
    guard case .success(let parsed) = Schedule.parse(schedule, scenario: identity) else {
      Issue.record("\(schedule) does not parse")
      return
    }
    var options = RunOptions()
    options.chooser = parsed.replay().0
    let record = ScenarioRunner.run(scenario, options: options)
    #expect(Outcome(of: record, observingFirst: false).values == target.values)
  }

  /// The second tap's handler runs after the first's in every schedule: not found.
  @Test func anOrderNoScheduleTakesIsNotFound() throws {
    var swapped = Self.native
    swapped.swapAt(8, 12)
    var search = MarkerOrderSearch(scenario: try Self.scenario(), target: Self.order(swapped))
    search.maxSeconds = 5
    #expect(search.schedule() == nil)
  }
}
