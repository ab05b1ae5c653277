import Foundation
import LabModel
import LabTestSupport
import Testing

@testable import LabInterpreter
@testable import LabRuntime

/// The order in which waiting work runs, as measured (Tests/NativeFacts): a pool hands out its
/// jobs first in, first out; a busy default actor runs waiting calls by priority; the main actor
/// in arrival order. Seeds vary only which of the jobs already on threads goes first.
@Suite struct QueueOrderTests {
  typealias State = VirtualSchedulerState<String, String, String>

  private func logs(_ scenario: Scenario, seed: UInt64, policy: SchedulingPolicy) -> [String] {
    var options = RunOptions()
    options.seed = seed
    options.policy = policy
    return ScenarioRunner.run(scenario, options: options).events.compactMap { event in
      if case .log(let text) = event.payload { return text }
      return nil
    }
  }

  private func fact(_ name: String) throws -> Scenario {
    try TestSupport.scenario("Tests/NativeFacts/\(name).json")
  }

  /// Two blockers hold both threads; waiter, which sleeps as the first blocker runs, becomes
  /// ready at 100 ms, after A, B, C and D queued at 0 ms: no seed lets it, or a later one, go
  /// first.
  @Test func aJobThatBecameReadyLaterNeverOvertakesOnesWaitingForAThread() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "fifo", "threads": 2, "steps": [
          { "task": "waiter", "detached": true, "steps": [
            { "sleep": 100 }, { "log": "waiter" }, { "block": 5 } ] },
          { "task": "blocker1", "detached": true, "steps": [ { "block": 100 } ] },
          { "task": "blocker2", "detached": true, "steps": [ { "block": 300 } ] },
          { "task": "A", "detached": true, "steps": [ { "log": "A" }, { "block": 5 } ] },
          { "task": "B", "detached": true, "steps": [ { "log": "B" }, { "block": 5 } ] },
          { "task": "C", "detached": true, "steps": [ { "log": "C" }, { "block": 5 } ] },
          { "task": "D", "detached": true, "steps": [ { "log": "D" }, { "block": 5 } ] },
          { "awaitTask": "blocker2" } ] }
        """)
    for policy in SchedulingPolicy.allCases {
      for seed in UInt64(1)...50 {
        #expect(
          logs(scenario, seed: seed, policy: policy) == ["A", "B", "C", "D", "waiter"],
          "seed \(seed) \(policy)")
      }
    }
  }

  @Test func aPoolsQueuedJobsStartInTheOrderTheyCame() throws {
    let scenario = try fact("pool-fifo")
    for seed in UInt64(1)...20 {
      #expect(
        logs(scenario, seed: seed, policy: .random) == [
          "A starts", "B starts", "C starts", "D starts",
        ])
    }
  }

  @Test func aBusyActorRunsWaitingCallsHighestPriorityFirst() throws {
    let scenario = try fact("actor-priority-order")
    let expected = ["long", "high1", "high2", "medium1", "medium2", "low1", "low2"].map {
      "\($0) runs"
    }
    for policy in SchedulingPolicy.allCases {
      for seed in UInt64(1)...20 {
        #expect(logs(scenario, seed: seed, policy: policy) == expected, "seed \(seed) \(policy)")
      }
    }
  }

  @Test func theMainActorRunsWaitingCallsInArrivalOrder() throws {
    let scenario = try fact("main-actor-fifo")
    let calls = ["low1", "medium1", "high1", "low2", "high2", "medium2"].map {
      "\($0) runs on main"
    }
    for seed in UInt64(1)...20 {
      #expect(logs(scenario, seed: seed, policy: .random) == ["main blocks"] + calls)
    }
  }

  /// A pool task that calls an actor nobody runs goes on on its own worker, into the actor and
  /// back, ahead of a task queued while the other thread is held; so does one on an actor that
  /// calls another idle actor (Tests/NativeFacts/actor-hop-from-pool-runs-in-place.swift,
  /// actor-to-idle-actor-runs-in-place.swift). On every seed and policy: the model had put the
  /// way back behind the queued task, an order Swift never took in 200 rounds.
  @Test(arguments: [false, true])
  func aHopToAnIdleActorRunsInPlace(throughAnotherActor: Bool) throws {
    let call =
      throughAnotherActor
      ? #"{ "actorCall": "A.call" }"# : #"{ "actorCall": "B.hit" }"#
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "in-place", "threads": 2,
          "actors": {
            "A": { "state": {}, "methods": { "call": { "params": [], "steps": [
              { "log": "A" }, { "actorCall": "B.hit" }, { "log": "A again" } ] } } },
            "B": { "state": {}, "methods": { "hit": { "params": [], "steps": [
              { "log": "B" } ] } } } },
          "steps": [
            { "task": "T", "detached": true, "steps": [
              { "task": "hold", "detached": true, "steps": [ { "block": 5 } ] },
              { "block": 1 },
              { "task": "queued", "detached": true, "steps": [ { "log": "queued" } ] },
              \(call),
              { "log": "back" },
              { "awaitTask": "hold" }, { "awaitTask": "queued" } ] },
            { "awaitTask": "T" } ] }
        """)
    let expected = (throughAnotherActor ? ["A", "B", "A again"] : ["B"]) + ["back", "queued"]
    for policy in SchedulingPolicy.allCases {
      for seed in UInt64(1)...20 {
        #expect(logs(scenario, seed: seed, policy: policy) == expected, "seed \(seed) \(policy)")
      }
    }
  }

  /// S's sleep ends at 80 ms and T's at 170 ms, while both threads are held until 300 ms; B is
  /// queued at 150 ms and C at 400 ms. The woken sleepers join the queue when the first thread
  /// frees, behind B: on every seed and policy, as Swift's pool runs them.
  @Test func aSleepThatEndsOnAHeldPoolQueuesWhenAThreadIsNextFree() throws {
    let scenario = try fact("sleep-wake-held-pool")
    let expected = [
      "B starts (queued at 150 ms)", "S wakes (its sleep ended at 80 ms)",
      "T wakes (its sleep ended at 170 ms)", "C starts (queued at 400 ms)",
    ]
    for policy in SchedulingPolicy.allCases {
      for seed in UInt64(1)...20 {
        #expect(logs(scenario, seed: seed, policy: policy) == expected, "seed \(seed) \(policy)")
      }
    }
  }

  /// The state's rule alone: a sleeper's job that arrives while every worker is held waits aside,
  /// and joins the queue's tail when a worker is given back; with a worker idle it queues at once.
  @Test func aWokenSleeperWaitsAsideUntilAWorkerIsFree() {
    var state = State(oracle: ChoiceOracle(seed: 1, policy: .random))
    _ = state.addPool(name: "worker", width: 1)
    state.enqueue("blocker", task: 1, to: .pool(0))
    let turn = state.nextTurn()!
    state.jobStarting(turn.first, of: turn)
    state.sleeperWaking(true)
    state.enqueue("sleeper", task: 2, to: .pool(0))
    state.sleeperWaking(false)
    state.enqueue("queued", task: 3, to: .pool(0))
    #expect(state.pools[0].heldWakes.map(\.job) == ["sleeper"])
    state.turnEnded(turn)
    #expect(state.pools[0].heldWakes.isEmpty)
    var order: [String] = []
    while let next = state.nextTurn() {
      state.jobStarting(next.first, of: next)
      order.append(next.first.job)
      state.turnEnded(next)
    }
    #expect(order == ["queued", "sleeper"])
    var idle = State(oracle: ChoiceOracle(seed: 1, policy: .random))
    _ = idle.addPool(name: "worker", width: 1)
    idle.sleeperWaking(true)
    idle.enqueue("sleeper", task: 1, to: .pool(0))
    idle.sleeperWaking(false)
    #expect(idle.pools[0].heldWakes.isEmpty)
    #expect(idle.nextTurn()?.first.job == "sleeper")
  }

  /// A yield marks its own task only: task 1 yields on main, its job going by the pool, and
  /// until it resumes, task 2's hop to an idle actor still runs in place. (The mark was the
  /// run's: every task's hop while a yield was out queued, and seeded runs reached orders the
  /// search, where the yield came at another time, did not.)
  @Test func aYieldMarksOnlyItsOwnTask() throws {
    var state = State(oracle: ChoiceOracle(seed: 1, policy: .random))
    _ = state.addPool(name: "worker", width: 2)
    let main = state.addLane(name: "main", hostPool: nil, taskPool: 0)
    let actor = state.addLane(name: "Store", hostPool: 0, taskPool: 0)
    state.enqueue("yielder", task: 1, to: .lane(main))
    let first = state.nextTurn()
    let yielding = try #require(first)
    state.jobStarting(yielding.first, of: yielding)
    state.yieldRequested(true)
    state.enqueue("yielder, back", task: 1, to: .pool(0))
    #expect(state.jobReturned() == nil)
    state.turnEnded(yielding)
    state.enqueue("caller", task: 2, to: .pool(0))
    while let turn = state.nextTurn() {
      state.jobStarting(turn.first, of: turn)
      if turn.first.task == 2 {
        state.enqueue("caller, on the actor", task: 2, to: .lane(actor), host: 0)
        #expect(state.jobReturned()?.job == "caller, on the actor")
        #expect(state.lanes[actor].busy)
      }
      state.turnEnded(turn)
    }
    #expect(!state.lanes[actor].busy)
  }

  /// Of three jobs waiting for a pool of two threads, one held by a block, only the first is a
  /// candidate; with both threads idle, the first two are.
  @Test func onlyTheJobsTheIdleThreadsTakeAreCandidates() {
    var seen: [[Int]] = []
    let chooser = ScheduleChooser { _, candidates, preferred in
      seen.append(candidates)
      return preferred
    }
    var state = State(oracle: ChoiceOracle(seed: 1, policy: .random, chooser: chooser))
    _ = state.addPool(name: "worker", width: 2)
    state.enqueue("blocker", task: 1, to: .pool(0))
    let turn = state.nextTurn()!
    state.jobStarting(turn.first, of: turn)
    state.blockRunningTask()
    state.enqueue("a", task: 2, to: .pool(0))
    state.enqueue("b", task: 3, to: .pool(0))
    state.enqueue("c", task: 4, to: .pool(0))
    state.turnEnded(turn)
    #expect(state.nextTurn()?.first.job == "a")
    #expect(seen.last == [1])
    var free = State(oracle: ChoiceOracle(seed: 1, policy: .random, chooser: chooser))
    _ = free.addPool(name: "worker", width: 2)
    for (job, task) in [("a", UInt64(1)), ("b", 2), ("c", 3)] {
      free.enqueue(job, task: task, to: .pool(0))
    }
    _ = free.nextTurn()
    #expect(seen.last == [0, 1])
  }

  /// A lane that orders by priority (a default actor) runs its highest-priority job first, and
  /// jobs of one priority in arrival order; one that does not (main) runs them as they came.
  @Test func anActorLaneRunsByPriorityAndMainByArrival() {
    var state = State(oracle: ChoiceOracle(seed: 1, policy: .random))
    _ = state.addPool(name: "worker", width: 4)
    let main = state.addLane(name: "main", hostPool: nil, taskPool: 0)
    let actor = state.addLane(name: "actor", hostPool: 0, taskPool: 0, ordersByPriority: true)
    let arrivals: [(String, UInt8)] = [("low1", 17), ("medium", 21), ("high", 25), ("low2", 17)]
    for (index, (job, priority)) in arrivals.enumerated() {
      state.enqueue(job, task: UInt64(index + 1), to: .lane(actor), priority: priority)
      state.enqueue(job, task: UInt64(index + 11), to: .lane(main), priority: priority)
    }
    var onActor: [String] = []
    var onMain: [String] = []
    while let turn = state.nextTurn() {
      state.jobStarting(turn.first, of: turn)
      if turn.target == .lane(actor) {
        onActor.append(turn.first.job)
      } else {
        onMain.append(turn.first.job)
      }
      state.turnEnded(turn)
    }
    #expect(onActor == ["high", "medium", "low1", "low2"])
    #expect(onMain == ["low1", "medium", "high", "low2"])
  }
}
