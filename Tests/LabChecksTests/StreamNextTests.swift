import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// `streamNext`: one value of a stream outside a loop, `await iterator.next() ?? orElse`, from
/// an iterator that reads the stream's one buffer (docs/runtimes.md, "Async streams, measured").
@Suite struct StreamNextTests {
  static func value(_ name: String, _ result: RunResult) -> Value? {
    result.values.first { $0.name == name }?.value
  }

  @Test func theBundledScenarioTakesOneValueThenTheLoopTheRestOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "stream-next")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(Self.value("first", result) == .int(1), "\(label)")
      #expect(Self.value("rest", result) == .list([.int(2), .int(3)]), "\(label)")
      #expect(Self.value("afterTheEnd", result) == .int(-1), "\(label)")
      #expect(
        result.events.contains { $0.text == "last = -1: next() gave nil, stream prices finished" },
        "\(label)")
    }
  }

  /// A consumer cancelled while it waits in `next()` gets `orElse` at once: cancelling it
  /// terminates the stream, as it ends a `for await` loop.
  @Test func aCancelledConsumerGetsItsOrElse() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "streams": { "s": "unbounded" }, "state": { "got": 0 }, "steps": [
          { "task": "reader", "steps": [
            { "streamNext": "s", "as": "v", "orElse": -7 }, { "set": "got", "to": "v" } ] },
          { "sleep": 10 }, { "cancel": "reader" }, { "awaitTask": "reader" },
          { "streamYield": "s", "value": 1 } ] }
        """)
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(result.problem == nil, "\(label): \(result.problem ?? "")")
      #expect(Self.value("got", result) == .int(-7), "\(label)")
      #expect(
        result.events.contains {
          $0.text == "v = -7: next() gave nil, stream s terminated by cancelling its consumer"
        }, "\(label)")
      #expect(result.events.contains { $0.text == "stream s: yield(1) → .terminated" }, "\(label)")
    }
  }

  /// Two consumers each take one value of a stream that gets one: either may get it, and the
  /// other its `orElse`. The search finds both outcomes, with and without reduction.
  @Test func twoConsumersRaceForOneValueAndTheSearchSeesBoth() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "threads": 2, "streams": { "s": "unbounded" },
          "state": { "a": 0, "b": 0 }, "steps": [
          { "task": "ta", "steps": [
            { "streamNext": "s", "as": "v", "orElse": -1 }, { "set": "a", "to": "v" } ] },
          { "task": "tb", "steps": [
            { "streamNext": "s", "as": "v", "orElse": -1 }, { "set": "b", "to": "v" } ] },
          { "streamYield": "s", "value": 1 }, { "streamFinish": "s" },
          { "awaitTask": "ta" }, { "awaitTask": "tb" } ] }
        """)
    for reduction in [ExhaustiveSearch.Reduction.none, .optimal] {
      let searched = TestSupport.searchedValues(scenario, ["a", "b"], reduction: reduction)
      #expect(searched.complete, "\(reduction)")
      #expect(searched.values == [["1", "-1"], ["-1", "1"]], "\(reduction): \(searched.values)")
    }
  }
}
