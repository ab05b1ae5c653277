import Foundation
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// A cycle of awaits — a task awaiting itself, two tasks awaiting each other — is a deadlock
/// named at the await that closes it, on both runtimes; a live run no longer waits for
/// `--timeout` (60 s) to end it. No file that validates writes such a cycle (a task's handle is
/// in scope only after its start, as in Swift): the runs here load without the name checker, to
/// hold the safety net that stops one.
@Suite(.serialized) struct AwaitCycleTests {
  static let selfAwait = """
    {"format": 1, "name": "self-await", "title": "A task that awaits itself", "steps": [
      {"task": "t", "steps": [{"sleep": 10}, {"awaitTask": "t"}]},
      {"awaitTask": "t"}]}
    """
  static let mutual = """
    {"format": 1, "name": "mutual-await", "title": "Two tasks that await each other", "steps": [
      {"task": "a", "steps": [{"sleep": 10}, {"awaitTask": "b"}]},
      {"task": "b", "steps": [{"sleep": 20}, {"awaitTask": "a"}]},
      {"awaitTask": "a"}]}
    """

  /// Each scenario with the cycles that can close it (the first is the virtual run's) and what
  /// each task waits for. On real threads the sleeps end in their order only as the machine allows:
  /// on a loaded one b's await may come first, so a's closes the cycle, and the waits are listed
  /// in the order they began.
  @Test(arguments: [
    (selfAwait, ["t → t"], ["root waits for task t", "t waits for task t"]),
    (
      mutual, ["b → a → b", "a → b → a"],
      ["root waits for task a", "a waits for task b", "b waits for task a"]
    ),
  ])
  func bothRuntimesNameTheCycleAtOnce(_ json: String, _ cycles: [String], _ waits: [String]) throws
  {
    let scenario = try TestSupport.uncheckedScenario(json: json)
    let virtual = ScenarioRunner.run(scenario)
    #expect(virtual.end == .deadlock)
    let expected =
      "a cycle of awaits (\(cycles[0])) that nothing can end; " + waits.joined(separator: "; ")
    #expect(virtual.problem?.hasSuffix(expected) == true, "\(virtual.problem ?? "")")
    var options = RunOptions()
    options.mode = .live
    let started = ContinuousClock.now
    let live = ScenarioRunner.run(scenario, options: options)
    let problem = live.problem ?? ""
    #expect(live.end == .deadlock)
    #expect(problem.hasPrefix("deadlock at "), "\(problem)")
    #expect(
      cycles.contains { problem.contains("a cycle of awaits (\($0)) that nothing can end; ") })
    #expect(waits.allSatisfy { problem.contains($0) }, "\(problem)")
    #expect(ContinuousClock.now - started < .seconds(10), "stopped at the cycle, not the timeout")
  }

  /// A task awaits itself before its creator awaits it (a new task starts beside its creator):
  /// the creator's await finds a cycle it is not on, which closes nothing new, and the run ends
  /// as the same deadlock (the walk of the awaits once went round that cycle for ever).
  @Test func awaitingATaskThatAwaitsItselfEndsTheRun() throws {
    let scenario = try TestSupport.uncheckedScenario(
      json: """
        {"format": 1, "name": "self-wait", "threads": 2, "state": {"n": 0}, "steps": [
          {"task": "t", "steps": [{"add": "n"}, {"awaitTask": "t"}]}, {"awaitTask": "t"}]}
        """)
    var options = RunOptions()
    // The child whenever it can run: it awaits itself before the root awaits it.
    options.chooser = ScheduleChooser { _, candidates, _ in candidates.last }
    let run = ScenarioRunner.run(scenario, options: options)
    #expect(run.end == .deadlock, "\(run.end)")
    #expect(run.problem?.contains("a cycle of awaits (t → t)") == true, "\(run.problem ?? "")")
  }

  @Test func awaitingAnotherTaskTwiceIsNoCycle() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "twice", "title": "Awaited twice", "steps": [
          {"task": "t", "steps": [{"sleep": 10}]},
          {"task": "u", "steps": [{"awaitTask": "t"}]},
          {"awaitTask": "t"}, {"awaitTask": "u"}]}
        """)
    let run = ScenarioRunner.run(scenario)
    #expect(run.end == .finished)
    #expect(run.problem == nil)
  }

  /// An `async let` child that never gets the one thread its parent holds (a semaphore wait) is
  /// named in the deadlock, with who holds the thread: the whole cycle.
  @Test func aChildWaitingForTheThreadItsParentHoldsIsNamed() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "held", "title": "Held", "threads": 1, "semaphores": {"ready": 0},
         "steps": [{"asyncLet": "child", "steps": [{"semaphoreSignal": "ready"}]},
                   {"semaphoreWait": "ready"}, {"await": "child"}]}
        """)
    let run = ScenarioRunner.run(scenario)
    #expect(run.end == .deadlock)
    #expect(
      run.problem?.hasSuffix(
        "child waits for a pool thread to start, held by root (worker-1); root waits for "
          + "semaphore ready to be signalled and holds worker-1") == true, "\(run.problem ?? "")")
  }

  /// A live run stuck on threads (no cycle of awaits to find) ends at --timeout, and the message
  /// says where its cycle can be seen.
  @Test func aLiveTimeoutPointsToTheVirtualRuntime() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "long", "title": "Long", "steps": [{"sleep": 1000000}]}
        """)
    var options = RunOptions()
    options.mode = .live
    options.limits.runtime.wallClockSeconds = 0.3
    let run = ScenarioRunner.run(scenario, options: options)
    #expect(
      run.problem?.contains(
        "raise the limit with --timeout, or, if it is stuck, run it without --live: the virtual "
          + "runtime names a deadlock's whole cycle") == true, "\(run.problem ?? "")")
  }
}
