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

    /// What `lab record` writes, `lab check` reads back as the same run: a log of a line break
    /// and controls (shown escaped, as the trace shows them), and task names with spaces, event
    /// words, stars and backslashes (a space is `\ ` in a name, where a space ends the field).
    @Test func aRecordedTraceOfAnyNamesAndTextMatchesItsOwnRun() throws {
      let text = "a\nb\u{85}c\u{2028}d\u{1B}[31me\u{202E}f\tg * h \\ i"
      let names = ["g[a log b]", "g[* *]", "g[a]  worker-1 root log z]", #"g[x\ y]"#, "g[ ]"]
      let events =
        [event(0, "main", "root", .log, text)]
        + names.map { event(0, "worker 1", $0, .log, "hi  there ") }
      let trace = try parse(ExpectedTrace.render(events))
      #expect(TraceComparison(expected: trace, events: events).matches)
      // Each line matches only its own event.
      for (index, line) in trace.lines.enumerated() {
        #expect(events.indices.filter { line.matches(events[$0]) } == [index], "\(line)")
      }
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

    /// A block of alike lines: each event is compared with the one way they are written, once,
    /// and takes a free line at once — 1,000 comparisons, not a million, nor the paths of
    /// reassignment that made 1,500 such lines take 90 s. One more line than 1,000 is refused.
    @Test func aBlockOfAlikeLinesComparesEachEventOnce() throws {
      let lines = Array(repeating: "  0  *  root  log  m *", count: 1_000)
      let trace = try parse((["any order {"] + lines + ["}"]).joined(separator: "\n"))
      guard case .anyOrder(_, let block) = trace.items[0] else {
        Issue.record("no block")
        return
      }
      var matching = BlockMatching(lines: block)
      var added = 0
      for index in 0..<1_000
      where matching.add(event(0, "main", "root", .log, "m \(index)"), as: index) {
        added += 1
      }
      #expect(added == 1_000 && matching.unmatched.isEmpty)
      #expect(matching.comparisons == 1_000)
      let tooMany = (["any order {"] + lines + [lines[0], "}"]).joined(separator: "\n")
      let problem = #expect(throws: DiagnosticList.self) { try parse(tooMany) }
      #expect(
        problem?.diagnostics.first?.message.hasPrefix(
          "this 'any order' block holds 1001 lines, more than the 1000 a block may") == true)
    }

    /// Blocks of distinct wildcard lines that match none of a long run: arranging them for the
    /// diff stops at its budget (four blocks of 1,000 took five minutes before, 16 million
    /// comparisons), and the blocks past it stay as written.
    @Test func arrangingBlocksForTheDiffStopsAtItsBudget() throws {
      var text: [String] = []
      for block in 0..<4 {
        text.append("any order {")
        text += (0..<1_000).map { "  0  *  root  log  *a*\(block)x\($0)b" }
        text.append("}")
      }
      let events = (0..<4_000).map { event(0, "worker-1", "root", .log, "aaaa \($0)") }
      let comparison = TraceComparison(
        expected: try parse(text.joined(separator: "\n")), events: events)
      let arranged = comparison.arranged()
      #expect(arranged.comparisons <= TraceComparison.maxArrangingComparisons + 1_000)
      #expect(arranged.lines.count == 4_000)
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
      // The advice is what makes `lab check --seeds` pass: outcomes, not a file of one seed.
      let problem = #expect(throws: TraceGeneralizer.Problem.self) {
        try TraceGeneralizer.generalize([early, late], labels: ["seed 1", "seed 2"])
      }
      // In a course, which has no docs/ of its own, the pages are named where the lab's are.
      let message = problem?.message(docs: HintCommand("lab", docs: "/opt/lab/docs/")) ?? ""
      #expect(message.contains("Grade the scenario by its outcomes"))
      #expect(!message.contains("record without --seeds"))
      #expect(message.contains("/opt/lab/docs/outcomes.md") && !message.contains(" docs/"))
    }

    /// Runs that order more events of one moment differently than a block may hold are refused
    /// in words: the writer once wrote the block and failed to read its own file back.
    @Test func aMomentTooLargeForOneBlockIsRefusedInWords() throws {
      let count = ExpectedTrace.maxBlockLines + 1
      let forward = (0..<count).map { event(0, "w", "t\($0)", .start) }
      let backward = Array(forward.reversed())
      let problem = #expect(throws: TraceGeneralizer.Problem.self) {
        try TraceGeneralizer.generalize([forward, backward], labels: ["seed 1", "seed 2"])
      }
      let message = problem?.message(docs: HintCommand("lab", docs: "docs/")) ?? ""
      #expect(message.contains("the runs order \(count) events at 0 ms differently"), "\(message)")
      #expect(!message.contains("generalized:"))
    }

    @Test func theTaskGroupFileStillCatchesAWrongTime() throws {
      let scenario = try TestSupport.scenario(
        json: taskGroupFive.replacingOccurrences(of: "5000", with: "4000"))
      let trace = try parse(taskGroupFiveExpected)
      let comparison = TraceComparison(
        expected: trace, events: ScenarioRunner.runAndCheck(scenario).events)
      #expect(!comparison.matches)
      #expect(comparison.divergence?.block == 9)
    }
  }
}
