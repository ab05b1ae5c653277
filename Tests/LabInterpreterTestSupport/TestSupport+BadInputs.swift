import Foundation
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport

/// Runs of the bad-input corpus (`Tests/BadInputs`), for the tests of the interpreter and the
/// layers above it.
extension TestSupport {
  /// Small limits, so each run ends in milliseconds and memory stays small whatever the file does.
  public static let badInputLimits = RunLimits(
    runtime: RuntimeLimits(maxTime: 100_000, maxJobs: 20_000, wallClockSeconds: 10),
    interpreter: InterpreterLimits(
      maxEvents: 5_000, maxTasks: 500, maxSteps: 100_000, maxCallDepth: 1_000))

  public static func loadBadInput(_ name: String) throws -> Scenario {
    let url = badInputs.appendingPathComponent(name)
    return try ScenarioLoader.load(bytes: [UInt8](try Data(contentsOf: url)), file: name)
  }

  public static func runBadInput(
    _ name: String, _ mode: RuntimeMode, limits: RunLimits, scale: Double? = nil
  ) throws -> RunRecord {
    var options = RunOptions()
    options.mode = mode
    options.scale = scale
    options.limits = limits
    options.limits.runtime.wallClockSeconds = 10
    return ScenarioRunner.run(try loadBadInput(name), options: options)
  }
}
