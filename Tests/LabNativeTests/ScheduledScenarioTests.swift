import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabNative
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// Every bundled scenario's Swift program (`lab swift NAME`) under the lab's scheduler
/// (`lab run NAME --scheduled`): built with the real compiler, run on the real runtime with the
/// scheduler's order and virtual time, and held to the scenario — seed 0 passes its checks, and
/// every outcome of a few seeds is one the model's exhaustive search proves. A run that gave
/// Dispatch work, which runs on Dispatch's threads in real time, is held to what its checks say
/// of values and order, not of times. Where the two are known to part, the test says why and
/// requires that they still do, so that closing the gap shows here. The scenarios build in
/// parallel, about a second each; the scheduler's object is built once.
@Suite struct ScheduledScenarioTests {
  /// Scenarios whose program the scheduler runs otherwise than the model, and why: none now
  /// (a semaphore's and a `Mutex`'s waits give the turn up, as the model's hold a thread).
  static let apart: [String: String] = [:]

  /// Seeds run beside seed 0 for the outcome comparison.
  static let seeds: ClosedRange<UInt64> = 1...3

  static func builder() throws -> NativeBuilder? {
    try OwnProgramTests.builder()
  }

  @Test(arguments: TestSupport.scenarioPaths)
  func aScenariosProgramUnderTheSchedulerEndsAsTheModelSays(_ path: String) throws {
    let scenario = try TestSupport.scenario(path)
    guard !SwiftProgram.showsRace(scenario) else {
      // Swift 6 refuses a race's program, and one job at a time could not show it.
      #expect(throws: NativeError.self) { try ScheduledScenario.program(scenario) }
      return
    }
    guard let builder = try Self.builder() else { return print("skipped: no swiftc") }
    let build = try ScheduledScenario.program(scenario).build(with: builder)
    let first = try ScheduledScenario.run(scenario, build: build, seed: 0, options: RunOptions())
    let controlled = first.result.record.escapedJobs == 0 && first.own.dispatchBlocks == 0
    let failed = first.result.checks
      .filter { !$0.passed && (controlled || !$0.measuresTime) }
      .map { "\($0.name): \($0.actual)" }
    if let why = Self.apart[scenario.name] {
      #expect(!failed.isEmpty, "\(scenario.name) now passes: \(why) no longer holds")
      return
    }
    #expect(failed.isEmpty, "\(scenario.name), seed 0: \(failed)")
    let proven = ProvenOutcomes.search(scenario, budget: NativeChecker.fidelityBudget)
    guard proven.complete, !proven.notAProof else { return }
    var records = [first.result.record]
    for seed in Self.seeds {
      records.append(
        try ScheduledScenario.run(scenario, build: build, seed: seed, options: RunOptions())
          .result.record)
    }
    #expect(proven.alarms(records).isEmpty, "\(scenario.name): \(proven.alarms(records))")
  }
}
