import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A native outcome outside a sample of the model is looked for before it is called the model's
/// miss (`ProvenOutcomes.schedule(reaching:)`). Generated scenario 1 of the fidelity fuzzer's
/// seed 1: p1 appends under a lock, calls an actor, appends again; p2, on main, appends twice.
/// Native runs on a loaded machine end now and then with p2's two between p1's two (2 of 150
/// beside a busy process; 1 of 5 in a CI run); 10,000 seeded runs of the model never did (p2
/// must take eight turns in a row), which made the fuzzer raise an alarm that was the sample's,
/// not the model's.
struct RareOutcomeSearchTests {
  static let json = """
    {"format": 1, "name": "rare-order", "isolation": "concurrent", "threads": 2,
     "state": {"order": []},
     "actors": {"Store": {"state": {"n": 0}, "methods": {"bump": {"steps": [{"add": "n"}]}}}},
     "steps": [
      {"task": "p1", "steps": [
        {"withLock": "orderLock", "steps": [{"add": "order", "value": "['p1.1']"}]},
        {"actorCall": "Store.bump"},
        {"withLock": "orderLock", "steps": [{"add": "order", "value": "['p1.2']"}]}]},
      {"task": "p2", "isolation": "main", "steps": [
        {"withLock": "orderLock", "steps": [{"add": "order", "value": "['p2.1']"}]},
        {"withLock": "orderLock", "steps": [{"add": "order", "value": "['p2.2']"}]}]},
      {"awaitTask": "p1"}, {"awaitTask": "p2"}]}
    """

  static func order(_ names: [String]) -> Outcome {
    Outcome(
      values: [NamedValue("order", .list(names.map(Value.string)))], race: false, ending: .finished)
  }

  @Test func anOrderSeededRunsMissIsFoundAndReplays() throws {
    let scenario = try TestSupport.scenario(json: Self.json)
    let rare = Self.order(["p1.1", "p2.1", "p2.2", "p1.2"])
    let sampled = ProvenOutcomes.search(
      scenario, budget: ProvenOutcomes.budget(schedules: 0, seconds: 0)
    )
    .addingSeededOutcomes(of: scenario, seeds: 1...500)
    #expect(!sampled.outcomes.contains(rare), "seeded runs now reach it: pick a rarer order")
    let budget = ChallengeSearch.Budget(maxRuns: 2_000, maxChoices: 2, maxSeconds: 30)
    guard
      case .par(let choices, let schedule) = sampled.schedule(
        reaching: rare, of: scenario, budget: budget)
    else {
      Issue.record("no schedule found to \(rare)")
      return
    }
    #expect(choices == 1)
    let record = try #require(TestSupport.replay(schedule, of: scenario))
    #expect(Outcome(of: record, observingFirst: false) == rare)
  }

  /// p1 appends p1.2 after p1.1 in every schedule: no search clears an order that says otherwise.
  @Test func anOrderNoScheduleTakesIsNotFound() throws {
    let scenario = try TestSupport.scenario(json: Self.json)
    let impossible = Self.order(["p1.2", "p1.1", "p2.1", "p2.2"])
    let budget = ChallengeSearch.Budget(maxRuns: 2_000, maxChoices: 2, maxSeconds: 30)
    let verdict = ProvenOutcomes.search(
      scenario, budget: ProvenOutcomes.budget(schedules: 0, seconds: 0)
    )
    .schedule(reaching: impossible, of: scenario, budget: budget)
    #expect(verdict == .tooFar(maxChoices: 2) || verdict == .unreachable, "\(verdict)")
  }
}
