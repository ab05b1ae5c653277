/// What one turn of the virtual scheduler did that another task's turn could see: the dependency
/// relation of the exhaustive search is built from these, so two turns that commute are never
/// both ordered (docs/exploration.md, "When two turns conflict").
public struct TurnFootprint: Sendable, Equatable {
  /// Something turns of different tasks can both act on.
  public enum Object: Hashable, Sendable {
    /// A variable of the scenario's `state`.
    case variable(String)
    /// A variable of an actor's `state` (`Actor.name`): only that actor's turns reach it, one at
    /// a time, so its accesses never race; they say whether two jobs on the actor commute.
    case isolatedState(String)
    /// A task's end, by the interpreter's task id: its awaiters see it.
    case task(Int)
    /// The order in which a group's children end, for a group that takes their results in that
    /// order (`collect`, a window).
    case completionOrder(String)
    /// A `Mutex` of the scenario: who takes it.
    case lock(String)
    /// The tasks waiting for a `Mutex`, in the order it is handed over to them.
    case lockWaiters(String)
    /// Whether a `Mutex` is held: taking it and letting it go write it, and a task that finds
    /// it held and waits has read it. That wait holds the task's thread (main, an actor's or a
    /// worker), which other tasks see; had the holder let go first, the task would have taken
    /// the lock at once and held nothing. So a wait races with the release it saw coming after
    /// it, and the search runs both.
    case lockHeld(String)
    /// A serial lane's queue (an actor, main, a serial queue): jobs run in the order they came.
    case lane(Int)
    /// A lane that runs its waiting jobs by priority (a default actor): a job that arrived before
    /// a lower-priority one ran would have run first.
    case lanePriority(Int)
    /// A serial lane's turns: one at a time, each after the one before.
    case laneTurns(Int)
    /// A pool whose last free worker a turn took or gave back while a block held the others.
    case pool(Int)
    /// A pool's queue: its jobs start in the order they arrived.
    case poolQueue(Int)
    /// The places in a pool's queue that its idle threads reach: an arrival that takes the last
    /// one decides whether the next arrival waits (in the other order, that one would have
    /// taken it), so two such arrivals race.
    case poolReach(Int)
    /// Task creation: ordinals, and the ids the interpreter gives, follow it.
    case creation
    /// Timers due at one virtual time, which fire in the order they were set.
    case timers(at: Int64)
  }

  /// How a turn acted on an object. Reads commute with reads, updates (a count that only goes
  /// down, such as a group's pending children) with updates; a wait or a hand-over only orders
  /// the turn after what it waited for, and is never reversed: the task could not have run before.
  public struct Access: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let read = Access(rawValue: 1)
    public static let write = Access(rawValue: 2)
    public static let update = Access(rawValue: 4)
    /// Saw the writes, updates and hand-overs before it (an await that found a task ended, a
    /// start on a worker another task gave back).
    public static let wait = Access(rawValue: 8)
    /// Runs after the writes and hand-overs before it, in their order (a lane's next job, a
    /// lock's next holder).
    public static let serial = Access(rawValue: 16)
    /// The read of an `add` of a whole number at least 0 to a whole number: a `read` that, with
    /// its `sumWrite`, gives one sum in either order with another such add. Two jobs on one lane
    /// that only add so need not be ordered (`RunEvents`, "jobs that commute").
    public static let sumRead = Access(rawValue: 32)
    /// The write of such an `add`: a `write` otherwise.
    public static let sumWrite = Access(rawValue: 64)

    /// The access with a sum's read and write as the read and write they are.
    var plain: Access {
      var access = self
      if contains(.sumRead) { access.insert(.read) }
      if contains(.sumWrite) { access.insert(.write) }
      return access
    }

    /// Whether the access only adds (a sum's read and write, nothing else).
    public var onlyAdds: Bool { !isEmpty && isSubset(of: [.sumRead, .sumWrite]) }

    /// Whether the two accesses, in either order, give different results: both orders must be
    /// explored.
    public func races(with later: Access) -> Bool {
      let (earlier, later) = (plain, later.plain)
      return earlier.racesPlain(with: later)
    }

