import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// A leaked continuation in a task nobody awaits (Scenarios/17-continuations/
/// continuation-leaked-task, Tests/NativeFacts/continuation-leak.swift): Swift warns when the last
/// reference goes, the waiter stays suspended, and the program goes on and ends.
@Suite struct ContinuationLeakTests {
  static let name = "continuation-leaked-task"

  @Test func theRunGoesOnAfterTheLeakAndEndsWithTheWaiterSuspended() throws {
    let scenario = try TestSupport.scenario(named: Self.name)
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(result.record.end == .finished, "\(label)")
      #expect(result.duration == 300, "\(label)")
      let leak = result.events.first {
        $0.payload == .leak(continuation: "reply", waiter: "waiter")
      }
      #expect(leak?.time == 100, "\(label)")
      #expect(!result.events.contains { $0.task == "waiter" && $0.kind == .end }, "\(label)")
      let logs = result.events.filter { $0.kind == .log }.map(\.text)
      #expect(logs.last == "main returns at 300 ms", "\(label)")
    }
  }

  @Test func theProgramDoesNotAwaitTheStuckTask() throws {
    let program = try SwiftProgram.generate(try TestSupport.scenario(named: Self.name))
    #expect(!program.contains("await waiter.result"), "\(program)")
    #expect(program.contains("waiter waits for a continuation nothing resumes"), "\(program)")
  }
}
