import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// A group's closure as a closure: a body that returns the group's value ("as" and `return`),
/// `for try await` over the group (`forAwait` naming it) with a `try` around it, and a local set
/// before the group and changed in its body. What the runs print is what
/// Tests/NativeFacts/group-body-returns.swift printed in every run, measured with Swift 6.3.1.
@Suite struct GroupReturnsTests {
  static func logs(_ result: RunResult) -> [String] {
    result.events.filter { $0.kind == .log }.map(\.text)
  }

  /// The fact's first group, as a scenario: children of 50, 100 (throws) and 150 ms.
  static let factScenario = """
    {"format": 1, "steps": [
      {"set": "count", "to": "0"},
      {"group": "group", "as": "total", "body": [
        {"forEach": "[1, 2, 3]", "as": "i", "steps": [
          {"addTask": "group", "steps": [
            {"sleep": "i * 50"},
            {"if": "i == 2", "then": [{"throw": "Boom"}]},
            {"return": "i * 10"}]}]},
        {"set": "sum", "to": "0"},
        {"try": [
          {"forAwait": "group", "as": "x", "steps": [{"add": "sum", "value": "x"}, {"add": "count"}]}
        ], "catch": [{"steps": [{"log": "caught {error}"}]}]},
        {"forAwait": "group", "as": "x", "steps": [
          {"log": "then got {x}"}, {"add": "sum", "value": "x"}, {"add": "count"}]},
        {"return": "sum"}
      ]},
      {"log": "total {total}, {count} results"}
    ]}
    """

  @Test func forTryAwaitLeavesOnAChildsErrorAndALaterLoopTakesTheRest() throws {
    let scenario = try TestSupport.scenario(json: Self.factScenario)
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(result.problem == nil, "\(label)")
      #expect(
        Self.logs(result) == ["caught Boom", "then got 30", "total 40, 2 results"], "\(label)")
    }
  }

  @Test func theClosuresValueIsTheGroupsAndALocalCountsTheFailure() throws {
    let scenario = try TestSupport.scenario(named: "group-returns-total")
    TestSupport.passingRunsOnEverySeed(scenario, "group-returns-total ")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(
        Self.logs(result).last == "120 KB from the group, 1 failed, at 400 ms", "\(label)")
    }
  }

  /// Returning is not cancelling: the group waits for the children left and drops their errors.
  @Test func aReturnWaitsForTheChildrenLeftAndDropsTheirErrors() throws {
    let scenario = try TestSupport.scenario(named: "group-returns-early")
    TestSupport.passingRunsOnEverySeed(scenario, "group-returns-early ")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(Self.logs(result).last == "the group gave back 50 at 300 ms", "\(label)")
      #expect(!result.events.contains { $0.task == "root" && $0.kind == .throw }, "\(label)")
      let slow = result.events.first { $0.task == "mirrors[3]" && $0.kind == .end }
      #expect(slow?.text == "returned 300" && slow?.time == 300, "\(label)")
    }
  }

  @Test func theProgramsSayItAsALearnerWould() throws {
    let total = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "group-returns-total"))
    #expect(total.contains("var failures = 0"), "\(total)")
    #expect(
      total.contains("let total = await withThrowingTaskGroup(of: Int.self) { downloads in"))
    #expect(total.contains("for try await size in downloads {"))
    #expect(total.contains("return sum"))
    #expect(!total.contains("downloads.waitForAll()"))
    try TestSupport.expectCompiles("group-returns-total")
    let early = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "group-returns-early"))
    #expect(early.contains("let fastest = try await withThrowingTaskGroup(of: Int.self)"))
    #expect(early.contains("return first"))
    try TestSupport.expectCompiles("group-returns-early")
  }
}

/// The same scenarios on real threads give the same values.
@Suite(.serialized) struct GroupReturnsLiveTests {
  @Test(arguments: ["group-returns-total", "group-returns-early"])
  func aLiveRunPasses(_ name: String) async throws {
    let result = await TestSupport.liveRunPassing(try TestSupport.scenario(named: name))
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
  }
}
