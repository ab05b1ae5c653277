/// The cooperative pool a job runs in, chosen by the job's priority.
///
/// Measured on Linux (docs/runtimes.md, "Priorities, measured"): every priority has a pool of
/// its own, as wide as the cores, so blocked `.high` tasks delay other `.high` tasks but never a
/// `.low` one. A job goes to the pool of the priority it has when it is enqueued: a task that an
/// awaiting higher-priority task escalated runs its next job in the higher pool, while a job
/// already queued stays where it is. Both runtimes route jobs this way; the priorities
/// themselves, and their escalation, are the real runtime's.
public enum PriorityBand: String, Sendable, CaseIterable {
  case high, medium, low, background

  /// The band of a raw priority: `userInitiated` (25) and above are high, `medium` (21) and
  /// an unspecified priority (0) medium, `utility` (17) low, the rest background — the
  /// quality-of-service classes Dispatch keeps a pool for.
  public init(rawPriority: UInt8) {
    switch rawPriority {
    case 25...: self = .high
    case 21..<25, 0: self = .medium
    case 17..<21: self = .low
    default: self = .background
    }
  }

  public init(_ priority: TaskPriority) { self.init(rawPriority: priority.rawValue) }

  /// How its threads' names begin: `worker-` for medium, the priority every task has unless it
  /// asks for another, so a run without priorities names its threads as it always has; `high-`,
  /// `low-` and `background-` for the others.
  public var threadPrefix: String { self == .medium ? "worker-" : "\(rawValue)-" }

  /// The name its pool gives its threads, before their number.
  public var poolName: String { self == .medium ? "worker" : rawValue }

  /// The band whose pool a thread belongs to; nil for main, Dispatch's threads and a queue.
  public init?(thread: String) {
    guard let band = Self.allCases.first(where: { thread.hasPrefix($0.threadPrefix) }) else {
      return nil
    }
    self = band
  }
}
