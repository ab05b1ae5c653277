import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabNative
import LabNativeTestSupport
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// Async streams (Scenarios/18-streams): a fast producer and a slow consumer under each buffering
/// policy, its numbers derived from Swift's semantics on every seed, and a stream never finished,
/// whose consumer waits forever: ended by a cancel, or reported as a deadlock naming the stream.
@Suite struct StreamTests {
  static let bundled = [
    "stream-buffering", "stream-buffering-oldest", "stream-buffering-newest",
    "stream-never-finished", "stream-termination", "stream-operators", "stream-next",
    "stream-compact-map",
  ]

  /// Each policy: what the consumer receives, what each yield returns, and when the loop ends.
  /// 1 goes to the waiting consumer at 10 ms; 2…5 arrive while it sleeps 100 ms over each value.
  static let policies: [(name: String, received: [Int64], yields: [String], duration: Double)] = [
    (
      "stream-buffering", [1, 2, 3, 4, 5],
      Array(repeating: ".enqueued(remaining: Int.max)", count: 5), 510
    ),
    (
      "stream-buffering-oldest", [1, 2, 3],
      [
        ".enqueued(remaining: 2)", ".enqueued(remaining: 1)", ".enqueued(remaining: 0)",
        ".dropped(4)", ".dropped(5)",
      ], 310
    ),
    (
      "stream-buffering-newest", [1, 4, 5],
      [
        ".enqueued(remaining: 2)", ".enqueued(remaining: 1)", ".enqueued(remaining: 0)",
        ".dropped(2)", ".dropped(3)",
      ], 310
    ),
  ]

  static func value(_ name: String, _ result: RunResult) -> Value? {
    result.values.first { $0.name == name }?.value
  }

  static func yields(_ events: [TraceEvent]) -> [String] {
    events.filter { $0.kind == .set && $0.text.hasPrefix("stream prices: yield(") }
      .map { String($0.text.split(separator: "→ ").last ?? "") }
  }

