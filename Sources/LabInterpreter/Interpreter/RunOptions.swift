import LabModel
import LabRuntime

/// How to run a scenario.
public struct RunOptions: Sendable {
  public var mode: RuntimeMode = .virtual
  /// The seed for the virtual scheduler; nil uses the scenario's own.
  public var seed: UInt64?
  /// Overrides the scenario's pool width.
  public var threads: Int?
  public var policy: SchedulingPolicy = .random
  /// Real milliseconds per scenario millisecond in live runs; nil chooses it from the scenario
  /// (`LiveScale`).
  public var scale: Double?
  public var limits = RunLimits()
  /// Overrides the scenario's live tolerance.
  public var tolerance: Tolerance?
  /// Virtual runs: records the scheduler's choices and may make them (a schedule, a search).
  public var chooser: ScheduleChooser?

  public init() {}
}
