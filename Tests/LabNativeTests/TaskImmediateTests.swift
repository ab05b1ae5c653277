import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// `Task.immediate` (Scenarios/15-isolation/task-immediate): the task runs on its creator's
/// thread up to its first suspension, before the creator goes on, as measured in
/// docs/runtimes.md ("Task.immediate, measured").
@Suite struct TaskImmediateTests {
  @Test func theImmediateTaskRunsBeforeItsCreatorGoesOnOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "task-immediate")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let lines = TestSupport.taskLines(result)
      let eager = lines.firstIndex(of: "eager: eager: first line, before the root goes on")
      let root = lines.firstIndex(of: "root: root: goes on")
      let plain = lines.firstIndex(of: "plain: plain: first line")
      #expect(eager != nil && root != nil && plain != nil, "\(label)")
      if let eager, let root, let plain {
        #expect(eager < root, "\(label)")
        #expect(root < plain, "\(label)")
      }
      // Its first part ran on the root's thread.
      let started = result.events.first { $0.task == "eager" && $0.kind == .start }
      let spawned = result.events.first { $0.task == "root" && $0.text == "task eager" }
      #expect(started?.thread == spawned?.thread, "\(label)")
    }
  }

  @Test func liveRunsAgreeWithVirtual() async throws {
    let scenario = try TestSupport.scenario(named: "task-immediate")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    let lines = TestSupport.taskLines(result)
    let eager = try #require(
      lines.firstIndex(of: "eager: eager: first line, before the root goes on"))
    let root = try #require(lines.firstIndex(of: "root: root: goes on"))
    #expect(eager < root)
  }

  @Test func theProgramCompilesInSwift6Mode() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "task-immediate"))
    #expect(program.contains("let eager = Task.immediate {"), "\(program)")
    try TestSupport.expectCompiles("task-immediate")
  }
}
