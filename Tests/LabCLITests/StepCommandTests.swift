import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

@testable import lab

/// `lab step`: a learner's choices, read one a line, drive the virtual scheduler; the schedule
/// it prints replays the same run.
@Suite struct StepCommandTests {
  /// Runs `lab step ARGUMENTS` in this process with `lines` as its input.
  static func step(_ arguments: [String], input lines: [String]) -> (
    status: Int32, out: String, err: String
  ) {
    InProcessLab.run(["step"] + arguments, input: lines)
  }

  /// The keys that make `lab step` follow `schedule`: at each decision, the candidate the
  /// schedule's run chose there.
  static func keys(following schedule: String, in scenario: Scenario) throws -> [String] {
    let parsed = try Schedule.parse(schedule, scenario: nil).get()
    var options = RunOptions()
    options.chooser = parsed.replay().0
    _ = ScenarioRunner.run(scenario, options: options)
    let wanted = options.chooser!.decisions.filter { $0.candidates.count > 1 }.map(\.chosen)
    var session = StepSession(scenario, options: RunOptions())
    var keys: [String] = []
    while case .decision(let decision) = session.next() {
      let index = try #require(
        decision.candidates.firstIndex { $0.ordinal == wanted[session.choices.count] })
      keys.append(String(index + 1))
      session.choose(index, at: decision)
    }
    return keys
  }

  static let worst = "3-8d4eb6-hgjghggg-a4"

  @Test func scriptedSessionReachesTheWorstCaseAndReplaysIt() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let keys = try Self.keys(following: Self.worst, in: scenario)
    let session = Self.step(["racy-counter"], input: keys)
    #expect(session.status == 0)
    #expect(session.out.contains("Goals: make the run end with\n  counter = 6 (acceptable)"))
    #expect(session.out.contains("the run ended: counter = 2 · race (interesting)\n  the worst"))
    #expect(session.out.contains("replay: lab run racy-counter --schedule \(Self.worst)\n"))
    #expect(session.out.contains("choice 1: who runs next?\n  1  adders[1]  start  (default)\n"))
    // The replay prints the very run the learner made, byte for byte.
    let replay = InProcessLab.run(["run", "racy-counter", "--schedule", Self.worst])
    #expect(replay.status == 0)
    var stepped = StepSession(scenario, options: RunOptions())
    for key in keys {
      guard case .decision(let decision) = stepped.next() else { break }
      stepped.choose(Int(key)! - 1, at: decision)
    }
    guard case .ended(let ending) = stepped.next() else {
      Issue.record("the session did not end")
      return
    }
    #expect(ending.schedule == Self.worst)
    let trace = TraceText.lines(ending.result.events).joined(separator: "\n")
    #expect(replay.out.contains("details\n" + trace + "\n\nduration"))
  }

  @Test func undoTakesTheLastChoiceBack() {
    let direct = Self.step(["racy-counter"], input: ["2", "q"])
    let undone = Self.step(["racy-counter"], input: ["2", "1", "2", "u", "u", "q"])
    #expect(undone.status == 0)
    #expect(direct.out.hasSuffix(undone.out.components(separatedBy: "\nschedule ").last!))
    #expect(undone.out.contains("choice 3: who runs next?"))
    let nothing = Self.step(["racy-counter"], input: ["u", "q"])
    #expect(nothing.out.contains("nothing to undo\n"))
  }

  @Test func badInputGetsAHintAndTheQuestionAgain() {
    let session = Self.step(["racy-counter"], input: ["x", "9", "?", "q"])
    let hint = "type a number from 1 to 2, u to undo, q to quit, ? for help\n"
    #expect(session.out.components(separatedBy: hint).count == 3)
    #expect(session.out.components(separatedBy: "1 or 2, u, q, ? [1]: ").count == 5)
    #expect(session.out.contains("A choice is a turn of the scheduler"))
    #expect(!session.out.contains("choice 2:"))
  }

  @Test func endOfInputQuitsWithTheScheduleSoFar() {
    let session = Self.step(["racy-counter"], input: ["2"])
    #expect(session.status == 0)
    #expect(session.err.isEmpty)
    #expect(session.out.contains("\nschedule 3-8d4eb6-"))
    #expect(session.out.contains("replay: lab run racy-counter --schedule 3-8d4eb6-"))
    let line = session.out.split(separator: "\n").last { $0.hasPrefix("schedule ") }!
    let replay = InProcessLab.run(["run", "racy-counter", "--schedule", String(line.dropFirst(9))])
    #expect(replay.status == 0)
  }

  @Test func blankLinesRunTheDefaultToTheEnd() {
    let session = Self.step(["racy-counter"], input: Array(repeating: "", count: 40))
    #expect(session.out.contains("the run ended: counter = 6 · race (acceptable)"))
    #expect(session.out.contains("schedule 3-8d4eb6--51\n"))
  }

  /// A continuation nothing resumes: the run ends in a deadlock, announced with the lab's report.
  @Test func aDeadlockIsAnnouncedWithTheLabsReport() throws {
    let json = """
      {"format": 1, "name": "never-resumed", "title": "t", "summary": "s", "source": "s",
       "threads": 2, "state": {"n": 0},
       "steps": [{"task": "t", "steps": [{"add": "n"}, {"continuation": "done", "steps": []}]},
         {"awaitTask": "t"}],
       "expect": {"outcomes": [{"when": {"ended": "deadlock"}, "grade": "interesting",
         "reason": "nothing resumes done"}]}}
      """
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("step-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let session = Self.step([file.path], input: Array(repeating: "", count: 10))
    #expect(session.status == 0)
    #expect(session.out.contains("  deadlock (interesting)\n    nothing resumes done\n"))
    #expect(session.out.contains("\ndeadlock at 0 ms: nothing can run"), "\(session.out)")
    #expect(session.out.contains("the run ended: n = 1 · deadlock (interesting)"))
  }
}

