import Foundation
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// Runaways that no count limit stops in time, and operations the real runtime traps on: both
/// modes stop them with the same problem (docs/hardening.md).
@Suite(.timeLimit(TestSupport.hangLimit)) struct RuntimeHardeningTests {
  /// Nested tasks count against the depth limit on real threads too, and a leave without an
  /// enter is a problem, not Dispatch's trap; the wording is the virtual run's.
  @Test(arguments: [
    "run-async-let-of-itself-unawaited.json", "run-async-let-of-itself-awaited.json",
    "run-group-of-one-calls-itself.json", "run-task-starts-itself.json",
    "run-dispatch-leave-without-enter.json",
  ])
  func liveRunStopsLikeVirtual(_ name: String) throws {
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    let live = try TestSupport.runBadInput(name, .live, limits: TestSupport.badInputLimits)
    let reason = { (record: RunRecord) -> String? in
      guard case .limitReached(let message) = record.end else { return nil }
      return message
    }
    #expect(reason(virtual) != nil, "\(virtual.problem ?? "no problem")")
    #expect(reason(live) == reason(virtual), "\(live.problem ?? "no problem")")
  }

  /// Dispatch traps when a group is freed while entered; the live runtime keeps such a group.
  @Test func liveGroupLeftEnteredIsFreedSafely() throws {
    for _ in 0..<3 {
      let live = try TestSupport.runBadInput(
        "run-dispatch-enter-without-leave.json", .live, limits: TestSupport.badInputLimits)
      #expect(live.end == .finished)
    }
  }

  /// A virtual run whose steps are slow — two lists of 8,192 items compared again and again —
  /// stays within every count limit for days; `--timeout` stops it on the clock.
  @Test func aVirtualRunOfSlowStepsStopsAtTheTimeout() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "state": {"l": [0], "m": [0], "z": false}, "steps": [
          {"repeat": 13, "steps": [{"set": "l", "to": "l + l"}, {"set": "m", "to": "m + m"}]},
          {"repeat": 100000, "steps": [{"set": "z", "to": "l == m"}]}]}
        """)
    var options = RunOptions()
    options.limits.runtime.wallClockSeconds = 0.5
    let clock = ContinuousClock()
    let began = clock.now
    let record = ScenarioRunner.run(scenario, options: options)
    #expect(clock.now - began < .seconds(10))
    let problem = try #require(record.problem)
    #expect(
      problem.contains(
        "the run took more than 0.5 s of real time; raise the limit with --timeout 1"),
      "\(problem)")
  }

  /// Groups of two that sleep and call themselves again stay shallow and under a generous task
  /// limit; the memory budget stops them, and says how far memory grew.
  @Test(arguments: [RuntimeMode.virtual, .live])
  func memoryBudgetStopsARunaway(_ mode: RuntimeMode) throws {
    var limits = RunLimits()
    limits.runtime.maxMemoryBytes = 48 << 20
    let record = try TestSupport.runBadInput(
      "run-group-of-two-sleep-and-call-itself.json", mode, limits: limits)
    let problem = try #require(record.problem)
    #expect(problem.contains("the run grew the lab's memory by more than 48 MB"), "\(problem)")
    #expect(problem.contains("raise the limit with --max-memory-mb"), "\(problem)")
    #expect(problem.contains("by then the lab's memory had peaked at"), "\(problem)")
  }

  @Test func residentMemoryIsMeasured() throws {
    let resident = try #require(ProcessMemory.residentBytes())
    #expect(resident > 1 << 20)
    // The kernel updates the high-water mark lazily: it may trail a fresh sample by a few pages.
    #expect(ProcessMemory.peakResidentBytes() >= resident / 2)
  }
}

extension RuntimeHardeningTests {
  /// A main thread blocked in `DispatchGroup.wait()` until a deadlock is a stall, whatever
  /// blocks it.
  @Test func mainHeldAtADeadlockIsAStall() throws {
    let record = try TestSupport.runBadInput(
      "run-dispatch-wait-on-main-for-main.json", .virtual, limits: TestSupport.badInputLimits)
    #expect(record.end == .deadlock)
    #expect(record.mainStall == 100)
    #expect(record.busySpans.contains(ThreadSpan(thread: "main", start: 0, end: 100)))
  }
}

extension RuntimeHardeningTests {
  /// Two sleepers whose timers fire at 1000 ms while both threads are blocked until 1500: each
  /// wake names the moment it was ready and how long it waited for a thread, in both modes.
  @Test(arguments: [RuntimeMode.virtual, .live])
  func wakeNotesTheWaitForAThread(_ mode: RuntimeMode) throws {
    let text = """
      {"format": 1, "threads": 2, "steps": [
        {"task": "a", "steps": [{"sleep": 1000}]}, {"task": "b", "steps": [{"sleep": 1000}]},
        {"task": "c", "steps": [{"block": 1500}]}, {"task": "d", "steps": [{"block": 1500}]}]}
      """
    let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "starved.json")
    var options = RunOptions()
    options.mode = mode
    let record = ScenarioRunner.run(scenario, options: options)
    let wakes = record.events.filter { $0.kind == .wake }
    #expect(wakes.count == 2)
    for wake in wakes {
      #expect(wake.text.hasPrefix("ready at "), "\(wake.text)")
      #expect(wake.text.hasSuffix(" ms for a thread"), "\(wake.text)")
      if mode == .virtual { #expect(wake.text == "ready at 1000 ms, waited 500 ms for a thread") }
    }
  }
}
