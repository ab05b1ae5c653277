import LabRuntime
import Testing

/// The dependency relation of the exhaustive search, entry by entry: for every ordered pair of
/// access kinds on one object, whether the two turns race (both orders explored), whether the
/// later one must stay after the earlier one (happens-before), and whether it is fixed there
/// (it could not have run first). A changed entry either loses outcomes (a race missed) or runs
/// schedules that only swap turns that commute (an order that is none), so each has a reason.
@Suite struct TurnFootprintTableTests {
  typealias Access = TurnFootprint.Access

  /// One entry: `earlier` then `later`, on the same object, by turns of different tasks.
  struct Entry: Sendable, CustomTestStringConvertible {
    var earlier: String
    var later: String
    var races: Bool
    var orders: Bool
    var fixes: Bool
    var reason: String

    var testDescription: String { "\(earlier) then \(later): \(reason)" }

    static let kinds: [String: Access] = [
      "read": .read, "write": .write, "update": .update, "wait": .wait, "serial": .serial,
    ]
    var first: Access { Self.kinds[earlier]! }
    var second: Access { Self.kinds[later]! }
  }

  static func entry(
    _ earlier: String, _ later: String, _ relation: String, _ reason: String
  ) -> Entry {
    Entry(
      earlier: earlier, later: later, races: relation == "race",
      orders: relation != "none", fixes: relation == "fixed", reason: reason)
  }

  /// All 25 ordered pairs. "race": both orders differ; "fixed": the later one waited for the
  /// earlier one or was handed over to by it; "ordered": it stays after, but is no race and not
  /// fixed; "none": the two commute.
  static let table: [Entry] = [
    entry("read", "read", "none", "reads see the same value in either order"),
    entry("read", "write", "race", "the read sees the old value only if it comes first"),
    entry("read", "update", "race", "the read sees the count before or after the update"),
    entry("read", "wait", "none", "a wait sees writes, updates and hand-overs, not reads"),
    entry("read", "serial", "none", "a lane or lock hands over after writes, not reads"),
    entry("write", "read", "race", "the read sees the write or the value before it"),
    entry("write", "write", "race", "the last write wins"),
    entry("write", "update", "race", "the update starts from the write or is overwritten"),
    entry("write", "wait", "fixed", "the wait found what the write did: it could not go first"),
    entry("write", "serial", "fixed", "the next in line runs after the write that let it go"),
    entry("update", "read", "race", "the read sees the count before or after the update"),
    entry("update", "write", "race", "the write overwrites the update or the update adds to it"),
    entry("update", "update", "none", "updates of a count that only goes down commute"),
    entry("update", "wait", "fixed", "the wait saw the last update (a group's last child)"),
    entry("update", "serial", "none", "an update hands nothing over"),
    entry("wait", "read", "none", "a wait changes nothing a read sees"),
    entry("wait", "write", "none", "a wait changes nothing a write overwrites"),
    entry("wait", "update", "none", "a wait changes nothing an update adds to"),
    entry("wait", "wait", "none", "two waits for one thing commute"),
    entry("wait", "serial", "none", "a wait hands nothing over"),
    entry("serial", "read", "none", "a hand-over changes nothing a read sees"),
    entry(
      "serial", "write", "ordered",
      "a take after a release stays after it; the race is between the two takes"),
    entry("serial", "update", "none", "a hand-over changes nothing an update adds to"),
    entry("serial", "wait", "fixed", "the wait saw the hand-over"),
    entry("serial", "serial", "fixed", "a lane's next job runs after the one before"),
  ]

  @Test func theTableNamesEveryPairOnce() {
    let pairs = Self.table.map { "\($0.earlier)-\($0.later)" }
    #expect(Set(pairs).count == 25)
    #expect(pairs.count == 25)
  }

  @Test(arguments: table)
  func accessKinds(_ entry: Entry) {
    #expect(entry.first.races(with: entry.second) == entry.races)
    #expect(entry.first.orders(entry.second) == entry.orders)
    #expect(entry.first.fixes(entry.second) == entry.fixes)
  }

  /// The same entries through whole footprints of two turns on one variable: a fixed pair is no
  /// race, a race or a fix orders, and the turns conflict exactly when either orders the other.
  @Test(arguments: table)
  func footprintsOfOneObject(_ entry: Entry) {
    let earlier = Self.footprint([.variable("x"): entry.first])
    let later = Self.footprint([.variable("x"): entry.second])
    #expect(earlier.races(with: later) == entry.races)
    #expect(earlier.orders(later) == entry.orders)
    let reversed = Self.table.first { $0.earlier == entry.later && $0.later == entry.earlier }!
    #expect(earlier.conflicts(with: later) == (entry.orders || reversed.orders))
  }

  static func footprint(
    _ accesses: [TurnFootprint.Object: Access], opaque: Bool = false
  ) -> TurnFootprint {
    var footprint = TurnFootprint()
    footprint.accesses = accesses
    footprint.opaque = opaque
    return footprint
  }

  /// A wait that also read what it waited for: the accesses race, but the turn could not have
  /// come first, so the footprints do not; the other way round they do.
  @Test func aFixedPairIsNoRaceEvenWhenItsAccessesRace() {
    let write: Access = .write
    let waitAndRead: Access = [.wait, .read]
    #expect(write.races(with: waitAndRead))
    #expect(write.fixes(waitAndRead))
    let writer = Self.footprint([.variable("x"): write])
    let waiter = Self.footprint([.variable("x"): waitAndRead])
    #expect(!writer.races(with: waiter))
    #expect(writer.orders(waiter))
    #expect(waiter.races(with: writer))
  }

