import Foundation
import LabChecks
import LabInterpreter
import LabTestSupport
import Testing

/// What `lab step` tells a learner beyond the run: what a quit printed, the goals at each choice,
/// how their way compares with the shortest, and trace lines that fit the terminal.
@Suite struct StepGuidanceTests {
  @Test func aQuitSaysWhatTheScheduleIs() {
    let first = StepCommandTests.step(["racy-counter"], input: ["q"])
    #expect(first.status == 0)
    #expect(
      first.out.contains(
        "\nyou quit before your first choice: below is the default run, every turn going\n"
          + "the default way, and the command that replays it\n\nschedule 3-8d4eb6--51\n"),
      "\(first.out)")
    let later = StepCommandTests.step(["racy-counter"], input: ["2", "q"])
    #expect(later.out.contains("\nyou quit after 1 choice: below is your run, every turn after"))
    // The end of input stops as q does, and says so the same way.
    let ended = StepCommandTests.step(["racy-counter"], input: [])
    #expect(ended.out.contains("you quit before your first choice"))
  }

  @Test func theGoalsComeBackAtEachChoice() {
    let session = StepCommandTests.step(["racy-counter"], input: ["2", "1", "2", "q"])
    let goals =
      "goals: counter = 6 (acceptable); counter = 5, counter = 4, counter = 3,\n"
      + "       counter = 2 (interesting)\n"
    for number in 1...4 {
      #expect(session.out.contains(goals + "choice \(number): who runs next?\n"), "\(number)")
    }
  }

  @Test func aLongerWayIsToldTheShortest() {
    let session = StepCommandTests.step(
      ["racy-counter"], input: ["2", "1", "2"] + Array(repeating: "", count: 30))
    #expect(session.out.contains("the run ended: counter = 3 · race (interesting)"))
    #expect(
      session.out.hasSuffix(
        "\nyou reached this outcome with 2 preemptions (a task that could go on was\n"
          + "switched away from); the shortest way takes 1:\n"
          + "  lab run racy-counter --schedule 3-8d4eb6-hg-54\n"), "\(session.out)")
    let shortest = InProcessLab.run(["run", "racy-counter", "--schedule", "3-8d4eb6-hg-54"])
    #expect(shortest.out.contains("✓ outcome: counter = 3 · race"))
  }

  @Test func theShortestWayIsSaidToBeSo() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let keys = try StepCommandTests.keys(following: StepCommandTests.worst, in: scenario)
    let worst = StepCommandTests.step(["racy-counter"], input: keys)
    #expect(
      worst.out.hasSuffix(
        "you reached this outcome with 4 preemptions (a task that could go on was\n"
          + "switched away from): as few as it takes, the explorer finds no way with fewer\n"))
    let byDefault = StepCommandTests.step(["racy-counter"], input: Array(repeating: "", count: 30))
    #expect(byDefault.out.contains("with 0 preemptions (a task"))
  }

  /// A search its budget stops says nothing: no answer is better than a wrong one.
  @Test func aSearchTooLargeSaysNothing() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    var session = StepSession(scenario, options: RunOptions())
    while case .decision(let decision) = session.next() { session.choose(0, at: decision) }
    guard case .ended(let ending) = session.next() else {
      Issue.record("the session did not end")
      return
    }
    #expect(session.shortest(to: ending.outcome)?.preemptions == 0)
    let small = ExhaustiveSearch.Budget(maxSchedules: 10, maxSeconds: 10)
    #expect(session.shortest(to: ending.outcome, budget: small) == nil)
  }

  /// The race line at racy-counter's fourth choice is 147 columns: at 80 it breaks between
  /// words, its details indented under their column.
  @Test func traceLinesWrapBetweenWords() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    var session = StepSession(scenario, options: RunOptions())
    for index in [1, 0, 1] {
      guard case .decision(let decision) = session.next() else { return }
      session.choose(index, at: decision)
    }
    guard case .decision(let decision) = session.next() else {
      Issue.record("no fourth choice")
      return
    }
    let race = try #require(decision.lines.first { $0.contains(" race ") })
    #expect(race.count > 80)
    let text = StepText.decision(decision, width: 80)
    let lines = text.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(text)")
    let first = try #require(lines.firstIndex { $0.contains(" race ") })
    let column = race.distance(
      from: race.startIndex, to: try #require(race.range(of: "counter:")).lowerBound)
    // The lines after it, up to the next event, are the rest of its details, under them.
    let rest = lines[(first + 1)...].prefix { $0.prefix(column).allSatisfy { $0 == " " } }
    #expect(rest.count == 3, "\(text)")
    #expect(rest.allSatisfy { $0.dropFirst(column).first != " " }, "\(text)")
    // Nothing lost or cut: the words are the line's words.
    let words = { (text: String) in text.split(separator: " ").joined(separator: " ") }
    #expect(words(([lines[first]] + rest).joined(separator: " ")) == words(race))
    // Piped (no width), the line stays whole.
    #expect(StepText.decision(decision).contains(race + "\n"))
  }
}