    private func racesPlain(with later: Access) -> Bool {
      (contains(.write) && !later.isDisjoint(with: [.read, .write, .update]))
        || (later.contains(.write) && !isDisjoint(with: [.read, .update]))
        || (contains(.update) && later.contains(.read))
        || (contains(.read) && later.contains(.update))
    }

    /// Whether a later access must come after this one: a race, or a wait or hand-over.
    public func orders(_ later: Access) -> Bool {
      let (earlier, later) = (plain, later.plain)
      return earlier.racesPlain(with: later) || earlier.fixesPlain(later)
        || (later.contains(.write) && earlier.contains(.serial))
    }

    /// Whether a later access could not have come first: it waited for this one, or a lane
    /// or lock handed over to it.
    public func fixes(_ later: Access) -> Bool {
      plain.fixesPlain(later.plain)
    }

    private func fixesPlain(_ later: Access) -> Bool {
      (later.contains(.wait) && !isDisjoint(with: [.write, .update, .serial]))
        || (later.contains(.serial) && !isDisjoint(with: [.write, .serial]))
    }
  }

  /// Every object the turn acted on, with how.
  public var accesses: [Object: Access] = [:]
  /// The turn did something no object here describes (a cancellation, a continuation, a stream,
  /// a semaphore, Dispatch): it conflicts with every other turn.
  public var opaque = false
  /// The turn, by index in the run, during which this turn's job was enqueued by another task:
  /// this turn could not have run before it.
  public var enabler: Int?
  /// The turns, by index in the run, that started a job ahead of this turn's job in its pool's
  /// queue, or gave a worker of that pool back, while it waited beyond the idle threads' reach:
  /// handed out first in, first out, it could not have started before them.
  public var queuedBehind: [Int] = []
  /// Virtual time when the turn began: time moves only when nothing can run, so every turn before
  /// it comes before every turn after it.
  public var time: Int64 = 0

  public init() {}

  public init(reads: Set<String> = [], writes: Set<String> = [], opaque: Bool = false) {
    for name in reads { accesses[.variable(name), default: []].insert(.read) }
    for name in writes { accesses[.variable(name), default: []].insert(.write) }
    self.opaque = opaque
  }

  mutating func add(_ object: Object, _ access: Access) {
    accesses[object, default: []].formUnion(access)
  }

  /// Whether this turn and a `later` one of another task race: both orders must be explored.
  /// Not when the later one could not have come first (it waited for this one, or ran after it
  /// on a lane).
  public func races(with later: TurnFootprint) -> Bool {
    if shares(later, { $0.fixes($1) }) { return false }
    if opaque || later.opaque { return true }
    return shares(later) { $0.races(with: $1) }
  }

  /// Whether a `later` turn of another task must come after this one (a race, a wait or a
  /// hand-over), apart from enabling and time.
  public func orders(_ later: TurnFootprint) -> Bool {
    if opaque || later.opaque { return true }
    return shares(later) { $0.orders($1) }
  }

  /// Whether the two turns commute: neither orders the other (for sleep sets).
  public func conflicts(with other: TurnFootprint) -> Bool {
    orders(other) || other.orders(self)
  }

  /// Whether the two turns race by taking one lock: the later one took it after the earlier
  /// one's task gave it back, so the path through that release does not order them.
  public func takesLock(before later: TurnFootprint) -> Bool {
    accesses.contains { object, access in
      guard case .lock = object, access.contains(.write) else { return false }
      return later.accesses[object]?.contains(.write) == true
    }
  }

  private func shares(_ other: TurnFootprint, _ test: (Access, Access) -> Bool) -> Bool {
    let (small, large, flipped) =
      accesses.count <= other.accesses.count
      ? (accesses, other.accesses, false) : (other.accesses, accesses, true)
    for (object, access) in small {
      guard let theirs = large[object] else { continue }
      if flipped ? test(theirs, access) : test(access, theirs) { return true }
    }
    return false
  }
}
