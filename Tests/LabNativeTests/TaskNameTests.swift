import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// Task names (SE-0469, Scenarios/20-priorities/task-names): the lab starts every task with the
/// real `Task(name:)` / `addTask(name:)`, and `taskName` reads the real `Task.name`.
@Suite struct TaskNameTests {
  @Test func namedTasksReadTheirNamesAndUnnamedOnesNoneOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "task-names")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let logs = Set(result.events.filter { $0.kind == .log }.map { "\($0.task): \($0.text)" })
      for line in [
        "root: root reads none", "download: download reads download",
        "thumbnail: the async let child reads none", "resize[a]: resize a reads resize[a]",
        "resize[b]: resize b reads resize[b]",
      ] {
        #expect(logs.contains(line), "\(label): \(line)")
      }
    }
  }

  @Test func liveRunsReadTheSameNames() async throws {
    let result = await TestSupport.liveRunPassing(try TestSupport.scenario(named: "task-names"))
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
  }

  /// The program names its tasks only when the scenario reads `taskName`.
  @Test func theProgramNamesTasksWhenTheScenarioReadsTheirNames() throws {
    let program = try SwiftProgram.generate(try TestSupport.programScenario(named: "task-names"))
    #expect(program.contains(#"Task(name: "download")"#), "\(program)")
    #expect(program.contains(#"group.addTask(name: "resize[\(file)]")"#), "\(program)")
    let other = try SwiftProgram.generate(try TestSupport.programScenario(named: "task-cancel"))
    #expect(!other.contains("name:"), "\(other)")
    try TestSupport.expectCompiles("task-names")
  }
}
