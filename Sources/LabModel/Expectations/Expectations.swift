/// What a scenario expects of a run; checked after every run.
///
/// Times are scenario milliseconds: virtual runs must match them exactly, live runs within a
/// `Tolerance`. Task names are the names traces show: `root`, an `async let` binding, `GROUP[item]`
/// for a group child, an unstructured task's name. docs/expected-traces.md defines each check.
public struct Expectations: Sendable {
  /// When the root task finished, in scenario milliseconds.
  public var duration: Int64?
  /// Final values of shared variables, in the order written.
  public var values: [(name: String, value: Value)] = []
  /// Final values of shared variables that hold times (`now`), a number or a list of numbers of
  /// milliseconds: exact in virtual runs, within the tolerance in live runs.
  public var times: [(name: String, milliseconds: [Int64], isList: Bool)] = []
  /// The longest time one piece of work held the main thread.
  public var mainStall: Bound?
  /// When tasks finished: the time of each task's last `end` event, in the order written.
  public var finishes: [(task: String, time: Bound)] = []
  /// Chains of tasks that ran one after another: each one's last `end` event comes before the
  /// next one's first `start` event in the trace.
  public var order: [[String]] = []
  /// Sets of tasks whose lifetimes overlap: each pair started before the other ended.
  public var concurrent: [[String]] = []
  /// Whether the run must, or must not, show a data race (`race` events).
  public var races: RaceExpectation?
  /// Tasks that end by throwing, with the error's name (`end` text `threw NAME`).
  public var thrown: [(task: String, error: String)] = []
  /// Tasks that end cancelled (`end` text `cancelled`).
  public var cancelled: [String] = []
  /// Text the problem that stops the run must contain: a scenario that shows what goes wrong (a
  /// deadlock, a misuse Swift traps on) expects the lab to stop it, and to say so in these words.
  public var problem: String?
  /// How to grade what runs end with; see docs/outcomes.md.
  public var outcomes: [OutcomeRule] = []
  /// Live runs: the allowed difference from virtual time, as `milliseconds + percent`.
  public var tolerance: Tolerance?

  /// An empty block: expects nothing.
  public init() {}

  /// Every time the block checks, in milliseconds: the duration, the times of `times`, the
  /// bounds of `finishes`.
  public var checkedTimes: [Int64] {
    let bounds = finishes.flatMap { [$0.time.atLeast, $0.time.atMost].compactMap { $0 } }
    return [duration].compactMap { $0 } + times.flatMap(\.milliseconds) + bounds
  }

  /// Whether the block asks nothing of a run (a tolerance alone checks nothing).
  public var isEmpty: Bool {
    duration == nil && values.isEmpty && times.isEmpty && mainStall == nil && finishes.isEmpty
      && order.isEmpty
      && concurrent.isEmpty && races == nil && thrown.isEmpty && cancelled.isEmpty
      && problem == nil && outcomes.isEmpty
  }
}

/// `atMost` / `atLeast` / exact bounds on a number of milliseconds.
public struct Bound: Sendable, Hashable {
  /// The least allowed, in milliseconds.
  public var atLeast: Int64?
  /// The most allowed, in milliseconds.
  public var atMost: Int64?

  /// A bound from its limits; nil leaves a side open.
  public init(atLeast: Int64?, atMost: Int64?) {
    self.atLeast = atLeast
    self.atMost = atMost
  }

  /// A bound that holds only for `milliseconds` (within the tolerance in live runs).
  public static func exactly(_ milliseconds: Int64) -> Bound {
    Bound(atLeast: milliseconds, atMost: milliseconds)
  }
}

/// What a scenario says about data races.
public enum RaceExpectation: String, Sendable, CaseIterable {
  /// At least one `race` event: the scenario demonstrates a race.
  case expected
  /// No `race` event: the scenario shows a fix.
  case forbidden
}

/// How far a live measurement may be from the scenario's number.
public struct Tolerance: Sendable, Hashable {
  /// The fixed part of the allowance.
  public var milliseconds: Double
  /// The part that grows with the expected time, in percent of it.
  public var percent: Double

  /// A tolerance of ±(`milliseconds` + `percent` %).
  public init(milliseconds: Double, percent: Double) {
    self.milliseconds = milliseconds
    self.percent = percent
  }

  /// ±(1 ms + 2 %): what live runs keep to when each plays at its own scale (`LiveScale`),
  /// measured for every bundled scenario (docs/runtimes.md).
  public static let live = Tolerance(milliseconds: 1, percent: 2)

  /// The milliseconds a tolerance may allow, from 0 to a day: beyond it no time means anything,
  /// and a sum of times past it would not fit the trace's whole milliseconds.
  public static let millisecondsRange: ClosedRange<Double> = 0...86_400_000
  /// The percent a tolerance may allow, from 0 to 1,000 (ten times the expected time).
  public static let percentRange: ClosedRange<Double> = 0...1000

  /// Whether `measured` is within the tolerance of `expected`.
  public func allows(_ measured: Double, around expected: Double) -> Bool {
    abs(measured - expected) <= milliseconds + abs(expected) * percent / 100
  }
}
