import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabNativeTestSupport
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// `queue.sync` (`"sync": true` on `dispatch`): the caller holds its thread until the block has
/// run; onto its own serial queue, or main from main, Dispatch traps and the lab stops; a cycle of
/// syncs is a deadlock named in full (docs/runtimes.md, "Synchronous dispatch, measured").
@Suite struct DispatchSyncTests {
  @Test func theReadSeesEveryWriteQueuedBeforeItOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "queue-sync")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(!result.events.contains { $0.kind == .race }, "\(label)")
      // The caller's thread is held from the sync until its block has run, at 30 ms.
      let held = result.events.first { $0.task == "root" && $0.kind == .block }
      let back = result.events.first { $0.task == "root" && $0.kind == .resume }
      #expect(held?.time == 0 && back?.time == 30, "\(label)")
      #expect(held?.thread == back?.thread, "\(label)")
    }
  }

  /// A `sync` block's closure does not escape: what it changes of the caller's variables stays
  /// changed, on every seed and live, as the Swift program (`q.sync { n += 1 }`) does. The lab
  /// gave the block a copy and lost the change, so `--native` failed where the lab passed.
  @Test func whatTheBlockChangesOfTheCallersLocalsStaysChanged() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "queues": { "q": "serial" }, "state": { "r": -1 },
          "steps": [ { "set": "n", "to": "0" },
            { "dispatch": "q", "sync": true, "steps": [ { "add": "n" }, { "set": "m", "to": "5" } ] },
            { "dispatch": "main", "sync": true, "steps": [ { "add": "n", "value": 10 } ] },
            { "set": "r", "to": "n" } ],
          "expect": { "values": { "r": 11 } } }
        """)
    TestSupport.passingRunsOnEverySeed(scenario, "sync locals ")
    var live = RunOptions()
    live.mode = .live
    live.scale = 0.05
    #expect(ScenarioRunner.runAndCheck(scenario, options: live).passed)
    let program = try SwiftProgram.generate(scenario)
    #expect(program.contains("n += 1"), "\(program)")
  }

  /// A `sync` block in an actor's method is the method's closure: it reads and writes the
  /// actor's state, as Swift's `q.sync { n = x; x = 5 }` does there. The lab ran it off the actor,
  /// where the read failed unseen and the write made a local: `--native` raised a fidelity alarm.
  static let syncOnActor = """
    { "format": 1, "queues": { "q": "serial" }, "state": { "r": 0, "after": 0 },
      "actors": { "A": { "state": { "x": 1 }, "methods": { "m": { "steps": [
        { "set": "n", "to": "0" },
        { "dispatch": "q", "sync": true, "steps": [ { "set": "n", "to": "x" }, { "set": "x", "to": 5 } ] },
        { "return": "n" } ] },
        "read": { "steps": [ { "return": "x" } ] } } } },
      "steps": [ { "actorCall": "A.m", "as": "v" }, { "set": "r", "to": "v" },
        { "actorCall": "A.read", "as": "w" }, { "set": "after", "to": "w" } ],
      "expect": { "values": { "r": 1, "after": 5 } } }
    """

  @Test func aSyncBlockOnAnActorReadsAndWritesItsState() throws {
    let scenario = try TestSupport.scenario(json: Self.syncOnActor)
    TestSupport.passingRunsOnEverySeed(scenario, "sync on actor ")
    guard
      let verdict = try TestSupport.nativeVerdict(
        json: Self.syncOnActor, name: "sync-on-actor",
        prove: { _ in ProvenOutcomes(outcomes: [], complete: false, schedules: 0) })
    else { return }
    #expect(verdict.status == .passed, "\(verdict.failures)")
  }

  /// Swift runs a `sync` block as part of its calling task: it reads the caller's task-locals,
  /// name and cancellation ([fact](../NativeFacts/queue-sync-block-runs-as-its-caller.swift)).
  /// The lab ran it as a work item of no task: 0, none and false, where Swift reads 7, worker
  /// and true.
  static let syncAsItsCaller = """
    { "format": 1, "queues": { "q": "serial" }, "taskLocals": { "id": 0 },
      "state": { "before": "", "after": "", "outside": "" },
      "steps": [
        { "task": "worker", "steps": [ { "withValue": "id", "value": 7, "steps": [
          { "dispatch": "q", "sync": true, "steps": [
            { "set": "before", "to": "id + ' ' + taskName + ' ' + isCancelled" } ] },
          { "try": [ { "sleep": 200 } ], "catch": [ { "steps": [] } ] },
          { "dispatch": "q", "sync": true, "steps": [
            { "set": "after", "to": "id + ' ' + taskName + ' ' + isCancelled" } ] } ] } ] },
        { "sleep": 50 }, { "cancel": "worker" }, { "awaitTask": "worker" },
        { "dispatch": "q", "sync": true, "steps": [
          { "set": "outside", "to": "id + ' ' + taskName + ' ' + isCancelled" } ] } ],
      "expect": { "values": {
        "before": "7 worker false", "after": "7 worker true", "outside": "0 none false" } } }
    """

  @Test func aSyncBlockReadsItsCallersTaskLocalsNameAndCancellation() throws {
    let scenario = try TestSupport.scenario(json: Self.syncAsItsCaller)
    TestSupport.passingRunsOnEverySeed(scenario, "sync as its caller ")
    var live = RunOptions()
    live.mode = .live
    // At full scale: the worker's first block must come before the root's 50 ms sleep ends,
    // and under ThreadSanitizer at 0.05 (2.5 ms) the worker started after the cancel.
    live.scale = 1
    #expect(ScenarioRunner.runAndCheck(scenario, options: live).passed)
    guard
      let verdict = try TestSupport.nativeVerdict(
        json: Self.syncAsItsCaller, name: "sync-as-its-caller",
        prove: { _ in ProvenOutcomes(outcomes: [], complete: false, schedules: 0) })
    else { return }
    #expect(verdict.status == .passed, "\(verdict.failures)")
  }

  /// An `async` work item or a notify block is a Sendable closure that runs later, off the
  /// actor: reading the actor's state there is refused where it is written, as Swift refuses it.
  @Test func anEscapingBlockOnAnActorCannotReadItsState() {
    let messages = TestSupport.diagnostics(
      json: """
        { "format": 1, "queues": { "q": "serial" },
          "actors": { "A": { "state": { "x": 1 }, "methods": { "m": { "steps": [
            { "dispatch": "q", "steps": [ { "log": "{x}" } ] },
            { "dispatch": "q", "sync": true, "steps": [ { "log": "{x}" } ] },
            { "notify": "g", "queue": "q", "steps": [ { "log": "{x}" } ] } ] } } } },
          "steps": [ { "actorCall": "A.m" } ] }
        """)
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.first?.contains("this work item's steps do not run on the actor") == true)
    #expect(messages.last?.contains("this notify block's steps do not run on the actor") == true)
  }

  /// A step that fails in a work item nobody waits for stops the run with its place, as a
  /// failure in the root does: it ended the item as `failed` and the run passed.
  @Test func aStepThatFailsInAWorkItemIsTheRunsProblem() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "queues": { "q": "serial" }, "state": { "x": [1] },
          "steps": [ { "dispatch": "q", "steps": [ { "log": "{x[3]}" } ] }, { "sleep": 10 } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(
      result.problem?.contains("inline.json:") == true, "\(String(describing: result.problem))")
    #expect(result.problem?.contains("index 3 is out of range") == true)
  }

  /// The fix for a cycle of syncs: one direction only. It finishes on every seed, without a race.
  @Test func syncInOneDirectionNeverDeadlocksOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "queue-sync-one-way")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(!result.events.contains { $0.kind == .race }, "\(label)")
    }
  }

  @Test func syncOntoItsOwnQueueIsRefusedWhereTheNestingShowsIt() {
    let serial = TestSupport.diagnostics(
      json: #"""
        {"format": 1, "queues": {"q": "serial", "c": "concurrent"}, "steps": [
          {"dispatch": "q", "steps": [{"dispatch": "q", "sync": true, "steps": []}]},
          {"dispatch": "c", "steps": [{"dispatch": "c", "sync": true, "steps": []}]}]}
        """#)
    #expect(serial.count == 1, "\(serial)")
    #expect(serial.first?.contains("q.sync { … } from a work item of serial queue q") == true)
    let main = TestSupport.diagnostics(
      json:
        #"{"format": 1, "steps": [{"onMain": [{"dispatch": "main", "sync": true, "steps": []}]}]}"#
    )
    #expect(main.first?.contains("DispatchQueue.main.sync { … } from the main thread") == true)
  }
}

/// The misuses on real threads: stopped before Dispatch could trap, in the virtual run's words.
@Suite(.serialized, .timeLimit(TestSupport.hangLimit)) struct DispatchSyncLiveTests {
  @Test(arguments: [
    "run-queue-sync-on-own-serial-queue.json", "run-queue-sync-main-from-main.json",
  ])
  func aTrapIsStoppedWithTheSameWordsInBothModes(_ name: String) throws {
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    let live = try TestSupport.runBadInput(name, .live, limits: TestSupport.badInputLimits)
    guard case .limitReached(let reason) = virtual.end else {
      Issue.record("virtual: \(virtual.end)")
      return
    }
    #expect(reason.contains("Dispatch stops the program here"))
    #expect(live.end == virtual.end, "\(live.problem ?? "no problem")")
  }

  @Test func aCycleOfSyncsIsTheSameDeadlockInBothModes() throws {
    let name = "run-queue-sync-cycle.json"
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    // The cycle needs both work items inside their 10 ms blocks at once: at the lab's fastest
    // scale that is 0.5 real ms, which a slow thread start (under ThreadSanitizer, once) misses.
    let live = try TestSupport.runBadInput(
      name, .live, limits: TestSupport.badInputLimits, scale: 1)
    #expect(virtual.end == .deadlock && live.end == .deadlock)
    // The waits, in any order: real threads may start them in another.
    let waits = { (record: RunRecord) -> Set<String> in
      let parts = (record.problem ?? "").split(separator: "; ").dropFirst().map(String.init)
      return Set(parts.map { $0.components(separatedBy: " (the lab's memory")[0] })
    }
    #expect(waits(virtual).count == 4, "\(virtual.problem ?? "")")
    #expect(waits(live) == waits(virtual), "\(live.problem ?? "")")
  }

  @Test func theProgramCompilesInSwift6Mode() throws {
    let program = try SwiftProgram.generate(try TestSupport.programScenario(named: "queue-sync"))
    #expect(program.contains("store.sync {"), "\(program)")
    try TestSupport.expectCompiles("queue-sync")
  }
}
