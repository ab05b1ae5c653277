import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabPictures
@testable import LabRuntime

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A small trace written by hand: root awaits child `a`, which blocks a worker, hops to main and
/// blocks it (a stall), sleeps, throws; root cancels `b` and ends. Times in virtual milliseconds.
let handTrace: [TraceEvent] = [
  TraceEvent(time: 0, thread: "main", task: "root", kind: .start, text: ""),
  TraceEvent(time: 0, thread: "main", task: "root", kind: .spawn, text: "async let a = work()"),
  TraceEvent(time: 0, thread: "main", task: "root", kind: .await, text: "a"),
  TraceEvent(time: 0, thread: "worker-1", task: "a", kind: .start, text: ""),
  TraceEvent(time: 0, thread: "worker-1", task: "a", kind: .block, text: "200 ms"),
  TraceEvent(time: 200, thread: "main", task: "a", kind: .hop, text: "to main"),
  TraceEvent(time: 200, thread: "main", task: "a", kind: .block, text: "100 ms"),
  TraceEvent(time: 300, thread: "worker-1", task: "a", kind: .sleep, text: "100 ms"),
  TraceEvent(time: 400, thread: "worker-1", task: "a", kind: .wake, text: ""),
  TraceEvent(time: 400, thread: "worker-1", task: "a", kind: .throw, text: "Oops"),
  TraceEvent(time: 400, thread: "worker-1", task: "a", kind: .end, text: "threw Oops"),
  TraceEvent(time: 400, thread: "main", task: "root", kind: .resume, text: "a threw"),
  TraceEvent(time: 500, thread: "main", task: "root", kind: .cancel, text: "task b"),
  TraceEvent(time: 600, thread: "main", task: "root", kind: .end, text: ""),
]

let handSpans = [
  ThreadSpan(thread: "worker-1", start: 0, end: 200),
  ThreadSpan(thread: "main", start: 200, end: 300),
]

func handResult(checks: [CheckResult] = []) -> RunResult {
  RunResult(
    record: RunRecord(
      scenario: "hand", title: "A trace written by hand", mode: .virtual, seed: 1, policy: .random,
      threads: 2, duration: 600, mainStall: 100, values: [("n", .int(1))], events: handTrace,
      busySpans: handSpans, end: .finished, problem: nil),
    checks: checks)
}

/// Three async-let children on two workers, each hopping to main once: a real run to draw.
let tinyScenario = """
  {
    "format": 1,
    "name": "tiny-pictures",
    "title": "Three children <on> two threads & main",
    "summary": "Each child updates main, then blocks a worker.",
    "source": "PicturesTests",
    "threads": 2,
    "isolation": "main",
    "state": { "n": 0 },
    "functions": {
      "work": {
        "params": ["ms"],
        "steps": [
          { "onMain": [ { "add": "n" }, { "log": "n is {n}" } ] },
          { "block": "ms" },
          { "sleep": 50 },
          { "return": 1 }
        ]
      }
    },
    "steps": [
      { "asyncLet": "a", "call": "work", "args": { "ms": 200 } },
      { "asyncLet": "b", "call": "work", "args": { "ms": 100 } },
      { "asyncLet": "c", "call": "work", "args": { "ms": 300 } },
      { "await": ["a", "b", "c"] }
    ],
    "expect": { "values": { "n": 3 } }
  }
  """

func tinyRun(live: Bool = false) throws -> (RunResult, Scenario) {
  let scenario = try ScenarioLoader.load(bytes: Array(tinyScenario.utf8), file: "tiny.json")
  var options = RunOptions()
  if live { options.mode = .live }
  return (ScenarioRunner.runAndCheck(scenario, options: options), scenario)
}

@Suite struct PicturesTests {
  // MARK: - The derived picture

