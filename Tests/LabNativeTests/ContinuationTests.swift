import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabNativeTestSupport
import LabRuntime
import LabTestSupport
import Testing

/// Continuations (Scenarios/17-continuations): a callback bridged into async/await, its numbers
/// derived from Swift's semantics on every seed, the throwing variant caught by `try`, and the
/// two misuses: resumed twice, stopped where Swift traps; never resumed, recorded where Swift
/// warns, with its task left suspended.
@Suite struct ContinuationTests {
  static let bundled = [
    "continuation-bridge", "continuation-throwing", "continuation-leaked-task",
  ]

  static func value(_ name: String, _ result: RunResult) -> Value? {
    result.values.first { $0.name == name }?.value
  }

  /// The closure starts the download and returns; the task suspends at 0 ms and goes on when
  /// the completion resumes it, 100 ms later, with 50.
  @Test func theBridgeWaitsExactlyAsLongAsTheCallback() throws {
    let scenario = try TestSupport.scenario(named: "continuation-bridge")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(result.duration == 100, "\(label)")
      #expect(Self.value("size", result) == .int(50), "\(label)")
      let suspended = result.events.first { $0.kind == .await && $0.task == "root" }
      #expect(suspended?.text == "continuation download")
      #expect(suspended?.time == 0)
      let resumed = result.events.first { $0.kind == .resume && $0.task == "root" }
      #expect(resumed?.text == "continuation download: bytes = 50")
      #expect(resumed?.time == 100)
    }
  }

  /// `resume(throwing:)` throws into the waiting task; the rest of the `do` block never runs.
  @Test func aThrownResumeIsCaughtByTry() throws {
    let result = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(named: "continuation-throwing"))
    #expect(result.passed, "\(result.problem ?? "")")
    #expect(Self.value("status", result) == .string("offline"))
    #expect(Self.value("size", result) == .int(0))
    #expect(result.events.contains { $0.kind == .catch && $0.text == "offline" && $0.time == 100 })
  }

  /// A resume inside the closure comes before the task suspends: Swift returns at once.
  @Test func aResumeBeforeTheSuspensionReturnsAtOnce() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "state": { "x": 0 }, "steps": [
          { "continuation": "c", "as": "v", "steps": [ { "resume": "c", "value": 7 } ] },
          { "set": "x", "to": "v" } ] }
        """)
    for mode in [RuntimeMode.virtual, .live] {
      var options = RunOptions()
      options.mode = mode
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      #expect(result.problem == nil, "\(mode): \(result.problem ?? "")")
      #expect(Self.value("x", result) == .int(7), "\(mode)")
    }
  }

  /// A resume orders what its work did before it, as ThreadSanitizer sees a resume: a write
  /// after the resume still races with the task it woke.
  @Test func aResumeOrdersOnlyWhatCameBeforeIt() throws {
    let json = """
      { "format": 1, "queues": { "network": "concurrent" }, "state": { "size": 0, "copy": 0 },
        "steps": [
          { "continuation": "c", "steps": [ { "dispatch": "network", "steps": [
            { "sleep": 10 }, { "set": "size", "to": 5 }, { "resume": "c" }AFTER ] } ] },
          { "set": "copy", "to": "size" } ] }
      """
    let ordered = ScenarioRunner.run(
      try TestSupport.scenario(json: json.replacingOccurrences(of: "AFTER", with: "")))
    #expect(!ordered.events.contains { $0.kind == .race })
    #expect(ordered.values.first { $0.name == "copy" }?.value == .int(5))
    let late = ScenarioRunner.run(
      try TestSupport.scenario(
        json: json.replacingOccurrences(of: "AFTER", with: #", { "set": "size", "to": 6 }"#)))
    #expect(late.events.contains { $0.kind == .race && $0.text.hasPrefix("size: write by") })
  }

  /// Never resumed, with main the waiter: the leak is a trace event at 100 ms, when the last work
  /// that could resume it ends (the moment Swift warns), and the run ends as the deadlock a real
  /// program's hang is, naming the continuation; on every seed.
  @Test func aContinuationNeverResumedIsRecordedWhenItLeaks() throws {
    let scenario = try TestSupport.loadBadInput("run-continuation-never-resumed.json")
    for seed in UInt64(1)...10 {
      var options = RunOptions()
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      let leak = record.events.first {
        $0.payload == .leak(continuation: "download", waiter: "root")
      }
      #expect(leak?.time == 100, "seed \(seed)")
      #expect(record.end == .deadlock, "seed \(seed)")
      #expect(
        record.problem?.hasSuffix("root waits for continuation download, which nothing resumes")
          == true, "seed \(seed): \(record.problem ?? "")")
    }
  }

  /// The work that would resume it is stuck itself: the deadlock report names the continuation.
  @Test func aContinuationWhoseResumerIsStuckIsNamedInTheDeadlock() throws {
    let record = ScenarioRunner.run(
      try TestSupport.loadBadInput("run-continuation-resumer-stuck.json"))
    #expect(record.end == .deadlock)
    #expect(
      record.problem?.contains("root waits for continuation download, which nothing resumes")
        == true, "\(record.problem ?? "")")
  }

  /// Each program compiles in Swift 6 mode: `withChecked(Throwing)Continuation` whose closure
  /// parameter the dispatched completion resumes.
  @Test(arguments: bundled) func theProgramCompilesInSwift6Mode(_ name: String) throws {
    try TestSupport.expectCompiles(name)
  }
}

/// The same on real threads: live agreement within the tolerance, and each misuse stopped with
/// the virtual run's wording (times aside, which are real in a live run).
@Suite(.serialized) struct LiveContinuationTests {
  @Test(arguments: ContinuationTests.bundled)
  func liveRunsAgreeWithVirtual(_ name: String) async throws {
    let scenario = try TestSupport.scenario(named: name)
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
  }

  /// Numbers out, so a live run's real times compare with the virtual run's.
  static func wording(_ problem: String?) -> String? {
    problem?.replacing(#/\d+(\.\d+)?/#, with: "N")
  }

  /// Leaked: the warning is recorded in both modes, and the hang it leaves ends as a deadlock
  /// naming the continuation (the live run's watch sees a second with nothing moving).
  @Test(arguments: [
    "run-continuation-never-resumed.json", "run-continuation-leaked-before-it-suspends.json",
  ])
  func aLeakedContinuationIsRecordedInBothModes(_ name: String) async throws {
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    let live = try TestSupport.runBadInput(name, .live, limits: TestSupport.badInputLimits)
    for record in [virtual, live] {
      let leaked = record.events.filter {
        if case .leak = $0.payload { true } else { false }
      }
      #expect(leaked.count == 1, "\(record.mode)")
      #expect(record.end == .deadlock, "\(record.mode): \(record.problem ?? "")")
      #expect(record.problem?.contains("which nothing resumes") == true, "\(record.mode)")
    }
  }

  @Test func aSecondResumeStopsBothModesWithTheSameWording() throws {
    let name = "run-continuation-resumed-twice.json"
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    let live = try TestSupport.runBadInput(name, .live, limits: TestSupport.badInputLimits)
    let reason = { (record: RunRecord) -> String? in
      guard case .limitReached(let message) = record.end else { return nil }
      return message
    }
    #expect(
      reason(virtual)?.hasPrefix(
        "continuation download was resumed twice (first at 100 ms by network.async, again at "
          + "100 ms by network.async): Swift stops the program here") == true,
      "\(virtual.problem ?? "no problem")")
    #expect(Self.wording(reason(live)) == Self.wording(reason(virtual)), "\(live.problem ?? "")")
    // The waiting task got the first value only: the second was never handed to Swift.
    for record in [virtual, live] {
      let resumed = record.events.filter { $0.kind == .resume && $0.task == "root" }
      #expect(resumed.map(\.text) == ["continuation download: size = 50"])
    }
  }
}
