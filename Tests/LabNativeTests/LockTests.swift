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

/// Locks, atomics and semaphores (Scenarios/16-locks): the racy counter fixed two ways on every
/// seed and every interleaving, waits that hold their thread, the deadlocks they make and the
/// misuse that stops a real program, in both runtimes.
@Suite struct LockTests {
  static let fixed = ["counter-with-mutex", "counter-with-atomic"]

  /// The shape of racy-counter with every add inside one lock but the last one outside it.
  static let halfLocked = """
    { "format": 1, "threads": 2, "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": 2, "steps": [
        { "withLock": "l", "steps": [ { "add": "counter" } ] },
        { "add": "counter" } ] } ] }
    """

  /// semaphore-in-async without its timeout: every pool thread held by a wait.
  static let forever = """
    { "format": 1, "threads": 2, "semaphores": { "fetched": 0 },
      "steps": [ { "group": "waiters", "count": 2, "steps": [
        { "task": "fetch", "steps": [ { "sleep": 100 }, { "semaphoreSignal": "fetched" } ] },
        { "semaphoreWait": "fetched" } ] } ] }
    """

  static func counter(_ result: RunResult) -> Value? {
    result.values.first { $0.name == "counter" }?.value
  }

  @Test(arguments: fixed) func theFixedCounterIsSixWithoutARaceOnEverySeed(_ name: String) throws {
    for (label, result) in TestSupport.runsOnEverySeed(try TestSupport.scenario(named: name)) {
      #expect(result.problem == nil, "\(label): \(result.problem ?? "")")
      #expect(Self.counter(result) == .int(6), "\(label)")
      #expect(!result.events.contains { $0.kind == .race }, "\(label)")
    }
  }

  @Test(arguments: fixed) func everyInterleavingOfTheFixedCounterGivesSix(_ name: String) throws {
    let findings = ExhaustiveSearch(
      try TestSupport.scenario(named: name), options: RunOptions(),
      budget: ExhaustiveSearch.Budget(maxSchedules: 100_000)
    ).run()
    #expect(findings.complete)
    #expect(findings.outcomes.count == 1)
    for found in findings.outcomes {
      #expect(found.outcome.values.first { $0.name == "counter" }?.value == .int(6))
      #expect(!found.outcome.race)
    }
  }

  /// The lock orders only what it holds: the add outside it still races with the others.
  @Test func anAddOutsideTheLockStillRaces() throws {
    let scenario = try TestSupport.scenario(json: Self.halfLocked)
    let findings = ExhaustiveSearch(
      scenario, options: RunOptions(), budget: ExhaustiveSearch.Budget(maxSchedules: 100_000)
    ).run()
    #expect(findings.complete)
    #expect(findings.outcomes.contains { $0.outcome.race })
  }

