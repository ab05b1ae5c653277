import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// A stream's `onTermination` (Scenarios/18-streams/stream-termination), as measured: once,
/// synchronously, inside the `finish()` or the consumer's `cancel()` that ends the stream, and
/// never when set after the end. Its live run is `LiveStreamTests`'.
@Suite struct StreamTerminationTests {
  @Test func theHandlerRunsInsideTheCallThatEndsTheStreamOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "stream-termination")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let texts = TestSupport.taskLines(result)
      let finished = texts.firstIndex(
        of: "root: stream prices: onTermination(.finished) runs inside root's finish()")
      let returned = texts.firstIndex(of: "root: finish() returned")
      let firstValue = texts.firstIndex(of: "reader: price = 1 from stream prices")
      let cancelled = texts.firstIndex(
        of: "root: stream ticks: onTermination(.cancelled) runs inside root's cancel()")
      let loopEnded = texts.firstIndex(of: "ticker: the ticker's loop ended")
      #expect(texts.contains("root: prices ended: finished"), "\(label)")
      #expect(texts.contains("root: ticks ended: cancelled"), "\(label)")
      if let finished, let returned, let firstValue, let cancelled, let loopEnded {
        #expect(finished < returned && finished < firstValue, "\(label)")
        #expect(cancelled < loopEnded, "\(label)")
      } else {
        Issue.record("\(label): an event is missing: \(texts)")
      }
      #expect(texts.filter { $0.contains("onTermination(.") }.count == 2, "\(label)")
    }
  }

  @Test func aHandlerSetAfterTheEndNeverRuns() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "t", "title": "t", "summary": "s", "streams": { "s": "unbounded" },
          "steps": [ { "streamFinish": "s" },
            { "onTermination": "s", "steps": [ { "log": "too late" } ] }, { "log": "done" } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    #expect(result.record.problem == nil)
    #expect(TestSupport.taskLines(result).contains("root: stream s: onTermination set"))
    #expect(
      !TestSupport.taskLines(result).contains { $0.contains("too late") || $0.contains("runs") })
  }

  @Test func theProgramSetsTheHandlerAndCompiles() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "stream-termination"))
    #expect(program.contains("pricesContinuation.onTermination = { reason in"), "\(program)")
    #expect(program.contains(#"let termination = "\(reason)""#), "\(program)")
    try TestSupport.expectCompiles("stream-termination")
  }
}
