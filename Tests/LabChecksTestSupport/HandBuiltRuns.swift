import Foundation
import LabTestSupport

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

// Runs and traces written by hand, for checks on what the interpreter does not produce on
// demand: the expectation, expected-trace and picture tests share them.

/// An event written like a trace line: `event(300, "main", "root", .set, "count = 1")`.
public func event(
  _ time: Double, _ thread: String, _ task: String, _ kind: TraceEvent.Kind, _ text: String = ""
) -> TraceEvent {
  TraceEvent(time: time, thread: thread, task: task, kind: kind, text: text)
}

/// A run built by hand, for checks on events the interpreter does not produce on demand.
public func run(
  _ events: [TraceEvent], values: [(String, Value)] = [], duration: Double? = nil,
  mode: RunMode = .virtual, end: RunEnd = .finished, problem: String? = nil
) -> RunResult {
  RunResult(
    record: RunRecord(
      scenario: "hand", title: "hand-built", mode: mode, seed: 1, policy: .random, threads: 4,
      duration: duration ?? events.last?.time, mainStall: 0,
      values: values.map { (name: $0.0, value: $0.1) }, events: events, busySpans: [], end: end,
      problem: problem),
    checks: [])
}

public func expectations(_ json: String) throws -> Expectations {
  try TestSupport.scenario(
    json: #"{"format": 1, "state": {"counter": 0}, "steps": [], "expect": "# + json + "}"
  ).expect
}

public func parse(_ text: String) throws(DiagnosticList) -> ExpectedTrace {
  try ExpectedTrace.parse(text, file: "x.expected")
}
