import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A `Task.immediate` made on the pool whose first step calls an idle actor: the call is queued,
/// not run in place, so the caller's next step may come before the method (fact
/// task-immediate-from-pool-hop-to-idle-actor-is-queued). The fidelity fuzzer's alarm on seed
/// 12, scenario 4: natively the caller went first in 20 of 20 runs, and none of 10,000 seeded
/// runs of the model did, where the call ran in place and the task went on to its next
/// suspension first.
@Suite struct ImmediateHopTests {
  static let path = "Scenarios/15-isolation/task-immediate-hop-to-actor.json"

  private static func order(_ values: [(name: String, value: Value)]) -> String? {
    values.first { $0.name == "order" }?.value.text
  }

  @Test func seededRunsLetTheCallerGoOnFirst() throws {
    let scenario = try TestSupport.scenario(Self.path)
    var seen: Set<String> = []
    for seed in UInt64(1)...20 {
      var options = RunOptions()
      options.seed = seed
      if let order = Self.order(ScenarioRunner.run(scenario, options: options).values) {
        seen.insert(order)
      }
    }
    #expect(seen.contains(#"["caller", "method", "after the call"]"#), "\(seen)")
  }

  @Test func theSearchProvesTheThreeOrders() throws {
    let scenario = try TestSupport.scenario(Self.path)
    let searched = TestSupport.searchedValues(scenario, ["order"], reduction: .optimal)
    #expect(searched.complete)
    #expect(searched.values.count == 3, "\(searched.values)")
  }

}
