import LabRuntime
import Testing

/// An actor whose executor is a virtual lane, as scenario actors and the lab's main actor are.
private actor LaneActor {
  nonisolated let executor: any SerialExecutor
  init(_ executor: any SerialExecutor) { self.executor = executor }
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}

/// A log that only the scheduler's loop thread touches.
private final class Log: @unchecked Sendable {
  var lines: [String] = []
}

/// Holds a continuation nothing resumes during the run, to make a deadlock on purpose.
private final class Parked: @unchecked Sendable {
  var continuation: CheckedContinuation<Void, Never>?
}

@Suite struct VirtualSchedulerTests {
  @Test func asyncLetChildrenRunInParallelOnVirtualWorkers() {
    let scheduler = VirtualScheduler(threads: 4, seed: 1)
    let log = Log()
    let outcome = scheduler.run {
      func download(_ name: String, _ steps: Int) async -> Int {
        for _ in 0..<steps { await scheduler.block(milliseconds: 300) }
        log.lines.append("\(scheduler.now) \(name) \(scheduler.currentThreadName ?? "?")")
        return 1
      }
      async let a = download("a", 10)
      async let b = download("b", 20)
      async let c = download("c", 5)
      let total = await a + b + c
      log.lines.append("\(scheduler.now) total \(total)")
    }
    #expect(outcome == .finished)
    #expect(scheduler.invariantViolations.isEmpty)
    #expect(scheduler.escapedJobs == 0)
    #expect(log.lines.last == "6000 total 3")
    #expect(
      Set(log.lines.dropLast().map { $0.split(separator: " ")[0] }) == ["1500", "3000", "6000"])
  }

  @Test func blockingHoldsTheMainLaneAndSleepingFreesIt() {
    let scheduler = VirtualScheduler(threads: 2, seed: 7)
    let main = LaneActor(scheduler.serialExecutor(lane: scheduler.mainLane))
    let outcome = scheduler.run {
      func onMain(_ actor: isolated LaneActor, _ ms: Int64) async {
        await scheduler.block(milliseconds: ms)
      }
      await onMain(main, 3000)
    }
    #expect(outcome == .finished)
    #expect(scheduler.invariantViolations.isEmpty)
    #expect(scheduler.longestBusy(lane: scheduler.mainLane) == 3000)
    #expect(scheduler.now == 3000)
  }

  @Test func twoThreadsRunFiveBlockingChildrenInThreeWaves() {
    let scheduler = VirtualScheduler(threads: 2, seed: 3)
    let log = Log()
    let outcome = scheduler.run {
      await withTaskGroup(of: Int.self) { group in
        for i in 1...5 {
          group.addTask {
            await scheduler.block(milliseconds: 5000)
            return i
          }
        }
        for await i in group { log.lines.append("\(scheduler.now) \(i)") }
      }
    }
    #expect(outcome == .finished)
    #expect(scheduler.invariantViolations.isEmpty)
    #expect(scheduler.now == 15000)
    // The parent's wake at 5000 queues behind children 3, 4 and 5, and the pool hands out its
    // jobs in order: 3 and 4 take both threads, and the parent takes its results only at 10000.
    // A compiled program (200 ms blocks, 2 cores) printed 400 400 400 400 600 in each of 4 runs.
    #expect(
      log.lines.map { $0.split(separator: " ")[0] } == [
        "10000", "10000", "10000", "10000", "15000",
      ])
  }

  @Test func seedsReplayAndDiffer() {
    func order(seed: UInt64) -> [String] {
      let scheduler = VirtualScheduler(threads: 8, seed: seed)
      let log = Log()
      _ = scheduler.run {
        await withTaskGroup(of: Void.self) { group in
          for i in 1...5 {
            group.addTask {
              await scheduler.block(milliseconds: 5000)
              log.lines.append("\(i)")
            }
          }
        }
      }
      return log.lines
    }
    #expect(order(seed: 42) == order(seed: 42))
    let orders = Set((1...20).map { order(seed: $0) })
    #expect(orders.count > 5)
  }

  @Test func sleepingIsCancelledPromptly() {
    let scheduler = VirtualScheduler(threads: 2, seed: 1)
    let log = Log()
    let outcome = scheduler.run {
      let task = Task(executorPreference: scheduler.taskExecutor(pool: 0)) {
        do { try await scheduler.sleep(milliseconds: 10_000) } catch {
          log.lines.append("\(scheduler.now) \(error)")
        }
      }
      try? await scheduler.sleep(milliseconds: 100)
      task.cancel()
      await task.value
    }
    #expect(outcome == .finished)
    #expect(scheduler.invariantViolations.isEmpty)
    #expect(log.lines == ["100 CancellationError()"])
  }

  @Test func deadlockIsReported() {
    let scheduler = VirtualScheduler(threads: 2, seed: 1)
    let parked = Parked()
    let outcome = scheduler.run {
      await withCheckedContinuation { parked.continuation = $0 }
    }
    #expect(outcome == .deadlock)
    parked.continuation?.resume()  // let the stuck task end instead of leaking it
  }
}
