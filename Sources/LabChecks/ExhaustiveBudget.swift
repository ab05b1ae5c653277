import Foundation
import LabInterpreter
import LabRuntime

extension ExhaustiveSearch {
  /// Where a search stops. Every search is bounded unless a caller lifts a bound (nil): the
  /// number of schedules of a scenario grows with the factorial of its tasks, so a scenario of a
  /// dozen tasks, from anyone, would otherwise run for hours.
  public struct Budget: Sendable {
    public var maxSchedules: Int?
    public var maxSeconds: Double?
    /// How much the whole search may grow the lab's resident memory, from where it began.
    public var maxMemoryBytes: Int?
    /// Iterative preemption bounding: bounds 0, 1, … up to this; nil searches unbounded.
    public var preemptions: Int? = nil
    /// How the search skips schedules that only swap turns that commute.
    public var reduction = Reduction.optimal
    /// How many threads run the parts of an optimal search at once: the cores, by default.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The one part of the tree of several this search explores, for a CI matrix; nil: all.
    public var shard: Shard?
    /// Seeds per policy that audit a search that ended by itself (`ExhaustiveSearch.audit`);
    /// 0 audits nothing, for a test that compares searches with each other.
    public var auditSeeds = ExhaustiveSearch.auditSeeds
    /// Whether an optimal search that is no proof is followed by the sleep-set search
    /// (`ExhaustiveSearch.secondOpinion`); a test of the optimal search alone turns it off.
    public var secondOpinion = true
    /// Where the search reads the resident memory: the process's, or a test's stand-in.
    package var residentBytes: @Sendable () -> Int? = ProcessMemory.residentBytes

    /// `lab explore --exhaustive`'s: the largest bundled scenario that finishes,
    /// captured-var-race, needs 14,400 schedules (about 4 s in a release build); a scenario too
    /// large stops within a minute, in the memory a run may take (`--max-memory-mb`).
    public static let defaultSchedules = 100_000
    public static let defaultSeconds = 60.0

    public init(
      maxSchedules: Int? = defaultSchedules, maxSeconds: Double? = defaultSeconds,
      maxMemoryBytes: Int? = RuntimeLimits().maxMemoryBytes, preemptions: Int? = nil
    ) {
      self.maxSchedules = maxSchedules
      self.maxSeconds = maxSeconds
      self.maxMemoryBytes = maxMemoryBytes
      self.preemptions = preemptions
    }
  }

