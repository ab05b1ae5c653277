import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// `"isolatedParameter": true` (Scenarios/15-isolation/isolated-parameter): SE-0313's spelling of
/// caller isolation — the function runs where its caller runs.
@Suite struct IsolatedParameterTests {
  @Test func theFunctionRunsWhereItsCallerRunsOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "isolated-parameter")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let fromMain = result.events.first { $0.text == "saved from main" }
      let fromTask = result.events.first { $0.text == "saved from a detached task" }
      #expect(fromMain?.thread == "main", "\(label)")
      #expect(fromTask?.thread.hasPrefix("worker-") == true, "\(label)")
    }
  }

  @Test func liveRunsAgreeWithVirtual() async throws {
    let result = await TestSupport.liveRunPassing(
      try TestSupport.scenario(named: "isolated-parameter"))
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
  }

  @Test func theProgramTakesAnIsolatedParameterAndCompiles() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "isolated-parameter"))
    #expect(
      program.contains(
        "func save(what: String, isolation: isolated (any Actor)? = #isolation) async"),
      "\(program)")
    #expect(program.contains(#"try await save(what: "from main")"#), "\(program)")
    try TestSupport.expectCompiles("isolated-parameter")
  }
}
