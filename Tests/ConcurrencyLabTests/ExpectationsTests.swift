import Foundation
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabPictures
@testable import LabRuntime

#if canImport(FoundationXML)
  import FoundationXML
#endif

// MARK: - Helpers

/// An event written like a trace line: `event(300, "main", "root", .set, "count = 1")`.
func event(
  _ time: Double, _ thread: String, _ task: String, _ kind: TraceEvent.Kind, _ text: String = ""
) -> TraceEvent {
  TraceEvent(time: time, thread: thread, task: task, kind: kind, text: text)
}

/// A run built by hand, for checks on events the interpreter does not produce on demand.
func run(
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

func expectations(_ json: String) throws -> Expectations {
  try TestSupport.scenario(
    json: #"{"format": 1, "state": {"counter": 0}, "steps": [], "expect": "# + json + "}"
  ).expect
}

func parse(_ text: String) throws(DiagnosticList) -> ExpectedTrace {
  try ExpectedTrace.parse(text, file: "x.expected")
}

/// A small run: root starts two children that download, then collects them.
let smallRun: [TraceEvent] = [
  event(0, "main", "root", .start),
  event(0, "worker-1", "root", .spawn, "async let a = get(n: 1)"),
  event(0, "worker-1", "root", .spawn, "async let b = get(n: 2)"),
  event(0, "worker-1", "a", .start),
  event(0, "worker-2", "b", .start),
  event(0, "worker-1", "a", .block, "300 ms"),
  event(0, "worker-2", "b", .block, "300 ms"),
  event(300, "worker-1", "a", .end, "returned 1"),
  event(300, "worker-2", "b", .end, "returned 2"),
  event(300, "worker-1", "root", .resume, "a = 1, b = 2"),
  event(300, "worker-1", "root", .end),
]

/// A group of five children that each block 5 s on eight threads: their order varies by seed.
let taskGroupFive = """
  {
    "format": 1, "name": "task-group-five-inline", "threads": 8,
    "steps": [ { "group": "g", "count": 5, "steps": [ { "block": 5000 } ] } ],
    "expect": { "duration": 5000 }
  }
  """

/// Its expected trace for every seed: threads are wildcards, the children's events a block.
let taskGroupFiveExpected = """
  # Five children, any order: holds for every seed.
         0  *         root      start
         0  *         root      await   group g of 5
         0  *         root      spawn   g[1]
         0  *         root      spawn   g[2]
         0  *         root      spawn   g[3]
         0  *         root      spawn   g[4]
         0  *         root      spawn   g[5]
  any order {
         0  worker-*  g[*]      start
         0  worker-*  g[*]      start
         0  worker-*  g[*]      start
         0  worker-*  g[*]      start
         0  worker-*  g[*]      start
         0  worker-*  g[*]      block   5000 ms
         0  worker-*  g[*]      block   5000 ms
         0  worker-*  g[*]      block   5000 ms
         0  worker-*  g[*]      block   5000 ms
         0  worker-*  g[*]      block   5000 ms
  }
  any order {
      5000  worker-*  g[1]      end
      5000  worker-*  g[2]      end
      5000  worker-*  g[3]      end
      5000  worker-*  g[4]      end
      5000  worker-*  g[5]      end
  }
      5000  *         root      resume  group g done
      5000  *         root      end
  """

/// Expected traces, the expect block, outcomes and check reports.
@Suite struct ExpectationsTests {}