/// An answer read from a pipe is a few characters: a line longer than 4,096 bytes is no answer,
/// and the input ends there (`cat /dev/zero | lab step …` held 13.7 GB reading one line; a line
/// of 5,000 `1`s was read as "1").
@Suite struct StepInputBoundTests {
  @Test func aLineLongerThanAnyAnswerEndsTheInput() throws {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-step-input-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: input) }
    try (String(repeating: "1", count: 5_000) + "\n1\nq\n").write(
      to: input, atomically: true, encoding: .utf8)
    let (status, out, _) = try TestSupport.runLab(["step", "racy-counter"], input: input)
    #expect(status == 0)
    #expect(out.contains("you quit before your first choice"), "\(out.suffix(400))")
  }
}

/// Working out one choice is bounded in time: each runs the scenario again once per task that
/// could go next, and two tasks adding 100,000 times each showed their first choice after 51 s.
@Suite struct StepTimeBoundTests {
  static let longAdds = """
    {"format": 1, "name": "long-adds", "threads": 2, "state": {"counter": 0}, "steps": [
      {"group": "adders", "count": 2, "steps": [
        {"repeat": 100000, "steps": [{"add": "counter"}]}]}]}
    """

  @Test func aChoiceThatTakesTooLongStopsTheSessionAndSaysWhy() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "long-adds-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Self.longAdds.write(to: file, atomically: true, encoding: .utf8)
    let start = ContinuousClock.now
    let (status, out, _) = StepCommandTests.step(
      [file.path, "--max-seconds", "0.5"], input: ["1", "q"])
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(status == 1)
    #expect(out.contains("stopped: working out the next choice took more than 0.5 s"), "\(out)")
    #expect(out.contains("  lab run \(shellWord(file.path))\n"))
    #expect(!out.contains("choice 1: who runs next?"))
  }

  /// A bundled scenario's answers take milliseconds: the bound is a guard, not a step's limit.
  @Test func aBundledScenarioStepsToItsEndWithinTheBound() throws {
    var session = StepSession(
      try TestSupport.scenario(named: "racy-counter"), options: RunOptions())
    #expect(session.secondsPerAnswer == StepSession.standardSecondsPerAnswer)
    while case .decision(let decision) = session.next() { session.choose(1, at: decision) }
    guard case .ended(let ending) = session.next() else {
      Issue.record("the session did not end")
      return
    }
    #expect(ending.result.record.problem == nil)
  }

  /// A choice shows what happened before its turn, and no more. Five tasks each hop to an actor
  /// after a sleep; where the others' turns show nothing, the default's run and theirs went on
  /// alike, and the lines they shared — the default's own `set timeStamps = 1` and its end —
  /// were printed before the choice, as though done, while every other task was offered to go
  /// first, each "then tasks[1]: hop to TimeStore".
  @Test func aChoiceShowsOnlyWhatCameBeforeItsTurn() throws {
    var session = StepSession(
      try TestSupport.scenario(named: "actor-time-store"), options: RunOptions())
    var checked = 0
    while case .decision(let decision) = session.next() {
      let preferred = decision.candidates[decision.preferred]
      if preferred.next.hasPrefix("set timeStamps") {
        let step = String(preferred.next.dropFirst("set ".count))
        #expect(!decision.lines.contains { $0.hasSuffix(step) }, "\(decision.lines)")
        checked += 1
      }
      session.choose(decision.preferred, at: decision)
    }
    #expect(checked >= 1, "no choice offered a set of timeStamps by default")
  }

  /// A choice is named by what its own task's turn shows. A main-actor task cancelled in its
  /// sleep wakes through the pool and then ends, and its end hands its result to the root in a
  /// turn that shows nothing; that choice was listed as `root  resume task p finished`, the
  /// next task's step — a row for the root beside the root's own, and in a generated scenario
  /// two rows `tap1  input tap tap1 arrives`, one of them a sleeper's wake, which hid the
  /// order that reached an outcome natively seen.
  @Test func aChoiceThatShowsNothingIsNamedByItsOwnTask() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "silent-turn", "isolation": "main", "threads": 2, "steps": [
          {"task": "p", "isolation": "main", "steps": [{"try": [{"sleep": 1000}],
            "catch": [{"error": "CancellationError", "steps": [{"log": "p woke"}]}]}]},
          {"task": "q", "detached": true, "steps": [{"log": "q ran"}]},
          {"cancel": "p"}, {"awaitTask": "p"}, {"awaitTask": "q"}]}
        """)
    var session = StepSession(scenario, options: RunOptions())
    var rows: [String] = []
    while case .decision(let decision) = session.next() {
      rows += decision.candidates.map { "\($0.task)  \($0.next)" }
      let tasks = decision.candidates.map(\.task)
      #expect(Set(tasks).count == tasks.count, "two rows for one task: \(tasks)")
      session.choose(decision.preferred, at: decision)
    }
    #expect(rows.contains("p  (shows nothing; then root: resume task p finished)"), "\(rows)")
    #expect(!rows.contains { $0.hasPrefix("q  ") && !$0.hasSuffix("start") }, "\(rows)")
    // The user's first turn (its sleep until the tap) shows nothing, and a start has no details.
    let tapped = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "tap-and-children", "threads": 2,
         "inputs": [{"at": 20, "tap": "tap1"}], "handlers": {"tap1": {"steps": [{"log": "t"}]}},
         "steps": [{"group": "c", "count": 2, "steps": [{"sleep": 20}, {"log": "a"}]}]}
        """)
    var first = StepSession(tapped, options: RunOptions())
    guard case .decision(let decision) = first.next() else {
      Issue.record("no choice")
      return
    }
    #expect(decision.candidates.first?.next == "(shows nothing; then c[1]: start)")
  }
}
