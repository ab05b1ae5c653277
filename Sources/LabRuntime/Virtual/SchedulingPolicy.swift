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
  /// Records every choice and, when it picks, makes it instead of the policy.
  let chooser: ScheduleChooser?
  /// Turns (counted over the whole run) at which PCT demotes the task it picks.
  private let changePoints: Set<Int>
  private var demoted: [Int: UInt64] = [:]
  private var nextDemotion: UInt64 = 0
  private(set) var turn = 0

  init(seed: UInt64, policy: SchedulingPolicy, chooser: ScheduleChooser? = nil) {
    self.seed = seed
    self.policy = policy
    self.chooser = chooser
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

/// Makes every choice of the virtual scheduler visible and, when asked, its own: a run becomes a
/// list of decisions that can be written down, replayed and searched.
///
/// Each turn (one job of one task, with what it continues in place) is a decision among the
/// runnable tasks, named by their ordinals, never by runtime jobs. `pick` may choose; when it
/// returns nil the policy chooses and the decision is only recorded. Used only on the loop thread.
public final class ScheduleChooser: @unchecked Sendable {
  /// What a turn touched, for telling which turns commute.
  public struct Footprint: Sendable, Equatable {
    /// Shared variables the turn read, and those it wrote.
    public var reads: Set<String> = []
    public var writes: Set<String> = []
    /// The turn did more than touch variables between two blocks of its own task: it started,
    /// woke or ended a task, ran on a lane, set a timer or took or freed a thread. Such a turn
    /// is treated as conflicting with every other.
    public var opaque = false

    public init(reads: Set<String> = [], writes: Set<String> = [], opaque: Bool = false) {
      self.reads = reads
      self.writes = writes
      self.opaque = opaque
    }

    /// Whether the two turns may not be swapped: one is opaque, or one writes what the other
    /// reads or writes. Two reads commute: neither the values nor whether a race is seen depend
    /// on their order.
    public func conflicts(with other: Footprint) -> Bool {
      opaque || other.opaque || !writes.isDisjoint(with: other.writes)
        || !writes.isDisjoint(with: other.reads) || !reads.isDisjoint(with: other.writes)
    }
  }

  /// One turn: the runnable tasks (ordinals, ascending), the default, the one that ran, and what
  /// its turn touched.
  public struct Decision: Sendable, Equatable {
    public var candidates: [Int]
    /// The task of the previous turn when it can go on, else the first candidate: following the
    /// default everywhere never preempts.
    public var preferred: Int
    public var chosen: Int
    public var footprint = Footprint()
  }

  /// Chooses the ordinal to run at turn `index` among `candidates`; nil leaves it to the policy.
  public typealias Pick = (_ index: Int, _ candidates: [Int], _ preferred: Int) -> Int?

  private let pick: Pick?
  /// Every turn of the run so far.
  public private(set) var decisions: [Decision] = []
  /// Whether `add` shows its read as its own trace event when other work ran before its write.
  public let showsSplitReads: Bool
  /// Set by `pick`'s owner to end the run early (a schedule known to be redundant).
  public var abandon = false
  private var turnOpen = false

  public init(showsSplitReads: Bool = true, pick: Pick? = nil) {
    self.showsSplitReads = showsSplitReads
    self.pick = pick
  }

  /// The ordinal `pick` chooses among `candidates` (ascending), or nil for the policy's choice.
  func choose(among candidates: [Int]) -> (chosen: Int?, preferred: Int) {
    let previous = decisions.last?.chosen
    let preferred = previous.flatMap { candidates.contains($0) ? $0 : nil } ?? candidates[0]
    return (pick?(decisions.count, candidates, preferred), preferred)
  }

  /// A turn begins: `pinned` when it resumes a blocked task on the worker it kept.
  func began(candidates: [Int], preferred: Int, chosen: Int, pinnedOnPool: Bool) {
    decisions.append(Decision(candidates: candidates, preferred: preferred, chosen: chosen))
    turnOpen = true
    if !pinnedOnPool { touchOpaque() }
  }

  /// The turn ended; `blocked` when its task holds its worker for a block of its own.
  func ended(blocked: Bool) {
    if !blocked { touchOpaque() }
    turnOpen = false
  }

  /// Whether `pick` makes the choices (a replay or a search) rather than the policy.
  public var choosesTurns: Bool { pick != nil }

  /// A point where the running task could have been preempted was passed without a turn: noted
  /// as a decision that went the default way, as a run whose choices are made would see it.
  func passed(candidates: [Int], running: Int) {
    decisions.append(Decision(candidates: candidates, preferred: running, chosen: running))
  }

  /// The running turn did something other than touch variables.
  func touchOpaque() {
    if turnOpen { decisions[decisions.count - 1].footprint.opaque = true }
  }

  /// The running turn read or wrote a shared variable.
  public func touch(variable name: String, write: Bool) {
    guard turnOpen else { return }
    if write {
      decisions[decisions.count - 1].footprint.writes.insert(name)
    } else {
      decisions[decisions.count - 1].footprint.reads.insert(name)
    }
  }

  /// The running turn did something the footprint cannot describe (read a cancellation flag).
  public func touchUnknown() { touchOpaque() }

  /// How many turns have begun: a task that sees this grow by more than one across a block
  /// was preempted there.
  public var turnCount: Int { decisions.count }
}
