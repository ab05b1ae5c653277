import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel

/// The checks print commands to paste with the words they are given, never with words of their
/// own: the command line decides how the lab is started, the reports only say it.
struct HintCommandTests {
  static let given = HintCommand("./lab")

  @Test func aFailedRunsReplayStartsWithTheGivenWords() throws {
    var options = RunOptions()
    options.threads = 2
    let result = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(named: "async-let-downloads"), options: options)
    #expect(!result.passed)
    let report = TraceText.report(result, replaying: "async-let-downloads", hints: Self.given)
    #expect(report.contains("\nreplay: ./lab run async-let-downloads --seed 1 --threads 2"))
    #expect(!report.contains("replay: lab "))
  }

  @Test func aScheduleProblemNamesTheCommandsWithTheGivenWords() {
    #expect(
      Schedule.Problem.damaged.message(hints: Self.given).hasSuffix(
        "copy it whole from './lab explore NAME --exhaustive' or './lab run NAME --show-schedule'"))
    #expect(
      Schedule.Problem.otherScenario.message(hints: Self.given).hasSuffix(
        "make one for this one with './lab explore NAME --exhaustive'"))
  }

  @Test func anExhaustiveSearchsReplaysStartWithTheGivenWords() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: .init()).run()
    let json = findings.json(
      argument: "racy-counter", threads: scenario.threads, rules: scenario.expect.outcomes,
      hints: Self.given)
    #expect(json.contains("\"replay\": \"./lab run racy-counter --schedule "))
    #expect(!json.contains("\"replay\": \"lab "))
  }
}
