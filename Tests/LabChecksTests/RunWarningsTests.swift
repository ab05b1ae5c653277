import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel

/// Warnings: misuse a run shows without being stopped by it.
struct RunWarningsTests {
  func warnings(_ name: String) throws -> [String] {
    ScenarioRunner.runAndCheck(try TestSupport.scenario(named: name)).record.warnings
  }

  @Test func aTaskNobodyAwaitsThatMainsReturnCutShortIsNamed() throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "task-leak"))
    #expect(
      result.record.warnings == [
        "task 'upload' was never awaited: main returned at 100 ms and the process exited, "
          + "cutting it short; await its value before main returns, or run it where the process "
          + "stays (an app)"
      ])
    #expect(
      TraceText.report(result, hints: .lab).contains("\nwarning: task 'upload' was never awaited"))
    #expect(TraceJSON.document(result).contains("\"warnings\": [\"task 'upload' was never"))
    // A warning fails no check.
    #expect(result.passed)
  }

  @Test func theTutorialsReaderTaskIsOneToo() throws {
    #expect(
      try warnings("async-property").map { $0.prefix(46) } == [
        "task 'reader' was never awaited and ended at 5"
      ])
  }

  @Test(arguments: ["task-priority-detached", "task-cancel", "async-let-downloads"])
  func awaitedAndStructuredTasksAreNot(_ name: String) throws {
    #expect(try warnings(name).isEmpty)
  }

  /// Tasks an input's handler starts belong to an app, which keeps running.
  @Test(arguments: ["search-cancel-previous", "serial-tasks"])
  func handlersTasksAreNot(_ name: String) throws {
    #expect(try warnings(name).isEmpty)
  }

  @Test func aTaskThatEndsWithTheRootIsNot() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "steps": [
          {"task": "quick", "steps": [{"log": "done"}]},
          {"sleep": 10}
        ]}
        """)
    #expect(ScenarioRunner.runAndCheck(scenario).record.warnings.isEmpty)
    let json = TraceJSON.document(ScenarioRunner.runAndCheck(scenario))
    #expect(json.contains("\"warnings\": [],\n"))
  }

  @Test func aTaskStartedInsideAChildCountsAsTheRoots() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "steps": [
          {"group": "g", "count": 1, "steps": [
            {"task": "late", "steps": [{"sleep": 50}]}
          ]}
        ]}
        """)
    let warnings = ScenarioRunner.runAndCheck(scenario).record.warnings
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("task 'late' was never awaited and ended at 50 ms") == true)
  }

  /// A lock held across a block: the others wait for it, holding their threads.
  @Test func aLockHeldAcrossBlockingWorkIsNamedWithItsWaits() throws {
    #expect(
      try warnings("lock-held-while-blocking") == [
        "lock 'cacheLock' was held across blocking work 3 times (the longest 100 ms, by "
          + "loaders[1]): 2 tasks waited for it 300 ms in all, holding their threads; do the slow "
          + "work outside withLock and hold the lock only to read or write"
      ])
  }

  @Test func aLockHeldOnlyToWriteIsNot() throws {
    #expect(try warnings("counter-with-mutex").isEmpty)
  }

  @Test func aBlockOutsideTheLockIsNot() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "state": {"n": 0}, "steps": [
          {"withLock": "l", "steps": [{"add": "n"}]},
          {"block": 100},
          {"withLock": "l", "steps": [{"add": "n"}]}
        ]}
        """)
    #expect(ScenarioRunner.runAndCheck(scenario).record.warnings.isEmpty)
  }

  /// Blocking work on the pool is named when it kept ready tasks from a thread: five children
  /// that block 5 s on two threads leave three waiting 5, 5 and 10 s.
  @Test func blockingThatStarvesThePoolIsNamed() throws {
    let found = try warnings("task-group-five-two-threads").filter { $0.hasPrefix("blocking") }
    #expect(
      found == [
        "blocking work held the cooperative pool's threads (5 blocking waits on worker threads, "
          + "the longest 5000 ms by tasks[1]): 3 tasks were ready and waited 20000 ms in all for "
          + "a thread, the longest 10000 ms (tasks[5]); the pool has as many threads as cores, so "
          + "in async code await instead of blocking (Task.sleep), or move blocking work off the "
          + "pool"
      ])
    // Semaphore waits hold the pool too: the fetches that would signal wake a second late.
    #expect(try warnings("semaphore-in-async").contains { $0.hasPrefix("blocking work held") })
  }

  /// Sleeping frees the thread; blocking with threads to spare delays nobody.
  @Test(arguments: ["task-sleep-five-two-threads", "task-group-five", "sync-download"])
  func blockingThatDelaysNobodyIsNot(_ name: String) throws {
    #expect(try warnings(name).allSatisfy { !$0.hasPrefix("blocking") })
  }

  @Test func aWakeNoteGivesTheWait() {
    #expect(RunWarnings.waitedForThread("ready at 1000 ms, waited 500.5 ms for a thread") == 500.5)
    #expect(RunWarnings.waitedForThread("cancelled: Task.sleep throws CancellationError") == nil)
  }
}
