import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabPictures

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The HTML report and the Chrome/Perfetto trace of a run.
@Suite struct ReportPictureTests {
  // MARK: - HTML report

  @Test func htmlReportIsWellFormedAndSelfContained() throws {
    let (result, scenario) = try tinyRun()
    let html = HTMLReport.render(result, scenario: scenario)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    // One script, the player's, inline; nothing loaded; links only within the page.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(!html.contains("src="))
    #expect(!html.contains("href=\"http"))
    #expect(!html.contains("url("))
    #expect(html.contains("Three children &lt;on&gt; two threads &amp; main"))
    #expect(html.contains("Each child updates main, then blocks a worker."))
    #expect(html.contains("<li class=\"pass\">"))
    // The scenario's Swift program, as `lab swift` writes it, below the player.
    #expect(html.contains("<h2>The Swift program</h2>"))
    #expect(html.contains("try await main()"))
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
      #expect(TestSupport.balanced(html))
    #endif
  }

  @Test func htmlReportShowsFailedChecksAndStalls() throws {
    let failed = CheckResult(name: "duration", passed: false, expected: "500 ms", actual: "600 ms")
    let html = HTMLReport.render(handResult(checks: [failed]), scenario: nil)
    #expect(html.contains("<li class=\"fail\">"))
    #expect(html.contains("expected 500 ms, got 600 ms"))
    #expect(html.contains("class=\"stall-band\""))
    #expect(html.contains("class=\"stall\""))
    #expect(TestSupport.balanced(html))
  }

  @Test func theBalanceCheckCatchesAnUnclosedElement() {
    #expect(TestSupport.balanced("<div><p>a</p><br/></div>"))
    #expect(!TestSupport.balanced("<div><p>a</div>"))
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
    for event in events
    where event["ph"] as? String == "b" && (event["args"] as? [String: Any])?["state"] == nil {
      ids[event["name"] as! String] = event["id"] as? Int
    }
    let flows = events.filter { $0["bind_id"] != nil }
    var ends: [Int: (id: Int, time: Double)] = [:]
    var arrows: [(from: Int, to: Int)] = []
    for event in flows {
      let bind = try #require(event["bind_id"] as? Int)
      let id = try #require(event["id"] as? Int)
      let time = try #require(event["ts"] as? Double)
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
      #expect(
        flows.contains { $0["id"] as? Int == ids[name] && $0["ts"] as? Double == end.time * 1000 })
    }
    let resume = try #require(result.events.first { $0.task == "root" && $0.kind == .resume })
    #expect(resume.joins == ["a", "b", "c"])
    // The picture has the same arrows, and the HTML report draws one path for each.
    let pictured = RunPicture(result).arrows
    #expect(pictured.map(\.from) == ["a", "b", "c"])
    #expect(pictured.allSatisfy { $0.to == "root" && $0.end == resume.time })
    for arrow in pictured {
      #expect(
        result.events.contains {
          $0.task == arrow.from && $0.kind == .end && $0.time == arrow.start
        })
    }
    let html = HTMLReport.render(result, scenario: try tinyRun().1)
    #expect(html.components(separatedBy: "<path class=\"join\"").count - 1 == 3)
    #expect(html.contains("root waited for a: it ended at"))
  }

  @Test func traceLinesEndAtTheirLastVisibleCharacter() {
    let events = [("é  ", "é"), ("", "end"), ("   ", "end"), ("a 🧵 b\u{301}  ", "a 🧵 b\u{301}")].map
    {
      TraceEvent(time: 1, thread: "main", task: "root", kind: .end, text: $0.0)
    }
    let lines = TraceText.lines(events)
    for (line, expected) in zip(lines, ["é", "end", "end", "a 🧵 b\u{301}"]) {
      #expect(line.hasSuffix(expected) && !line.hasSuffix(" "), "\(line)")
    }
    // The columns before the text: time 8, thread 8, task 8, kind 7, and their separators.
    let long = TraceEvent(
      time: 1, thread: "main", task: "root", kind: .log, text: String(repeating: "x", count: 1_000))
    #expect(TraceText.lines([long]) == ["       1  main      root      log     " + long.text])
  }

  /// Each `collect` of a group and each `await` of a task draws an arrow from that task's end.
  @Test(arguments: [
    ("task-group-collect", ["tasks[1]", "tasks[3]", "tasks[2]", "tasks[5]", "tasks[4]"], ["root"]),
    (
      "serial-tasks", ["makeRequest", "makeRequest#2", "makeRequest#3"],
      ["request", "request#2", "request#3"]
    ),
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
    #expect(
      json.contains("\"ph\":\"i\",\"name\":\"cancel task b\",\"pid\":1,\"tid\":1,\"ts\":500000"))
  }
}
