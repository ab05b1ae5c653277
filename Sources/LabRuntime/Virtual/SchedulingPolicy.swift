/// How the virtual scheduler chooses among runnable work when more than one job could run.
///
/// Choices depend only on scenario-level identities — the order in which tasks were first seen and
/// how many times each has been picked — never on how many runtime jobs a construct took, because
/// the optimizer changes that between debug and release builds.
public enum SchedulingPolicy: String, Sendable, CaseIterable {
  /// Every choice is a fresh, seeded, uniformly distributed priority per (task, turn).
  case random
  /// Probabilistic concurrency testing: each task keeps one seeded priority; at a few seeded turns
  /// the running task drops to the lowest priority, which finds ordering bugs of small depth.
  case pct
}

/// The deterministic source of choices for one run: a pure function of the seed and the
/// scenario-level identity of the candidates.
struct ChoiceOracle {
  let seed: UInt64
  let policy: SchedulingPolicy
  /// Turns (counted over the whole run) at which PCT demotes the task it picks.
  private let changePoints: Set<Int>
  private var demoted: [Int: UInt64] = [:]
  private var nextDemotion: UInt64 = 0
  private(set) var turn = 0

  init(seed: UInt64, policy: SchedulingPolicy) {
    self.seed = seed
    self.policy = policy
    var points = Set<Int>()
    if policy == .pct {
      // Three change points within the first 200 turns: depth-3 bugs in short scenarios.
      for index in 0..<3 { points.insert(Int(Self.mix(seed, 0xC0FFEE, UInt64(index)) % 200)) }
    }
    changePoints = points
  }

  /// The priority of a candidate: higher wins. `ordinal` is the task's identity, `turns` how many
  /// times it has already been picked.
  func priority(ordinal: Int, turns: Int) -> UInt64 {
    switch policy {
    case .random:
      return Self.mix(seed, UInt64(ordinal), UInt64(turns))
    case .pct:
      if let low = demoted[ordinal] { return low }
      return Self.mix(seed, UInt64(ordinal), 0) | (1 << 63)
    }
  }

  /// Records that a task was picked; PCT may demote it at a change point.
  mutating func picked(ordinal: Int) {
    if policy == .pct, changePoints.contains(turn) {
      nextDemotion += 1
      demoted[ordinal] = nextDemotion  // below every undemoted task; later demotions rank higher
    }
    turn += 1
  }

  /// SplitMix64 over three words: cheap, well mixed, identical on every machine and build.
  static func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
    var z = a &+ 0x9E37_79B9_7F4A_7C15 &* (b &+ 1) &+ 0xD1B5_4A32_D192_ED03 &* (c &+ 1)
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
