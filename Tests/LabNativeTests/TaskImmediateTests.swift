import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// `Task.immediate` (Scenarios/15-isolation/task-immediate): the task runs on its creator's
/// thread up to its first suspension, before the creator goes on, as measured in
/// docs/runtimes.md ("Task.immediate, measured").
@Suite struct TaskImmediateTests {
  @Test func theImmediateTaskRunsBeforeItsCreatorGoesOnOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "task-immediate")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let lines = TestSupport.taskLines(result)
      let eager = lines.firstIndex(of: "eager: eager: first line, before the root goes on")
      let root = lines.firstIndex(of: "root: root: goes on")
      let plain = lines.firstIndex(of: "plain: plain: first line")
      #expect(eager != nil && root != nil && plain != nil, "\(label)")
      if let eager, let root, let plain {
        #expect(eager < root, "\(label)")
        #expect(root < plain, "\(label)")
      }
      // Its first part ran on the root's thread.
      let started = result.events.first { $0.task == "eager" && $0.kind == .start }
      let spawned = result.events.first { $0.task == "root" && $0.text == "task eager" }
      #expect(started?.thread == spawned?.thread, "\(label)")
    }
  }

  /// Off every actor, the first part is one run on the caller's thread however many steps it
  /// takes (Tests/NativeFacts/task-immediate-from-pool-part-is-whole): the caller did go on in
  /// the middle of it, on every seed, and blocked on a lock the part held, which no real caller
  /// can. On every seed and in the search, nothing of the caller's comes between the task's start
  /// and its first suspension, and the caller never waits for the lock.
  /// Off every actor, the first part ends where the task hops to main, not on arrival: the
  /// caller's next line may come before the task's main part (Tests/NativeFacts/task-immediate-
  /// off-actors-caller-goes-on-at-hop-to-main, most rounds natively). The lab ended the part on
  /// arrival, so the search proved the caller always came after (fidelity fuzzer 5-305).
  /// Off every actor, the first part runs on the caller's thread before the caller's next line:
  /// their accesses are ordered, and no schedule finds a race (Tests/NativeFacts/task-immediate-
  /// first-part-happens-before-caller, clean under ThreadSanitizer). The race detector missed the
  /// edge and called the two writes unordered (held-out round 12).
  @Test func theFirstPartHappensBeforeTheCallersNextLine() throws {
    let scenario = try TestSupport.scenario(
      "Tests/NativeFacts/task-immediate-first-part-happens-before-caller.json")
    let budget = ExhaustiveSearch.Budget(maxSchedules: 1_000, maxSeconds: 60, maxMemoryBytes: nil)
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    #expect(findings.complete)
    #expect(findings.outcomes.map(\.outcome.description) == ["n = 2"])
    for seed in UInt64(1)...20 {
      var options = RunOptions()
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      #expect(!record.events.contains { $0.kind == .race }, "seed \(seed)")
    }
  }

  @Test func theFirstPartEndsAtTheHopToMain() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "isolation": "concurrent", "threads": 2, "state": { "order": [] },
          "steps": [
            { "task": "t", "immediate": true, "steps": [
              { "withLock": "l", "steps": [ { "add": "order", "value": "['task first part']" } ] },
              { "onMain": [
                { "withLock": "l", "steps": [ { "add": "order", "value": "['task on main']" } ] } ] } ] },
            { "withLock": "l", "steps": [ { "add": "order", "value": "['caller next line']" } ] },
            { "awaitTask": "t" } ] }
        """)
    let budget = ExhaustiveSearch.Budget(maxSchedules: 1_000, maxSeconds: 60, maxMemoryBytes: nil)
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    #expect(findings.complete)
    let orders = Set(findings.outcomes.map(\.outcome.description))
    #expect(
      orders.contains(#"order = ["task first part", "caller next line", "task on main"]"#),
      "\(orders)")
    #expect(
      orders.contains(#"order = ["task first part", "task on main", "caller next line"]"#),
      "\(orders)")
  }

  @Test func theCallerNeverGoesOnInTheMiddleOfTheFirstPart() throws {
    let scenario = try TestSupport.scenario(
      "Tests/NativeFacts/task-immediate-from-pool-part-is-whole.json")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let events = result.events
      let start = try #require(events.firstIndex { $0.task == "eager" && $0.kind == .start })
      let yield = try #require(events.firstIndex { $0.task == "eager" && $0.kind == .yield })
      #expect(!events[start..<yield].contains { $0.task == "root" }, "\(label)")
      #expect(!events.contains { $0.task == "root" && $0.kind == .block }, "\(label)")
    }
  }

  @Test func liveRunsAgreeWithVirtual() async throws {
    let scenario = try TestSupport.scenario(named: "task-immediate")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    let lines = TestSupport.taskLines(result)
    let eager = try #require(
      lines.firstIndex(of: "eager: eager: first line, before the root goes on"))
    let root = try #require(lines.firstIndex(of: "root: root: goes on"))
    #expect(eager < root)
  }

  @Test func theProgramCompilesInSwift6Mode() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "task-immediate"))
    #expect(program.contains("let eager = Task.immediate {"), "\(program)")
    try TestSupport.expectCompiles("task-immediate")
  }
}

/// `Task.immediate` on main (Scenarios/15-isolation/task-immediate-main,
/// Tests/NativeFacts/task-immediate-main.swift): the new task runs on main up to its first
/// suspension before the caller's next step. The lab once refused it ("does not model").
@Suite struct TaskImmediateOnMainTests {
  static let firstPart = "eager: eager: first part, on main, before the caller goes on"
  static let callerGoesOn = "root: root: after Task.immediate returned"
  static let afterSleep = "eager: eager: after its first suspension"

  @Test func theFirstPartRunsOnMainBeforeTheCallerGoesOnOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-main")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let lines = TestSupport.taskLines(result)
      let first = lines.firstIndex(of: Self.firstPart)
      let caller = lines.firstIndex(of: Self.callerGoesOn)
      let after = lines.firstIndex(of: Self.afterSleep)
      #expect(first != nil && caller != nil && after != nil, "\(label): \(lines)")
      if let first, let caller, let after {
        #expect(first < caller && caller < after, "\(label)")
      }
      // Its first part ran on the caller's thread, main, with no problem stopping the run.
      let started = result.events.first { $0.task == "eager" && $0.kind == .start }
      #expect(started?.thread == "main", "\(label)")
      #expect(result.problem == nil, "\(label): \(result.problem ?? "")")
    }
  }

  @Test func liveRunsAgreeWithVirtual() async throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-main")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    let lines = TestSupport.taskLines(result)
    let first = try #require(lines.firstIndex(of: Self.firstPart))
    let caller = try #require(lines.firstIndex(of: Self.callerGoesOn))
    #expect(first < caller)
  }

  @Test func theProgramCallsTaskImmediateOnMainAndCompiles() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "task-immediate-main"))
    #expect(program.contains("let eager = Task.immediate {"), "\(program)")
    #expect(program.contains("@MainActor"), "\(program)")
    try TestSupport.expectCompiles("task-immediate-main")
  }
}

/// A nonisolated `Task.immediate` made on main (Scenarios/15-isolation/task-immediate-nonisolated,
/// Tests/NativeFacts/task-immediate-nonisolated-resumes-on-pool.swift): its first part runs on
/// main, the caller's thread, before the caller's next line; after its first suspension it goes on
/// on the pool while the caller still holds main. The lab once refused it.
@Suite struct TaskImmediateNonisolatedTests {
  static let firstPart = "eager: eager: first part, on the caller's thread"
  static let callerGoesOn = "root: root: after Task.immediate returned; holds main for 50 ms"
  static let afterSleep = "eager: eager: after its first suspension, off main"

  /// The thread of the task's log `text`.
  private func thread(_ result: RunResult, _ text: String) -> String? {
    result.events.first { "\($0.task): \($0.text)" == text }?.thread
  }

  @Test func theFirstPartRunsOnMainAndTheRestOnThePoolOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-nonisolated")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let lines = TestSupport.taskLines(result)
      let first = lines.firstIndex(of: Self.firstPart)
      let caller = lines.firstIndex(of: Self.callerGoesOn)
      #expect(first != nil && caller != nil && first! < caller!, "\(label): \(lines)")
      #expect(thread(result, Self.firstPart) == "main", "\(label)")
      #expect(thread(result, Self.afterSleep)?.hasPrefix("worker-") == true, "\(label)")
      #expect(result.problem == nil, "\(label): \(result.problem ?? "")")
    }
  }

  /// Holding main's thread in its first part (a block, as a search's preemption does), the task
  /// comes back to main's thread, not to the pool: it never left it.
  @Test func aBlockInTheFirstPartGoesOnOnMain() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "blocks-in-first-part", "isolation": "main", "steps": [
          { "task": "eager", "immediate": true, "isolation": "concurrent", "steps": [
            { "block": 5 }, { "log": "after the block" }, { "sleep": 10 }, { "log": "after the sleep" }
          ] },
          { "log": "root goes on" }, { "awaitTask": "eager" } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    #expect(result.problem == nil, "\(result.problem ?? "")")
    #expect(thread(result, "eager: after the block") == "main")
    #expect(thread(result, "eager: after the sleep")?.hasPrefix("worker-") == true)
    let lines = TestSupport.taskLines(result)
    #expect(
      lines.firstIndex(of: "eager: after the block")! < lines.firstIndex(of: "root: root goes on")!)
  }

  /// The search preempts the first part at each step another task can see: every schedule ends,
  /// in the one order Swift allows.
  @Test func theSearchFindsTheOneOrderAndNoDeadlock() throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-nonisolated")
    let budget = ExhaustiveSearch.Budget(maxSchedules: 1_000, maxSeconds: 60, maxMemoryBytes: nil)
    let findings = ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run()
    #expect(findings.complete)
    #expect(findings.outcomes.map(\.outcome.ending) == [.finished])
    #expect(
      findings.outcomes.map(\.outcome.values.first?.value.description) == [
        #"["eager 1", "root", "eager 2", "root after its block"]"#
      ])
  }

  @Test func liveRunsAgreeWithVirtual() async throws {
    let scenario = try TestSupport.scenario(named: "task-immediate-nonisolated")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    #expect(thread(result, Self.firstPart) == "main")
    #expect(thread(result, Self.afterSleep) != "main")
  }

  @Test func theProgramCallsANonisolatedTaskImmediateAndCompiles() throws {
    let program = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "task-immediate-nonisolated"))
    #expect(program.contains("Task.immediate { @concurrent"), "\(program)")
    try TestSupport.expectCompiles("task-immediate-nonisolated")
  }
}
