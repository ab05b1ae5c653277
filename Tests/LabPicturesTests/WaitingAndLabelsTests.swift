import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabPictures

/// Pictures draw waiting as waiting and label what ran: a task queued behind a busy actor holds
/// no thread, and each stretch of a thread row names the task that held it.
@Suite struct WaitingAndLabelsTests {
  /// mallory holds the actor for 10 ms; bob starts on the other thread and waits for it.
  static let bank = """
    { "format": 1, "name": "bank", "title": "A busy actor", "threads": 2,
      "actors": { "Bank": { "state": { "balance": 100 }, "methods": {
        "withdraw": { "params": ["who"], "steps": [
          { "block": 10 }, { "add": "balance", "value": -10 } ] } } } },
      "steps": [
        { "task": "mallory", "steps": [ { "actorCall": "Bank.withdraw", "args": { "who": "'m'" } } ] },
        { "task": "bob", "steps": [ { "actorCall": "Bank.withdraw", "args": { "who": "'b'" } } ] },
        { "awaitTask": "mallory" }, { "awaitTask": "bob" } ] }
    """

  @Test func aTaskWaitingForABusyActorIsSuspendedNotRunning() throws {
    let scenario = try TestSupport.scenario(json: Self.bank, file: "bank.json")
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    let picture = RunPicture(result)
    let bob = try #require(picture.tasks.first { $0.name == "bob" })
    let spans = bob.spans.map {
      "\($0.state) \(TraceText.time($0.start))-\(TraceText.time($0.end)) \($0.note)"
    }
    #expect(spans == ["suspended 0-10 waiting to hop to Bank", "blocked 10-20 block 10 ms"])
    // The thread bob started on is not drawn as held by it while it waited.
    let started = try #require(result.events.first { $0.task == "bob" && $0.kind == .start })
    let lane = try #require(picture.lanes.first { $0.name == started.thread })
    #expect(lane.spans.allSatisfy { $0.task != "bob" || $0.state == .blocked })
  }

  @Test func everyStretchOfAThreadRowNamesTheTaskThatHeldIt() throws {
    let scenario = try TestSupport.scenario(named: "async-let-downloads")
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    let text = Timeline.render(result, options: .init(width: 80))
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("worker-") }
    // worker-1 runs num1 for 600 ms, then num2: the first stretch is labelled num1.
    let first = try #require(rows.first)
    #expect(first.hasPrefix("worker-1   █num1█"), "\(first)")
    // A stretch too short for its name shows its end where it begins.
    #expect(rows.contains { $0.contains("█…1█") || $0.contains("█…2█") }, "\(rows)")
  }
}
