import LabInterpreter
import LabModel
import LabRuntime

/// Counts the outcomes of many runs of one scenario and grades each by the scenario's rules.
public struct OutcomeHistogram: Sendable {
  /// One distinct outcome: how often it was seen, its grade, and the first run that produced it.
  public struct Row: Sendable {
    /// What the runs ended with.
    public var outcome: Outcome
    /// How many runs ended this way.
    public var count: Int
    /// The first run that ended this way: replay it to see how.
    public var firstSeen: RunLabel
    /// The grade from the first matching rule; `unexpected` when rules exist and none matches,
    /// nil when the scenario declares no outcomes.
    public var grade: OutcomeGrade?
    /// The rule's reason, or why no rule matched; empty without rules.
    public var reason: String
  }

  /// The scenario's `outcomes`, in order.
  public let rules: [OutcomeRule]
  /// Distinct outcomes in the order first seen.
  public private(set) var rows: [Row] = []
  /// How many runs were counted.
  public private(set) var runs = 0
  private var index: [Outcome: Int] = [:]

  /// An empty histogram graded by `rules`.
  public init(rules: [OutcomeRule]) {
    self.rules = rules
  }

  /// Whether outcomes record which task finished first (when a rule asks about it).
  public var observesFirst: Bool { Outcome.observesFirst(rules) }

  /// Counts one run.
  public mutating func add(_ result: RunResult, as label: RunLabel) {
    let outcome = Outcome(of: result.record, observingFirst: observesFirst)
    runs += 1
    if let row = index[outcome] {
      rows[row].count += 1
      return
    }
    let (grade, reason) = Self.grade(outcome, by: rules)
    index[outcome] = rows.count
    rows.append(Row(outcome: outcome, count: 1, firstSeen: label, grade: grade, reason: reason))
  }

  /// The grade and reason of `outcome`: from the first matching rule, `unexpected` when none
  /// matches, nil and no reason when there are no rules.
  public static func grade(_ outcome: Outcome, by rules: [OutcomeRule]) -> (OutcomeGrade?, String) {
    if rules.isEmpty { return (nil, "") }
    guard let rule = OutcomeRule.grade(outcome, by: rules) else {
      return (
        .unexpected,
        "no rule in \"outcomes\" matches; add one, or end the list with a rule without \"when\""
      )
    }
    return (rule.grade, rule.reason)
  }

  /// Rows by count, most frequent first; ties keep the order first seen.
  public var byFrequency: [Row] {
    rows.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
      .map(\.element)
  }

  /// Rows whose grade fails the exploration, in the order first seen.
  public var failures: [Row] { rows.filter { $0.grade?.fails ?? false } }
}

/// Which run of a scenario produced something: enough to replay a virtual run.
public struct RunLabel: Sendable, Hashable {
  /// Virtual or live.
  public var mode: RunMode
  /// The virtual scheduler's seed.
  public var seed: UInt64
  /// The virtual scheduler's policy.
  public var policy: SchedulingPolicy
  /// The run's number within a batch, from 1; what identifies a live run.
  public var run: Int

  /// A label from its parts.
  public init(mode: RunMode, seed: UInt64, policy: SchedulingPolicy, run: Int) {
    self.mode = mode
    self.seed = seed
    self.policy = policy
    self.run = run
  }

  /// The `lab run` options that replay this run exactly; nil for live and native runs, which
  /// cannot be replayed. A run under the lab's scheduler has a seed and a policy, as a virtual
  /// one.
  public var replayOptions: String? {
    guard mode == .virtual || mode == .scheduled else { return nil }
    return "--seed \(seed)" + (policy == .random ? "" : " --policy \(policy.rawValue)")
  }
}

// MARK: - CustomStringConvertible

extension RunLabel: CustomStringConvertible {
  /// `seed 3`, `seed 3 (pct)`, `live run 2`, `native run 1`.
  public var description: String {
    guard mode == .virtual || mode == .scheduled else { return "\(mode.rawValue) run \(run)" }
    return "seed \(seed)" + (policy == .random ? "" : " (\(policy.rawValue))")
  }
}
