import LabModel
import LabTestSupport
import Testing

@testable import LabInterpreter
@testable import LabRuntime

/// The scheduler's state stepped by hand with plain values as jobs, sleepers and timers, and the
/// end-of-run invariants over every bundled scenario.
@Suite struct SchedulerStateTests {
  typealias State = VirtualSchedulerState<String, String, String>

  /// A state with a two-worker pool (0), the main lane (0) and an actor lane on the pool (1).
  private func makeState() -> State {
    var state = State(oracle: ChoiceOracle(seed: 1, policy: .random))
    _ = state.addPool(name: "worker", width: 2)
    _ = state.addLane(name: "main", hostPool: nil, taskPool: 0)
    _ = state.addLane(name: "actor", hostPool: 0, taskPool: 0)
    return state
  }

  /// Runs one whole turn the way the driver does, calling `body` as the job; returns its jobs.
  @discardableResult
  private func runTurn(_ state: inout State, _ body: (inout State) -> Void = { _ in }) -> [String] {
    guard let turn = state.nextTurn() else { return [] }
    var job = turn.first
    var ran: [String] = []
    while true {
      state.jobStarting(job, of: turn)
      ran.append(job.job)
      body(&state)
      guard let next = state.jobReturned() else { break }
      job = next
    }
    state.turnEnded(turn)
    return ran
  }

  @Test func aTurnHoldsAWorkerUntilItEnds() {
    var state = makeState()
    state.enqueue("a", task: 1, to: .pool(0))
    let turn = state.nextTurn()
    #expect(turn?.worker == VirtualWorker(pool: 0, index: 0))
    #expect(state.pools[0].free == 1)
    state.jobStarting(turn!.first, of: turn!)
    #expect(state.running?.worker == VirtualWorker(pool: 0, index: 0))
    #expect(state.jobReturned() == nil)
    state.turnEnded(turn!)
    #expect(state.pools[0].free == 2)
    #expect(state.running == nil)
    #expect(state.jobsRun == 1)
    #expect(state.nextTurn() == nil)
  }

  @Test func aLaneRunsItsJobsInOrderAndOneAtATime() {
    var state = makeState()
    state.enqueue("first", task: 1, to: .lane(1))
    state.enqueue("second", task: 2, to: .lane(1))
    let turn = state.nextTurn()!
    #expect(turn.first.job == "first")
    #expect(state.nextTurn() == nil, "the lane is busy")
    state.jobStarting(turn.first, of: turn)
    state.turnEnded(turn)
    #expect(runTurn(&state) == ["second"])
    #expect(state.endOfRunViolations() == ["the root task did not finish"])
  }

  @Test func aTaskThatHopsToWhereItRunsContinuesInPlace() {
    var state = makeState()
    state.enqueue("a", task: 1, to: .pool(0))
    var hopped = false
    let ran = runTurn(&state) { state in
      if !hopped {
        hopped = true
        state.enqueue("a again", task: 1, to: .pool(0))
      }
    }
    #expect(ran == ["a", "a again"])
    #expect(state.inlineContinuations == 1)
  }

  @Test func aBlockHoldsTheWorkerAndTheTaskComesBackToIt() {
    var state = makeState()
    state.enqueue("blocker", task: 1, to: .pool(0))
    runTurn(&state) { state in
      state.blockRunningTask()
      state.setTimer(after: 500, "unblock")
    }
    #expect(state.pools[0].free == 1, "the blocked task keeps its worker")
    #expect(
      state.endOfRunViolations().contains {
        $0.hasPrefix("task #0 never came back from a block (holds worker-1)")
      })
    let early = state.popDueTimer()
    #expect(early == nil)
    let advanced = state.advanceClock()
    #expect(advanced && state.now == 500)
    let fired = state.popDueTimer()
    #expect(fired == "unblock")
    // Resuming the continuation enqueues the task: a pinned job, back on the worker it holds.
    state.enqueue("blocker continues", task: 1, to: .pool(0))
    let turn = state.nextTurn()
    #expect(turn?.first.job == "blocker continues")
    #expect(turn?.worker == VirtualWorker(pool: 0, index: 0))
    state.jobStarting(turn!.first, of: turn!)
    state.turnEnded(turn!)
    #expect(state.pools[0].free == 2)
    #expect(state.busySpans == [.init(thread: "worker-1", start: 0, end: 500)])
    state.rootEnded()
    #expect(state.endOfRunViolations() == [])
  }

  @Test func sleepsFireInDeadlineOrderAndCancelEarlyOrLate() {
    var state = makeState()
    // Each sleep's timer names it, as the driver's `wakeSleeper(id:)` does.
    let late = state.newSleeperID()
    state.sleep(id: late, milliseconds: 200, "late", timer: "\(late)")
    let early = state.newSleeperID()
    state.sleep(id: early, milliseconds: 100, "early", timer: "\(early)")
    let cancelled = state.newSleeperID()
    state.sleep(id: cancelled, milliseconds: 50, "cancelled", timer: "\(cancelled)")
    #expect(state.cancelSleep(id: cancelled) == "cancelled")
    // A cancellation that arrives before its sleep begins is noted for the sleep to claim.
    let notYet = state.newSleeperID()
    #expect(state.cancelSleep(id: notYet) == nil)
    #expect(
      state.endOfRunViolations().contains {
        $0 == "1 sleep cancellation(s) never claimed by their sleep"
      })
    let claimed = state.claimEarlyCancellation(ofSleep: notYet)
    #expect(claimed)
    var woken: [String] = []
    while state.advanceClock() {
      while let timer = state.popDueTimer() {
        if let name = state.takeSleeper(id: UInt64(timer)!) { woken.append("\(state.now) \(name)") }
      }
    }
    #expect(woken == ["100 early", "200 late"])
    state.rootEnded()
    #expect(state.endOfRunViolations() == [])
  }

  @Test func leftoversAreReported() {
    var state = makeState()
    state.enqueue("never ran", task: 1, to: .pool(0))
    state.enqueue("nor this", task: 2, to: .lane(0))
    state.setTimer(at: 10, "pending")
    state.rootEnded()
    #expect(
      state.endOfRunViolations() == [
        "1 timer(s) still set",
        "1 job(s) still queued on pool worker",
        "1 job(s) still queued on lane main",
      ])
  }

  /// Every bundled scenario, with a few seeds under both policies, ends with no work left behind.
  @Test(arguments: TestSupport.scenarioPaths)
  func finishedRunsLeaveNothingBehind(_ path: String) throws {
    let scenario = try TestSupport.scenario(path)
    for policy in SchedulingPolicy.allCases {
      for seed in UInt64(1)...3 {
        let runtime = VirtualRuntime(threads: scenario.threads, seed: seed, policy: policy)
        let interpreter = Interpreter(scenario: scenario, runtime: runtime)
        let outcome = RootOutcome()
        _ = runtime.run(limits: RuntimeLimits(), watch: nil) { await interpreter.runRoot(outcome) }
        let violations = runtime.scheduler.invariantViolations
        #expect(violations.isEmpty, "\(path) seed \(seed) \(policy): \(violations)")
      }
    }
  }
}
