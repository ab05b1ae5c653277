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

/// Task priorities as measured on Linux (docs/runtimes.md, "Priorities, measured"): a pool per
/// priority as wide as `threads`, a job routed by the priority it has when enqueued, and
/// escalation by an awaiting task of higher priority — the real runtime's, recorded in the trace.
@Suite struct PriorityTests {
  /// The first event of `task` of `kind` (and with `text`, if given).
  static func event(
    _ result: RunResult, _ task: String, _ kind: TraceEvent.Kind, _ text: String? = nil
  ) -> TraceEvent? {
    result.events.first { $0.task == task && $0.kind == kind && (text == nil || $0.text == text) }
  }

  @Test(arguments: [
    ("high", "high-"), ("userInitiated", "high-"), ("medium", "worker-"),
    ("low", "low-"), ("utility", "low-"), ("background", "background-"),
  ])
  func eachPriorityRunsOnItsOwnPool(_ priority: String, _ prefix: String) throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "p", "title": "t", "summary": "s", "threads": 1, "steps": [
          { "task": "t", "detached": true, "priority": "\(priority)", "steps": [ { "block": 5 } ] },
          { "awaitTask": "t" } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    let start = try #require(Self.event(result, "t", .start))
    #expect(start.thread == "\(prefix)1")
    #expect(PriorityBand(thread: start.thread)?.threadPrefix == prefix)
  }

  @Test func tasksWithoutAPriorityRunAtMediumOnTheWorkerThreads() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "p", "title": "t", "summary": "s", "threads": 1, "steps": [
          { "task": "plain", "steps": [ { "log": "x" } ] },
          { "task": "free", "detached": true, "steps": [ { "log": "y" } ] },
          { "awaitTask": "plain" }, { "awaitTask": "free" } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    #expect(Self.event(result, "plain", .start)?.thread == "worker-1")
    #expect(Self.event(result, "free", .start)?.thread == "worker-1")
    #expect(!result.events.contains { $0.kind == .escalate })
  }

