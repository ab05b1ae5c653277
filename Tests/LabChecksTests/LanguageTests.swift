import LabChecks
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// Each construct of the scenario language, run on the virtual runtime, with exact times.
@Suite struct LanguageTests {
  func run(_ json: String, seed: UInt64 = 1, threads: Int? = nil) throws -> RunResult {
    var options = RunOptions()
    options.seed = seed
    options.threads = threads
    return ScenarioRunner.runAndCheck(try TestSupport.scenario(json: json), options: options)
  }

  func value(_ result: RunResult, _ name: String) -> Value? {
    result.values.first { $0.name == name }?.value
  }

  func events(_ result: RunResult, _ kind: TraceEvent.Kind) -> [TraceEvent] {
    result.events.filter { $0.kind == kind }
  }

  @Test func catchByNameThenCatchAll() throws {
    let result = try run(
      """
      {"format": 1, "state": {"caught": ""},
       "functions": {"check": {"params": ["d"], "steps": [
         {"if": "d > 20", "then": [{"throw": "tooLong"}]}, {"if": "d < 5", "then": [{"throw": "tooShort"}]}]}},
       "steps": [
        {"try": [{"call": "check", "args": {"d": 25}}], "catch": [
          {"error": "tooShort", "steps": [{"set": "caught", "to": "'short'"}]},
          {"steps": [{"set": "caught", "to": "error"}]}]}
      ]}
      """)
    #expect(value(result, "caught") == .string("tooLong"))
    #expect(events(result, .throw).map(\.text) == ["tooLong"])
    #expect(events(result, .catch).map(\.text) == ["tooLong"])
  }

  @Test func anUncaughtErrorEndsTheTaskThatThrewIt() throws {
    let result = try run(#"{"format": 1, "steps": [{"throw": "boom"}]}"#)
    #expect(result.problem == nil)
    #expect(result.events.last?.kind == .end)
    #expect(result.events.last?.text == "threw boom")
  }

  @Test func forTryAwaitCancelsTheSiblingsOfAThrowingChild() throws {
    let result = try run(
      """
      {"format": 1, "threads": 4, "state": {"finished": 0},
       "steps": [{"try": [
         {"group": "g", "count": 3, "as": "i", "collect": "results", "steps": [
           {"if": "i == 1", "then": [{"sleep": 100}, {"throw": "failed"}]},
           {"sleep": 1000}, {"add": "finished"}]}
       ], "catch": [{"steps": [{"log": "caught {error} at {now}"}]}]}]}
      """)
    #expect(
      result.duration == 100, "the siblings' sleeps are cancelled when the error leaves the group")
    #expect(value(result, "finished") == .int(0))
    #expect(events(result, .log).map(\.text) == ["caught failed at 100"])
  }

  @Test func waitForAllLetsTheSiblingsFinishBeforeRethrowing() throws {
    let result = try run(
      """
      {"format": 1, "threads": 4, "state": {"finished": 0},
       "steps": [{"try": [
         {"group": "g", "count": 3, "as": "i", "steps": [
           {"if": "i == 1", "then": [{"sleep": 100}, {"throw": "failed"}]},
           {"sleep": 1000}, {"add": "finished"}]}
       ], "catch": [{"steps": [{"log": "caught {error} at {now}"}]}]}]}
      """)
    #expect(result.duration == 1000)
    #expect(value(result, "finished") == .int(2))
  }

  @Test func cancellingASleepingTaskWakesItAtOnce() throws {
    let result = try run(
      """
      {"format": 1, "steps": [
        {"task": "t", "steps": [{"sleep": 10000}]},
        {"sleep": 250}, {"cancel": "t"},
        {"try": [{"awaitTask": "t"}], "catch": [{"steps": [{"log": "{error} at {now}"}]}]}
      ]}
      """)
    // A catch-all's `error` is what Swift's "\(error)" prints (cancel-ignored-by-continuation).
    #expect(events(result, .log).map(\.text) == ["CancellationError() at 250"])
    #expect(result.events.contains { $0.task == "t" && $0.kind == .end && $0.text == "cancelled" })
  }

  @Test func anAsyncLetThatIsNeverAwaitedIsCancelledAtTheEndOfItsScope() throws {
    let result = try run(
      """
      {"format": 1, "state": {"done": false}, "steps": [
        {"asyncLet": "slow", "steps": [{"sleep": 5000}, {"set": "done", "to": true}]},
        {"log": "leaving"}
      ]}
      """)
    #expect(result.duration == 0, "the child's sleep is cancelled, so the scope ends at once")
    #expect(value(result, "done") == .bool(false))
    #expect(events(result, .cancel).first?.text.contains("not awaited") == true)
  }

  @Test func awaitingAnOuterAsyncLetFirstStillGetsEveryValue() throws {
    let result = try run(
      """
      {"format": 1, "state": {"sum": 0}, "steps": [
        {"asyncLet": "a", "steps": [{"sleep": 300}, {"return": 1}]},
        {"asyncLet": "b", "steps": [{"sleep": 100}, {"return": 2}]},
        {"await": "a"}, {"log": "a at {now}"},
        {"await": "b"}, {"set": "sum", "to": "a + b"}
      ]}
      """)
    #expect(value(result, "sum") == .int(3))
    #expect(events(result, .log).map(\.text) == ["a at 300"])
  }

