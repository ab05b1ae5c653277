import Foundation
import LabChecksTestSupport
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

#if canImport(FoundationXML)
  import FoundationXML
#endif

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
      events[7].time = 306  // a's end: 6 ms late, within 1 ms + 2 % of 300 (7 ms)
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

    /// A native trace holds only what the program prints, no `set`: a wrong value there is not
    /// "never set" (queue-sync's native seenAt = 33 was "never set: its initial value").
    @Test func aWrongValueOfANativeRunIsNotCalledNeverSet() throws {
      let values: [(String, Value)] = [("counter", .int(33))]
      let expect = #"{"values": {"counter": 30}}"#
      #expect(
        try check(expect, run([], values: values))[0].actual == "33 (never set: its initial value)")
      #expect(try check(expect, run([], values: values, mode: .native))[0].actual == "33")
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
            values: [ValueCondition("counter", .equals(.int(1)))], race: true, first: "a",
            ended: .finished))
      #expect(expect.tolerance == Tolerance(milliseconds: 10, percent: Tolerance.live.percent))
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
        "bad.json:1:84: error: 'ms' must be from 0 to 86400000, not -1; give the allowance the "
          + "run needs (at expect.tolerance.ms)"
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
            == "values.x: expected \"a\", got 'b' & <c>\\u{1}")
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
