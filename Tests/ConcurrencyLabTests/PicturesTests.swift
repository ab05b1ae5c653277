@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabPictures
@testable import LabRuntime
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A small trace written by hand: root awaits child `a`, which blocks a worker, hops to main and
/// blocks it (a stall), sleeps, throws; root cancels `b` and ends. Times in virtual milliseconds.
private let handTrace: [TraceEvent] = [
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

private let handSpans = [
  ThreadSpan(thread: "worker-1", start: 0, end: 200),
  ThreadSpan(thread: "main", start: 200, end: 300),
]

private func handResult(checks: [CheckResult] = []) -> RunResult {
  RunResult(
    record: RunRecord(
      scenario: "hand", title: "A trace written by hand", mode: .virtual, seed: 1, policy: .random,
      threads: 2, duration: 600, mainStall: 100, values: [("n", .int(1))], events: handTrace,
      busySpans: handSpans, end: .finished, problem: nil),
    checks: checks)
}

/// Three async-let children on two workers, each hopping to main once: a real run to draw.
private let tinyScenario = """
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

private func tinyRun(live: Bool = false) throws -> (RunResult, Scenario) {
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
    #expect(picture.stalls.count == 1 && picture.stalls[0].start == 200 && picture.stalls[0].end == 300)
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
    #expect(picture.stalls.count == 1 && picture.stalls[0].start == 200 && picture.stalls[0].end == 300)
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
    let text = Timeline.render(handResult(), options: .init(width: 50, unicode: true, taskRows: true))
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

  @Test func asciiTimelineOfTheSameTrace() {
    let text = Timeline.render(handResult(), options: .init(width: 50, unicode: false, taskRows: true))
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
    let plain = Timeline.render(handResult(), options: .init(width: 60, color: false, taskRows: true))
    let painted = Timeline.render(handResult(), options: .init(width: 60, color: true, taskRows: true))
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

  // MARK: - HTML report

  @Test func htmlReportIsWellFormedAndSelfContained() throws {
    let (result, scenario) = try tinyRun()
    let html = HTMLReport.render(result, scenario: scenario)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("<script"))
    #expect(!html.contains("src="))
    #expect(!html.contains("href="))
    #expect(!html.contains("url("))
    #expect(html.contains("Three children &lt;on&gt; two threads &amp; main"))
    #expect(html.contains("Each child updates main, then blocks a worker."))
    #expect(html.contains("<li class=\"pass\">"))
    #if canImport(FoundationXML) || canImport(Darwin)
      let document = try XMLDocument(xmlString: html, options: [])
      let lanes = try document.nodes(forXPath: "//*[local-name()='g'][@class='lane']")
      #expect(lanes.count == RunPicture(result).lanes.count)
      #expect(lanes.count == result.threads + 1)
      let tasks = try document.nodes(forXPath: "//*[local-name()='g'][@class='task-row']")
      #expect(tasks.count == Set(result.events.map(\.task)).count)
      let rows = try document.nodes(forXPath: "//table/tbody/tr")
      #expect(rows.count == result.events.count)
    #else
      #expect(Self.balanced(html))
    #endif
  }

  @Test func htmlReportShowsFailedChecksAndStalls() throws {
    let failed = CheckResult(name: "duration", passed: false, expected: "500 ms", actual: "600 ms")
    let html = HTMLReport.render(handResult(checks: [failed]), scenario: nil)
    #expect(html.contains("<li class=\"fail\">"))
    #expect(html.contains("expected 500 ms, got 600 ms"))
    #expect(html.contains("class=\"stall-band\""))
    #expect(html.contains("class=\"stall\""))
    #expect(Self.balanced(html))
  }

  /// Whether every element that opens also closes, in order (a check that works without XML).
  static func balanced(_ html: String) -> Bool {
    var stack: [Substring] = []
    for match in html.matches(of: #/<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>/#) {
      let (_, closing, name, selfClosing) = match.output
      if name == "meta" || !selfClosing.isEmpty { continue }
      if closing.isEmpty {
        stack.append(name)
      } else if stack.popLast() != name {
        return false
      }
    }
    return stack.isEmpty
  }

  @Test func theBalanceCheckCatchesAnUnclosedElement() {
    #expect(Self.balanced("<div><p>a</p><br/></div>"))
    #expect(!Self.balanced("<div><p>a</div>"))
  }

  // MARK: - Chrome trace

  @Test func chromeTraceHasTheShapePerfettoReads() throws {
    let (result, _) = try tinyRun()
    let json = ChromeTrace.document(result)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let root = try #require(parsed as? [String: Any])
    #expect(root["displayTimeUnit"] as? String == "ms")
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    #expect(!events.isEmpty)

    var lastTime: [Int: Double] = [:]
    var open: [String: [String]] = [:]
    var threadNames: [String] = []
    var phases: Set<String> = []
    for event in events {
      let phase = try #require(event["ph"] as? String)
      let tid = try #require(event["tid"] as? Int)
      #expect(event["pid"] as? Int == 1)
      #expect(event["name"] is String)
      phases.insert(phase)
      if phase == "M" {
        if event["name"] as? String == "thread_name" {
          threadNames.append((event["args"] as? [String: Any])?["name"] as? String ?? "")
        }
        continue
      }
      let time = try #require(event["ts"] as? Double)
      #expect(time >= lastTime[tid, default: 0], "timestamps go back on tid \(tid)")
      lastTime[tid] = time
      switch phase {
      case "b", "e":
        let key = "\(event["cat"] as? String ?? "")#\(event["id"] as? Int ?? -1)"
        #expect(event["cat"] is String && event["id"] is Int)
        if phase == "b" {
          open[key, default: []].append(event["name"] as? String ?? "")
        } else {
          #expect(open[key]?.popLast() == event["name"] as? String, "an e without its b: \(key)")
        }
      case "X": #expect((event["dur"] as? Double ?? -1) >= 0)
      case "i": #expect(event["s"] as? String == "t")
      case "n": #expect(event["cat"] is String && event["id"] is Int && event["bind_id"] is Int)
      default: Issue.record("unexpected phase \(phase)")
      }
    }
    #expect(open.values.allSatisfy { $0.isEmpty }, "a b without its e")
    #expect(threadNames == RunPicture(result).lanes.map(\.name))
    #expect(events.contains { $0["name"] as? String == "process_name" })
    #expect(phases.isDisjoint(with: ["S", "F", "T"]))
    #expect(phases.isSuperset(of: ["M", "b", "e", "X", "i", "n"]))
    let tasks = events.filter {
      $0["ph"] as? String == "b" && ($0["args"] as? [String: Any])?["state"] == nil
    }
    #expect(Set(tasks.compactMap { $0["name"] as? String }) == Set(result.events.map(\.task)))
  }

  @Test func chromeTraceDrawsAnArrowFromEachAwaitedEndToTheResume() throws {
    let (result, _) = try tinyRun()
    let parsed = try JSONSerialization.jsonObject(with: Data(ChromeTrace.document(result).utf8))
    let events = try #require((parsed as? [String: Any])?["traceEvents"] as? [[String: Any]])
    // The async id of each task's span, by name.
    var ids: [String: Int] = [:]
    for event in events where event["ph"] as? String == "b" && (event["args"] as? [String: Any])?["state"] == nil {
      ids[event["name"] as! String] = event["id"] as? Int
    }
    let flows = events.filter { $0["bind_id"] != nil }
    var ends: [Int: (id: Int, time: Double)] = [:]
    var arrows: [(from: Int, to: Int)] = []
    for event in flows {
      let bind = try #require(event["bind_id"] as? Int)
      let id = try #require(event["id"] as? Int), time = try #require(event["ts"] as? Double)
      if event["flow_out"] as? Bool == true {
        #expect(ends[bind] == nil, "flow \(bind) leaves twice")
        ends[bind] = (id, time)
      } else {
        #expect(event["flow_in"] as? Bool == true)
        let start = try #require(ends[bind], "flow \(bind) arrives before it leaves")
        ends[bind] = nil
        #expect(start.time <= time)
        arrows.append((start.id, id))
      }
    }
    #expect(ends.isEmpty, "a flow that never arrives")
    // `await [a, b, c]`: one arrow from each child's end to the root's resume, at the child's end.
    #expect(Set(arrows.map(\.from)) == Set(["a", "b", "c"].compactMap { ids[$0] }))
    #expect(arrows.count == 3 && arrows.allSatisfy { $0.to == ids["root"] })
    for name in ["a", "b", "c"] {
      let end = try #require(result.events.first { $0.task == name && $0.kind == .end })
      #expect(flows.contains { $0["id"] as? Int == ids[name] && $0["ts"] as? Double == end.time * 1000 })
    }
    let resume = try #require(result.events.first { $0.task == "root" && $0.kind == .resume })
    #expect(resume.joins == ["a", "b", "c"])
    // The picture has the same arrows, and the HTML report draws one path for each.
    let pictured = RunPicture(result).arrows
    #expect(pictured.map(\.from) == ["a", "b", "c"])
    #expect(pictured.allSatisfy { $0.to == "root" && $0.end == resume.time })
    for arrow in pictured {
      #expect(result.events.contains { $0.task == arrow.from && $0.kind == .end && $0.time == arrow.start })
    }
    let html = HTMLReport.render(result, scenario: try tinyRun().1)
    #expect(html.components(separatedBy: "<path class=\"join\"").count - 1 == 3)
    #expect(html.contains("root waited for a: it ended at"))
  }

  @Test func traceLinesEndAtTheirLastVisibleCharacter() {
    let events = [("é  ", "é"), ("", "end"), ("   ", "end"), ("a 🧵 b\u{301}  ", "a 🧵 b\u{301}")].map {
      TraceEvent(time: 1, thread: "main", task: "root", kind: .end, text: $0.0)
    }
    let lines = TraceText.lines(events)
    for (line, expected) in zip(lines, ["é", "end", "end", "a 🧵 b\u{301}"]) {
      #expect(line.hasSuffix(expected) && !line.hasSuffix(" "), "\(line)")
    }
    // The columns before the text: time 8, thread 8, task 8, kind 7, and their separators.
    let long = TraceEvent(time: 1, thread: "main", task: "root", kind: .log, text: String(repeating: "x", count: 1_000))
    #expect(TraceText.lines([long]) == ["       1  main      root      log     " + long.text])
  }

  /// Each `collect` of a group and each `await` of a task draws an arrow from that task's end.
  @Test(arguments: [
    ("task-group-collect", ["tasks[1]", "tasks[3]", "tasks[2]", "tasks[5]", "tasks[4]"], ["root"]),
    ("serial-tasks", ["makeRequest", "makeRequest#2", "makeRequest#3"], ["request", "request#2", "request#3"]),
    ("task-priority-detached", ["inherits", "detached"], ["root"]),
  ])
  func everyJoinIsAnArrow(_ name: String, from: [String], to: [String]) throws {
    let result = ScenarioRunner.runAndCheck(try TestSupport.scenario(named: name))
    let arrows = RunPicture(result).arrows
    #expect(arrows.map(\.from) == from)
    #expect(Set(arrows.map(\.to)) == Set(to))
    #expect(arrows.allSatisfy { $0.start <= $0.end })
  }

  @Test func chromeTraceTimesAreMicroseconds() throws {
    let json = ChromeTrace.document(handResult())
    // The 100 ms block on main starts at 200 ms and lasts 100 ms.
    #expect(json.contains("\"ts\":200000,\"cat\":\"blocked\",\"dur\":100000"))
    #expect(json.contains("\"ph\":\"i\",\"name\":\"cancel task b\",\"pid\":1,\"tid\":1,\"ts\":500000"))
  }
}
