/// The deterministic runtime: a `VirtualScheduler` behind the `ScenarioRuntime` protocol.
///
/// Scenario actors get lanes of their own hosted on the cooperative pool (a virtual `block` is a
/// suspension, so a default actor would let other calls in during it).
public final class VirtualRuntime: ScenarioRuntime, @unchecked Sendable {
  public let scheduler: VirtualScheduler
  public let threads: Int
  public let seed: UInt64
  public let mainActor: any Actor
  public var mode: RuntimeMode { .virtual }

  public init(threads: Int, seed: UInt64, policy: SchedulingPolicy = .random) {
    self.threads = threads
    self.seed = seed
    scheduler = VirtualScheduler(threads: threads, seed: seed, policy: policy)
    mainActor = LaneActor(name: "main", executor: scheduler.serialExecutor(lane: scheduler.mainLane))
  }

  public var taskExecutor: any TaskExecutor { scheduler.taskExecutor(pool: scheduler.cooperativePool) }

  public func makeActor(named name: String) -> any Actor {
    let lane = scheduler.addLane(name: name, hostPool: scheduler.cooperativePool)
    return LaneActor(name: name, executor: scheduler.serialExecutor(lane: lane))
  }

  public var now: Double { Double(scheduler.now) }
  public var currentThread: String { scheduler.currentThreadName ?? "?" }
  public var isAborting: Bool { scheduler.isAborting }

  public func block(milliseconds: Int64, isolation: isolated (any Actor)?) async {
    await scheduler.block(milliseconds: milliseconds)
  }

  public func sleep(milliseconds: Int64, isolation: isolated (any Actor)?) async throws {
    try await scheduler.sleep(milliseconds: milliseconds)
  }

  public func yield(isolation: isolated (any Actor)?) async {
    await scheduler.yield()
  }

  public func interleave(isolation: isolated (any Actor)?) async {
    await scheduler.block(milliseconds: 0)
  }

  public func run(limits: RunLimits, _ body: sending @escaping @isolated(any) () async -> Void) -> RunEnd {
    let outcome = scheduler.run(
      limits: VirtualScheduler.Limits(maxTime: limits.maxTime, maxJobs: limits.maxJobs), body)
    switch outcome {
    case .finished: return .finished
    case .deadlock: return .deadlock
    case .limitReached(let message): return .limitReached(message)
    }
  }

  public func schedule(atMilliseconds milliseconds: Int64, _ body: @escaping @Sendable () -> Void) {
    scheduler.schedule(at: milliseconds, body)
  }

  public var mainStall: Double { Double(scheduler.longestBusy(lane: scheduler.mainLane)) }

  public var busySpans: [ThreadSpan] {
    scheduler.busySpans.map { ThreadSpan(thread: $0.thread, start: Double($0.start), end: Double($0.end)) }
  }
}
