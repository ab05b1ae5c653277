import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// A group with a body (Scenarios/07-task-groups/group-body.json): the lines its `log` steps
/// give are the ones Tests/NativeFacts/group-body.swift printed in every run, measured with
/// Swift 6.3.1 (-O) on this machine.
@Suite struct GroupBodyTests {
  static let measured = [
    "cancelled before cancelAll: false",
    "cancelled after cancelAll: true",
    "a child added after cancelAll started: false",
    "next() gave 7",
    "next() threw Boom",
    "next() threw CancellationError",
    "the group is done",
  ]

  static func logs(_ result: RunResult) -> [String] {
    result.events.filter { $0.kind == .log }.map(\.text)
  }

  @Test func everySeedPrintsWhatTheRealGroupPrinted() throws {
    let scenario = try TestSupport.scenario(named: "group-body")
    TestSupport.passingRunsOnEverySeed(scenario, "group-body ")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(Self.logs(result) == Self.measured, "\(label)")
      let refused = result.events.first {
        $0.task == "root" && $0.kind == .cancel && $0.text.hasPrefix("jobs[4]")
      }
      #expect(refused?.time == 100, "\(label): \(TestSupport.taskLines(result))")
      let slow = result.events.first { $0.task == "jobs[3]" && $0.kind == .end }
      #expect(slow?.text == "cancelled" && slow?.time == 100, "\(label)")
    }
  }

  @Test func aChildAddedAfterCancelAllStartsCancelledAndNextGivesNoneWhenEmpty() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "state": {"seen": ""},
         "steps": [{"group": "g", "body": [
           {"cancelAll": "g"},
           {"addTask": "g", "steps": [{"return": "isCancelled"}]},
           {"next": "g", "as": "first"},
           {"next": "g", "as": "second"},
           {"log": "child saw cancelled: {first}; then {second}"}
         ]}]}
        """)
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(Self.logs(result) == ["child saw cancelled: true; then none"], "\(label)")
    }
  }

  @Test func theStepsOfABodyAreRefusedOutsideIt() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "steps": [
          {"group": "g", "body": [{"addTask": "g", "steps": [{"cancelAll": "g"}]}]},
          {"next": "g"}
        ]}
        """)
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.allSatisfy { $0.contains("only that group's \"body\" can reach") })
  }

  /// `jobs.isEmpty` counts results not yet taken (Tests/NativeFacts/group-is-empty-until-next-
  /// takes.swift): false once both children ended, true after two `next`s, on every seed.
  @Test func isEmptyCountsTheResultsNextHasNotTaken() throws {
    let scenario = try TestSupport.scenario(named: "group-is-empty")
    TestSupport.passingRunsOnEverySeed(scenario, "group-is-empty ")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(
        Self.logs(result) == [
          "empty at the start: true", "empty once both children ended: false", "next() took 1",
          "next() took 2", "empty after two results were taken: true", "the total is 3",
        ], "\(label)")
    }
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "group-is-empty"))
    #expect(program.contains("while !jobs.isEmpty {"))
    try TestSupport.expectCompiles("group-is-empty")
  }

  @Test func isEmptyOutsideItsBodyIsRefusedAsIsCancelled() {
    let messages = TestSupport.diagnostics(
      json: """
        {"format": 1, "steps": [
          {"group": "g", "body": [{"addTask": "g", "steps": [{"log": "{g.isEmpty}"}]}]},
          {"log": "{g.isCancelled} {g.isEmpty}"}
        ]}
        """)
    #expect(messages.count == 3, "\(messages)")
    #expect(messages.allSatisfy { $0.contains("only that group's \"body\" can reach") })
  }

  @Test func theProgramCompilesInSwift6Mode() throws {
    let program = try SwiftProgram.generate(try TestSupport.programScenario(named: "group-body"))
    #expect(program.contains("try await withThrowingTaskGroup(of: Int.self) { jobs in"))
    #expect(program.contains("jobs.cancelAll()"))
    #expect(program.contains("= jobs.addTaskUnlessCancelled {"))
    #expect(program.contains("let result = try await jobs.next()\n"))
    try TestSupport.expectCompiles("group-body")
  }
}

/// The same scenario on real threads prints the same lines.
@Suite(.serialized) struct GroupBodyLiveTests {
  @Test func aLiveRunPrintsWhatTheRealGroupPrinted() async throws {
    let scenario = try TestSupport.scenario(named: "group-body")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    #expect(GroupBodyTests.logs(result) == GroupBodyTests.measured)
  }
}
