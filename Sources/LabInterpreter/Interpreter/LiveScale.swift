import LabModel
import LabRuntime

/// How fast a live or native run plays a scenario: chosen per scenario, from its model.
///
/// Scaled time multiplies whatever the real runtime costs by `1 / scale`: a hop between threads
/// or a step of the interpreter takes 10–50 real µs (measured in release builds; waking a thread
/// that has been idle for milliseconds is the dearest), which is nothing beside a 300 ms step at
/// full speed but 0.2–1 scenario ms at a scale of 0.05. So each scenario gets the smallest scale
/// that keeps that cost within half the timing tolerance ±(1 ms + 2 %) of every time its `expect`
/// block checks — a time of t ms may include the cost of every event the virtual run recorded
/// up to t — and never faster than 0.05 nor slower than life. A ten-second chain of 35 downloads
/// plays at 0.05; a root that ends at 0 ms after three events, at 0.24.
public enum LiveScale {
  /// The fastest scale ever chosen (`LiveRuntime.defaultScale`); most scenarios play slower,
  /// at the scale their checked times need.
  public static let fastest = LiveRuntime.defaultScale
  /// What one event costs a live run in real milliseconds: 12–40 µs measured in release builds
  /// (a hop to a thread that was idle is the dearest); an unoptimized build is about three times
  /// slower.
  #if DEBUG
    public static let realCostPerEvent = 0.12
  #else
    public static let realCostPerEvent = 0.04
  #endif
  /// What one event costs a native run in real milliseconds, whatever the lab's build: the
  /// generated program (always `-O`) writes each event to its trace and hops through Swift's own
  /// main queue. Measured as a fixed cost that scaling multiplies by `1 / scale`:
  /// sequential-downloads, 149 events, ended 16–19 real ms late at scales 0.17 and 1 (0.13 ms an
  /// event); task-local-value-after, 10 events, 0.65–0.83 real ms (0.07–0.08). Chosen with the
  /// live cost, both ran 2–5 % late, past the tolerance.
  public static let nativeCostPerEvent = 0.15
  /// The tolerance the cost must stay well inside.
  public static let target = Tolerance(milliseconds: 1, percent: 2)

  /// The scale for checking the times `checked` of a scenario whose virtual run recorded events
  /// at `times`, each costing `cost` real milliseconds.
  public static func choose(
    checking checked: [Int64], times: [Double], cost: Double = realCostPerEvent
  ) -> Double {
    var scale = fastest
    for expected in checked {
      let allowance = target.milliseconds + Double(expected) * target.percent / 100
      let events = times.count { $0 <= Double(expected) }
      scale = max(scale, 2 * Double(events) * cost / allowance)
    }
    // Two significant digits, so the scale reads well in a trace's heading.
    return min(1, (scale * 100).rounded(.up) / 100)
  }

  /// The least real time between two moments of a run for their order to be the model's rather
  /// than the machine's: a timer on a loaded machine fires milliseconds late, and the fidelity
  /// fuzzer's first round found sleeps of 20 and 60 ms reordered at 0.05 (1 and 3 real ms).
  public static let orderingGap = 5.0

  /// The scale at which the distinct moments `times` of a virtual run lie at least `orderingGap`
  /// real milliseconds apart (between `fastest` and 1): a run whose outcome, not its times, is
  /// compared with the model plays at least this slowly.
  public static func ordering(times: [Double]) -> Double {
    let moments = Set(times).sorted()
    guard let gap = zip(moments, moments.dropFirst()).map({ $1 - $0 }).min(), gap > 0 else {
      return fastest
    }
    return min(1, max(fastest, (orderingGap / gap * 100).rounded(.up) / 100))
  }

  /// The scale a live or native run of `scenario` plays at: the one asked for, else the one its
  /// virtual run gives with events of `cost` (a live run's, or `nativeCostPerEvent`). That run
  /// also warms the interpreter's code, whose first use would otherwise count against the live
  /// run's first steps.
  public static func scale(
    of scenario: Scenario, options: RunOptions, cost: Double = realCostPerEvent
  ) -> Double {
    if let scale = options.scale { return scale }
    var virtual = options
    virtual.mode = .virtual
    virtual.chooser = nil
    let events = ScenarioRunner.run(scenario, options: virtual).events
    return choose(checking: scenario.expect.checkedTimes, times: events.map(\.time), cost: cost)
  }
}
