import LabChecksTestSupport
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

/// `lab compare`'s alignment: events paired by what they are, not when they ran, and the first
/// parting of two runs named for what it is.
@Suite struct RunComparisonTests {
  /// Past its deadline (a lesson's time), the alignment stops: what is not aligned yet stands
  /// as removed, then added, as past `maxEdits`; before it, the shortest script is found.
  @Test func theAlignmentStopsAtItsDeadline() {
    let left = Array("xaby")
    let right = Array("xbay")
    let equal = { (i: Int, j: Int) in left[i] == right[j] }
    let late = SequenceDiff.steps(4, 4, deadline: ContinuousClock.now - .seconds(1), equal: equal)
    #expect(late == [.same(0, 0), .removed(1), .removed(2), .added(1), .added(2), .same(3, 3)])
    let timely = SequenceDiff.steps(
      4, 4, deadline: ContinuousClock.now + .seconds(60), equal: equal)
    #expect(timely.count(where: { if case .same = $0 { true } else { false } }) == 3)
  }

  static let common = [
    event(0, "worker-1", "root", .start),
    event(0, "worker-1", "root", .spawn, "adders[1]"),
    event(0, "worker-1", "root", .spawn, "adders[2]"),
  ]

  /// Texts Swift's `==` calls equal but whose bytes differ are other details: a run that
  /// printed the Kelvin sign did not print "K" (the two stood on one row, counted the same).
  @Test func textsAreComparedByTheirBytes() {
    let comparison = Self.compare(
      Self.common + [event(0, "worker-1", "root", .log, "K")],
      Self.common + [event(0, "worker-1", "root", .log, "\u{212A}")])
    #expect(comparison.divergence?.difference == .details)
    #expect(comparison.divergence?.row == Self.common.count)
    // They print alike, so the sentence says where they differ.
    #expect(
      comparison.report(labels: ("a", "b"), width: nil, fold: true).contains(
        "(the lines differ at character 10: U+004B in A, U+212A in B)"))
  }

  static func compare(
    _ a: [TraceEvent], _ b: [TraceEvent], tolerance: Tolerance? = nil
  ) -> RunComparison {
    RunComparison(run(a).record, run(b).record, tolerance: tolerance)
  }

  @Test func identicalRunsHaveNoDifference() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    var options = RunOptions()
    options.seed = 3
    let a = ScenarioRunner.runAndCheck(scenario, options: options)
    let b = ScenarioRunner.runAndCheck(scenario, options: options)
    let comparison = RunComparison(a.record, b.record)
    #expect(comparison.identical)
    #expect(comparison.divergence == nil)
    #expect(comparison.rows.count == a.events.count)
    #expect(comparison.rows.allSatisfy { $0.a == $0.b && $0.difference == nil })
    let text = comparison.report(labels: ("x", "x"), width: 80, fold: true)
    #expect(!text.contains("▶"))
    #expect(text.contains("no difference: the same \(a.events.count) events"))
    #expect(text.contains("… \(a.events.count) identical events"))
  }

  /// Two schedules of one scenario part where another task ran: the alignment shows one run's
  /// event alone on that row, and the divergence pairs each run's next event to say so.
  @Test func aScheduleDifferenceIsMarkedWhereTheRunsPart() {
    let a =
      Self.common + [
        event(0, "worker-1", "adders[1]", .start),
        event(0, "worker-1", "adders[1]", .set, "counter = 1 (read 0)"),
        event(0, "worker-2", "adders[2]", .start),
        event(0, "worker-2", "adders[2]", .set, "counter = 2 (read 1)"),
      ]
    let b =
      Self.common + [
        event(0, "worker-1", "adders[1]", .start),
        event(0, "worker-2", "adders[2]", .start),
        event(0, "worker-2", "adders[2]", .set, "counter = 1 (read 0)"),
        event(0, "worker-1", "adders[1]", .set, "counter = 1 (read 0)"),
      ]
    let comparison = Self.compare(a, b)
    let divergence = try! #require(comparison.divergence)
    #expect(divergence.row == 4)
    #expect(divergence.difference == .task)
    #expect(divergence.a == 4 && divergence.b == 4)
    #expect(comparison.rows[..<4].allSatisfy { $0.difference == nil })
    let text = comparison.report(
      labels: ("racy-counter --seed 1", "racy-counter --seed 2"), width: nil, fold: false)
    let marked = text.split(separator: "\n").filter { $0.hasPrefix("▶") }
    #expect(marked.count == 1)
    #expect(marked.first?.hasPrefix("▶ 5") == true)
    #expect(
      text.contains(
        "first difference at event 5: another task ran: A ran adders[1] set counter = 1 (read 0), "
          + "B ran adders[2] start"))
  }

  @Test func aTimeOnlyDifferenceIsNamedAsSuch() {
    let a = Self.common + [event(10, "worker-1", "root", .end)]
    let b = Self.common + [event(12, "worker-1", "root", .end)]
    let comparison = Self.compare(a, b)
    #expect(comparison.rows.count == 4)
    #expect(comparison.rows[3].difference == .time)
    #expect(comparison.divergence?.difference == .time)
    let text = comparison.report(labels: ("a", "b"), width: nil, fold: true)
    #expect(
      text.contains(
        "first difference at event 4: only the time: root end at 10 ms in A, at 12 ms in B"))
    #expect(text.contains("~") == false, "the first difference is marked ▶, not ~")
    // Measured runs: within the tolerance, the same time.
    let tolerant = Self.compare(a, b, tolerance: Tolerance(milliseconds: 5, percent: 0))
    #expect(tolerant.identical)
  }

  @Test func aDifferentValueAndAnotherThreadAreNamed() {
    let value = Self.compare(
      Self.common + [event(0, "worker-1", "root", .set, "x = 1")],
      Self.common + [event(0, "worker-1", "root", .set, "x = 2")])
    #expect(value.rows.last?.difference == .details)
    #expect(value.divergence?.difference == .details)
    #expect(
      value.report(labels: ("a", "b"), width: nil, fold: true).contains(
        "a different value: A root set x = 1, B root set x = 2"))
    let thread = Self.compare(
      Self.common + [event(0, "worker-1", "root", .end)],
      Self.common + [event(0, "main", "root", .end)])
    #expect(thread.divergence?.difference == .thread)
    #expect(
      thread.report(labels: ("a", "b"), width: nil, fold: true).contains(
        "a different thread: root end ran on worker-1 in A, on main in B"))
  }

  @Test func aRunThatEndsSoonerIsSaid() {
    let comparison = Self.compare(Self.common + [event(0, "worker-1", "root", .end)], Self.common)
    #expect(comparison.rows.last == .init(a: 3, b: nil, difference: .onlyA))
    #expect(
      comparison.report(labels: ("a", "b"), width: nil, fold: true).contains(
        "run B had ended; A went on with root end"))
  }

  /// At 80 columns every line fits: details are cut with …, the columns stay columns, and threads
  /// are shortened with a legend; at 140 they keep their names.
  @Test func rowsFitTheWidth() throws {
    let long = String(repeating: "x", count: 200)
    let a = Self.common + [event(0, "worker-1", "root", .log, long)]
    let b = Self.common + [event(0, "worker-2", "root", .log, long + "y")]
    let comparison = Self.compare(a, b)
    for width in [60, 80, 140] {
      let lines = comparison.report(labels: ("a", "b"), width: width, fold: false)
        .split(separator: "\n")
      #expect(lines.allSatisfy { $0.count <= width }, "width \(width)")
      let bars = Set(
        lines.compactMap { line in
          line.firstIndex(of: "│").map { line.distance(from: line.startIndex, to: $0) }
        })
      #expect(bars.count == 1, "the bar stands in one column at width \(width)")
    }
    let narrow = comparison.report(labels: ("a", "b"), width: 80, fold: false)
    #expect(narrow.contains(" w1 ") && narrow.contains("threads: wN = worker-N"))
    #expect(narrow.contains("…"))
    let wide = comparison.report(labels: ("a", "b"), width: 140, fold: false)
    #expect(wide.contains("worker-1") && !wide.contains("threads: wN"))
  }

  @Test func identicalEventsFarFromADifferenceFold() {
    let many = (1...20).map { event(Double($0), "worker-1", "root", .log, "step \($0)") }
    let comparison = Self.compare(
      many + [event(30, "worker-1", "root", .end)], many + [event(31, "worker-1", "root", .end)])
    #expect(comparison.parts(fold: true) == [.folded(18)] + (18...20).map(RunComparison.Part.row))
    #expect(comparison.parts(fold: false).count == 21)
  }
}
