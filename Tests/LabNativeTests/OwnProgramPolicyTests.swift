import Foundation
import LabInterpreter
import LabNative
import LabRuntime
import Testing

/// `--policy pct` for a program of one's own: each task a seeded priority, the highest ready one
/// run, three of them dropped at seeded points. A task then runs on until it waits, as a real
/// thread often does — an order a fair choice at every point all but never makes.
@Suite(.serialized) struct OwnProgramPolicyTests {
  /// Two actors yielding 30 times each, in a group: the shape of Swift's own runtime test
  /// `async_task_yield`, whose real runs sometimes print all of one actor's lines, then the
  /// other's.
  static let twoActors = OwnProgram(
    path: "two-actors.swift",
    source: """
      actor One { func go() async { for i in 0..<30 { print("One \\(i)"); await Task.yield() } } }
      actor Two { func go() async { for i in 0..<30 { print("Two \\(i)"); await Task.yield() } } }
      let one = One()
      let two = Two()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await one.go() }
        group.addTask { await two.go() }
      }
      """)

  /// The longest run of lines of one actor in `printed`.
  static func longestRun(_ printed: [String]) -> Int {
    var (longest, current, last) = (0, 0, "")
    for line in printed {
      let actor = String(line.prefix(3))
      current = actor == last ? current + 1 : 1
      last = actor
      longest = max(longest, current)
    }
    return longest
  }

  static func pct() -> RunOptions {
    var options = RunOptions()
    options.policy = .pct
    return options
  }

  @Test func prioritiesLetOneTaskRunOn() throws {
    let fair = try OwnProgramTests.runs(Self.twoActors, seeds: 1...30)
    guard !fair.isEmpty else { return print("skipped: no swiftc") }
    let ranked = try OwnProgramTests.runs(Self.twoActors, seeds: 1...30, options: Self.pct())
    // A fair choice at each of the 60 points: a run of 30 of one actor's lines has odds of
    // 2⁻²⁹ a run.
    #expect(fair.map { Self.longestRun($0.printed) }.max() ?? 0 < 15)
    let whole = ranked.filter { Self.longestRun($0.printed) == 30 }
    #expect(whole.count >= 5, "\(ranked.map { Self.longestRun($0.printed) })")
    for run in ranked {
      #expect(run.record.problem == nil)
      // Each actor's own lines keep their order whatever the priorities.
      #expect(run.printed.filter { $0.hasPrefix("One") } == (0..<30).map { "One \($0)" })
      #expect(run.printed.filter { $0.hasPrefix("Two") } == (0..<30).map { "Two \($0)" })
    }
  }

  /// The same seed under priorities gives the same events; the choices it made, given as a
  /// schedule, give the same run under the fair choice, so an outcome's schedule replays it.
  @Test func aSeedOfPrioritiesReplays() throws {
    let runs = try OwnProgramTests.runs(Self.twoActors, seeds: [5, 5], options: Self.pct())
    guard runs.count == 2, let choices = runs[0].choices else {
      return print("skipped: no swiftc")
    }
    #expect(runs[0].record.events == runs[1].record.events)
    guard let builder = try OwnProgramTests.builder() else { return }
    let build = try Self.twoActors.build(with: builder)
    let replayed = try OwnProgram.run(
      build, name: Self.twoActors.name, seed: 0, schedule: choices.schedule,
      options: RunOptions())
    #expect(replayed.printed == runs[0].printed)
  }

  /// The first in, first out run that counts the points of choice ended badly: the run says
  /// so, since its changes then fall early.
  @Test func aFirstInFirstOutRunThatEndsBadlyIsNamed() throws {
    let program = OwnProgram(
      path: "fifo-exits.swift",
      source: """
        import Glibc
        import Synchronization
        final class Order: Sendable { let names = Mutex<[String]>([]) }
        let order = Order()
        await withTaskGroup(of: Void.self) { group in
          for name in ["a", "b", "c"] { group.addTask { order.names.withLock { $0.append(name) } } }
        }
        if order.names.withLock({ $0 }) == ["a", "b", "c"] { exit(3) }
        print("not first in, first out")
        """)
    let runs = try OwnProgramTests.runs(program, seeds: [1], options: Self.pct())
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(
      run.horizonProblem?.contains("exited with status 3") == true,
      "\(run.horizonProblem ?? "none")")
  }

  /// The changes fall among the points of choice of the first in, first out run.
  @Test func theHorizonIsTheFirstInFirstOutRunsPoints() throws {
    guard let builder = try OwnProgramTests.builder() else { return print("skipped: no swiftc") }
    let build = try Self.twoActors.build(with: builder)
    let fifo = try OwnProgram.run(build, name: Self.twoActors.name, seed: 0, options: RunOptions())
    let horizon = try OwnProgram.horizon(build, name: Self.twoActors.name, options: Self.pct())
      .points
    #expect(horizon == fifo.choices?.counts.count)
    #expect(horizon >= 60)
  }
}
