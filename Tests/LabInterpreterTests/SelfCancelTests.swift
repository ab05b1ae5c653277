import Foundation
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// A task that cancels itself by name finds itself from its first step: its name is reserved
/// before it can run, so a live pool that starts it before `Task { }` returns its handle does not
/// make "no task t2 yet: nothing to cancel" (it did in about one live run in three).
@Suite(.serialized) struct SelfCancelTests {
  static let json = """
    {"format": 1, "name": "self-cancel", "title": "A task that cancels itself", "steps": [
      {"task": "t2", "steps": [
        {"cancel": "t2"},
        {"if": "isCancelled", "then": [{"log": "cancelled myself"}], "else": [{"log": "missed"}]}]},
      {"awaitTask": "t2"}]}
    """

  /// `Task.immediate` runs its first steps before `Task { }` returns, on every runtime: the
  /// ordering a live pool only sometimes gives.
  static let immediate = json.replacingOccurrences(
    of: #"{"task": "t2", "steps""#, with: #"{"task": "t2", "immediate": true, "steps""#)

  static func texts(_ run: RunRecord) -> [String] {
    run.events.map { "\($0.task) \($0.payload.text)" }
  }

  @Test(arguments: [json, immediate])
  func theVirtualRuntimeCancelsTheTaskItselfOnEverySeed(_ json: String) throws {
    let scenario = try TestSupport.scenario(json: json)
    for seed in 1...20 {
      var options = RunOptions()
      options.seed = UInt64(seed)
      let run = ScenarioRunner.run(scenario, options: options)
      let texts = Self.texts(run)
      #expect(texts.contains("t2 task t2"), "seed \(seed): \(texts)")
      #expect(texts.contains("t2 cancelled myself"), "seed \(seed): \(texts)")
      #expect(!texts.contains { $0.contains("nothing to cancel") }, "seed \(seed)")
    }
  }

  @Test func liveRunsCancelTheTaskItselfEveryTime() throws {
    let scenario = try TestSupport.scenario(json: Self.json)
    var options = RunOptions()
    options.mode = .live
    for attempt in 1...30 {
      let run = ScenarioRunner.run(scenario, options: options)
      let texts = Self.texts(run)
      #expect(texts.contains("t2 cancelled myself"), "live run \(attempt): \(texts)")
      #expect(!texts.contains { $0.contains("nothing to cancel") }, "live run \(attempt)")
    }
  }
}