  /// Footprints are compared from the one that touched fewer objects: which one that is must not
  /// turn the relation around.
  @Test func theDirectionHoldsWhicheverTurnTouchedMore() {
    let writer = Self.footprint([.variable("x"): .write])
    let busyWaiter = Self.footprint([
      .variable("x"): [.wait, .read], .variable("y"): .read, .variable("z"): .read,
    ])
    #expect(!writer.races(with: busyWaiter))
    #expect(busyWaiter.races(with: writer))
    let busyWriter = Self.footprint([
      .variable("x"): .write, .variable("y"): .read, .variable("z"): .read,
    ])
    let waiter = Self.footprint([.variable("x"): [.wait, .read]])
    #expect(!busyWriter.races(with: waiter))
    #expect(waiter.races(with: busyWriter))
  }

  /// Objects are told apart by kind and name: the same name as a variable and as a lock, or two
  /// timer times, are different things.
  @Test func differentObjectsNeverConflict() {
    let pairs: [(TurnFootprint.Object, TurnFootprint.Object)] = [
      (.variable("x"), .variable("y")), (.variable("l"), .lock("l")),
      (.lock("l"), .lockWaiters("l")), (.lane(1), .laneTurns(1)), (.lane(1), .lane(2)),
      (.timers(at: 5), .timers(at: 6)), (.task(1), .task(2)), (.pool(0), .lane(0)),
      (.completionOrder("g"), .variable("g")), (.pool(0), .poolQueue(0)),
      (.poolQueue(0), .poolQueue(1)), (.lane(0), .lanePriority(0)),
    ]
    for (one, other) in pairs {
      let earlier = Self.footprint([one: .write])
      let later = Self.footprint([other: .write])
      #expect(!earlier.conflicts(with: later), "\(one) and \(other)")
      #expect(
        Self.footprint([one: .write]).conflicts(with: Self.footprint([one: .write])), "\(one)")
    }
  }

  /// A turn that did something no object describes conflicts with every turn, even one that
  /// touched nothing, both ways; but a turn that waited for it still could not have come first.
  @Test func anOpaqueTurnConflictsWithEverything() {
    let opaque = Self.footprint([:], opaque: true)
    let others = [
      TurnFootprint(), Self.footprint([.variable("x"): .read]),
      Self.footprint([.creation: .update]), Self.footprint([:], opaque: true),
    ]
    for other in others {
      #expect(opaque.races(with: other))
      #expect(other.races(with: opaque))
      #expect(opaque.orders(other))
      #expect(other.orders(opaque))
      #expect(opaque.conflicts(with: other))
    }
    let opaqueWriter = Self.footprint([.task(3): .write], opaque: true)
    let awaiter = Self.footprint([.task(3): .wait])
    #expect(!opaqueWriter.races(with: awaiter))
    #expect(opaqueWriter.orders(awaiter))
    #expect(!TurnFootprint().conflicts(with: TurnFootprint()))
  }

  /// Two takes of one lock race (the second taker could have come first), although the first
  /// holder's release orders them; nothing else is a take of a lock.
  @Test func takesLockBeforeIsOnlyTwoTakesOfOneLock() {
    let take = Self.footprint([.lock("l"): .write])
    #expect(take.takesLock(before: take))
    #expect(take.takesLock(before: Self.footprint([.lock("l"): .write, .variable("x"): .read])))
    #expect(!take.takesLock(before: Self.footprint([.lock("m"): .write])))
    #expect(!take.takesLock(before: Self.footprint([.lock("l"): .serial])))
    #expect(!Self.footprint([.lock("l"): .serial]).takesLock(before: take))
    #expect(!take.takesLock(before: Self.footprint([.lock("l"): .read])))
    let waiters = Self.footprint([.lockWaiters("l"): .write])
    #expect(!waiters.takesLock(before: waiters))
    let variable = Self.footprint([.variable("l"): .write])
    #expect(!variable.takesLock(before: variable))
    #expect(!take.takesLock(before: TurnFootprint()))
  }

  /// Whether two turns commute does not depend on which ran first (sleep sets rely on it): over
  /// every pair of a varied set of footprints, and some pairs do commute.
  @Test func conflictsIsSymmetric() {
    var footprints: [TurnFootprint] = [TurnFootprint(), Self.footprint([:], opaque: true)]
    for access in Entry.kinds.values {
      footprints.append(Self.footprint([.variable("x"): access]))
      footprints.append(Self.footprint([.variable("x"): access, .variable("y"): .read]))
      footprints.append(Self.footprint([.lock("l"): access, .creation: .update]))
    }
    footprints.append(Self.footprint([.variable("x"): [.wait, .read]]))
    footprints.append(Self.footprint([.variable("x"): [.write, .serial]]))
    var commuting = 0
    for one in footprints {
      for other in footprints {
        #expect(one.conflicts(with: other) == other.conflicts(with: one))
        #expect(one.conflicts(with: other) == (one.orders(other) || other.orders(one)))
        if !one.conflicts(with: other) { commuting += 1 }
      }
    }
    #expect(commuting > 0)
  }
}
