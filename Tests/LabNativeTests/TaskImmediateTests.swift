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

/// `Task.immediate` on main (Scenarios/15-isolation/task-immediate-main,
/// Tests/NativeFacts/task-immediate-main.swift): the new task runs on main up to its first
/// suspension before the caller's next step. The lab once refused it ("does not model").
@Suite struct TaskImmediateOnMainTests {
  static let firstPart = "eager: eager: first part, on main, before the caller goes on"
  static let callerGoesOn = "root: root: after Task.immediate returned"
  static let afterSleep = "eager: eager: after its first suspension"

  @Test func theFirstPartRunsOnMainBeforeTheCallerGoesOnOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-main")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let lines = TestSupport.taskLines(result)
      let first = lines.firstIndex(of: Self.firstPart)
      let caller = lines.firstIndex(of: Self.callerGoesOn)
      let after = lines.firstIndex(of: Self.afterSleep)
      #expect(first != nil && caller != nil && after != nil, "\(label): \(lines)")
      if let first, let caller, let after {
        #expect(first < caller && caller < after, "\(label)")
      }
      // Its first part ran on the caller's thread, main, with no problem stopping the run.
      let started = result.events.first { $0.task == "eager" && $0.kind == .start }
      #expect(started?.thread == "main", "\(label)")
      #expect(result.problem == nil, "\(label): \(result.problem ?? "")")
    }
  }

  @Test func liveRunsAgreeWithVirtual() async throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-main")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    let lines = TestSupport.taskLines(result)
    let first = try #require(lines.firstIndex(of: Self.firstPart))
    let caller = try #require(lines.firstIndex(of: Self.callerGoesOn))
    #expect(first < caller)
  }

  @Test func theProgramCallsTaskImmediateOnMainAndCompiles() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "task-immediate-main"))
    #expect(program.contains("let eager = Task.immediate {"), "\(program)")
    #expect(program.contains("@MainActor"), "\(program)")
    try TestSupport.expectCompiles("task-immediate-main")
  }
}
