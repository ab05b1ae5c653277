import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// Inputs arrive one at a time, each after its own sleep, as the scenario's Swift program sends
/// them (fact same-moment-inputs-arrive-one-at-a-time): between two inputs due at one moment,
/// main can run the first one's handler and a task it starts. Before, both handlers were queued
/// on main at once, and a search proved the one order natively rare.
@Suite struct SameMomentInputsTests {
  /// A save tap and a frame at 0 ms: save's handler starts a task on main that sets `isSaving`;
  /// the frame's handler reads it.
  static let tapAndFrame = """
    { "format": 1, "threads": 2, "state": { "isSaving": false, "frameSaw": false },
      "inputs": [ { "at": 0, "tap": "save" }, { "at": 0, "tap": "frame" } ],
      "handlers": {
        "save": { "steps": [ { "task": "saving", "steps": [ { "set": "isSaving", "to": true } ] } ] },
        "frame": { "steps": [ { "set": "frameSaw", "to": "isSaving" } ] } },
      "steps": [] }
    """

  private static func frameSaw(_ values: [NamedValue]) -> Value? {
    values.first { $0.name == "frameSaw" }?.value
  }

  private static func frameSaw(_ values: [(name: String, value: Value)]) -> Value? {
    values.first { $0.name == "frameSaw" }?.value
  }

  @Test func theSearchFindsTheFrameBeforeAndAfterTheTask() throws {
    let scenario = try TestSupport.scenario(json: Self.tapAndFrame)
    let findings = ExhaustiveSearch(
      scenario, options: RunOptions(), budget: ExhaustiveSearch.Budget(maxSchedules: 1_000)
    ).run()
    #expect(findings.complete)
    let seen = Set(findings.outcomes.compactMap { Self.frameSaw($0.outcome.values) })
    #expect(seen == [.bool(false), .bool(true)], "\(seen)")
  }

  @Test func seededRunsTakeBothOrders() throws {
    let scenario = try TestSupport.scenario(json: Self.tapAndFrame)
    var seen: Set<Value> = []
    for seed in UInt64(1)...20 {
      var options = RunOptions()
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      if let value = Self.frameSaw(record.values) { seen.insert(value) }
    }
    #expect(seen == [.bool(false), .bool(true)], "\(seen)")
  }

  /// The user's task runs on a pool of its own, as the program's detached task runs on Swift's
  /// global pool: a scenario pool held by blocking work does not delay an input.
  @Test func aBlockedPoolDoesNotDelayAnInput() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "threads": 1, "state": { "tapped": false },
          "inputs": [ { "at": 100, "tap": "tap" } ],
          "handlers": { "tap": { "steps": [ { "set": "tapped", "to": true } ] } },
          "steps": [ { "task": "busy", "steps": [ { "block": 500 } ] } ] }
        """)
    let record = ScenarioRunner.run(scenario, options: RunOptions())
    let arrival = record.events.first {
      if case .input(.arrives) = $0.payload { true } else { false }
    }
    #expect(arrival?.time == 100, "\(record.events)")
  }
}