  @Test func actorReentrancyLetsASecondCallerInDuringAnAwait() throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "actor-reentrancy"))
    #expect(value(result, "downloads") == .int(2))
    #expect(
      events(result, .log).map(\.text) == [
        "cache miss: downloading", "cache miss: downloading", "cache hit",
      ])
  }

  @Test func anActorRunsOneCallAtATimeEvenWhenItBlocks() throws {
    let result = try run(
      """
      {"format": 1, "threads": 4,
       "actors": {"A": {"state": {"n": 0}, "methods": {"work": {"params": [], "steps": [{"block": 100}, {"add": "n"}]}}}},
       "steps": [{"group": "g", "count": 3, "steps": [{"actorCall": "A.work"}]}]}
      """)
    #expect(result.duration == 300)
  }

  @Test func racesAreReportedEvenWhenNoUpdateIsLost() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    var lost = 0
    for seed in UInt64(1)...20 {
      var options = RunOptions()
      options.seed = seed
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      #expect(
        result.events.contains { $0.kind == .race && $0.text.hasPrefix("counter:") }, "seed \(seed)"
      )
      if value(result, "counter") != .int(6) { lost += 1 }
    }
    #expect(lost > 0, "some interleavings lose an update")
    #expect(lost < 20, "some interleavings lose none")
  }

  @Test(arguments: [
    "task-group-collect", "actor-time-store", "main-actor-time-store", "serial-tasks",
    "dispatch-group-city",
  ])
  func synchronizedScenariosHaveNoRace(_ name: String) throws {
    for seed in UInt64(1)...10 {
      var options = RunOptions()
      options.seed = seed
      let result = ScenarioRunner.runAndCheck(
        try TestSupport.scenario(named: name), options: options)
      #expect(!result.events.contains { $0.kind == .race }, "\(name) seed \(seed)")
    }
  }

  @Test func capturedVarRaceIsReportedWithBothTasksAndSteps() throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "captured-var-race"))
    let race = try #require(events(result, .race).first)
    #expect(race.text.contains("entries:"))
    #expect(race.text.contains("tasks["))
    #expect(race.text.contains("steps[0].steps[1]"))
  }

  @Test func debounceDeliversOnlyAfterAQuietPeriod() throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "search-debounce"))
    let handled = result.events.filter { $0.kind == .input && $0.text.contains("handles") }
    #expect(handled.map(\.time) == [1400])
    #expect(handled.first?.thread == "main")
  }

  @Test func switchToLatestCancelsThePreviousDelivery() throws {
    let result = try run(
      """
      {"format": 1, "state": {"shown": ""},
       "inputs": [{"at": 0, "key": "q", "value": "a"}, {"at": 100, "key": "q", "value": "b"}],
       "handlers": {"q": {"switchToLatest": true, "steps": [{"sleep": 500}, {"set": "shown", "to": "value"}]}},
       "steps": []}
      """)
    #expect(value(result, "shown") == .string("b"))
    #expect(events(result, .cancel).map(\.time) == [100])
  }

  @Test func serialChainsRunOneAfterAnother() throws {
    let serial = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "serial-tasks"))
    #expect(value(serial, "doneAt") == .list([.int(1000), .int(2000), .int(3000)]))
    let parallel = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: "parallel-requests"))
    #expect(value(parallel, "doneAt") == .list([.int(1000), .int(1100), .int(1200)]))
  }

  @Test func dispatchWorkRunsOnDispatchThreadsAndWaitHoldsTheThread() throws {
    let result = try run(
      """
      {"format": 1, "threads": 1, "queues": {"q": "concurrent"}, "state": {"x": 0},
       "steps": [
        {"enter": "g"}, {"dispatch": "q", "steps": [{"block": 500}, {"set": "x", "to": 1}, {"leave": "g"}]},
        {"wait": "g"}, {"log": "waited until {now}"}]}
      """)
    #expect(events(result, .log).map(\.text) == ["waited until 500"])
    #expect(result.events.contains { $0.thread.hasPrefix("dispatch-") && $0.kind == .block })
    #expect(result.busySpans.contains { $0.thread == "worker-1" && $0.start == 0 && $0.end == 500 })
  }

  @Test func aSerialQueueRunsOneWorkItemAtATimeInOrder() throws {
    let result = try run(
      """
      {"format": 1, "queues": {"serial": "serial"}, "state": {"order": []},
       "steps": [
        {"dispatch": "serial", "steps": [{"block": 100}, {"set": "order", "to": "order + [1]"}]},
        {"dispatch": "serial", "steps": [{"block": 100}, {"set": "order", "to": "order + [2]"}]},
        {"dispatch": "serial", "steps": [{"block": 100}, {"set": "order", "to": "order + [3]"}]}]}
      """)
    #expect(value(result, "order") == .list([.int(1), .int(2), .int(3)]))
    let sets = events(result, .set)
    #expect(sets.map(\.time) == [100, 200, 300])
  }

  @Test func aConcurrentQueueRunsWorkItemsSideBySide() throws {
    let result = try run(
      """
      {"format": 1, "queues": {"q": "concurrent"}, "state": {"n": 0},
       "steps": [{"repeat": 3, "steps": [{"dispatch": "q", "steps": [{"block": 100}]}]}]}
      """)
    #expect(Set(events(result, .block).map(\.thread)).count == 3)
    #expect(result.busySpans.allSatisfy { $0.end == 100 })
  }

  @Test func waitingOnMainForWorkQueuedOnMainIsADeadlock() throws {
    let result = try run(
      """
      {"format": 1, "isolation": "main", "steps": [
        {"enter": "g"}, {"dispatch": "main", "steps": [{"leave": "g"}]}, {"wait": "g"}]}
      """)
    #expect(result.end == .deadlock)
    #expect(result.problem?.contains("deadlock at 0 ms") == true)
    #expect(
      result.problem?.contains("root waits for dispatch group g") == true, "\(result.problem ?? "")"
    )
  }

  /// No file that validates awaits a task from its own closure: the run's safety net, loaded
  /// without the name checker.
  @Test func aTaskAwaitingItselfIsReportedAsADeadlock() throws {
    let scenario = try TestSupport.uncheckedScenario(
      json: """
        {"format": 1, "steps": [{"task": "t", "steps": [{"sleep": 10}, {"awaitTask": "t"}]}, {"awaitTask": "t"}]}
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: RunOptions())
    #expect(result.end == .deadlock)
    #expect(result.problem?.contains("t waits for task t") == true, "\(result.problem ?? "")")
  }

  @Test func aRunawayLoopIsStoppedByTheJobLimit() throws {
    var options = RunOptions()
    options.limits.runtime.maxJobs = 10_000
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "steps": [{"repeat": 1000000000, "steps": [{"yield": true}]}]}"#)
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(
      result.problem?.contains("more than 10000 runtime jobs") == true, "\(result.problem ?? "")")
    #expect(result.problem?.contains("--max-jobs") == true)
  }

  @Test func aHugeSleepIsStoppedByTheTimeLimit() throws {
    let result = try run(#"{"format": 1, "steps": [{"sleep": 999999999}]}"#)
    #expect(result.problem?.contains("--max-time") == true, "\(result.problem ?? "")")
  }

  @Test func mainStallIsTheLongestUninterruptedHold() throws {
    let result = try run(
      """
      {"format": 1, "isolation": "main", "steps": [{"block": 100}, {"sleep": 50}, {"block": 300}, {"yield": true}, {"block": 200}]}
      """)
    #expect(result.mainStall == 300)
    #expect(result.duration == 650)
  }
}

/// Runaway scenarios are stopped by limits, each with a message that names its flag.
@Suite struct LimitTests {
  @Test func anEnormousGroupIsRefusedBeforeItAllocates() throws {
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "steps": [{"group": "g", "count": 1000000000, "steps": []}]}"#)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem?.contains("--max-tasks") == true, "\(result.problem ?? "")")
  }

  @Test func tooManyTasksStopTheRun() throws {
    var options = RunOptions()
    options.limits.interpreter.maxTasks = 50
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "steps": [{"repeat": 100, "steps": [{"task": "t", "steps": []}]}]}"#)
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(result.problem?.contains("more than 50 tasks") == true, "\(result.problem ?? "")")
  }

  @Test func tooManyEventsStopTheRun() throws {
    var options = RunOptions()
    options.limits.interpreter.maxEvents = 100
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "steps": [{"repeat": 1000, "steps": [{"log": "x"}, {"sleep": 1}]}]}"#)
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(
      result.problem?.contains("more than 100 trace events") == true, "\(result.problem ?? "")")
    #expect(result.events.count == 100)
  }

  @Test func aTraceOfLongValuesStopsAtItsTextLimit() throws {
    var options = RunOptions()
    options.limits.interpreter.maxTraceBytes = 2 << 20
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "state": {"s": "\(String(repeating: "x", count: 990))"},
         "steps": [{"repeat": 100000, "steps": [{"log": "{s}"}]}]}
        """)
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(
      result.problem?.contains("the run's trace grew past 2 MB of text") == true,
      "\(result.problem ?? "")")
    #expect(result.problem?.contains("--max-trace-mb") == true)
    // The text kept is within the limit, and one more log line would have passed it.
    let kept = result.events.reduce(0) {
      $0 + $1.text.utf8.count + $1.task.utf8.count + $1.thread.utf8.count
    }
    let line = try #require(result.events.last { $0.kind == .log })
    #expect(
      kept <= 2 << 20
        && kept + line.text.utf8.count + line.task.utf8.count + line.thread.utf8.count > 2 << 20)
  }

  @Test func aLiveRunPastItsTimeoutIsStopped() throws {
    var options = RunOptions()
    options.mode = .live
    options.limits.runtime.wallClockSeconds = 0.2
    let scenario = try TestSupport.scenario(json: #"{"format": 1, "steps": [{"sleep": 100000}]}"#)
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    #expect(result.problem?.contains("--timeout") == true, "\(result.problem ?? "")")
  }
}
