import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A live run judged again with the time the machine stopped it allowed (`RunResult.allowing`).
struct StallAllowanceTests {
  /// Ends at 150 ms with `x` 1: its duration and its value are both checked.
  static let json = """
    {"format": 1, "name": "late", "state": {"x": 0},
     "steps": [{"sleep": 150}, {"set": "x", "to": 1}],
     "expect": {"duration": 100, "values": {"x": 2}}}
    """

  func missed(scale: Double? = nil) throws -> (RunResult, Scenario) {
    let scenario = try TestSupport.scenario(json: Self.json)
    var result = ScenarioRunner.runAndCheck(scenario)
    result.record.scale = scale
    result.checks = ExpectationChecker.check(
      scenario.expect, against: result.record, tolerance: .live)
    return (result, scenario)
  }

  func duration(_ result: RunResult) -> CheckResult? {
    result.checks.first { $0.name == "duration" }
  }

  @Test func aStallAsLongAsTheMissCoversATimeButNotAValue() throws {
    let (result, scenario) = try missed()
    #expect(duration(result)?.passed == false)
    // 150 for 100 ± 3 ms: 47 ms more are needed.
    let covered = result.allowing(stall: 47, scenario.expect, tolerance: .live)
    #expect(duration(covered)?.passed == true)
    #expect(duration(covered)?.expected == duration(result)?.expected, "the expectation as written")
    #expect(covered.checks.first { $0.name == "values.x" }?.passed == false)
    #expect(!covered.passed)
    let short = result.allowing(stall: 46, scenario.expect, tolerance: .live)
    #expect(duration(short)?.passed == false)
  }

  @Test func theStallIsScaledAsTheRunsTimesWere() throws {
    // At scale 0.5 a real millisecond is two of the scenario's.
    let (result, scenario) = try missed(scale: 0.5)
    #expect(
      duration(result.allowing(stall: 23.5, scenario.expect, tolerance: .live))?.passed == true)
    #expect(
      duration(result.allowing(stall: 23, scenario.expect, tolerance: .live))?.passed == false)
  }
}
