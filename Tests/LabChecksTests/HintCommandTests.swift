import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

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

/// An expected trace is committed and read on other machines: recorded from a course, where the
/// lab's docs are a path of this machine, its header names them by name; the argument it quotes
/// is one shell word, so a path with a line break cannot add a line to the file.
struct RecordingHeaderTests {
  @Test func aCoursesRecordingNamesTheLabsDocsByNameNotByThisMachinesPath() throws {
    let scenario = try TestSupport.scenario(named: "async-let-downloads")
    let result = ScenarioRunner.runAndCheck(scenario)
    let course = HintCommand("lab", docs: "/home/someone/lab/docs/")
    let argument = "my course/x\ny.json"
    let one = Recording(result, argument: argument, hints: course).text
    let many = try Recording(
      [result], labels: ["seed 1"], scenario: scenario, argument: argument, seeds: 1,
      policies: [.random], hints: course
    ).text
    for text in [one, many] {
      let header = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
      #expect(header.count == 4, "\(header)")
      #expect(header.last == "# see ConcurrencyLab's docs/expected-traces.md.", "\(header)")
      #expect(!text.contains("/home/someone"))
      #expect(header.joined().contains(#"$'my course/x\ny.json'"#), "\(header)")
    }
    // Inside the lab's own folder the docs are its own.
    let own = Recording(result, argument: "x", hints: HintCommand("lab")).text
    #expect(own.contains("# see docs/expected-traces.md.\n"))
  }
}
