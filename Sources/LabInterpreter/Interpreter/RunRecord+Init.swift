import LabModel
import LabRuntime

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
  }
}
