import Foundation
import LabChecks
import LabChecksTestSupport
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// An actor's constants are read off the actor, as Swift reads a Sendable `let` from anywhere.
/// A closure that read `self.label` captured `self` and became the actor's in Swift (a
/// `Task {}` of the method then ran on the actor, and its program did not link); the program
/// captures the constant's value instead (`[label = self.label]`), as the lab runs it off the
/// actor.
struct ActorConstantTests {
  static let file = TestSupport.packageRoot.appendingPathComponent(
    "Tests/WriterGaps/actor-constant-in-a-task-a-handler-and-operators.json")

  @Test func aTaskAHandlerAndOperatorsReadTheConstantOnEveryRuntime() throws {
    let json = try String(contentsOf: Self.file, encoding: .utf8)
    let scenario = try TestSupport.scenario(json: json)
    TestSupport.passingRunsOnEverySeed(scenario, "actor constants ")
    let program = try SwiftProgram.generate(scenario)
    #expect(program.contains("Task { [label = self.label] in"), "\(program)")
    guard
      let verdict = try TestSupport.nativeVerdict(
        json: json, name: "actor-constants",
        prove: { _ in ProvenOutcomes(outcomes: [], complete: false, schedules: 0) })
    else { return }
    #expect(verdict.status == .passed, "\(verdict.failures)")
  }
}
