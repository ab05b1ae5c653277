import Foundation
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// A run the lab stops — a limit, a deadlock, a cycle of awaits, a continuation never resumed —
/// is torn down: every task it left suspended unwinds, so nothing of it stays in memory. Without
/// that, a process running many stopped runs (the fuzzer) grew by 10–40 KB per run, more for
/// fan-outs, until it reached its memory limit.
@Suite struct TeardownTests {
  /// Every runaway and deadlock of the bad-input corpus, under the fuzzer's small limits.
  static let stoppedRuns: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.badInputs.path))
    return (names ?? []).filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.sorted()
  }()

  static var smallLimits: RunLimits {
    var limits = RunLimits()
    limits.runtime.maxTime = 100_000
    limits.runtime.maxJobs = 20_000
    limits.interpreter.maxEvents = 5_000
    limits.interpreter.maxTasks = 500
    limits.interpreter.maxSteps = 100_000
    return limits
  }

  @Test func theCorpusHasStoppedRuns() {
    #expect(Self.stoppedRuns.count >= 30)
  }

  @Test(arguments: stoppedRuns)
  func aStoppedRunLeavesNoTaskSuspended(_ name: String) throws {
    let scenario = try TestSupport.loadBadInput(name)
    for seed in UInt64(1)...3 {
      var options = RunOptions()
      options.limits = Self.smallLimits
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      #expect(record.leftSuspended == 0, "seed \(seed): \(record.problem ?? "finished")")
    }
  }

  /// The bundled deadlocks (a semaphore on the pool, a lock order, a group wait on main) and
  /// every other scenario: finished or not, nothing is left.
  @Test(arguments: TestSupport.scenarioPaths)
  func aBundledRunLeavesNoTaskSuspended(_ path: String) throws {
    let record = ScenarioRunner.run(try TestSupport.scenario(path))
    #expect(record.leftSuspended == 0, "\(record.problem ?? "finished")")
  }

  /// The teardown happens after the run is read: a deadlock's trace ends where the deadlock
  /// left it, not with every task's `end stopped`.
  @Test func aDeadlockShowsWhatItLeft() throws {
    let record = ScenarioRunner.run(
      try TestSupport.loadBadInput("lock-order-deadlock.json"))
    #expect(record.end == .deadlock)
    #expect(record.duration == nil)
    #expect(!record.events.contains { $0.kind == .end && $0.task != "root" })
    #expect(record.leftSuspended == 0)
  }
}
