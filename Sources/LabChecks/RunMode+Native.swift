import LabInterpreter

extension RunMode {
  /// The scenario's Swift program, compiled and run on the real Swift runtime (`LabNative`): a
  /// record the interpreter did not make, checked here like any other.
  public static let native = RunMode(rawValue: "native")

  /// A Swift program run on the real runtime under the lab's scheduler (`LabNative`): a
  /// learner's own (`lab run FILE.swift`) or a scenario's (`lab run NAME --scheduled`).
  public static let scheduled = RunMode(rawValue: "scheduled")

  /// Whether the record is what a Swift program printed — its tasks' starts and ends, its logs,
  /// blocks and values, not the awaits, hops and sets the interpreter records — and its stops
  /// are worded by Swift's runtime, not the lab.
  public var isSwiftProgram: Bool { self == .native || self == .scheduled }
}
