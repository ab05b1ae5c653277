import LabModel
import LabRuntime

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
  /// Live and native runs: how busy the machine was as the run ended, to explain a missed time;
  /// nil for virtual runs, whose times are the model's.
  public var load: MachineLoad?
  /// Jobs that reached the virtual runtime from another OS thread: work that escaped it. Always 0.
  public var escapedJobs: Int = 0
  /// The turn each event was recorded in (`ScheduleChooser.eventTurn`), when the run's chooser
  /// noted them (`notesEventTurns`); else empty.
  public var eventTurns: [Int] = []
  /// Tasks of a virtual run still suspended after its teardown (nil for live runs, whose threads
  /// unwind on their own time). Always 0: a task suspended forever is never freed.
  public var leftSuspended: Int?
}

extension RunRecord {
  /// A record made outside the interpreter: a native program's output read back as a trace.
  public init(
    scenario: String, title: String, mode: RunMode, threads: Int, duration: Double?,
    mainStall: Double, values: [(name: String, value: Value)], events: [TraceEvent],
    busySpans: [ThreadSpan], end: RunEnd, problem: String?, scale: Double?
  ) {
    self.init(
      scenario: scenario, title: title, mode: mode, seed: 0, policy: .random, threads: threads,
      duration: duration, mainStall: mainStall, values: values, events: events,
      busySpans: busySpans, end: end, problem: problem)
    self.scale = scale
    self.load = MachineLoad.now()
  }
}