  /// The waiters hold their threads from 0 ms while the holder works; each takes the lock when
  /// the one before releases it: 100, 200, 300.
  @Test func waitersForALockHoldTheirThreads() throws {
    let result = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(named: "lock-held-while-blocking"))
    #expect(result.passed)
    let waits = result.events.filter {
      $0.kind == .block && $0.text.hasPrefix("lock cacheLock: held by")
    }
    #expect(waits.count == 2)
    #expect(waits.allSatisfy { $0.time == 0 })
    #expect(Set(waits.map(\.thread)).count == 2, "each waiter holds a thread of its own")
    let ends = result.events.filter { $0.kind == .end && $0.task.hasPrefix("loaders[") }
    #expect(ends.map(\.time).sorted() == [100, 200, 300])
  }

  @Test func theSemaphoreDeadlockIsReportedWithItsCycle() throws {
    let scenario = try TestSupport.scenario(json: Self.forever)
    for seed in UInt64(1)...10 {
      var options = RunOptions()
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      #expect(record.end == .deadlock, "seed \(seed)")
      let problem = record.problem ?? ""
      #expect(problem.contains("waits for semaphore fetched to be signalled and holds worker-1"))
      #expect(problem.contains("waits for semaphore fetched to be signalled and holds worker-2"))
      // Both tasks that would signal, each named with the holders of the threads it needs.
      for fetch in ["fetch ", "fetch#2 "] {
        #expect(problem.contains("; \(fetch)waits for"), "seed \(seed): \(problem)")
      }
      for waiter in ["waiters[1] (worker-", "waiters[2] (worker-"] {
        #expect(problem.contains(waiter), "seed \(seed): \(problem)")
      }
    }
  }

  /// With a timeout, the same starvation ends: the waits give up at 1000 ms and only then do the
  /// fetches, ready since 100 ms, get a thread to signal.
  @Test func aTimedOutWaitFreesTheThreadForTheSignaller() throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "semaphore-in-async"))
    #expect(result.passed)
    let signals = result.events.filter { $0.text.hasPrefix("semaphore fetched: signal()") }
    #expect(signals.count == 2)
    #expect(signals.allSatisfy { $0.time >= 1000 })
    #expect(result.events.filter { $0.text.contains("timed out (value") }.count == 2)
  }

  @Test func aSemaphoreEndingBelowItsInitialValueIsAProblemNotACrash() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "semaphores": { "slots": 1 }, "steps": [ { "semaphoreWait": "slots" } ] }
        """)
    for mode in RuntimeMode.allCases {
      var options = RunOptions()
      options.mode = mode
      let record = ScenarioRunner.run(scenario, options: options)
      #expect(record.end == .finished)
      #expect(
        record.problem?.hasPrefix(
          "semaphore slots ends with value 0, below its initial value 1") == true,
        "\(mode): \(record.problem ?? "no problem")")
    }
  }

  @Test func aBalancedSemaphoreIsNoProblem() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "semaphores": { "slots": 1 },
          "steps": [ { "semaphoreWait": "slots" }, { "semaphoreSignal": "slots" } ] }
        """)
    #expect(ScenarioRunner.run(scenario).problem == nil)
  }

  /// Pinned programs: a `Mutex(())` and `withLock`, an `Atomic<Int>` read with `load`, and a
  /// `DispatchSemaphore` waited on with a timeout.
  @Test(arguments: ["counter-with-mutex", "counter-with-atomic", "semaphore-in-async"])
  func programIsTheRecordedOne(_ name: String) throws {
    let program = try SwiftProgram.generate(try TestSupport.programScenario(named: name))
    let file = TestSupport.swiftPrograms.appendingPathComponent("\(name).swift.txt")
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(program == golden, "`lab swift \(name)` differs from \(file.lastPathComponent)")
  }

  @Test func theAtomicProgramCompilesInSwift6Mode() throws {
    try TestSupport.expectCompiles("counter-with-atomic")
  }
}

/// The same scenarios on real threads: a real blocking lock, `Atomic<Int>` and `DispatchSemaphore`.
@Suite(.serialized) struct LiveLockTests {
  @Test(arguments: LockTests.fixed) func liveRunsAgreeOnSix(_ name: String) async throws {
    let scenario = try TestSupport.scenario(named: name)
    var options = RunOptions()
    options.mode = .live
    for _ in 1...3 {
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      #expect(result.problem == nil, "\(result.problem ?? "")")
      #expect(LockTests.counter(result) == .int(6))
      #expect(!result.events.contains { $0.kind == .race })
    }
  }

  /// The lock serializes the three blocks on real threads too: at least 300 ms (less a
  /// tolerance), never the 100 that three threads side by side would take. Only a lower bound:
  /// a busy machine or a sanitizer makes real runs slower, never faster.
  @Test func aLockHeldAcrossABlockSerializesTheWorkLive() async throws {
    let scenario = try TestSupport.scenario(named: "lock-held-while-blocking")
    var options = RunOptions()
    options.mode = .live
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(result.problem == nil, "\(result.problem ?? "")")
    #expect(result.values.first { $0.name == "hits" }?.value == .int(3))
    let duration = try #require(result.duration)
    #expect(duration >= 300 * 0.95 - 5, "\(duration) ms")
    let ends = result.events.filter { $0.kind == .end && $0.task.hasPrefix("loaders[") }
    let times = ends.map(\.time).sorted()
    #expect(times.count == 3)
    // Each child ends at least one block after the one before it.
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later - earlier >= 100 * 0.95 - 5, "\(times)")
    }
  }

  /// Real waits hold the real pool's two threads: the signals come only after the timeouts. Run
  /// again after the machine quiets while a check fails: under the whole suite's load a timeout
  /// once ended before both waiters held their threads (late = 1).
  @Test func theStarvedSignallersRunOnlyAfterTheTimeoutsLive() async throws {
    let scenario = try TestSupport.scenario(named: "semaphore-in-async")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.values.first { $0.name == "late" }?.value == .int(2))
    let signals = result.events.filter { $0.text.hasPrefix("semaphore fetched: signal()") }
    #expect(signals.count == 2)
    #expect(signals.allSatisfy { $0.time >= 950 }, "\(signals.map(\.time))")
  }
}
