import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A `Task.yield()` goes round the queue twice: its job is queued, and when a thread takes it,
/// the task is queued again, behind what was queued meanwhile (fact
/// yield-goes-round-the-queue-twice; the bundled scenario yield-goes-round-twice). The fidelity
/// fuzzer's alarm on seed 10 was this: a `Task.immediate` made on the pool yields in its first
/// part, its caller then makes a detached task, and natively the detached task ran first in 20 of
/// 20 rounds (fact task-immediate-yield-goes-behind-later-task), where the model continued the
/// yielded task in place and proved only the other order.
@Suite struct YieldRoundTripTests {
  /// The alarm, shrunk: `last` is 2 when the immediate task goes on after b, 3 when before.
  static let immediateYieldThenDetached = """
    { "format": 1, "threads": 2, "state": { "last": 0 },
      "steps": [
        { "task": "caller", "detached": true, "steps": [
          { "task": "a", "immediate": true, "steps": [
            { "withLock": "l", "steps": [ { "set": "last", "to": 1 } ] },
            { "yield": true },
            { "withLock": "l", "steps": [ { "set": "last", "to": 2 } ] } ] },
          { "task": "b", "detached": true, "steps": [
            { "withLock": "l", "steps": [ { "set": "last", "to": 3 } ] } ] },
          { "block": 50 },
          { "awaitTask": "a" },
          { "awaitTask": "b" } ] },
        { "awaitTask": "caller" } ] }
    """

  @Test func theDefaultRunShowsTheNativeOrder() throws {
    let scenario = try TestSupport.scenario(json: Self.immediateYieldThenDetached)
    let record = ScenarioRunner.run(scenario, options: RunOptions())
    let last = record.values.first { $0.name == "last" }?.value
    #expect(last == .int(2), "\(record.values)")
  }

  /// Natively the yielded task went on first when its caller waited before making b (10 of 10
  /// with a 30 ms spin first): the proof holds both orders.
  @Test func theSearchProvesBothOrders() throws {
    let scenario = try TestSupport.scenario(json: Self.immediateYieldThenDetached)
    let searched = TestSupport.searchedValues(scenario, ["last"], reduction: .optimal)
    #expect(searched.complete)
    #expect(searched.values == [["2"], ["3"]], "\(searched.values)")
  }

}
