import Testing

@testable import LabChecks
@testable import LabRuntime

/// Runs written by hand as the search sees them: which task ran each turn, what it touched, who
/// enabled it, and when. The races of a run are exactly the pairs the optimal search reverses, so
/// a race too many runs schedules twice and a race missed loses outcomes.
@Suite struct RunEventsTests {
  typealias Object = TurnFootprint.Object
  typealias Access = TurnFootprint.Access

  /// One turn of task `task`: what it touched, the turn (index in the run) whose turn enqueued
  /// it, and the virtual time it began.
  static func turn(
    _ task: Int, _ accesses: [Object: Access], enabler: Int? = nil, time: Int64 = 0
  ) -> ScheduleChooser.Decision {
    var footprint = TurnFootprint()
    footprint.accesses = accesses
    footprint.enabler = enabler
    footprint.time = time
    return ScheduleChooser.Decision(
      candidates: [task], preferred: task, chosen: task, footprint: footprint)
  }

  static func races(_ decisions: [ScheduleChooser.Decision]) -> [[Int]] {
    RunEvents(decisions).races().map { [$0.0, $0.1] }
  }

  static let x = Object.variable("x")
  static let y = Object.variable("y")
  static let z = Object.variable("z")

  /// Three tasks write one variable: each write races with the one just before it, not with
  /// the first, which the middle one orders.
  @Test func racesAreTheImmediateOnes() {
    let run = [
      Self.turn(0, [Self.x: .write]), Self.turn(1, [Self.x: .write]),
      Self.turn(2, [Self.x: .write]),
    ]
    #expect(Self.races(run) == [[0, 1], [1, 2]])
  }

  /// Task 0 writes x and y; task 1 reads x and writes z; task 2 reads z and y. The first and
  /// last conflict on y, but through the middle turn the first happens before the last: no race.
  /// Without the middle turn's write of z the path is gone, and they race.
  @Test func aRaceThroughAnIntermediateEventIsNotReported() {
    let chained = [
      Self.turn(0, [Self.x: .write, Self.y: .write]),
      Self.turn(1, [Self.x: .read, Self.z: .write]),
      Self.turn(2, [Self.z: .read, Self.y: .read]),
    ]
    #expect(Self.races(chained) == [[0, 1], [1, 2]])
    #expect(RunEvents(chained).happensBefore(0, 2))
    let unchained = [
      Self.turn(0, [Self.x: .write, Self.y: .write]), Self.turn(1, [Self.x: .read]),
      Self.turn(2, [Self.z: .read, Self.y: .read]),
    ]
    #expect(Self.races(unchained) == [[0, 1], [0, 2]])
  }

  /// An event between the two that is not after the earlier one hides nothing: task 1 reads y,
  /// then writes x after task 0 wrote it. Reversing that race runs task 1's read, then its write.
  @Test func anEventBetweenThatIsNotAfterTheEarlierOneHidesNoRace() {
    let run = [
      Self.turn(0, [Self.x: .write]), Self.turn(1, [Self.y: .read]),
      Self.turn(1, [Self.x: .write]),
    ]
    #expect(Self.races(run) == [[0, 2]])
    let reversal = RunEvents(run).reversal(of: 0, 2).map(\.id)
    #expect(reversal == [.init(task: 1, index: 0), .init(task: 1, index: 1)])
  }

