import Foundation
import LabChecksTestSupport
import LabNativeTestSupport
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime
@testable import LabSwift

/// `expect.problem`: scenarios that show what goes wrong stop, and pass only when they stop with
/// the words they name.
@Suite struct ExpectedProblemTests {
  /// The bundled deadlock scenario, with its `expect` block replaced (as text: step objects are
  /// ordered, which a JSON round trip would not keep).
  private func queueSyncDeadlock(expect: String) throws -> Scenario {
    let url = TestSupport.packageRoot.appendingPathComponent(
      "Scenarios/13-dispatch/queue-sync-deadlock.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    let start = try #require(text.range(of: "\"expect\":"))
    return try TestSupport.scenario(json: text[..<start.lowerBound] + "\"expect\": \(expect)}")
  }

  @Test func aStopPassesOnlyWhenTheScenarioExpectsIt() throws {
    let expected = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(named: "queue-sync-deadlock"))
    #expect(expected.problem?.contains("from a work item of serial queue store") == true)
    #expect(expected.passed)
    #expect(
      expected.checks.map(\.actual).contains(
        "stopped: …store.sync { … } from a work item of serial queue store…"))

    // The same run with nothing expected of its stop fails, as every problem does.
    let unexpected = ScenarioRunner.runAndCheck(try queueSyncDeadlock(expect: "{}"))
    #expect(unexpected.problem != nil)
    #expect(!unexpected.passed)
  }

  @Test func otherWordsFailWithTheWholeProblem() throws {
    let result = ScenarioRunner.runAndCheck(
      try queueSyncDeadlock(expect: #"{"problem": "was resumed twice"}"#))
    let check = try #require(result.checks.first { $0.name == "problem" })
    #expect(!check.passed)
    #expect(check.expected == "the run stops with a problem saying 'was resumed twice'")
    #expect(check.actual.hasPrefix("stopped at 10 ms: store.sync { … }"))
    #expect(!result.passed)
  }

  @Test func aRunThatFinishesFailsTheCheck() throws {
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "steps": [{"sleep": 10}], "expect": {"problem": "deadlock"}}"#)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem == nil)
    #expect(result.checks.map(\.actual) == ["it finished without a problem"])
    #expect(!result.passed)
  }

  @Test func aNativeRunPassesWhenTheRealProgramStops() throws {
    let expect = try expectations(#"{"problem": "resumed twice"}"#)
    let crashed = run(
      [event(0, "thread-1", "root", .start)], mode: .native, end: .finished,
      problem: "the program crashed: killed by SIGILL at about 105.7 ms, after 8 events")
    #expect(ExpectationChecker.check(expect, against: crashed.record, tolerance: nil)[0].passed)
    let finished = run([event(0, "thread-1", "root", .start)], mode: .native)
    #expect(!ExpectationChecker.check(expect, against: finished.record, tolerance: nil)[0].passed)
  }

  @Test func everySeedAndTheLiveRunStopTheSameWay() async throws {
    for name in ["queue-sync-deadlock", "continuation-resumed-twice", "continuation-never-resumed"]
    {
      let scenario = try TestSupport.scenario(named: name)
      TestSupport.passingRunsOnEverySeed(scenario, "\(name) ")
      let live = await TestSupport.liveRunPassing(scenario)
      #expect(live.passed, "\(name) live: \(live.problem ?? "finished")")
    }
  }

  /// A stop where Swift would stop the program is the same in every build; only a limit's stop
  /// tells how much memory the lab took, which differs from build to build (CI compares the
  /// debug and release JSON of every bundled scenario byte for byte).
  @Test func onlyALimitsStopTellsTheLabsMemory() throws {
    let misuse = ScenarioRunner.run(try TestSupport.scenario(named: "queue-sync-deadlock"))
    #expect(misuse.problem?.hasSuffix("use \"dispatch\" without \"sync\"") == true)
    var options = RunOptions()
    options.limits.runtime.maxTime = 50
    let limit = ScenarioRunner.run(
      try TestSupport.scenario(json: #"{"format": 1, "steps": [{"sleep": 100}]}"#),
      options: options)
    #expect(limit.problem?.contains("(by then the lab's memory had peaked at ") == true)
  }

  @Test(arguments: [
    (#"3"#, "not an integer"), (#""  ""#, "not a blank string"), (#"[]"#, "not an array"),
  ])
  func theWordsAreANonBlankString(json: String, shown: String) {
    let diagnostics = TestSupport.diagnostics(
      json: #"{"format": 1, "steps": [], "expect": {"problem": "# + json + "}}")
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.contains(
        "'problem' is words the run's problem must contain, such as \"resumed twice\", \(shown)")
        == true, "\(diagnostics)")
  }

  /// A function on its caller's executor that never suspends is a plain synchronous function,
  /// so a Dispatch work item can call it — and the program traps as the lab says it would.
  @Test func aSynchronousFunctionIsWrittenWithoutAsync() throws {
    let source = try SwiftProgram.generate(try TestSupport.scenario(named: "queue-sync-deadlock"))
    #expect(source.contains("\nfunc save() {\n"))
    #expect(source.contains("    save()\n"))
    try TestSupport.expectCompiles("queue-sync-deadlock")
  }
}