  @Test(arguments: 0..<3) func eachPolicyKeepsWhatSwiftKeeps(_ index: Int) throws {
    let policy = Self.policies[index]
    let scenario = try TestSupport.scenario(named: policy.name)
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario, "\(policy.name) ") {
      #expect(
        Self.value("received", result) == .list(policy.received.map { .int($0) }),
        "\(policy.name) \(label)")
      #expect(Self.yields(result.events) == policy.yields, "\(policy.name) \(label)")
      #expect(result.duration == policy.duration, "\(policy.name) \(label)")
      let end = result.events.last { $0.task == "consumer" && $0.kind == .resume }
      #expect(end?.text == "stream prices finished: the loop ends")
    }
  }

  /// Never finished: the consumer waits after 2 until the root cancels it at 510 ms, which
  /// terminates the stream and ends the loop.
  @Test func cancellingTheConsumerEndsTheLoopOfAStreamNeverFinished() throws {
    let scenario = try TestSupport.scenario(named: "stream-never-finished")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(Self.value("received", result) == .list([.int(1), .int(2)]), "\(label)")
      let end = result.events.first {
        $0.task == "consumer" && $0.text.hasPrefix("stream prices ends")
      }
      #expect(end?.time == 510, "\(label)")
    }
  }

  /// Without a finish or a cancel, a virtual run is a deadlock whose report names the stream.
  @Test func aStreamNeverFinishedIsADeadlockNamingIt() throws {
    let scenario = try TestSupport.loadBadInput("run-stream-never-finished.json")
    for seed in UInt64(1)...10 {
      var options = RunOptions()
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      #expect(record.end == .deadlock, "seed \(seed)")
      #expect(
        record.problem?.contains("consumer waits for stream prices, which nothing finishes")
          == true, "seed \(seed): \(record.problem ?? "")")
    }
  }

  /// Finished before anyone iterates: the loop still drains the buffer, then ends.
  @Test func aLoopAfterFinishDrainsTheBuffer() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "streams": { "s": "unbounded" }, "state": { "got": [] }, "steps": [
          { "streamYield": "s", "value": 1 }, { "streamYield": "s", "value": 2 },
          { "streamFinish": "s" }, { "streamYield": "s", "value": 3 },
          { "forAwait": "s", "as": "v", "steps": [ { "add": "got", "value": "[v]" } ] } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem == nil, "\(result.problem ?? "")")
    #expect(Self.value("got", result) == .list([.int(1), .int(2)]))
    #expect(
      result.events.contains { $0.text == "stream s: yield(3) → .terminated" },
      "\(result.events.map(\.text))")
  }

  /// A yield happens before the consumer's use of the value: no race on what it wrote first.
  @Test func aYieldOrdersWhatCameBeforeIt() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "streams": { "s": "unbounded" }, "state": { "size": 0, "copy": 0 },
          "steps": [
            { "task": "consumer", "steps": [
              { "forAwait": "s", "as": "v", "steps": [ { "set": "copy", "to": "size" } ] } ] },
            { "sleep": 10 }, { "set": "size", "to": 5 }, { "streamYield": "s", "value": 1 },
            { "streamFinish": "s" }, { "awaitTask": "consumer" } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem == nil, "\(result.problem ?? "")")
    #expect(!result.events.contains { $0.kind == .race })
    #expect(Self.value("copy", result) == .int(5))
  }

  /// The real stream on the lab's executors replays: one seed, the same bytes, and a recorded
  /// schedule, the same run.
  @Test(arguments: bundled) func aSeedReplaysByteForByte(_ name: String) throws {
    let scenario = try TestSupport.scenario(named: name)
    for seed in UInt64(1)...3 {
      var options = RunOptions()
      options.seed = seed
      let first = TraceJSON.document(ScenarioRunner.runAndCheck(scenario, options: options))
      for _ in 0..<5 {
        #expect(
          TraceJSON.document(ScenarioRunner.runAndCheck(scenario, options: options)) == first)
      }
      try ExhaustiveExplorationTests.expectSeededScheduleReplays(
        scenario, seed: seed, policy: .pct, "\(name) seed \(seed)")
    }
  }

  /// Each program compiles in Swift 6 mode: `AsyncStream.makeStream`, `yield`, `finish` and
  /// `for await`.
  @Test(arguments: ["stream-buffering-newest", "stream-never-finished", "stream-operators"])
  func theProgramCompilesInSwift6Mode(_ name: String) throws {
    try TestSupport.expectCompiles(name)
  }

  /// Operators whose closures await the state's actor, read a local and change the loop's type:
  /// `s.filter({ v in await v > state.limit }).map({ v in "n\(v + base)" }).prefix(1)` compiles
  /// in Swift 6 mode and its race build runs clean.
  @Test func operatorsThatAwaitAndMapToTextCompileInSwift6Mode() throws {
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else { return }
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "ops", "threads": 2, "streams": { "s": "unbounded" },
          "state": { "limit": 1 }, "steps": [
            { "set": "base", "to": 100 },
            { "streamYield": "s", "value": 1 }, { "streamYield": "s", "value": 2 },
            { "streamFinish": "s" },
            { "forAwait": "s", "as": "v", "operators": [ { "filter": "v > limit" },
              { "map": "'n' + (v + base)" }, { "prefix": 1 } ], "steps": [ { "log": "{v}" } ] }
          ] }
        """)
    let source = try SwiftProgram.generate(scenario)
    #expect(source.contains(#".map({ v in "n\(v + base)" }).prefix(1)"#), "\(source)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-swift-test-ops-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let check = try SwiftCheck.run(
      scenario, source: source, compiler: compiler, in: folder,
      runProgram: NativeRunner.runRaceBuild)
    #expect(check.isExpected && check.swift6.compiled, "\(check.report)")
  }
}

/// The same on real threads: each policy's values and times within the tolerance, and the stream
/// never finished stopped by the live deadlock watch with the virtual run's wording.
@Suite(.serialized) struct LiveStreamTests {
  @Test(arguments: StreamTests.bundled)
  func liveRunsAgreeWithVirtual(_ name: String) async throws {
    let scenario = try TestSupport.scenario(named: name)
    // Which yield finds the consumer already waiting depends on real timing (under the thread
    // sanitizer the consumer may reach its loop after the first yield): a run where it did not
    // is run again, as a late run is.
    let policy = StreamTests.policies.first(where: { $0.name == name })
    let result = await TestSupport.liveRunPassing(scenario) { result in
      policy.map { StreamTests.yields(result.events) == $0.yields } ?? true
    }
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    if let policy {
      #expect(StreamTests.yields(result.events) == policy.yields, "\(name)")
    }
  }

  @Test func aStreamNeverFinishedIsADeadlockInBothModesWithTheSameWording() async throws {
    let name = "run-stream-never-finished.json"
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    let live = try TestSupport.runBadInput(name, .live, limits: TestSupport.badInputLimits)
    #expect(virtual.end == .deadlock)
    #expect(live.end == .deadlock, "\(live.problem ?? "no problem")")
    let phrase = "consumer waits for stream prices, which nothing finishes"
    for record in [virtual, live] {
      #expect(record.problem?.contains(phrase) == true, "\(record.problem ?? "no problem")")
    }
    // Both received 1 and 2 before the wait that never ends.
    for record in [virtual, live] {
      let received = record.events.filter { $0.text.hasSuffix("from stream prices") }
      #expect(
        received.map(\.text) == ["price = 1 from stream prices", "price = 2 from stream prices"])
    }
  }
}