  /// Time moves only when nothing can run: every turn before a later time happens before every
  /// turn after it, so only turns of one time race.
  @Test func eventsAtALaterTimeNeverRaceWithEarlierOnes() {
    let run = [
      Self.turn(0, [Self.x: .write], time: 0), Self.turn(1, [Self.x: .write], time: 0),
      Self.turn(2, [Self.x: .write], time: 10), Self.turn(0, [Self.x: .write], time: 10),
      Self.turn(1, [Self.y: .write], time: 20), Self.turn(2, [Self.y: .write], time: 20),
    ]
    #expect(Self.races(run) == [[0, 1], [2, 3], [4, 5]])
    let events = RunEvents(run)
    for earlier in 0..<2 { #expect(events.happensBefore(earlier, 2)) }
    #expect(events.happensBefore(3, 4))
    let sameTime = [Self.turn(0, [Self.x: .write]), Self.turn(1, [Self.x: .write])]
    let apart = [Self.turn(0, [Self.x: .write]), Self.turn(1, [Self.x: .write], time: 5)]
    #expect(Self.races(sameTime) == [[0, 1]])
    #expect(Self.races(apart).isEmpty)
    #expect(RunEvents(apart).happensBefore(0, 1))
  }

  /// A turn that enqueued another task's job is never in a race with that job's turn: the job
  /// could not have run before it was enqueued. The same two turns, not enabled, race.
  @Test func anEnabledEventNeverRacesWithItsEnabler() {
    let enabled = [Self.turn(0, [Self.x: .write]), Self.turn(1, [Self.x: .write], enabler: 0)]
    #expect(Self.races(enabled).isEmpty)
    #expect(RunEvents(enabled).happensBefore(0, 1))
    let free = [Self.turn(0, [Self.x: .write]), Self.turn(1, [Self.x: .write])]
    #expect(Self.races(free) == [[0, 1]])
    // Enabled by a turn that touched nothing: still after it, and after what came before it.
    let later = [
      Self.turn(0, [Self.x: .write]), Self.turn(0, [:]), Self.turn(1, [Self.x: .read], enabler: 1),
    ]
    #expect(Self.races(later).isEmpty)
    #expect(RunEvents(later).happensBefore(0, 2))
  }

  /// Task 0 takes a lock and releases it, then task 1 takes it: the release orders the takes,
  /// yet they race, since task 1 could have taken the lock first. A lock's waiting line, the
  /// same shape with no take, is ordered by the hand-over and does not race.
  @Test func twoLockTakesRaceAlthoughTheReleaseOrdersThem() {
    let lock = Object.lock("l")
    let run = [
      Self.turn(0, [lock: .write]), Self.turn(0, [lock: .serial]), Self.turn(1, [lock: .write]),
    ]
    #expect(RunEvents(run).happensBefore(0, 2))
    #expect(Self.races(run) == [[0, 2]])
    #expect(RunEvents(run).reversal(of: 0, 2).map(\.id) == [.init(task: 1, index: 0)])
    let line = Object.lockWaiters("l")
    let waiting = [
      Self.turn(0, [line: .write]), Self.turn(0, [line: .serial]), Self.turn(1, [line: .write]),
    ]
    #expect(Self.races(waiting).isEmpty)
  }

  /// Turns that touch nothing in common, or only read, or only update one count, never race;
  /// an opaque turn races with the turn of another task just before it.
  @Test func commutingTurnsNeverRaceAndOpaqueOnesAlways() {
    let commuting = [
      Self.turn(0, [Self.x: .read]), Self.turn(1, [Self.x: .read]), Self.turn(2, [Self.y: .write]),
      Self.turn(0, [.creation: .update]), Self.turn(1, [.creation: .update]),
    ]
    #expect(Self.races(commuting).isEmpty)
    var opaque = Self.turn(1, [:])
    opaque.footprint.opaque = true
    #expect(Self.races([Self.turn(0, [Self.z: .read]), opaque]) == [[0, 1]])
  }
}

/// What each event is compared with: the earlier events of other tasks that touched what it
/// touched. A task's own events are in program order, so they are never candidates: a task that
/// writes one variable 20,000 times costs the analysis nothing (it compared each write with every
/// one before it, and one schedule of such a scenario took minutes).
@Suite struct RunEventsSharingTests {
  @Test func aTasksOwnEarlierStepsAreNotCompared() {
    let x = TurnFootprint.Object.variable("x")
    var run = (0..<20_000).map { _ in RunEventsTests.turn(0, [x: .write]) }
    run.append(RunEventsTests.turn(1, [x: .read]))
    let events = RunEvents(run)
    #expect((0..<20_000).allSatisfy { events.sharing($0).isEmpty })
    #expect(events.sharing(20_000) == Array(0..<20_000))
    #expect(events.races().map { [$0.0, $0.1] } == [[19_999, 20_000]])
  }

  /// Two tasks writing one variable in turn, 1,000 times: each write races with the one just
  /// before it and no other, as with three writes (`racesAreTheImmediateOnes`). Going back from a
  /// write, the other task's earlier writes happen before its latest, so they are passed over
  /// without a comparison each.
  @Test func inALongAlternationEachWriteRacesWithItsPredecessorOnly() {
    let x = TurnFootprint.Object.variable("x")
    let run = (0..<1_000).map { RunEventsTests.turn($0 % 2, [x: .write]) }
    let races = RunEvents(run).races().map { [$0.0, $0.1] }
    #expect(races == (1..<1_000).map { [$0 - 1, $0] })
  }
}
