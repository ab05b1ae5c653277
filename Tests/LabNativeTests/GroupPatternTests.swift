import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// Task-group patterns (Scenarios/07-task-groups): a discarding group, a window of at most N
/// children in flight, and a timeout as a race of two children, as measured in docs/runtimes.md
/// ("Task-group patterns, measured").
@Suite struct GroupPatternTests {
  static let names = ["discarding-group", "group-sliding-window", "timeout-race"]

  static func event(
    _ result: RunResult, _ task: String, _ kind: TraceEvent.Kind, _ text: String? = nil
  ) -> TraceEvent? {
    result.events.first { $0.task == task && $0.kind == kind && (text == nil || $0.text == text) }
  }

  /// The most children of `group` running at once: spawned by the parent and not yet ended.
  static func mostInFlight(_ result: RunResult, group: String) -> Int {
    var running = 0
    var most = 0
    for event in result.events {
      if event.kind == .spawn, event.text.hasPrefix("\(group)[") {
        running += 1
        most = max(most, running)
      } else if event.kind == .end, event.task.hasPrefix("\(group)[") {
        running -= 1
      }
    }
    return most
  }

  @Test(arguments: names) func theNumbersHoldOnEverySeed(_ name: String) throws {
    let scenario = try TestSupport.scenario(named: name)
    TestSupport.passingRunsOnEverySeed(scenario, "\(name) ")
  }

  @Test func theFirstErrorCancelsTheOthersAndIsRethrownOnceAllEnded() throws {
    let scenario = try TestSupport.scenario(named: "discarding-group")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      let cancelled = Self.event(result, "uploads[3]", .end, "cancelled")
      let threw = Self.event(result, "uploads[2]", .end, "threw uploadFailed")
      let rethrown = Self.event(result, "root", .throw, "group uploads rethrows uploadFailed")
      #expect(cancelled?.time == 200 && threw?.time == 200, "\(label)")
      #expect(rethrown?.time == 200, "\(label)")
      // Rethrown only after every child ended.
      let lastEnd = result.events.lastIndex { $0.kind == .end && $0.task.hasPrefix("uploads[") }
      let rethrowIndex = result.events.firstIndex { $0.kind == .throw && $0.task == "root" }
      #expect(lastEnd != nil && rethrowIndex != nil && lastEnd! < rethrowIndex!, "\(label)")
      // The group without errors waits for all three.
      #expect(Self.event(result, "quiet[3]", .end)?.time == 500, "\(label)")
    }
  }

  @Test func theWindowNeverHasMoreThanNInFlight() throws {
    let scenario = try TestSupport.scenario(named: "group-sliding-window")
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(Self.mostInFlight(result, group: "downloads") == 3, "\(label)")
      let spawns = result.events.filter { $0.kind == .spawn && $0.text.hasPrefix("downloads[") }
      #expect(spawns.map(\.time) == [0, 0, 0, 100, 100, 100, 200, 200, 200, 300], "\(label)")
    }
  }

  @Test func aWindowWithoutCollectAndOneAfterCancelAll() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "steps": [
          {"group": "w", "count": 5, "maxInFlight": 2, "steps": [{"sleep": 100}]},
          {"group": "c", "count": 4, "as": "i", "maxInFlight": 2, "collect": "r",
           "cancelAfter": 1, "steps": [
            {"try": [{"sleep": "i * 100"}], "catch": [{"steps": [{"return": -1}]}]},
            {"return": "i"}]},
          {"log": "{r}"}
        ]}
        """)
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(Self.mostInFlight(result, group: "w") == 2, "\(label)")
      #expect(Self.event(result, "w[5]", .end)?.time == 300, "\(label)")
      #expect(result.events.filter { $0.task == "root" && $0.text.hasPrefix("next() ") }.count == 3)
      // Children added after cancelAll() start cancelled: their sleep throws at once (-1).
      #expect(Self.event(result, "root", .log)?.text.contains("[1, -1") == true)
      #expect(Self.event(result, "c[4]", .end)?.time == 400, "\(label)")  // 300 + 100
    }
  }

  @Test func addTaskUnlessCancelledStartsNothingInACancelledGroup() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "steps": [
          {"group": "c", "count": 5, "as": "i", "maxInFlight": 2, "collect": "r",
           "cancelAfter": 1, "unlessCancelled": true, "steps": [
            {"try": [{"sleep": "i * 100"}], "catch": [{"steps": [{"return": "'cancelled'"}]}]},
            {"return": "'got ' + i"}]},
          {"log": "{r}"}
        ]}
        """)
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let refused = result.events.filter { $0.text.hasSuffix("(addTaskUnlessCancelled)") }
      #expect(refused.map(\.text.first) == ["c", "c", "c"], "\(label)")
      #expect(!result.events.contains { $0.task == "c[3]" || $0.task == "c[5]" }, "\(label)")
      #expect(Self.event(result, "root", .log)?.text == "[\"got 1\", \"cancelled\"]", "\(label)")
    }
  }

  /// A child added after `next()` returned an earlier child's result sees what that child did: a
  /// window of one is sequential, a window of two races.
  @Test func aChildAddedAfterAResultIsOrderedAfterIt() throws {
    for (limit, races) in [(1, "forbidden"), (2, "expected")] {
      let scenario = try TestSupport.scenario(
        json: """
          {"format": 1, "state": {"n": 0}, "steps": [
            {"group": "g", "count": 4, "maxInFlight": \(limit),
             "steps": [{"sleep": 10}, {"add": "n"}]}
          ], "expect": {"races": "\(races)"}}
          """)
      TestSupport.passingRunsOnEverySeed(scenario, "window of \(limit), ")
    }
  }

  @Test(arguments: names) func theProgramCompilesInSwift6Mode(_ name: String) throws {
    let program = try SwiftProgram.generate(try TestSupport.programScenario(named: name))
    if name == "discarding-group" {
      #expect(program.contains("try await withThrowingDiscardingTaskGroup { group in"))
    } else if name == "group-sliding-window" {
      #expect(program.contains("if index >= 3, let result = try await group.next() {"))
    }
    try TestSupport.expectCompiles(name)
  }
}

/// The same scenarios on real threads agree with the virtual runs, within the live tolerance.
@Suite(.serialized) struct GroupPatternLiveTests {
  @Test(arguments: GroupPatternTests.names) func liveRunsAgreeWithVirtual(_ name: String)
    async throws
  {
    let scenario = try TestSupport.scenario(named: name)
    var options = RunOptions()
    options.mode = .live
    var result = ScenarioRunner.runAndCheck(scenario, options: options)
    for _ in 1..<5 where !result.passed {
      await TestSupport.waitUntilProcessIsQuiet()
      result = ScenarioRunner.runAndCheck(scenario, options: options)
    }
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    if name == "group-sliding-window" {
      #expect(GroupPatternTests.mostInFlight(result, group: "downloads") <= 3)
    }
  }
}
