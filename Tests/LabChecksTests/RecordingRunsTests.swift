import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// `lab record --seeds K` keeps one run per distinct trace, so its memory grows with what the
/// file must hold and not with K, and it stops within its time.
struct RecordingRunsTests {
  @Test func aTraceThatRepeatsIsKeptOnceAndTheKeptOnesCoverEveryRun() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let runs = Recording.runs(scenario, seeds: 20, policies: SchedulingPolicy.allCases)
    #expect(runs.made == 41)
    #expect(runs.results.count == runs.labels.count)
    #expect(runs.results.count < runs.made, "racy-counter repeats its traces across 40 seeds")
    for (index, kept) in runs.results.enumerated() {
      #expect(!runs.results[..<index].contains { $0.events == kept.events })
    }
    for seed in 1...20 {
      for policy in SchedulingPolicy.allCases {
        var options = RunOptions()
        options.seed = UInt64(seed)
        options.policy = policy
        let run = ScenarioRunner.runAndCheck(scenario, options: options)
        #expect(runs.results.contains { $0.events == run.events }, "seed \(seed) \(policy)")
      }
    }
    #expect(runs.stopped == nil)
  }

  @Test func runsStopWhenTheirTimeIsSpent() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let start = ContinuousClock.now
    let runs = Recording.runs(
      scenario, seeds: 100_000, policies: SchedulingPolicy.allCases, maxSeconds: 0.2)
    #expect(runs.stopped == .time(0.2))
    #expect(runs.made < 200_001)
    #expect(ContinuousClock.now - start < .seconds(5))
  }

  /// Traces that all differ stop the runs once they hold the most events kept: a 24,000-event
  /// race kept 428 MB in 40 s before there was a bound.
  @Test func runsStopWhenTheTracesKeptHoldTheirMostEvents() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let runs = Recording.runs(
      scenario, seeds: 100_000, policies: SchedulingPolicy.allCases, maxKeptEvents: 200)
    #expect(runs.stopped == .memory)
    #expect(runs.keptEvents >= 200)
    #expect(runs.keptEvents < 200 + runs.results.map(\.events.count).max()!)
  }

  /// A log with a tab, a line break or an escape in an any-order block is written as one run's
  /// recording writes it: the many-seed file broke on them
  /// ("does not match … write the file by hand"; held-out round 33).
  @Test(arguments: ["a\\tb", "a\\nb", "x\\u001b[2J\\u202e"])
  func textThatMustBeEscapedIsGeneralized(_ log: String) throws {
    let scenario = try TestSupport.scenario(
      json: #"{ "format": 1, "name": "escaped", "threads": 2, "steps": [ { "group": "g", "#
        + #""count": 3, "steps": [ { "log": "\#(log)" } ] } ] }"#)
    let runs = Recording.runs(scenario, seeds: 3, policies: SchedulingPolicy.allCases)
    let recording = try Recording(
      runs.results, labels: runs.labels, scenario: scenario, argument: "escaped", seeds: 3,
      policies: SchedulingPolicy.allCases, hints: HintCommand("lab"), runsMade: runs.made)
    #expect(recording.text.contains("any order {"), "\(recording.text)")
    #expect(!recording.text.unicodeScalars.contains { $0 == "\t" || $0 == "\u{1B}" })
  }
}