  /// One of `count` shards (`index` from 1): the parts of the split tree whose position, counted
  /// from 0, leaves `index - 1` divided by `count`.
  public struct Shard: Sendable, Equatable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
      self.index = index
      self.count = count
    }

    func includes(_ part: Int) -> Bool { part % count == index - 1 }
  }

  /// The options that decide which schedules a search's tree holds: a shard records them, and
  /// its merge must be given the same.
  package struct Searched: Sendable, Equatable {
    package var reduction = Reduction.optimal
    package var preemptions: Int?
    /// The limits that decide how its runs end (`RunLimits.shaping`): a merge given other
    /// limits replayed schedules the shards' runs could not reach, and said "proven".
    package var limits = RunLimits().shaping
  }

  /// How a search skips schedules: the others are kept to measure what the optimal one saves.
  public enum Reduction: String, Sendable, CaseIterable {
    /// One schedule for each order of the conflicting turns (optimal DPOR).
    case optimal
    /// Sleep sets alone: fewer schedules than all, more than optimal, and runs cut short.
    case sleepSets = "sleep-sets"
    /// Every order of every turn that starts, wakes or ends a task.
    case none
  }

  /// The budget that stopped a search, and the option that raises it.
  public enum Limit: Sendable, Equatable {
    case schedules(Int)
    case seconds(Double)
    case memory(bytes: Int)

    /// `schedules`, `seconds` or `memory`: the JSON's name for it.
    public var name: String {
      switch self {
      case .schedules: "schedules"
      case .seconds: "seconds"
      case .memory: "memory"
      }
    }

    /// The option that sets it.
    public var option: String {
      switch self {
      case .schedules: "--max-schedules"
      case .seconds: "--max-seconds"
      case .memory: "--max-memory-mb"
      }
    }

    /// The budget as given to its option: schedules, seconds, megabytes.
    public var value: String {
      switch self {
      case .schedules(let count): String(count)
      case .seconds(let seconds): Self.number(seconds)
      case .memory(let bytes): String(ProcessMemory.megabytes(bytes))
      }
    }

    /// `20000 schedules`, `60 s`, `512 MB of memory`.
    public var amount: String {
      switch self {
      case .schedules(let count): "\(value) schedule\(count == 1 ? "" : "s")"
      case .seconds: "\(value) s"
      case .memory: "\(value) MB of memory"
      }
    }

    /// The option with four times the budget: enough to see whether the search gets further.
    public var raised: String {
      switch self {
      case .schedules(let count): "\(option) \(count > Int.max / 4 ? count : count * 4)"
      case .seconds(let seconds): "\(option) \(Self.number(seconds * 4))"
      case .memory(let bytes): "\(option) \(ProcessMemory.megabytes(bytes) * 4)"
      }
    }

    /// The verdict line of a search this budget stopped.
    public var verdict: String {
      "incomplete: stopped by the budget of \(amount); raise it with \(raised)"
    }

    package static func number(_ value: Double) -> String {
      // Every whole number a Double holds exactly (below 2^53) as digits: a shard's schedule
      // budget, at most 2^50, read "1125899906842624.0".
      value == value.rounded() && abs(value) < 0x1p53 ? String(Int(value)) : String(value)
    }
  }

  /// The budget's bounds as the search spends it: schedules run, time since it began, and the
  /// resident memory, read every few runs (a read of /proc costs a few microseconds; a run, a
  /// hundred or more).
  struct Meter {
    static let memoryEvery = 16
    let budget: Budget
    let deadline: Deadline
    private var memory: MemoryBudget?
    private var runs = 0

    /// A meter of `budget`, whose time ends at `deadline` (by default, `--max-seconds` from
    /// now): a merge that has spent part of it reading shards meters the rest.
    init(_ budget: Budget, deadline: Deadline? = nil) {
      self.budget = budget
      self.deadline = deadline ?? Deadline(budget: budget)
      memory = budget.maxMemoryBytes.map {
        MemoryBudget(maxGrowth: $0, resident: budget.residentBytes)
      }
    }

    var seconds: Double { deadline.elapsed }

    /// The budget spent, before the next run; nil while there is some left.
    mutating func spent(schedules: Int) -> Limit? {
      if let max = budget.maxSchedules, schedules >= max { return .schedules(max) }
      if let max = budget.maxSeconds, seconds >= max { return .seconds(max) }
      defer { runs += 1 }
      if runs % Self.memoryEvery == 0, memory?.exceeded() != nil {
        return .memory(bytes: memory!.maxGrowth)
      }
      return nil
    }
  }

  /// The end of a search's `--max-seconds`, which holds inside a run as well as between runs:
  /// every run the search makes (a probe of the tree's top, a schedule, a shard's replay) gets
  /// what is left of it as its own `--timeout`, so one schedule of a hostile scenario, seconds
  /// long, cannot carry the search past its budget. A run the deadline cut short is no outcome of
  /// the scenario: the search drops it and stops, as it does between runs.
  struct Deadline: Sendable {
    let start: ContinuousClock.Instant
    /// The budget in seconds; nil: the search has none, and its runs keep their own timeouts.
    let seconds: Double?
    /// The search's memory, which holds inside a run too; nil: the runs keep their own limit.
    var memory: Memory?

    /// How much a search may grow the lab's resident memory, from where it began.
    struct Memory: Sendable {
      let baseline: Int
      let maxGrowth: Int
      let resident: @Sendable () -> Int?
      /// The last reading and when it was made, shared by the search's parts.
      private let last = Locked<(at: ContinuousClock.Instant, bytes: Int?)?>(nil)

      init(baseline: Int, maxGrowth: Int, resident: @escaping @Sendable () -> Int?) {
        self.baseline = baseline
        self.maxGrowth = maxGrowth
        self.resident = resident
      }

      /// What is left of it, read at most every 10 ms: each of a search's runs asks, and a
      /// read of /proc costs about 7 µs of system time against a run's 270 µs (a search of
      /// 7,134 schedules took 1.08× as long reading it for each run, 0.99× sampled, pair by
      /// pair). A run's own samples bound its growth between two readings.
      var left: Int? {
        let now = ContinuousClock.now
        if let last = last.withLock({ $0 }), now - last.at < .milliseconds(10) {
          return last.bytes.map { maxGrowth - ($0 - baseline) }
        }
        let bytes = resident()
        last.withLock { $0 = (now, bytes) }
        return bytes.map { maxGrowth - ($0 - baseline) }
      }

      /// Whether it is all but spent — a tenth or less left, read now: a run stopped by a limit
      /// then is taken as stopped by this one (the run's own limit was what was left of it, and
      /// the lab's resident memory is read only so often).
      var spent: Bool { resident().map { maxGrowth - ($0 - baseline) <= maxGrowth / 10 } ?? false }
    }

    init(start: ContinuousClock.Instant, seconds: Double?) {
      self.start = start
      self.seconds = seconds
    }

    /// The deadline of `budget`'s seconds and memory, from now.
    init(budget: Budget) {
      self.init(start: .now, seconds: budget.maxSeconds)
      memory = budget.maxMemoryBytes.map {
        Memory(
          baseline: budget.residentBytes() ?? 0, maxGrowth: $0, resident: budget.residentBytes)
      }
    }

    var elapsed: Double { (ContinuousClock.now - start).inSeconds }

    /// `options`, their run's real time and memory bounded by what is left of the budget: a
    /// run of 10,000 children waiting for threads grew the lab by 1.6 GB in a search of 512 MB,
    /// its runs each taking the run's own 512 MB anew.
    func bounding(_ options: RunOptions) -> RunOptions {
      var bounded = options
      if let seconds {
        let left = max(0.001, seconds - elapsed)
        bounded.limits.runtime.wallClockSeconds = min(
          options.limits.runtime.wallClockSeconds, left)
      }
      if let left = memory?.left {
        bounded.limits.runtime.maxMemoryBytes = min(
          options.limits.runtime.maxMemoryBytes, max(1 << 20, left))
      }
      return bounded
    }

    /// Which of the budget's bounds a run it cut short had run out of: its memory, when that
    /// is spent, else its seconds.
    var spent: Limit {
      if let memory, memory.spent { return .memory(bytes: memory.maxGrowth) }
      return .seconds(seconds ?? 0)
    }

    /// The budget, when it cut `record`'s run short: a run stopped by a limit once it had run out.
    func cut(_ record: RunRecord) -> Limit? {
      guard case .limitReached = record.end else { return nil }
      if let seconds, elapsed >= seconds { return .seconds(seconds) }
      if let memory, memory.spent { return .memory(bytes: memory.maxGrowth) }
      return nil
    }
  }
}
