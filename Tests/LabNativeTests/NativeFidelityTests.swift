import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabSwift
import LabTestSupport
import Testing

@testable import LabNative

/// `lab check --native`'s fidelity comparison: native runs of a scenario whose exhaustive search
/// completes must end with outcomes the search proves. Compiles one program (cached after).
@Suite(.serialized) struct NativeFidelityTests {
  static func check(prove: @escaping (Scenario) -> ProvenOutcomes) throws -> ScenarioVerdict? {
    let environment = ProcessInfo.processInfo.environment
    guard let compiler = SwiftCompiler.find(environment: environment) else { return nil }
    let builder = NativeBuilder(
      compiler: compiler, cache: try BuildFolder.folder("native", environment: environment),
      records: try BuildRecords(environment: environment))
    let path = try #require(
      TestSupport.scenarioPaths.first { $0.hasSuffix("/actor-reentrancy.json") })
    var options = RunOptions()
    options.tolerance = Tolerance(milliseconds: 200, percent: 50)
    return NativeChecker.check(
      file: URL(fileURLWithPath: path), argument: "actor-reentrancy", options: options,
      builder: builder, displayPath: { $0.lastPathComponent }, prove: prove)
  }

  /// A proven set that lacks what the program really ends with — downloads = 2 — fails the
  /// check with a fidelity alarm; the real search's set passes it.
  @Test func aNativeOutcomeOutsideTheProvenSetFailsTheCheck() throws {
    let lacking = ProvenOutcomes(
      outcomes: [
        Outcome(values: [NamedValue("downloads", .int(1))], race: false, ending: .finished)
      ],
      complete: true, schedules: 1)
    guard let failed = try Self.check(prove: { _ in lacking }) else {
      return print("skipped: no swiftc")
    }
    #expect(failed.status == .failed, "\(failed.summary)")
    let messages = failed.failures.flatMap(\.messages)
    #expect(
      messages.contains {
        $0.contains("native run")
          && $0.contains("ended with {downloads = 2}, which no schedule of the model ends with")
          && $0.contains("the exhaustive search proves {downloads = 1}")
      }, "\(messages)")

    // The search itself, with time to finish under ThreadSanitizer too (84 schedules; the
    // check's own budget is a second, which a sanitized build can spend before the end).
    let budget = ProvenOutcomes.budget(schedules: 1_000, seconds: 60)
    let passed = try #require(try Self.check(prove: { ProvenOutcomes.search($0, budget: budget) }))
    #expect(passed.status == .passed, "\(passed.failures)")
    #expect(passed.summary.contains("within the 1 proven outcome"), "\(passed.summary)")
  }

  /// A search the budget stops proves nothing, so nothing is compared: no alarm.
  @Test func anIncompleteSearchRaisesNoAlarm() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let record = ScenarioRunner.run(scenario, options: RunOptions())
    let unproven = ProvenOutcomes(outcomes: [], complete: false, schedules: 10)
    #expect(unproven.alarms([record]).isEmpty)
    let proven = ProvenOutcomes(outcomes: [], complete: true, schedules: 10)
    #expect(proven.alarms([record]).count == 1)
  }
}
