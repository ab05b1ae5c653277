import LabModel
import LabRuntime
import Synchronization

/// Runs checked scenarios on either runtime. It learns what it needs of a run from the runtime's
/// `RuntimeReport`, never from which runtime it was.
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
    let (end, problem) = ending(
      report.end, interpreter: interpreter, deadlockWatch: deadlockWatch, outcome: outcome)
    let values = scenario.state.map { ($0.name, interpreter.state.load($0.name) ?? Value.none) }
    var result = RunRecord(
      scenario: scenario.name, title: scenario.title, mode: RunMode(options.mode), seed: seed,
      policy: options.policy, threads: threads, duration: outcome.duration,
      mainStall: report.mainStall.rounded(toPlaces: 3), values: values,
      events: interpreter.recorder.recorded, busySpans: report.busySpans, end: end,
      problem: problem)
    result.scale = report.scale
    result.eventTurns = interpreter.recorder.turns
    if options.mode == .live { result.load = MachineLoad.now() }
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

  /// How the run ended, and the problem that stopped it, from what the runtime saw (`end`) and
  /// what the interpreter found: a cycle of awaits, a live deadlock, a failed step, a misuse.
  private static func ending(
    _ end: RunEnd, interpreter: Interpreter, deadlockWatch: LiveDeadlockWatch,
    outcome: RootOutcome
  ) -> (RunEnd, String?) {
    var end = end
    var problem: String?
    let runtime = interpreter.runtime
    // A cycle of awaits stops a run at the await that closes it, on either runtime: a deadlock.
    if let cycle = interpreter.awaits.cycle.withLock({ $0 }) {
      end = .deadlock
      problem = cycle + interpreter.waits.report
    } else if let report = deadlockWatch.found.withLock({ $0 }) {
      end = .deadlock
      problem = report
    }
    // A command-line tool's `main` returned: the process ended there, which is how it finishes.
    if case .limitReached = end, interpreter.exitedWithMain.load(ordering: .relaxed) {
      end = .finished
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
      // "By then": printing a long stopped trace afterwards can take more than the run did.
      problem =
        "stopped at \(Int(runtime.now)) ms: \(message) "
        + "(by then the lab's memory had peaked at \(peak) MB)"
    }
    return (end, problem)
  }
}
