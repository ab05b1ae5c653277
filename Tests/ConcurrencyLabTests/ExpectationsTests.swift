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

// MARK: - Helpers

/// An event written like a trace line: `event(300, "main", "root", .set, "count = 1")`.
private func event(
  _ time: Double, _ thread: String, _ task: String, _ kind: TraceEvent.Kind, _ text: String = ""
) -> TraceEvent {
  TraceEvent(time: time, thread: thread, task: task, kind: kind, text: text)
}

/// A run built by hand, for checks on events the interpreter does not produce on demand.
private func run(
  _ events: [TraceEvent], values: [(String, Value)] = [], duration: Double? = nil,
  mode: RuntimeMode = .virtual, end: RunEnd = .finished, problem: String? = nil
) -> RunResult {
  RunResult(
    record: RunRecord(
      scenario: "hand", title: "hand-built", mode: mode, seed: 1, policy: .random, threads: 4,
      duration: duration ?? events.last?.time, mainStall: 0,
      values: values.map { (name: $0.0, value: $0.1) }, events: events, busySpans: [], end: end,
      problem: problem),
    checks: [])
}

private func expectations(_ json: String) throws -> Expectations {
  try TestSupport.scenario(
    json: #"{"format": 1, "state": {"counter": 0}, "steps": [], "expect": "# + json + "}"
  ).expect
}

private func parse(_ text: String) throws(DiagnosticList) -> ExpectedTrace {
  try ExpectedTrace.parse(text, file: "x.expected")
}

