import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// Loops that end on a condition (`while`, `repeatWhile`), and `break` and `continue` in every
/// loop, run on the virtual runtime: what each round does, what leaves a loop and what does not.
@Suite struct LoopTests {
  func run(_ json: String, options: RunOptions = RunOptions()) throws -> RunResult {
    ScenarioRunner.runAndCheck(try TestSupport.scenario(json: json), options: options)
  }

  func logs(_ result: RunResult) -> [String] {
    result.events.filter { $0.kind == .log }.map(\.text)
  }

  @Test func aWhileLoopReadsItsConditionBeforeEachRound() throws {
    let result = try run(
      """
      {"format": 1, "steps": [
        {"set": "n", "to": "0"},
        {"while": "n < 3", "steps": [{"add": "n"}, {"log": "round {n}"}]},
        {"while": "false", "steps": [{"log": "never"}]},
        {"log": "after {n}"}
      ]}
      """)
    #expect(result.problem == nil)
    #expect(logs(result) == ["round 1", "round 2", "round 3", "after 3"])
  }

  @Test func aRepeatWhileLoopRunsItsStepsOnceBeforeItReadsTheCondition() throws {
    let result = try run(
      """
      {"format": 1, "steps": [
        {"set": "n", "to": "10"},
        {"repeatWhile": "n < 3", "steps": [{"add": "n"}, {"log": "round {n}"}]},
        {"set": "m", "to": "0"},
        {"repeatWhile": "m < 2", "steps": [{"add": "m"}, {"log": "m {m}"}]}
      ]}
      """)
    #expect(logs(result) == ["round 11", "m 1", "m 2"])
  }