  @Test func taskStatesFollowTheTraceConventions() {
    let picture = RunPicture(handResult())
    let a = picture.tasks.first { $0.name == "a" }!
    let states = a.spans.map {
      "\($0.state) \(TraceText.time($0.start))-\(TraceText.time($0.end)) \($0.thread)"
    }
    #expect(
      states == [
        "blocked 0-200 worker-1", "blocked 200-300 main", "suspended 300-400 worker-1",
      ])
    #expect(a.outcome == "threw Oops")
    let root = picture.tasks.first { $0.name == "root" }!
    #expect(root.spans.map(\.state) == [.suspended, .running])
    #expect(picture.lanes.map(\.name) == ["main", "worker-1", "worker-2"])
    #expect(
      picture.stalls.count == 1 && picture.stalls[0].start == 200 && picture.stalls[0].end == 300)
    #expect(picture.end == 600)
  }

  @Test func lanesAndGroupChildrenAreOrderedForReading() {
    #expect(
      RunPicture.ordered(["worker-10", "Counter", "worker-2", "main", "queue-1"])
        == ["main", "worker-2", "worker-10", "queue-1", "Counter"])
    #expect(
      RunPicture.siblingsInOrder(["root", "tasks[3]", "x", "tasks[1]", "tasks[2]"])
        == ["root", "tasks[1]", "tasks[2]", "tasks[3]", "x"])
  }

  @Test func busyTimeNoBlockExplainsIsRunningNotAStall() {
    // A live main thread measured busy from 199.5 to 302.5 ms: the block explains 200–300.
    var spans = handSpans
    spans[1] = ThreadSpan(thread: "main", start: 199.5, end: 302.5)
    let picture = RunPicture(events: handTrace, busySpans: spans, duration: 600, threads: 1)
    let main = picture.lanes[0].spans.filter { $0.task.isEmpty }
    #expect(main.map(\.state) == [.running, .running])
    #expect(main.map(\.start) == [199.5, 300] && main.map(\.end) == [200, 302.5])
    #expect(
      picture.stalls.count == 1 && picture.stalls[0].start == 200 && picture.stalls[0].end == 300)
  }

  /// Under the lab's scheduler a job takes no virtual time: a task that resumed at 1 ms and
  /// printed at 10,000 held no thread between, and after its last event nothing is drawn.
  @Test func underTheSchedulerATaskRunsOnlyAtItsEvents() {
    let events = [
      TraceEvent(time: 0, thread: "main", task: "main", kind: .start, text: ""),
      TraceEvent(time: 1, thread: "worker-1", task: "main", kind: .resume, text: ""),
      TraceEvent(time: 10_000, thread: "worker-1", task: "main", kind: .log, text: "late"),
    ]
    let scheduled = RunPicture(
      events: events, busySpans: [], duration: 10_000, threads: 1, jobsTakeNoTime: true)
    let main = scheduled.tasks.first { $0.name == "main" }!
    #expect(main.spans.map(\.state) == [.suspended, .suspended])
    #expect(main.spans.map(\.end) == [1, 10_000])
    #expect(scheduled.lanes.flatMap(\.spans).allSatisfy { $0.state != .running })
    let virtual = RunPicture(events: events, busySpans: [], duration: 10_000, threads: 1)
    #expect(virtual.tasks.first { $0.name == "main" }!.spans.map(\.state).contains(.running))
  }

  @Test func aRunWhereNoTimePassedSaysSo() {
    let events = [
      TraceEvent(time: 0, thread: "worker-1", task: "root", kind: .start, text: ""),
      TraceEvent(time: 0, thread: "worker-1", task: "root", kind: .race, text: "n"),
      TraceEvent(time: 0, thread: "worker-1", task: "root", kind: .end, text: ""),
    ]
    let picture = RunPicture(events: events, busySpans: [], duration: 0, threads: 1)
    #expect(picture.isInstantaneous && picture.end == 1)
    let text = Timeline.render(picture, options: .init(width: 40, unicode: false))
    #expect(text.contains("\nworker-1   *\n"))
    #expect(text.contains("no time passed"))
  }

  @Test func aBlockLongerThanTheTraceStillReachesItsEnd() {
    let events = [
      TraceEvent(time: 0, thread: "worker-1", task: "root", kind: .start, text: ""),
      TraceEvent(time: 0, thread: "worker-1", task: "root", kind: .block, text: "250 ms"),
    ]
    let picture = RunPicture(events: events, busySpans: [], duration: nil, threads: 1)
    #expect(picture.end == 250)
    let block = RunPicture.Span(
      start: 0, end: 250, state: .blocked, task: "root", thread: "worker-1", note: "block 250 ms")
    #expect(picture.tasks[0].spans == [block])
  }

  // MARK: - Terminal timeline

  @Test func unicodeTimelineOfAKnownTrace() {
    let text = Timeline.render(
      handResult(), options: .init(width: 50, unicode: true, taskRows: true))
    // 20 ms a column. Root ran briefly at 0 (│) and on main from its resume at 400 to its end; `a`
    // held worker-1 for 200 ms, then main for 100 ms (the stall), ran briefly at 300 to sleep, and
    // threw at 400. Thread rows name the task holding them.
    let expected = """
      ms         0         200       400       600
      threads    ┬─────────┬─────────┬─────────┬
      main       │         ██a██     ▒▒▒▒▒×▒▒▒▒
        stalled            └───┘
      worker-1   ████a█████     │    !
      worker-2
      tasks      ┬─────────┬─────────┬─────────┬
      root       │░░░░░░░░░░░░░░░░░░░▒▒▒▒▒×▒▒▒▒
      a          ███████████████│░░░░!
      █ blocked (thread held)  ▒ running  │ ran briefly
      ░ suspended (await, sleep)  × cancel  ! throw
      └─┘ main stalled
      1 column = 20 ms

      """
    #expect(text == expected)
  }

  /// `--tasks` draws at most `maxTaskRows` task rows and says how many more there were: a group
  /// of 30,000 children drew 30,000 rows.
  @Test func aTimelineDrawsAtMostItsTaskRows() throws {
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "steps": [{"group": "g", "count": 300, "steps": []}]}"#)
    let text = Timeline.render(
      ScenarioRunner.runAndCheck(scenario), options: .init(width: 60, taskRows: true))
    #expect(text.split(separator: "\n").filter { $0.hasPrefix("g[") }.count < Timeline.maxTaskRows)
    #expect(text.contains("… 201 more tasks not drawn (a picture shows 100)"))
  }

  @Test func asciiTimelineOfTheSameTrace() {
    let text = Timeline.render(
      handResult(), options: .init(width: 50, unicode: false, taskRows: true))
    let expected = """
      ms         0         200       400       600
      threads    +---------+---------+---------+
      main       |         ##a##     =====x====
        stalled            +---+
      worker-1   ####a#####     |    !
      worker-2
      tasks      +---------+---------+---------+
      root       |...................=====x====
      a          ###############|....!
      # blocked (thread held)  = running  | ran briefly
      . suspended (await, sleep)  x cancel  ! throw
      +-+ main stalled
      1 column = 20 ms

      """
    #expect(text == expected)
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test func threadRowsNameTheTaskHoldingThemWhenItFits() {
    let events = [
      TraceEvent(time: 0, thread: "worker-1", task: "download", kind: .start, text: ""),
      TraceEvent(time: 0, thread: "worker-1", task: "download", kind: .block, text: "1000 ms"),
      TraceEvent(time: 1000, thread: "worker-1", task: "download", kind: .end, text: ""),
    ]
    let picture = RunPicture(events: events, busySpans: [], duration: 1000, threads: 1)
    let text = Timeline.render(picture, options: .init(width: 40, unicode: false))
    #expect(text.contains("\nworker-1   ######download######\n"))
  }

  @Test func colourOnlyWhenAsked() {
    let plain = Timeline.render(
      handResult(), options: .init(width: 60, color: false, taskRows: true))
    let painted = Timeline.render(
      handResult(), options: .init(width: 60, color: true, taskRows: true))
    #expect(!plain.contains("\u{1B}["))
    #expect(painted.contains("\u{1B}[1;31m"))  // the stall
    let stripped = painted.replacing(#/\x1B\[[0-9;]*m/#, with: "")
    #expect(stripped == plain)
  }

  @Test func optionsFollowTheEnvironment() {
    typealias Options = Timeline.Options
    #expect(Options.localeIsUTF8(["LANG": "en_US.UTF-8"]))
    #expect(Options.localeIsUTF8(["LC_CTYPE": "C.utf8", "LANG": "C"]))
    #expect(!Options.localeIsUTF8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
    #expect(!Options.localeIsUTF8([:]))
    #expect(!Options.localeIsUTF8(["LC_ALL": "POSIX"]))
    let piped = Options(
      environment: ["LANG": "C.UTF-8"], terminalColumns: nil, ascii: false, color: false,
      taskRows: false)
    #expect(piped.width == 80 && piped.unicode)
    let terminal = Options(
      environment: [:], terminalColumns: 132, ascii: false, color: true, taskRows: true)
    #expect(terminal.width == 132 && !terminal.unicode && terminal.color && terminal.taskRows)
    let columns = Options(
      environment: ["COLUMNS": "100", "LANG": "C.UTF-8"], terminalColumns: 132, ascii: true,
      color: false, taskRows: false)
    #expect(columns.width == 100 && !columns.unicode)
  }

  @Test func timelineFitsTheWidthItIsGiven() throws {
    let (result, _) = try tinyRun()
    for width in [40, 80, 132] {
      let text = Timeline.render(result, options: .init(width: width, taskRows: true))
      for line in text.split(separator: "\n") { #expect(line.count <= width, "\(line)") }
    }
  }

  @Test func liveRunsWithMeasuredTimesAreDrawnToo() throws {
    let (result, _) = try tinyRun(live: true)
    #expect(result.events.contains { $0.time != $0.time.rounded() })
    let text = Timeline.render(result, options: .init(width: 80, unicode: false, taskRows: true))
    let rows = text.split(separator: "\n").map(String.init)
    #expect(rows.contains { $0.hasPrefix("worker-1") && $0.contains("#") })
    // Hops to main take a fraction of a millisecond: running, or a brief mark.
    #expect(rows.contains { $0.hasPrefix("main") && ($0.contains("|") || $0.contains("=")) })
  }
}
