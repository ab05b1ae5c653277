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

  /// Whether the new task of the `throw`th start a thread could take at once goes before its
  /// creator's next step: one in `odds`, from a stream of the seed no other choice draws on.
  func newTaskStartsFirst(throw: UInt64, odds: UInt64) -> Bool {
    Self.mix(seed, 0x5EED_C01B, `throw`) % odds == 0
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
  public typealias Footprint = TurnFootprint

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
  /// Whether footprints say exactly what each turn touched (an exhaustive search's), or every
  /// turn that starts, wakes or ends a task is opaque (the search without reduction).
  public var precise = true
  /// Whether the order in which tasks end counts (an outcome that names the first to finish).
  public var ordersTaskEnds = false
  /// Set by `pick`'s owner to end the run early (a schedule known to be redundant).
  public var abandon = false
  /// Whether the run keeps, for each trace event, the turn it was recorded in (`eventTurn`):
  /// `lab step` names a choice by what that task's turn shows, not by whatever comes next.
  public var notesEventTurns = false
  private var turnOpen = false
  private var visibleInTurn = false
  /// The turn that enqueued each task's next job, by ordinal, until that job's turn begins.
  private var enablers: [Int: Int] = [:]

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

  /// A turn begins at virtual time `time`: `pinnedOnPool` when it resumes a blocked task on the
  /// worker it kept; `tightPool` when it took the last free worker of a pool a block holds.
  func began(
    candidates: [Int], preferred: Int, chosen: Int, pinnedOnPool: Bool, time: Int64,
    tightPool: Int?, queuedBehind: [Int] = []
  ) {
    var decision = Decision(candidates: candidates, preferred: preferred, chosen: chosen)
    decision.footprint.time = time
    decision.footprint.queuedBehind = queuedBehind
    decision.footprint.enabler = enablers.removeValue(forKey: chosen)
    decisions.append(decision)
    turnOpen = true
    visibleInTurn = false
    if precise {
      // Taking the last free worker: a hold elsewhere would have kept this turn waiting, and a
      // worker given back just before let it run.
      if let tightPool { touch(.pool(tightPool), [.read, .wait]) }
    } else if !pinnedOnPool {
      touchOpaque()
    }
  }

  /// The turn ended; `blocked` when its task holds its worker for a block of its own;
  /// `tightPool` when that hold, or its end, took or gave back a pool's last free worker.
  func ended(blocked: Bool, tightPool: Int?) {
    if precise {
      // A hold that leaves a job waiting for a worker conflicts with that job's start; giving
      // the worker back hands it over.
      if let tightPool { touch(.pool(tightPool), blocked ? .write : .serial) }
    } else if !blocked {
      touchOpaque()
    }
    turnOpen = false
  }

  /// Whether `pick` makes the choices (a replay or a search) rather than the policy.
  public var choosesTurns: Bool { pick != nil }

  /// A point where the running task could have been preempted was passed without a turn: noted
  /// as a decision that went the default way, as a run whose choices are made would see it.
  func passed(candidates: [Int], running: Int) {
    decisions.append(Decision(candidates: candidates, preferred: running, chosen: running))
    visibleInTurn = false
  }

  /// A job of task `ordinal` was enqueued: by the running task itself (`byRunningTask`: a hop,
  /// a yield), by another task's turn (a start, a wake), or, with no turn running (nil), by a
  /// timer that fired before the next turn, which fires right after the turn that set it when it
  /// is due at once. `created` when the task is new.
  func enqueued(ordinal: Int, byRunningTask: Bool?, created: Bool) {
    switch byRunningTask {
    case false?: if turnOpen { enablers[ordinal] = decisions.count - 1 }
    case nil: if !decisions.isEmpty { enablers[ordinal] = decisions.count - 1 }
    case true?: break
    }
    guard turnOpen else { return }
    if created {
      touch(.creation, .write)
      // A new task starts on another thread at once, while its creator goes on: the creator's
      // next step begins a turn of its own, so the child's first steps can come before it.
      visibleInTurn = true
    }
    if !precise, byRunningTask == false { touchOpaque() }
  }

  /// The running turn put a job on a serial lane's queue: the order of arrivals is the order
  /// the lane runs them in.
  func enqueued(onLane lane: Int) { touch(.lane(lane), .write) }

  /// The running turn put a job on a lane that runs by priority, above the priority of a job the
  /// lane already ran: arriving before that job ran, it would have run first.
  func enqueued(overtakingOnLane lane: Int) { touch(.lanePriority(lane), .write) }

  /// The running turn ran on a serial lane: after every job that lane ran before. On a lane that
  /// runs its jobs `byPriority`, which job runs next depends on what arrived before it.
  func ranOnLane(_ lane: Int, byPriority: Bool) {
    guard precise else { return }
    touch(.laneTurns(lane), .serial)
    if byPriority { touch(.lanePriority(lane), .read) }
  }

  /// The running turn did something other than touch variables.
  func touchOpaque() {
    if turnOpen { decisions[decisions.count - 1].footprint.opaque = true }
  }

  /// The running turn read or wrote a shared variable: a step another task can see. `sum` when
  /// the access is half of an `add` that gives one sum in any order (`Access.sumRead`).
  public func touch(variable name: String, write: Bool, sum: Bool = false) {
    touch(.variable(name), Self.access(write: write, sum: sum), step: true)
  }

  /// The running turn read or wrote its actor's own state (`key` is `Actor.name`): no other
  /// task sees it, so no step need begin a turn of its own for it, but it says whether two jobs
  /// on the actor commute.
  public func touch(isolated key: String, write: Bool, sum: Bool = false) {
    guard precise else { return }
    touch(.isolatedState(key), Self.access(write: write, sum: sum))
  }

  private static func access(write: Bool, sum: Bool) -> TurnFootprint.Access {
    switch (write, sum) {
    case (false, false): .read
    case (true, false): .write
    case (false, true): .sumRead
    case (true, true): .sumWrite
    }
  }

  /// The running turn acted on `object`; `step` when a scenario step did, which other tasks
  /// see (a variable, a lock), rather than the runtime (a start, an end, a lane).
  public func touch(
    _ object: TurnFootprint.Object, _ access: TurnFootprint.Access, step: Bool = false
  ) {
    guard turnOpen else { return }
    decisions[decisions.count - 1].footprint.add(object, access)
    if step { visibleInTurn = true }
  }

  /// The running turn did something another thread sees at once that no object of the
  /// footprint describes (it let an actor go): its task's next step begins a turn of its own.
  func sawStep() { if turnOpen { visibleInTurn = true } }

  /// The running turn did something the footprint cannot describe (read a cancellation flag,
  /// cancelled a task, resumed a continuation): it conflicts with every other turn.
  public func touchUnknown() {
    touchOpaque()
    visibleInTurn = true
  }

  /// Whether the running turn already did something another task can see: a step that does more
  /// must begin a turn of its own, so no other task's step is missed between the two.
  public var turnIsVisible: Bool { turnOpen && visibleInTurn }

  /// How many turns have begun: a task that sees this grow by more than one across a block
  /// was preempted there.
  public var turnCount: Int { decisions.count }

  /// The turn an event recorded now belongs to: `turnCount` while a turn runs, 0 between turns
  /// (a timer that fires before the next one), nil unless `notesEventTurns`.
  public var eventTurn: Int? {
    guard notesEventTurns else { return nil }
    return turnOpen ? decisions.count : 0
  }
}