  /// An input's handler is delivered outside any task, where the runtime would take the priority
  /// of the thread that delivers it (25 in the `lab` binary, not in tests): it runs at `.medium`,
  /// so the tasks it starts run on the worker threads. Checked through the binary, which once
  /// ran serial-tasks' requests on high-1.
  @Test func inputHandlersRunAtMediumInTheBinary() throws {
    let run = try TestSupport.runLab(["run", "serial-tasks"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("worker-1  makeRequest"), "\(run.out)")
    #expect(!run.out.contains("high-"), "\(run.out)")
  }

  @Test func blockedHighWorkDelaysOnlyHighWorkOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "priority-order")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(Self.event(result, "urgent", .start)?.time == 200, "\(label)")
      for task in ["normal", "chore", "backup"] {
        #expect(Self.event(result, task, .start)?.time == 10, "\(label) \(task)")
      }
    }
  }

  /// A suspended task that is escalated runs its next job in the higher pool; a queued one stays.
  @Test func escalationMovesLaterJobsButNotAQueuedOneOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "priority-escalation")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let refresh = Self.event(result, "refresh", .wake)
      #expect(refresh?.time == 50 && refresh?.thread.hasPrefix("high-") == true, "\(label)")
      let report = Self.event(result, "report", .start)
      #expect(report?.time == 310 && report?.thread.hasPrefix("low-") == true, "\(label)")
      let escalations = result.events.filter { $0.kind == .escalate }.map(\.text)
      #expect(
        escalations == ["refresh: priority low → high", "report: priority low → high"],
        "\(label)")
      #expect(result.events.filter { $0.kind == .escalate }.allSatisfy { $0.task == "ui" })
    }
  }

  /// An escalation passed on to the task the awaited one awaits is the real runtime's: its
  /// handler sees it, and the trace names the task that awaited first. The lab's own wait for the
  /// tasks left after the root's steps raises nothing.
  @Test func escalationIsPassedOnAndTheLabsOwnWaitRaisesNothing() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "p", "title": "t", "summary": "s", "threads": 2, "steps": [
          { "task": "l", "detached": true, "priority": "background", "steps": [
            { "sleep": 100 } ] },
          { "task": "m", "detached": true, "priority": "low", "steps": [ { "awaitTask": "l" } ] },
          { "sleep": 10 },
          { "task": "h", "detached": true, "priority": "high", "steps": [ { "awaitTask": "m" } ] },
          { "task": "left", "detached": true, "priority": "low", "steps": [
            { "sleep": 500 }, { "log": "after the root" } ] },
          { "awaitTask": "h" } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    let escalations = result.events.filter { $0.kind == .escalate }.map { "\($0.task): \($0.text)" }
    #expect(
      escalations == [
        "m: l: priority background → low", "h: m: priority low → high",
        "h: l: priority low → high",
      ])
    #expect(Self.event(result, "l", .wake)?.thread.hasPrefix("high-") == true)
    #expect(Self.event(result, "left", .log)?.thread.hasPrefix("low-") == true)
  }

  /// Found by the fuzzer: a task escalated while it blocked goes on on the worker it holds, and
  /// lets it go. Its continuation was routed to the medium pool, so the `.low` worker stayed held
  /// and the next `.low` task never started (a deadlock at 100 ms), on every seed.
  @Test func aTaskEscalatedDuringItsBlockFreesItsWorker() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "p", "title": "t", "summary": "s", "threads": 1, "steps": [
          { "task": "chore", "detached": true, "priority": "low", "steps": [ { "block": 100 } ] },
          { "awaitTask": "chore" },
          { "task": "next", "detached": true, "priority": "low", "steps": [ { "log": "x" } ] },
          { "awaitTask": "next" } ] }
        """)
    for (label, result) in TestSupport.runsOnEverySeed(scenario) {
      #expect(result.record.problem == nil, "\(label): \(result.record.problem ?? "")")
      #expect(result.record.duration == 100, "\(label)")
      #expect(Self.event(result, "next", .start)?.thread == "low-1", "\(label)")
    }
  }

  @Test func rawPrioritiesFallInTheBandsDispatchKeepsAPoolFor() {
    #expect(PriorityBand(rawPriority: 33) == .high)
    #expect(PriorityBand(rawPriority: 25) == .high)
    #expect(PriorityBand(rawPriority: 21) == .medium)
    #expect(PriorityBand(rawPriority: 0) == .medium)
    #expect(PriorityBand(rawPriority: 17) == .low)
    #expect(PriorityBand(rawPriority: 9) == .background)
    #expect(PriorityBand(thread: "main") == nil)
    #expect(PriorityBand(thread: "dispatch-3") == nil)
    #expect(PriorityBand(thread: "background-2") == .background)
  }

  @Test func theProgramsCompileInSwift6Mode() throws {
    let creations = [
      "priority-order": "Task(priority: .background)",
      "priority-escalation": "Task.detached(priority: .low)",
    ]
    for (name, creation) in creations {
      let program = try SwiftProgram.generate(try TestSupport.programScenario(named: name))
      #expect(program.contains(creation), "\(program)")
      try TestSupport.expectCompiles(name)
    }
  }
}

/// The same on real threads: each priority's threads, and the runtime's escalation.
@Suite(.serialized) struct LivePriorityTests {
  @Test(arguments: ["priority-order", "priority-escalation"])
  func liveRunsAgreeWithVirtual(_ name: String) async throws {
    let result = await TestSupport.liveRunPassing(try TestSupport.scenario(named: name))
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    let threads = Set(result.events.map(\.thread))
    #expect(threads.contains { $0.hasPrefix("high-") } && threads.contains { $0.hasPrefix("low-") })
  }

  @Test func liveEscalationMovesTheSuspendedTaskOnly() async throws {
    let result = await TestSupport.liveRunPassing(
      try TestSupport.scenario(named: "priority-escalation"))
    let refresh = try #require(PriorityTests.event(result, "refresh", .wake))
    let report = try #require(PriorityTests.event(result, "report", .start))
    #expect(refresh.thread.hasPrefix("high-"))
    #expect(report.thread.hasPrefix("low-"))
    #expect(result.events.filter { $0.kind == .escalate }.count == 2)
  }
}
