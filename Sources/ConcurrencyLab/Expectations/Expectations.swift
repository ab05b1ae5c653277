/// What a scenario expects of a run; checked after every run.
public struct Expectations: Sendable {
  /// When the root task finished, in scenario milliseconds.
  public var duration: Int64?
  /// Final values of shared variables, in the order written.
  public var values: [(name: String, value: Value)] = []
  public var mainStall: Bound?
  /// Live runs: the allowed difference from virtual time, as `milliseconds + percent`.
  public var tolerance: Tolerance?

  public init() {}
}

/// `atMost` / `atLeast` / exact bounds on a number of milliseconds.
public struct Bound: Sendable, Hashable {
  public var atLeast: Int64?
  public var atMost: Int64?
}

/// How far a live measurement may be from the scenario's number.
public struct Tolerance: Sendable, Hashable {
  public var milliseconds: Double
  public var percent: Double

  public init(milliseconds: Double, percent: Double) {
    self.milliseconds = milliseconds
    self.percent = percent
  }

  /// ±(5 ms + 5 %): room for thread wake-ups at the default time scale.
  public static let live = Tolerance(milliseconds: 5, percent: 5)

  public func allows(_ measured: Double, around expected: Double) -> Bool {
    abs(measured - expected) <= milliseconds + abs(expected) * percent / 100
  }
}
