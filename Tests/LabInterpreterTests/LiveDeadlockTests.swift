import Foundation
import LabInterpreter
import LabInterpreterTestSupport
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// Deadlocks on real threads: the threads give no sign, so the interpreter watches its own tasks
/// and stops the run once every one waits for another and nothing moved for a second.
@Suite(.serialized, .timeLimit(TestSupport.hangLimit)) struct LiveDeadlockTests {
  /// Each bad input, live: a deadlock within seconds (not at --timeout), whose report names the
  /// same cycle the virtual run names.
  @Test(arguments: [
    (
      "run-dispatch-wait-on-main-for-main.json",
      "root waits for dispatch group load (1 enter() not yet left) and holds main; main.async "
        + "waits for main to start, held by root"
    ),
    (
      "lock-order-deadlock.json",
      "g[1] waits for lock b (held by g[2]) and holds worker-"
    ),
    (
      "lock-semaphore-deadlock.json",
      "root waits for semaphore done to be signalled and holds worker-1"
    ),
    (
      "run-dispatch-wait-without-leave.json",
      "root waits for dispatch group g (1 enter() not yet left) and holds worker-"
    ),
  ])
  func aThreadDeadlockIsFoundAndNamed(_ name: String, _ cycle: String) throws {
    // Real threads may also miss the deadlock: on a busy machine the second task of a
    // lock-order deadlock can start after the first has finished. Up to five tries.
    var live: RunRecord
    var took: Duration
    var tries = 0
    repeat {
      let began = ContinuousClock.now
      live = try TestSupport.runBadInput(name, .live, limits: TestSupport.badInputLimits)
      took = ContinuousClock.now - began
      tries += 1
    } while live.end != .deadlock && tries < 5
    #expect(live.end == .deadlock, "\(live.problem ?? "no problem")")
    // Found about a second after the last event, not at the 10 s timeout.
    #expect(took < .seconds(5))
    let problem = try #require(live.problem)
    #expect(problem.contains("on real threads nothing moved for a second"), "\(problem)")
    #expect(problem.contains(cycle), "\(problem)")
    let virtual = try TestSupport.runBadInput(name, .virtual, limits: TestSupport.badInputLimits)
    #expect(virtual.end == .deadlock)
  }

  /// Waits that a clock ends are not a deadlock: a semaphore signalled after a sleep, a group
  /// whose work blocks for a while, a wait with a timeout.
  @Test func waitsThatTimeEndsAreNot() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "threads": 2, "semaphores": {"s": 0}, "queues": {"q": "concurrent"},
         "steps": [
          {"task": "signaller", "steps": [{"sleep": 800}, {"semaphoreSignal": "s"}]},
          {"semaphoreWait": "s"},
          {"enter": "g"},
          {"dispatch": "q", "steps": [{"block": 800}, {"leave": "g"}]},
          {"wait": "g"},
          {"semaphoreWait": "s", "timeout": 800, "as": "late"},
          {"awaitTask": "signaller"}
         ]}
        """)
    var options = RunOptions()
    options.mode = .live
    // 800 scenario ms are 800 real ms here: longer than the watch's half second of quiet.
    options.scale = 1
    let record = ScenarioRunner.run(scenario, options: options)
    #expect(record.end == .finished, "\(record.problem ?? "")")
  }
}
