import LabModel
import LabRuntime
import Synchronization

/// How to run a scenario.
public struct RunOptions: Sendable {
  public var mode: RuntimeMode = .virtual
  /// The seed for the virtual scheduler; nil uses the scenario's own.
  public var seed: UInt64?
  /// Overrides the scenario's pool width.
  public var threads: Int?
  public var policy: SchedulingPolicy = .random
  /// Real milliseconds per scenario millisecond in live runs; nil chooses it from the scenario
  /// (`LiveScale`).
  public var scale: Double?
  public var limits = RunLimits()
  /// Overrides the scenario's live tolerance.
  public var tolerance: Tolerance?
  /// Virtual runs: records the scheduler's choices and may make them (a schedule, a search).
  public var chooser: ScheduleChooser?

  public init() {}
}

/// Everything a run produced: the trace, the measurements, the final values and the problem that
/// stopped it. Judging it against the scenario's expectations is `LabChecks`' work.
public struct RunRecord: Sendable {
  public var scenario: String
  public var title: String
  public var mode: RunMode
  public var seed: UInt64
  public var policy: SchedulingPolicy
  public var threads: Int
  /// When the root task finished, in scenario milliseconds; nil when it never did.
  public var duration: Double?
  /// The longest time the main thread was held by one piece of work.
  public var mainStall: Double
  /// Shared variables' final values, in declaration order.
  public var values: [(name: String, value: Value)]
  public var events: [TraceEvent]
  public var busySpans: [ThreadSpan]
  /// How the run ended: finished, deadlock, or a limit.
  public var end: RunEnd
  /// A problem that stopped the run (a deadlock report, a limit, a failed step), for the learner.
  public var problem: String?
  /// Misuse the run showed without being stopped by it (`RunWarnings`).
  public var warnings: [String] = []
  /// Whether `threads` came from the command line rather than the scenario.
  public var threadsOverridden = false
  /// Live runs: real milliseconds per scenario millisecond; nil for virtual runs.
  public var scale: Double?
  /// Jobs that reached the virtual runtime from another OS thread: work that escaped it. Always 0.
  public var escapedJobs: Int = 0
  /// Tasks of a virtual run still suspended after its teardown (nil for live runs, whose threads
  /// unwind on their own time). Always 0: a task suspended forever is never freed.
  public var leftSuspended: Int?
}

/// Runs checked scenarios on either runtime.
public enum ScenarioRunner {
  /// Runs `scenario` to the end. Blocks the calling thread; a virtual run executes every job on it.
  public static func run(_ scenario: Scenario, options: RunOptions = RunOptions()) -> RunRecord {
    let threads = options.threads ?? scenario.threads
    let seed = options.seed ?? scenario.seed
    let runtime: any ScenarioRuntime =
      switch options.mode {
      case .virtual:
        VirtualRuntime(
          threads: threads, seed: seed, policy: options.policy, chooser: options.chooser)
      case .live:
        LiveRuntime(threads: threads, scale: LiveScale.scale(of: scenario, options: options))
      }
    // The chooser makes a virtual run's choices; a live run has none to make.
    let interpreter = Interpreter(
      scenario: scenario, runtime: runtime, limits: options.limits,
      chooser: options.mode == .virtual ? options.chooser : nil)
    let deadlockWatch = LiveDeadlockWatch(interpreter)
    let outcome = RootOutcome()
    let watch: @Sendable () -> String? = { deadlockWatch.check() }
    let report = runtime.run(limits: options.limits.runtime, watch: watch) {
      await interpreter.runRoot(outcome)
    }
    var end = report.end

    var problem: String?
    // A cycle of awaits stops a run at the await that closes it, on either runtime: a deadlock.
    if let cycle = interpreter.awaits.cycle.withLock({ $0 }) {
      end = .deadlock
      problem = cycle + interpreter.waits.report
    } else if let report = deadlockWatch.found.withLock({ $0 }) {
      end = .deadlock
      problem = report
    }
    switch end {
    case .finished:
      problem = outcome.failure ?? interpreter.semaphoreMisuse
    case .deadlock:
      problem =
        problem
        ?? "deadlock at \(Int(runtime.now)) ms: nothing can run and no timer is set; "
        + interpreter.waits.report
    case .limitReached(let message) where interpreter.stoppedForMisuse.load(ordering: .relaxed):
      problem = "stopped at \(Int(runtime.now)) ms: \(message)"
    case .limitReached(let message):
      // How close the machine came: the stopped run's peak, in the process as a whole.
      let peak = ProcessMemory.megabytes(ProcessMemory.peakResidentBytes())
      problem =
        "stopped at \(Int(runtime.now)) ms: \(message) (the lab's memory peaked at \(peak) MB)"
    }
    let values = scenario.state.map { ($0.name, interpreter.state.load($0.name) ?? Value.none) }
    var result = RunRecord(
      scenario: scenario.name, title: scenario.title, mode: RunMode(options.mode), seed: seed,
      policy: options.policy, threads: threads, duration: outcome.duration,
      mainStall: report.mainStall.rounded(toPlaces: 3), values: values,
      events: interpreter.recorder.recorded, busySpans: report.busySpans, end: end,
      problem: problem)
    result.scale = report.scale
    if end == .finished {
      result.warnings = RunWarnings.of(
        result.events, rootEnd: result.duration, mode: options.mode)
    }
    result.threadsOverridden = options.threads != nil && options.threads != scenario.threads
    result.escapedJobs = report.escapedJobs
    // Read, so the tasks a deadlock left suspended can unwind without changing what was seen.
    runtime.tearDown()
    interpreter.releaseRunState()
    if report.tearDownUnwindsAll {
      result.leftSuspended = interpreter.tasksStillRunning
    }
    return result
  }
}

/// What the root task reports back to the runner.
final class RootOutcome: @unchecked Sendable {
  // Written by the root task before the run ends, read by the runner after: ordered by the run.
  var duration: Double?
  var failure: String?
}

extension Interpreter {
  /// The root task: runs the scenario's steps where the scenario says, notes when they ended, then
  /// waits for every unstructured task so the run ends with no work left behind.
  func runRoot(_ outcome: RootOutcome) async {
    let context = rootContext()
    let isolation = actor(for: scenario.rootIsolation, caller: nil)
    scheduleInputs()
    do {
      _ = try await runTask(.steps(scenario.steps), context, isolation: isolation)
    } catch let failure as Failure {
      outcome.failure =
        "\(scenario.file):\(failure.origin.location.line):\(failure.origin.location.column): "
        + "error: \(failure.message) (at \(failure.origin.path))"
    } catch {
      // A thrown error or a cancellation is an outcome, recorded as the root's `end`; only a run
      // that could not go on (a failed step, a stopped run) is a problem.
    }
    outcome.duration = runtime.now.rounded(toPlaces: 3)
    // Leave nothing behind: wait out the inputs, then every task, including those they start —
    // counted, not awaited, since an await would raise a task's priority to the root's.
    waits.wait("root", for: "the scenario's inputs")
    await pendingCallbacks.waitUntilNone()
    waits.done("root")
    await unfinishedTasks.waitUntilNone()
  }
}