/// A small run: root starts two children that download, then collects them.
private let smallRun: [TraceEvent] = [
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
private let taskGroupFive = """
  {
    "format": 1, "name": "task-group-five-inline", "threads": 8,
    "steps": [ { "group": "g", "count": 5, "steps": [ { "block": 5000 } ] } ],
    "expect": { "duration": 5000 }
  }
  """

/// Its expected trace for every seed: threads are wildcards, the children's events a block.
private let taskGroupFiveExpected = """
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

// MARK: - The notation

extension ExpectationsTests {
  @Suite struct Notation {
    @Test(arguments: [
      ("*", "anything", true),
      ("*", "", true),
      ("worker-*", "worker-12", true),
      ("worker-*", "main", false),
      ("g[*]", "g[3]", true),
      ("g[*]", "h[3]", false),
      ("*ms", "300 ms", true),
      ("a*b*c", "aXbYc", true),
      ("a*b*c", "aXcYb", false),
      ("a*a", "a", false),
      ("downloaded = *", "downloaded = 12", true),
      (#"2 \* 3"#, "2 * 3", true),
      (#"2 \* 3"#, "2 x 3", false),
      (#"a\\b"#, #"a\b"#, true),
      ("300", "300", true),
      ("300", "3000", false),
    ])
    func wildcards(_ pattern: String, _ value: String, _ matches: Bool) {
      #expect(ExpectedTrace.Field(pattern).matches(value) == matches)
    }

    @Test func linesSplitIntoFieldsAndCommentsAndBlanksAreIgnored() throws {
      let trace = try parse(
        """
        # a comment
          # an indented comment

             300  worker-1  root      block   300 ms
        0 main root start
        any order {
          1.5  main  g[a b]  log  two  spaces
        }
        """)
      #expect(trace.items.count == 3)
      let lines = trace.lines
      #expect(lines.map(\.number) == [4, 5, 7])
      #expect(lines[0].text.source == "300 ms")
      #expect(lines[1].text.source == "")
      #expect(lines[2].task.source == "g[a b]")
      #expect(lines[2].text.source == "two  spaces")
      #expect(lines[0].matches(event(300, "worker-1", "root", .block, "300 ms")))
      #expect(!lines[0].matches(event(300, "worker-2", "root", .block, "300 ms")))
      #expect(lines[2].matches(event(1.5, "main", "g[a b]", .log, "two  spaces")))
    }

    @Test(arguments: [
      (
        "any order {\n0 main root start\n",
        "x.expected:1:1: error: 'any order {' is never closed; add a line with '}' after its lines"
      ),
      ("}\n", "x.expected:1:1: error: '}' without an 'any order {' to close"),
      (
        "any order {\n0 main root start\nany order {\n}\n",
        "x.expected:3:1: error: 'any order {' inside the block opened on line 1; blocks do not nest, close it with '}' first"
      ),
      ("0 main root strat", "x.expected:1:13: error: unknown event 'strat'; did you mean 'start'?"),
      (
        "0 main root",
        "x.expected:1:1: error: a trace line has at least four fields — time, thread, task, event — then the details, such as '300  worker-1  root  block  300 ms'"
      ),
      (
        "  soon main root start",
        "x.expected:1:3: error: 'soon' is not a time; a trace line starts with milliseconds, such as 300, or '*' for any time"
      ),
    ])
    func mistakesAreReportedWithTheirLine(_ text: String, _ message: String) {
      do {
        _ = try parse(text)
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.diagnostics.map(\.description) == [message])
      }
    }

    @Test func recordingEscapesStarsAndMatchesItsOwnRun() throws {
      let events = smallRun + [event(300, "main", "root", .log, #"2 * 3 \ done"#)]
      let text = ExpectedTrace.render(events, comments: ["recorded"])
      #expect(text.hasPrefix("# recorded\n       0  main      root      start\n"))
      #expect(text.contains(#"log     2 \* 3 \\ done"#))
      let trace = try parse(text)
      #expect(TraceComparison(expected: trace, events: events).matches)
      var changed = events
      changed[changed.count - 1].text = "2 x 3 \\ done"
      #expect(!TraceComparison(expected: trace, events: changed).matches)
    }
  }
}

// MARK: - Comparing and diffing

extension ExpectationsTests {
  @Suite struct Comparison {
    @Test func aKnownMismatchGivesThisDiff() throws {
      var expected = ExpectedTrace.render(smallRun)
      expected = expected.replacingOccurrences(of: "returned 2", with: "returned 3")
      let comparison = TraceComparison(expected: try parse(expected), events: smallRun)
      let report = comparison.report(
        expectedName: "Scenarios/small.expected", actualName: "small (seed 1)")
      #expect(
        report == """
          --- Scenarios/small.expected
          +++ small (seed 1)
          @@ -6,6 +6,6 @@
                  0  worker-1  a         block   300 ms
                  0  worker-2  b         block   300 ms
                300  worker-1  a         end     returned 1
          -     300  worker-2  b         end     returned 3
          +     300  worker-2  b         end     returned 2
                300  worker-1  root      resume  a = 1, b = 2
                300  worker-1  root      end
          first divergence at 300 ms, trace line 9 (small.expected:9)
            expected:      300  worker-2  b         end     returned 3
            got:           300  worker-2  b         end     returned 2

          """)
    }

    @Test func aTraceThatEndsTooSoonOrGoesOnSaysSo() throws {
      let full = try parse(ExpectedTrace.render(smallRun))
      let short = TraceComparison(expected: full, events: Array(smallRun.dropLast()))
      #expect(short.divergence?.event == nil)
      #expect(short.divergence?.expected.map(\.number) == [11])
      #expect(
        short.report(expectedName: "s.expected", actualName: "run").contains(
          "first divergence after the last event (10 events, at 300 ms): the run ended, but s.expected:11 expects more"
        ))
      let long = TraceComparison(
        expected: try parse(ExpectedTrace.render(Array(smallRun.dropLast()))), events: smallRun)
      #expect(long.divergence?.event == 10)
      #expect(
        long.report(expectedName: "s.expected", actualName: "run").contains(
          "first divergence at 300 ms, trace line 11: s.expected ends after 10 lines, but the run went on"
        ))
    }

    @Test func anyOrderBlocksMatchConsecutiveEventsInAnyOrder() throws {
      let trace = try parse(
        """
        0  main      root  start
        0  worker-1  root  spawn   async let a = get(n: 1)
        0  worker-1  root  spawn   async let b = get(n: 2)
        any order {
          0  worker-*  b  block  300 ms
          0  worker-*  *  start
          0  worker-*  a  block  300 ms
          0  worker-*  *  start
        }
        any order {
          300  *  b  end  returned 2
          300  *  a  end  returned 1
        }
        300  worker-1  root  resume  a = 1, b = 2
        300  worker-1  root  end
        """)
      #expect(TraceComparison(expected: trace, events: smallRun).matches)
      var swapped = smallRun
      swapped.swapAt(3, 6)  // b's block before a's start: still inside the block
      #expect(TraceComparison(expected: trace, events: swapped).matches)
      var escaped = smallRun
      escaped.swapAt(6, 7)  // an end moves into the first block: the block cannot take it
      let comparison = TraceComparison(expected: trace, events: escaped)
      #expect(comparison.divergence?.event == 6)
      #expect(comparison.divergence?.block == 4)
      #expect(comparison.divergence?.expected.map(\.number) == [5])
      let report = comparison.report(expectedName: "x.expected", actualName: "run")
      #expect(report.contains("inside the any-order block opened on line 4"))
    }

    @Test func aWildcardLineDoesNotStealTheEventASpecificLineNeeds() throws {
      let trace = try parse(
        """
        any order {
          0  *  *  start
          0  *  a  start
        }
        """)
      // `a` comes first and could take the wildcard line; the matching moves it to its own line.
      let events = [event(0, "w", "a", .start), event(0, "w", "b", .start)]
      #expect(TraceComparison(expected: trace, events: events).matches)
      let noA = [event(0, "w", "b", .start), event(0, "w", "c", .start)]
      #expect(!TraceComparison(expected: trace, events: noA).matches)
    }

    @Test func aMatchingBlockShowsNoChangeInTheDiff() throws {
      let trace = try parse(
        """
        0  main  root  start
        any order {
          0  *  b  start
          0  *  a  start
        }
        5  main  root  end
        """)
      let events = [
        event(0, "main", "root", .start), event(0, "w", "a", .start), event(0, "w", "b", .start),
        event(6, "main", "root", .end),
      ]
      let report = TraceComparison(expected: trace, events: events).report(
        expectedName: "e", actualName: "a")
      let changes = report.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
      #expect(
        changes == [
          "--- e", "+++ a", "-       5  main      root      end",
          "+       6  main      root      end",
        ])
    }

    @Test func anyOrderBlocksHoldForTheTaskGroupOnTwoHundredSeeds() throws {
      let scenario = try TestSupport.scenario(json: taskGroupFive)
      let trace = try parse(taskGroupFiveExpected)
      let literal = try parse(ExpectedTrace.render(ScenarioRunner.runAndCheck(scenario).events))
      var orders = Set<[String]>()
      var literalFailures = 0
      for seed in UInt64(1)...200 {
        for policy in SchedulingPolicy.allCases {
          var options = RunOptions()
          options.seed = seed
          options.policy = policy
          let result = ScenarioRunner.runAndCheck(scenario, options: options)
          let comparison = TraceComparison(expected: trace, events: result.events)
          #expect(
            comparison.matches,
            "seed \(seed) \(policy): \(comparison.report(expectedName: "e", actualName: "a"))")
          if !TraceComparison(expected: literal, events: result.events).matches {
            literalFailures += 1
          }
          orders.insert(result.events.filter { $0.kind == .end }.map(\.task))
        }
      }
      // The seeds really do vary the order, so the blocks are doing the work.
      #expect(orders.count > 5)
      #expect(literalFailures > 0)
    }

    @Test func recordingForManySeedsHoldsForOthers() throws {
      let scenario = try TestSupport.scenario(json: taskGroupFive)
      func runs(_ seeds: ClosedRange<UInt64>) -> [[TraceEvent]] {
        seeds.flatMap { seed in
          SchedulingPolicy.allCases.map { policy in
            var options = RunOptions()
            options.seed = seed
            options.policy = policy
            return ScenarioRunner.runAndCheck(scenario, options: options).events
          }
        }
      }
      let recorded = runs(1...10)
      let generalization = try TraceGeneralizer.generalize(
        recorded, labels: recorded.indices.map { "run \($0)" })
      #expect(generalization.blocks == 2)
      let trace = try parse(generalization.lines.joined(separator: "\n"))
      for events in runs(11...100) {
        #expect(TraceComparison(expected: trace, events: events).matches)
      }
      // Literal where the runs agree, wildcards only where they differ.
      #expect(generalization.lines.first == "       0  worker-1  root      start")
      #expect(generalization.lines.contains("       0  worker-*  g[3]      block   5000 ms"))
    }

    @Test(arguments: [
      (["worker-1", "worker-3"], "worker-*"),
      (["main", "worker-2"], "*"),
      (["downloaded = 3 (read 2)", "downloaded = 12 (read 11)"], "downloaded = * (read *)"),
      (["g[2]", "g[4]"], "g[*]"),
      (["a * b", "a * c"], #"a \* *"#),
      (["same", "same"], "same"),
    ])
    func variedFieldsBecomeWildcards(_ values: [String], _ pattern: String) {
      #expect(TraceGeneralizer.pattern(values) == pattern)
      #expect(values.allSatisfy(ExpectedTrace.Field(pattern).matches))
    }

    @Test func runsThatDifferInTimingCannotShareAFile() throws {
      let early = [event(0, "w", "a", .start), event(100, "w", "a", .end)]
      let late = [event(0, "w", "a", .start), event(200, "w", "a", .end)]
      #expect(throws: TraceGeneralizer.Problem.self) {
        try TraceGeneralizer.generalize([early, late], labels: ["seed 1", "seed 2"])
      }
    }

    @Test func theTaskGroupFileStillCatchesAWrongTime() throws {
      let scenario = try TestSupport.scenario(
        json: taskGroupFive.replacingOccurrences(of: "5000", with: "4000"))
      let trace = try parse(taskGroupFiveExpected)
      let comparison = TraceComparison(expected: trace, events: ScenarioRunner.runAndCheck(scenario).events)
      #expect(!comparison.matches)
      #expect(comparison.divergence?.block == 9)
    }
  }
}

// MARK: - Checks of the expect block

extension ExpectationsTests {
  @Suite struct Checks {
    private func check(_ json: String, _ result: RunResult, tolerance: Tolerance? = nil) throws
      -> [CheckResult]
    {
      ExpectationChecker.check(try expectations(json), against: result.record, tolerance: tolerance)
    }

    @Test func finishesIsTheTimeOfTheTasksEnd() throws {
      let checks = try check(
        #"{"finishes": {"a": 300, "b": {"atMost": 200}, "c": 1}}"#, run(smallRun))
      #expect(checks.map(\.passed) == [true, false, false])
      #expect(checks[1].expected == "at most 200 ms")
      #expect(checks[1].actual == "300 ms (trace line 9)")
      #expect(checks[1].line == 9)
      #expect(checks[2].actual.hasPrefix("no task named 'c' ran; tasks in this run: root, a, b"))
    }

    @Test func liveTimesAllowTheTolerance() throws {
      var events = smallRun
      events[7].time = 312  // a's end: 12 ms late, within 5 ms + 5 % of 300 (20 ms)
      let live = run(events, mode: .live)
      #expect(
        try check(#"{"finishes": {"a": 300}}"#, live, tolerance: .live).map(\.passed) == [true])
      #expect(try check(#"{"finishes": {"a": 300}}"#, live).map(\.passed) == [false])
      let tight = Tolerance(milliseconds: 1, percent: 1)
      let checks = try check(#"{"finishes": {"a": 300}}"#, live, tolerance: tight)
      #expect(checks.map(\.passed) == [false])
      #expect(checks[0].expected == "300 ms ± (1 ms + 1%)")
    }

    @Test func orderMeansTheFirstEndsBeforeTheSecondStarts() throws {
      let sequential = [
        event(0, "main", "root", .start), event(0, "w", "a", .start), event(300, "w", "a", .end),
        event(300, "w", "b", .start), event(600, "w", "b", .end), event(600, "main", "root", .end),
      ]
      #expect(try check(#"{"order": [["a", "b"]]}"#, run(sequential)).map(\.passed) == [true])
      #expect(
        try check(#"{"order": ["a", "b", "root"]}"#, run(sequential)).map(\.passed) == [
          true, false,
        ])
      let checks = try check(#"{"order": [["a", "b"]]}"#, run(smallRun))
      #expect(checks.map(\.passed) == [false])
      #expect(checks[0].expected == "a ends before b starts")
      #expect(
        checks[0].actual
          == "b started at 0 ms, trace line 5, before a ended at 300 ms, trace line 8")
      #expect(checks[0].line == 5)
    }

    @Test func concurrentMeansTheLifetimesOverlap() throws {
      #expect(try check(#"{"concurrent": [["a", "b"]]}"#, run(smallRun)).map(\.passed) == [true])
      let sequential = [
        event(0, "w", "a", .start), event(300, "w", "a", .end), event(300, "w", "b", .start),
        event(600, "w", "b", .end),
      ]
      let checks = try check(#"{"concurrent": [["a", "b"]]}"#, run(sequential))
      #expect(checks.map(\.passed) == [false])
      #expect(
        checks[0].actual
          == "a ended at 300 ms, trace line 2, before b started at 300 ms, trace line 3")
    }

    @Test func racesAreExpectedOrForbidden() throws {
      let racy = run(
        smallRun + [
          event(300, "worker-2", "b", .race, "counter: write by a and read by b are not ordered")
        ])
      #expect(try check(#"{"races": "expected"}"#, racy).map(\.passed) == [true])
      #expect(try check(#"{"races": "expected"}"#, run(smallRun)).map(\.passed) == [false])
      let forbidden = try check(#"{"races": "forbidden"}"#, racy)
      #expect(forbidden.map(\.passed) == [false])
      #expect(
        forbidden[0].actual
          == "counter: write by a and read by b are not ordered (at 300 ms, trace line 12)")
      #expect(try check(#"{"races": "forbidden"}"#, run(smallRun)).map(\.passed) == [true])
    }

    @Test func throwsAndCancelledReadTheEndEvents() throws {
      let events = [
        event(0, "w", "download", .start), event(0, "w", "slow", .start),
        event(100, "w", "download", .end, "threw NetworkError"),
        event(200, "w", "slow", .end, "cancelled"),
      ]
      #expect(
        try check(#"{"throws": {"download": "NetworkError"}, "cancelled": ["slow"]}"#, run(events))
          .map(\.passed) == [true, true])
      let wrong = try check(
        #"{"throws": {"slow": "NetworkError"}, "cancelled": ["download"]}"#, run(events))
      #expect(wrong.map(\.passed) == [false, false])
      #expect(wrong[0].name == "throws.slow")
      #expect(wrong[0].actual == "cancelled (at 200 ms, trace line 4)")
      #expect(wrong[1].actual == "threw NetworkError (at 100 ms, trace line 3)")
    }

    @Test func aWrongValuePointsAtItsLastWrite() throws {
      let events = [
        event(0, "w", "a", .set, "counter = 1"), event(5, "w", "b", .set, "counter = 1"),
      ]
      let checks = try check(
        #"{"values": {"counter": 2}}"#, run(events, values: [("counter", .int(1))]))
      #expect(checks[0].actual == "1 (last set at 5 ms, trace line 2 by b)")
    }

    @Test func timesAreExactInVirtualRunsAndTolerantInLiveOnes() throws {
      let events = [event(1014, "w", "r", .set, "doneAt = [1014, 2018]")]
      let values: [(String, Value)] = [("counter", .list([.int(1014), .int(2018)]))]
      let expect = #"{"times": {"counter": [1000, 2000]}}"#
      #expect(
        try check(expect, run(events, values: values, mode: .live), tolerance: .live).map(\.passed)
          == [true])
      let virtual = try check(expect, run(events, values: values))
      #expect(virtual.map(\.passed) == [false])
      #expect(virtual[0].expected == "[1000, 2000] ms")
      let tight = try check(
        expect, run(events, values: values, mode: .live),
        tolerance: Tolerance(milliseconds: 5, percent: 0))
      #expect(tight.map(\.passed) == [false])
      #expect(
        try check(#"{"times": {"counter": 1000}}"#, run(events, values: values), tolerance: .live)
          .map(\.passed) == [false])
    }

    @Test func theOutcomeCheckFailsOnlyForbiddenAndUnexpectedOutcomes() throws {
      let rules =
        #"{"outcomes": [{"when": {"values": {"counter": 2}}, "grade": "acceptable", "reason": "none lost"}, {"when": {"values": {"counter": 0}}, "grade": "forbidden", "reason": "impossible"}, {"when": {"values": {"counter": 1}, "race": true}, "grade": "interesting", "reason": "lost"}]}"#
      let race = event(0, "w", "b", .race, "counter")
      func outcome(_ counter: Int64, race raced: Bool) throws -> CheckResult {
        try check(rules, run(raced ? [race] : [], values: [("counter", .int(counter))]))[0]
      }
      #expect(try outcome(2, race: false).passed)
      #expect(try outcome(1, race: true).passed)
      #expect(try outcome(1, race: true).actual == "counter = 1 · race — interesting: lost")
      #expect(try !outcome(0, race: false).passed)
      #expect(try outcome(0, race: false).actual == "counter = 0 — forbidden: impossible")
      let unexpected = try outcome(1, race: false)
      #expect(!unexpected.passed)
      #expect(
        unexpected.actual.hasPrefix("counter = 1 — unexpected: no rule in \"outcomes\" matches"))
    }

    @Test func aHistogramCountsGradesAndRemembersTheFirstRun() throws {
      let rules = try expectations(
        #"{"outcomes": [{"when": {"first": "b"}, "grade": "interesting", "reason": "b won"}, {"grade": "acceptable", "reason": "a won"}]}"#
      ).outcomes
      var histogram = OutcomeHistogram(rules: rules)
      #expect(histogram.observesFirst)
      let aFirst = run([event(0, "w", "a", .end), event(0, "w", "b", .end)])
      let bFirst = run([event(0, "w", "b", .end), event(0, "w", "a", .end)])
      for (index, result) in [aFirst, bFirst, bFirst, aFirst, bFirst].enumerated() {
        histogram.add(
          result,
          as: RunLabel(mode: .virtual, seed: UInt64(index + 1), policy: .random, run: index + 1))
      }
      let rows = histogram.byFrequency
      #expect(rows.map(\.count) == [3, 2])
      #expect(rows.map(\.outcome.description) == ["b first", "a first"])
      #expect(rows.map(\.grade) == [.interesting, .acceptable])
      #expect(rows.map(\.firstSeen.seed) == [2, 1])
      #expect(histogram.failures.isEmpty)
    }
  }
}

// MARK: - Decoding the expect block

extension ExpectationsTests {
  @Suite struct Decoding {
    private func messages(_ expect: String) -> [String] {
      TestSupport.diagnostics(
        json: #"{"format": 1, "state": {"counter": 0}, "steps": [], "expect": "# + expect + "}")
    }

    @Test func everyKeyDecodes() throws {
      let expect = try expectations(
        #"""
        {"duration": 5, "values": {"counter": 2}, "mainStall": {"atMost": 3}, "finishes": {"g[1]": 5},
         "order": [["a", "b"], ["b", "c"]], "concurrent": ["a", "b", "c"], "races": "forbidden",
         "throws": {"a": "Oops"}, "cancelled": ["c"],
         "outcomes": [{"when": {"values": {"counter": 1}, "race": true, "first": "a", "ended": "finished"},
                       "grade": "interesting", "reason": "lost"}],
         "tolerance": {"ms": 10}}
        """#)
      #expect(expect.finishes.map(\.task) == ["g[1]"])
      #expect(expect.order == [["a", "b"], ["b", "c"]])
      #expect(expect.concurrent == [["a", "b", "c"]])
      #expect(expect.races == .forbidden)
      #expect(expect.thrown.map(\.error) == ["Oops"])
      #expect(expect.cancelled == ["c"])
      #expect(
        expect.outcomes.first?.when
          == OutcomeCondition(
            values: [NamedValue("counter", .int(1))], race: true, first: "a", ended: .finished))
      #expect(expect.tolerance == Tolerance(milliseconds: 10, percent: 5))
    }

    @Test(arguments: [
      (
        #"{"finshes": {}}"#,
        "bad.json:1:64: error: unknown expectation 'finshes'; did you mean 'finishes'? (at expect.finshes)"
      ),
      (
        #"{"races": "forbiden"}"#,
        "bad.json:1:73: error: 'races' must be \"expected\" or \"forbidden\", not \"forbiden\"; did you mean 'forbidden'? (at expect.races)"
      ),
      (
        #"{"order": [["a"]]}"#,
        "bad.json:1:74: error: name at least two tasks to relate (at expect.order[0])"
      ),
      (
        #"{"outcomes": [{"grade": "acceptible", "reason": "r"}]}"#,
        "bad.json:1:87: error: unknown grade 'acceptible'; did you mean 'acceptable'? (at expect.outcomes[0].grade)"
      ),
      (
        #"{"outcomes": [{"when": {"value": {}}, "grade": "acceptable", "reason": "r"}]}"#,
        "bad.json:1:87: error: unknown outcome condition 'value'; did you mean 'values'? (at expect.outcomes[0].when.value)"
      ),
      (
        #"{"tolerance": {"ms": -1}}"#,
        "bad.json:1:84: error: 'ms' must be a number ≥ 0, not an integer (at expect.tolerance.ms)"
      ),
      (
        #"{"mainStall": {"atLeast": 5, "atMost": 2}}"#,
        "bad.json:1:77: error: \"atLeast\" 5 is above \"atMost\" 2; no time can meet both (at expect.mainStall)"
      ),
    ])
    func mistakesGetClearMessages(_ expect: String, _ message: String) {
      #expect(messages(expect) == [message])
    }
  }
}

// MARK: - Reports

extension ExpectationsTests {
  @Suite struct Reports {
    private let verdicts = [
      ScenarioVerdict(
        scenario: "good", file: "Scenarios/01-x/good.json", status: .passed,
        summary: "2 checks · seed 1", runs: 1, seconds: 0.01),
      ScenarioVerdict(
        scenario: "bad <&>", file: "Scenarios/02-y/bad.json", status: .failed, summary: "1 check",
        runs: 2,
        failures: [
          .init(
            run: RunLabel(mode: .virtual, seed: 2, policy: .pct, run: 2),
            messages: ["values.x: expected \"a\", got 'b' & <c>\u{1}"],
            replay: "lab run bad --seed 2 --policy pct")
        ]),
      ScenarioVerdict(
        scenario: "idle", file: "idle.json", status: .skipped, summary: "nothing to check"),
    ]

    @Test func totalsLine() {
      #expect(CheckReport.totals(verdicts) == "1 passed, 1 failed, 1 skipped")
      #expect(CheckReport.totals(Array(verdicts.prefix(2))) == "1 passed, 1 failed")
    }

    #if canImport(FoundationXML)
      @Test func junitIsWellFormedXML() throws {
        let document = try XMLDocument(data: Data(CheckReport.junit(verdicts).utf8))
        let suite = try #require(document.rootElement())
        #expect(suite.name == "testsuites")
        #expect(suite.attribute(forName: "tests")?.stringValue == "3")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(
          cases.map { $0.attribute(forName: "name")?.stringValue } == ["good", "bad <&>", "idle"])
        #expect(
          cases.map { $0.attribute(forName: "classname")?.stringValue } == [
            "Scenarios.01-x", "Scenarios.02-y", "scenarios",
          ])
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(
          failure.attribute(forName: "message")?.stringValue
            == "values.x: expected \"a\", got 'b' & <c>?")
        #expect(failure.stringValue?.contains("lab run bad --seed 2 --policy pct") == true)
        #expect(cases[2].elements(forName: "skipped").count == 1)
      }
    #endif

    @Test func jsonParses() throws {
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(CheckReport.json(verdicts).utf8))
          as? [String: Any])
      #expect(document["failed"] as? Int == 1)
      let scenarios = try #require(document["scenarios"] as? [[String: Any]])
      #expect(scenarios.map { $0["status"] as? String } == ["passed", "failed", "skipped"])
      let failure = try #require((scenarios[1]["failures"] as? [[String: Any]])?.first)
      #expect(failure["seed"] as? Int == 2)
      #expect(failure["replay"] as? String == "lab run bad --seed 2 --policy pct")
    }
  }
}
