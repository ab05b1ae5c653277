import Foundation
import LabInterpreter
import LabNative
import LabTestSupport
import Testing

/// Schedules of a program of one's own: replayed exactly, and searched within a bound of
/// departures from first in, first out. Built with the real compiler, so run one at a time.
@Suite(.serialized) struct OwnProgramSearchTests {
  @Test(arguments: [
    ("0", [Int]?.some([])), ("", []), ("0.2.1", [0, 2, 1]), ("1.0.0", [1]), ("3", [3]),
    ("1..2", nil), ("-1", nil), ("a", nil), ("1.", nil), ("1234567", nil), ("٣", nil),
  ])
  func scheduleText(_ text: String, _ picks: [Int]?) {
    #expect(OwnSchedule(text)?.picks == picks)
  }

  @Test func aScheduleWritesBackAsItWasRead() {
    #expect(OwnSchedule(picks: [0, 2, 0, 1, 0, 0]).text == "0.2.0.1")
    #expect(OwnSchedule(picks: [0, 0]).text == "0")
    #expect(OwnSchedule(picks: [0, 2, 0, 1]).departures == 3)
  }

  static func build(_ name: String) throws -> (OwnProgram, NativeBuild)? {
    guard let builder = try OwnProgramTests.builder() else { return nil }
    let program = try OwnProgramTests.program(name)
    return (program, try program.build(with: builder))
  }

  /// The schedule a seeded run made replays it event for event.
  @Test func aSeedsScheduleReplaysItsRun() throws {
    guard let (program, build) = try Self.build("yields") else { return print("skipped") }
    for seed: UInt64 in [3, 8, 21] {
      let seeded = try OwnProgram.run(build, name: program.name, seed: seed, options: RunOptions())
      let schedule = try #require(seeded.choices?.schedule)
      let replayed = try OwnProgram.run(
        build, name: program.name, seed: 0, schedule: schedule, options: RunOptions())
      #expect(replayed.record.events == seeded.record.events, "seed \(seed): \(schedule.text)")
      #expect(replayed.choices?.schedule == schedule)
    }
  }

  @Test func aScheduleThatDoesNotFitIsNamed() throws {
    guard let (program, build) = try Self.build("yields") else { return print("skipped") }
    let run = try OwnProgram.run(
      build, name: program.name, seed: 0, schedule: OwnSchedule(picks: [9]), options: RunOptions())
    #expect(
      run.unfitSchedule?.hasPrefix("the schedule does not fit this program: at its choice 1")
        == true)
  }

  /// Zero departures is first in, first out alone; each departure more reaches more orders of
  /// the two yielding tasks, and every outcome's schedule replays it.
  @Test func theBoundGrowsTheOutcomes() throws {
    guard let (program, build) = try Self.build("yields") else { return print("skipped") }
    var found: [Int] = []
    for departures in 0...2 {
      let result = try OwnProgramSearch.run(
        build, name: program.name, budget: .init(departures: departures), options: RunOptions())
      #expect(result.complete, "\(result.firstUncontrolled ?? "")")
      if departures == 0 { #expect(result.schedules == 1) }
      found.append(result.outcomes.count)
      for outcome in result.outcomes {
        #expect(outcome.schedule.departures <= departures)
        let replayed = try OwnProgram.run(
          build, name: program.name, seed: 0, schedule: outcome.schedule, options: RunOptions())
        #expect(replayed.printed == outcome.printed, "\(outcome.schedule.text)")
      }
    }
    #expect(found[0] == 1 && found[1] > found[0] && found[2] > found[1], "\(found)")
  }

  /// A `Task.yield` is two points of choice, each where a job ends: the yielder's, and the job
  /// of the runtime's own that puts the yielder back in its queue. That second job runs no
  /// task, so its enqueue readies nothing beside a task: counted as a point inside a job too, it
  /// made each yield three (24 points more here, where 16 is right; yields.swift had 32 for 24).
  @Test func aYieldIsTwoPointsOfChoice() throws {
    guard let builder = try OwnProgramTests.builder() else { return print("skipped") }
    func points(yields: Int) throws -> Int {
      let program = OwnProgram(
        path: "yields-\(yields).swift",
        source: """
          await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 { group.addTask { for _ in 0..<\(yields) { await Task.yield() } } }
          }
          """)
      let run = try OwnProgram.run(
        try program.build(with: builder), name: program.name, seed: 0, options: RunOptions())
      return try #require(run.choices).counts.count { $0 > 1 }
    }
    let two = try points(yields: 2)
    let six = try points(yields: 6)
    // Four yields more of each of the two tasks: sixteen points more.
    #expect(six - two == 16, "\(two) points with 2 yields a task, \(six) with 6")
  }

  /// The bank's second outcome lies three departures away.
  @Test func theSearchFindsTheReentrantWithdrawal() throws {
    guard let (program, build) = try Self.build("bank") else { return print("skipped") }
    let result = try OwnProgramSearch.run(
      build, name: program.name, budget: .init(departures: 3), options: RunOptions())
    let printed = Set(result.outcomes.compactMap(\.printed.first))
    #expect(printed.contains("withdrawals: true true, balance: -60"))
    #expect(printed.count >= 2, "\(printed)")
  }

  @Test func theBudgetStopsTheSearch() throws {
    guard let (program, build) = try Self.build("yields") else { return print("skipped") }
    let result = try OwnProgramSearch.run(
      build, name: program.name, budget: .init(departures: 3, maxSchedules: 10),
      options: RunOptions())
    #expect(result.schedules == 10)
    #expect(result.stoppedBy == "--max-schedules 10")
    #expect(!result.complete)
  }
}
