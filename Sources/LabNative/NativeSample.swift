import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime

/// Many native runs of one scenario's program, for what they ended with: a prediction's
/// histogram, and the fidelity comparison with the outcomes the model proves.
public struct NativeSample: Sendable {
  /// Each run's record, in order.
  public var records: [RunRecord]
  /// Real seconds the runs took, the build not counted.
  public var seconds: Double
  /// How the program was built: 5 (a race, with ThreadSanitizer) or 6.
  public var swiftMode: Int
  public var sanitized: Bool
}

extension NativeRunner {
  /// Builds the program once (or takes it from the cache), then runs it up to `runs` times
  /// while another run, as long as the last, would end within `seconds`: as many runs as the
  /// time allows, at least one. `first` is a run already made, counted as the first.
  public static func sample(
    _ scenario: Scenario, runs: Int, seconds: Double, builder: NativeBuilder,
    options: RunOptions = RunOptions(), first: NativeRun? = nil
  ) throws(NativeError) -> NativeSample {
    let clock = ContinuousClock()
    let began = clock.now
    var made: NativeRun
    if let first {
      made = first
    } else {
      made = try run(scenario, options: options, builder: builder)
    }
    let build = made.build
    // The build is not the runs' time: a first build takes many seconds.
    let start = first == nil ? clock.now - .seconds(made.process.seconds) : began
    var records = [made.result.record]
    // A run that would end past `seconds`, judged by the last one, is not started; nor one
    // after a run that was killed at its time (a program that hangs hangs again).
    while records.count < runs,
      clock.now - start + .seconds(made.process.seconds) <= .seconds(seconds),
      !made.process.ending.isTimeout
    {
      made = try run(scenario, options: options, builder: builder)
      records.append(made.result.record)
    }
    return NativeSample(
      records: records, seconds: (clock.now - start) / .seconds(1), swiftMode: build.swiftMode,
      sanitized: build.sanitized)
  }
}