  /// `break` and `continue` act on the innermost loop of each kind, and pass out through `if`.
  @Test(arguments: [
    (#"{"while": "i < 4", "steps": [{"add": "i"}, BODY]}"#, ["1", "3"]),
    (#"{"repeatWhile": "i < 4", "steps": [{"add": "i"}, BODY]}"#, ["1", "3"]),
    (#"{"repeat": 5, "as": "i", "steps": [BODY]}"#, ["1", "3"]),
    (#"{"forEach": "[1, 2, 3, 4, 5]", "as": "i", "steps": [BODY]}"#, ["1", "3"]),
  ])
  func breakAndContinueInEveryLoop(_ loop: String, _ expected: [String]) throws {
    let body =
      #"{"if": "i == 2", "then": [{"continue": true}]}, "#
      + #"{"if": "i == 4", "then": [{"break": true}]}, {"log": "{i}"}"#
    let result = try run(
      #"{"format": 1, "steps": [{"set": "i", "to": "0"}, \#(loop.replacing("BODY", with: body))]}"#
    )
    #expect(result.problem == nil)
    #expect(logs(result) == expected)
  }

  @Test func breakAndContinueEndAForAwaitLoopOverAStream() throws {
    let result = try run(
      """
      {"format": 1, "streams": {"numbers": "unbounded"}, "steps": [
        {"repeat": 5, "as": "i", "steps": [{"streamYield": "numbers", "value": "i"}]},
        {"streamFinish": "numbers"},
        {"forAwait": "numbers", "as": "x", "steps": [
          {"if": "x == 2", "then": [{"continue": true}]},
          {"if": "x == 4", "then": [{"break": true}]},
          {"log": "{x}"}]},
        {"log": "after the loop"}
      ]}
      """)
    #expect(logs(result) == ["1", "3", "after the loop"])
  }

  /// A `break` inside `do` leaves the loop as Swift's does: it is no error, so no `catch` runs,
  /// not even a catch-all.
  @Test func aCatchNeverCatchesABreakOrAContinue() throws {
    let result = try run(
      """
      {"format": 1, "steps": [
        {"set": "n", "to": "0"},
        {"while": "n < 5", "steps": [
          {"add": "n"},
          {"try": [{"if": "n == 1", "then": [{"continue": true}]}, {"break": true}],
           "catch": [{"steps": [{"log": "caught {error}"}]}]},
          {"log": "not reached"}]},
        {"log": "left at {n}"}
      ]}
      """)
    #expect(result.events.allSatisfy { $0.kind != .catch })
    #expect(logs(result) == ["left at 2"])
  }

  @Test func aReturnInsideALoopEndsTheFunction() throws {
    let result = try run(
      """
      {"format": 1, "state": {"found": 0},
       "functions": {"first": {"params": [], "steps": [
         {"set": "n", "to": "0"},
         {"while": "true", "steps": [{"add": "n"}, {"if": "n * n > 10", "then": [{"return": "n"}]}]},
         {"return": -1}]}},
       "steps": [{"call": "first", "as": "value"}, {"set": "found", "to": "value"}]}
      """)
    #expect(result.values.first { $0.name == "found" }?.value == .int(4))
  }

  /// Leaving a loop's round by `break` ends the scope of an `async let` the round started, which
  /// cancels the child, as Swift does.
  @Test func aBreakCancelsTheUnawaitedAsyncLetOfItsRound() throws {
    let result = try run(
      """
      {"format": 1, "state": {"done": false}, "steps": [
        {"while": "true", "steps": [
          {"asyncLet": "slow", "steps": [{"sleep": 5000}, {"set": "done", "to": true}]},
          {"break": true}]}
      ]}
      """)
    #expect(result.duration == 0)
    #expect(result.values.first { $0.name == "done" }?.value == .bool(false))
    #expect(result.events.contains { $0.kind == .cancel && $0.text.contains("not awaited") })
  }

  @Test func aLoopThatNeverEndsIsStoppedByTheStepLimitWhichNamesIt() throws {
    var options = RunOptions()
    options.limits.interpreter.maxSteps = 5_000
    let result = try run(
      """
      {"format": 1, "state": {"n": 0}, "steps": [
        {"set": "x", "to": "0"},
        {"while": "x < 1", "steps": [{"add": "n"}]}]}
      """, options: options)
    let problem = try #require(result.problem)
    #expect(problem.contains("the run took more than 5000 steps"), "\(problem)")
    #expect(
      problem.contains("the while loop at inline.json:3:4 (steps[1]) was still going round"),
      "\(problem)")
    #expect(problem.contains("--max-steps"), "\(problem)")
  }

  @Test func aLoopThatEndedIsNotNamedWhenARunawayComesLater() throws {
    var options = RunOptions()
    options.limits.interpreter.maxSteps = 5_000
    let result = try run(
      """
      {"format": 1, "steps": [
        {"while": "false", "steps": []},
        {"repeat": 1000000, "steps": [{"set": "x", "to": "1"}]}]}
      """, options: options)
    let problem = try #require(result.problem)
    #expect(problem.contains("more than 5000 steps"), "\(problem)")
    #expect(!problem.contains("while loop"), "\(problem)")
  }

  /// The condition is read as a step of its own: the exploration of schedules sees each reading,
  /// so a task that sets the flag between two readings gives each count of rounds.
  @Test func theExplorationSeesWhatTheConditionReads() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "threads": 2, "state": {"ready": false, "polls": 0}, "steps": [
          {"task": "producer", "steps": [{"set": "ready", "to": "true"}]},
          {"while": "!ready && polls < 3", "steps": [{"add": "polls"}]},
          {"awaitTask": "producer"}]}
        """)
    var polls: Set<Value> = []
    for reduction in [ExhaustiveSearch.Reduction.none, .optimal] {
      var budget = ExhaustiveSearch.Budget(
        maxSchedules: 5_000, maxSeconds: nil, maxMemoryBytes: nil)
      budget.reduction = reduction
      let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
      #expect(findings.complete)
      let found = Set(
        findings.outcomes.compactMap { found in
          found.outcome.values.first { $0.name == "polls" }?.value
        })
      if reduction == .none { polls = found } else { #expect(found == polls) }
    }
    #expect(polls == [.int(0), .int(1), .int(2), .int(3)])
  }

  /// `while let result = try await group.next()`: each result in completion order; `continue`
  /// and `break` act on the loop, and after a `break` the group still waits for its other
  /// children when its body ends.
  @Test func whileNextTakesResultsAsTheyComeAndTheGroupWaitsAfterABreak() throws {
    let result = try run(
      """
      {"format": 1, "threads": 4, "steps": [
        {"group": "jobs", "body": [
          {"forEach": "[30, 10, 20, 40]", "as": "ms", "steps": [
            {"addTask": "jobs", "steps": [{"sleep": "ms"}, {"return": "ms"}]}]},
          {"whileNext": "jobs", "as": "value", "steps": [
            {"if": "value == 10", "then": [{"continue": true}]},
            {"log": "{value} at {now}"},
            {"if": "value == 30", "then": [{"break": true}]}]}]},
        {"log": "group ended at {now}"}
      ]}
      """)
    #expect(result.problem == nil)
    #expect(logs(result) == ["20 at 20", "30 at 30", "group ended at 40"])
  }

  @Test func whileNextEndsWhenNoChildIsLeftAndRethrowsAChildsError() throws {
    let result = try run(
      """
      {"format": 1, "threads": 4, "steps": [
        {"group": "jobs", "body": [
          {"whileNext": "jobs", "as": "value", "steps": [{"log": "never"}]},
          {"addTask": "jobs", "steps": [{"sleep": 10}, {"return": 1}]},
          {"addTask": "jobs", "steps": [{"sleep": 20}, {"throw": "boom"}]},
          {"try": [{"whileNext": "jobs", "as": "value", "steps": [{"log": "got {value}"}]}],
           "catch": [{"steps": [{"log": "caught {error} at {now}"}]}]}]}
      ]}
      """)
    #expect(result.problem == nil)
    #expect(logs(result) == ["got 1", "caught boom at 20"])
  }

  /// A loop's variable is the loop's own constant: a name it hides — a state variable, an
  /// actor's constant — is back after the loop, as in Swift. The lab kept the last item there
  /// ("after y" where Swift printed "after store").
  @Test func theNameALoopVariableHidesIsBackAfterTheLoop() throws {
    let result = try run(
      """
      {"format": 1, "streams": {"s": "unbounded"},
       "state": {"label": "store", "count": 0},
       "steps": [
        {"forEach": "['x', 'y']", "as": "label", "steps": []},
        {"log": "after forEach {label}"},
        {"repeat": 3, "as": "count", "steps": []},
        {"log": "after repeat {count}"},
        {"streamYield": "s", "value": "'z'"}, {"streamFinish": "s"},
        {"forAwait": "s", "as": "label", "steps": []},
        {"log": "after forAwait {label}"}
      ]}
      """)
    #expect(result.problem == nil)
    #expect(
      logs(result) == ["after forEach store", "after repeat 0", "after forAwait store"])
  }
}
