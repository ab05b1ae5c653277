/// What one run ended with, as `lab explore` counts it: the final values of the shared variables,
/// whether a data race was seen, how the run ended, and — when a rule asks — which task finished
/// first. Two runs with equal outcomes fall in one row of the histogram.
public struct Outcome: Sendable, Hashable {
  /// How a run ended, in the words `when.ended` uses.
  public enum Ending: String, Sendable, Hashable, CaseIterable, Codable {
    case finished
    /// Nothing could run and no timer was set.
    case deadlock
    /// A limit (`--max-time`, `--max-jobs`, `--timeout`) stopped the run.
    case stopped
    /// A step failed at run time.
    case failed
  }

  /// Every shared variable's final value, in declaration order.
  public var values: [NamedValue]
  /// Whether any `race` event was recorded.
  public var race: Bool
  /// How the run ended.
  public var ending: Ending
  /// The task whose `end` came first among all but `root`; nil when not observed or none ended.
  public var first: String?

  /// An outcome from its parts.
  public init(values: [NamedValue], race: Bool, ending: Ending, first: String? = nil) {
    self.values = values
    self.race = race
    self.ending = ending
    self.first = first
  }

  /// Whether any rule looks at which task finished first, so outcomes must record it.
  public static func observesFirst(_ rules: [OutcomeRule]) -> Bool {
    rules.contains { $0.when.first != nil }
  }
}

// MARK: - CustomStringConvertible

extension Outcome: CustomStringConvertible {
  /// The outcome as a histogram row shows it: `counter = 1 · race · g[2] first`.
  public var description: String {
    var parts = values.map { "\($0.name) = \($0.value.description)" }
    if race { parts.append("race") }
    if let first { parts.append("\(first) first") }
    if ending != .finished || parts.isEmpty { parts.append(ending.rawValue) }
    return parts.joined(separator: " · ")
  }
}
