import LabChecks
import Testing

/// The replay command after a failed run names the scenario as it was given: a path stays a path.
@Suite struct ReplayHintTests {
  @Test func replayHintRepeatsThePathAsGiven() {
    let path = "Tests/BadInputs/run-task-awaits-itself.json"
    let (status, out, _) = InProcessLab.run(["run", path])
    #expect(status == 1)
    #expect(out.contains("replay: lab run \(path) --seed 1"), "\(out.suffix(300))")
    let timeline = InProcessLab.run(["run", path, "--timeline", "--seed", "2"])
    #expect(timeline.out.contains("replay: lab run \(path) --seed 2"))
  }

  @Test func replayHintQuotesWhatTheShellWouldSplit() {
    #expect(shellWord("Scenarios/a-b/c_d.json") == "Scenarios/a-b/c_d.json")
    #expect(shellWord("my files/x.json") == "'my files/x.json'")
    #expect(shellWord("it's.json") == #"'it'\''s.json'"#)
  }
}
