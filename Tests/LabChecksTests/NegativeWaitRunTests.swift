import LabChecks
import LabInterpreter
import LabTestSupport
import Testing

/// A computed negative sleep returns at once, as Swift's does: the trace says so, and no wait for
/// a thread is made up from a deadline that lies in the past.
@Suite struct NegativeWaitRunTests {
  @Test func aNegativeSleepWakesAtOnceWithNoReadyNote() throws {
    let scenario = try TestSupport.scenario("Tests/BadInputs/run-negative-times.json")
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem == nil)
    let sleep = try #require(result.events.first { $0.kind == .sleep })
    #expect(sleep.text.hasPrefix("-5 ms: Task.sleep(for: .milliseconds(-5)) returns at once"))
    let wake = try #require(result.events.first { $0.kind == .wake })
    #expect(!wake.text.contains("ready at"), "\(wake.text)")
    #expect(result.duration == 0)
  }
}
