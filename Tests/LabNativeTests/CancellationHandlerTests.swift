import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabTestSupport
import Testing

/// `withTaskCancellationHandler`, as measured (docs/runtimes.md, "Cancellation handlers,
/// measured"): the handler runs inside the canceller's `cancel()`, on its thread, before the call
/// returns, while the operation goes on; a task cancelled before it installs the handler runs it
/// first.
@Suite struct CancellationHandlerTests {
  @Test func theHandlerRunsInsideTheCancellersCallOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "cancellation-handler")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      let events = result.events
      let cancel = try #require(
        events.firstIndex { $0.kind == .cancel && $0.text == "task download" }, "\(label)")
      let handler = events[cancel + 1]
      #expect(handler.text == "onCancel of download runs inside root's cancel()", "\(label)")
      #expect(handler.task == "root" && handler.thread == events[cancel].thread, "\(label)")
      #expect(handler.time == 100, "\(label)")
      // The handler's own steps come before cancel() returns.
      let returned = try #require(events.firstIndex { $0.text == "cancel() returned" })
      #expect(events[cancel..<returned].contains { $0.text.hasPrefix("onCancel: tell") })
      // The operation's block was not interrupted: the download ends at 500 ms.
      #expect(events.last { $0.task == "download" }?.time == 500, "\(label)")
      #expect(result.passed, "\(label): \(result.problem ?? "a check failed")")
    }
  }

  @Test func aTaskCancelledBeforeItInstallsTheHandlerRunsItFirst() throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "cancellation-handler"))
    let late = result.events.filter { $0.task == "late" }.map(\.text)
    let handler = try #require(late.firstIndex(of: "onCancel of late runs at once"))
    let operation = try #require(late.firstIndex(of: "the operation runs after the handler"))
    #expect(handler < operation)
  }

  /// Cancelling a group's remaining children (`cancelAfter`) runs their handlers inside the
  /// parent's `cancelAll()`.
  @Test func cancelAllRunsTheChildrensHandlersInTheParent() throws {
    let scenario = try TestSupport.scenario(
      json: #"""
        {"format": 1, "threads": 2, "steps": [
          {"group": "race", "count": 2, "as": "n", "collect": "results", "cancelAfter": 1,
           "steps": [{"onCancel": [{"log": "stop {n}"}],
                      "steps": [{"if": "n == 1", "then": [{"sleep": 10}], "else": [{"block": 50}]}]},
                     {"return": "n"}]}
        ]}
        """#)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem == nil)
    let handler = try #require(
      result.events.first { $0.text == "onCancel of race[2] runs inside root's cancel()" })
    #expect(handler.task == "root" && handler.time == 10)
    #expect(result.events.contains { $0.task == "root" && $0.text == "stop 2" })
  }

  @Test func theProgramCompilesInSwift6Mode() throws {
    try TestSupport.expectCompiles("cancellation-handler")
  }
}
