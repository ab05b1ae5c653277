import LabChecks
import LabInterpreter
import LabModel
import LabPictures
import LabTestSupport
import Testing

/// When every event of a run happens at one millisecond (a race, yields), the timeline counts
/// events instead of milliseconds, so the interleaving shows.
@Suite struct TimelineStepAxisTests {
  @Test func aRaceAtOneMillisecondIsDrawnOneEventAColumn() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.duration == 0)
    let picture = Timeline.render(
      result, options: Timeline.Options(width: 80, unicode: false, taskRows: true))
    let lines = picture.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("step") == true, "\(picture)")
    #expect(picture.contains("1 column = 1 event of the trace, in order"))
    // Each child's bar starts where its first event is, and the two overlap: interleaved.
    let first = try #require(lines.first { $0.hasPrefix("adders[1]") })
    let second = try #require(lines.first { $0.hasPrefix("adders[2]") })
    let start = { (row: String) in row.dropFirst(12).firstIndex { $0 != " " } }
    let end = { (row: String) in row.lastIndex { $0 != " " } }
    #expect(try #require(start(first)) < #require(start(second)))
    #expect(try #require(start(second)) < #require(end(first)))
  }

  @Test func aRunThatTakesTimeKeepsItsMillisecondAxis() throws {
    let scenario = try TestSupport.scenario(named: "async-let-downloads")
    let picture = Timeline.render(ScenarioRunner.runAndCheck(scenario))
    #expect(picture.hasPrefix("ms "))
  }
}
