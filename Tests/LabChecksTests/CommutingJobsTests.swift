import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// Jobs on one lane whose order nothing sees are run in one order (`CommutingJobs`): three
/// children that each hop to main at one moment put their jobs there in six orders, and where
/// the jobs only add whole numbers to a variable nothing off main reaches, every order ends in
/// one state. Wherever an order could show — a value set, a list appended to, a variable read
/// off main, time passing inside a job — the optimal search must still find every outcome the
/// sleep-set search (which pairs no jobs) finds.
@Suite(.disabled(if: TestSupport.underSanitizer, "counts, not threads: the normal suite runs it"))
struct CommutingJobsTests {
  /// Three children on four threads, each hopping to main once with `onMain`; `before` is
  /// top-level steps before the group (with a comma after), `state` the scenario's variables.
  static func scenario(onMain: String, state: String, before: String = "") throws -> Scenario {
    try TestSupport.scenario(
      json: """
        { "format": 1, "threads": 4, "state": { \(state) },
          "steps": [ \(before){ "group": "c", "count": 3, "as": "i", "steps": [
            { "onMain": [ \(onMain) ] } ] } ] }
        """)
  }

  static func search(_ scenario: Scenario, _ reduction: ExhaustiveSearch.Reduction)
    -> ExhaustiveSearch.Findings
  {
    ReductionAgreementTests.search(scenario, reduction)
  }

  @Test func sumsOnMainAtOneMomentAreNotOrdered() throws {
    let scenario = try Self.scenario(
      onMain: #"{ "add": "total", "value": "i" }, { "log": "added {i}" }"#, state: #""total": 0"#)
    let optimal = Self.search(scenario, .optimal)
    let sleepSets = Self.search(scenario, .sleepSets)
    #expect(optimal.complete && optimal.missed.isEmpty)
    // The tree is split into parts by the first arrivals before any run is judged, so each
    // child that can arrive first is one part: 3 schedules, not the 6 orders of the jobs.
    #expect(optimal.schedules == 3, "\(optimal.schedules)")
    #expect(sleepSets.schedules >= 6, "\(sleepSets.schedules)")
    #expect(
      ReductionAgreementTests.outcomes(optimal) == ReductionAgreementTests.outcomes(sleepSets))
  }

  /// Each case: the jobs' steps on main, the variables, the steps before the group, and how
  /// many outcomes every order gives (nil: not counted here).
  static let ordered:
    [(name: String, onMain: String, state: String, before: String, outcomes: Int?)] = [
      ("a value set", #"{ "set": "last", "to": "i" }"#, #""last": 0"#, "", 3),
      ("a list appended to", #"{ "add": "names", "value": "[i]" }"#, #""names": []"#, "", 6),
      (
        "a sum read in a job",
        #"{ "if": "total == 0", "then": [ { "set": "first", "to": "i" } ] }, { "add": "total", "value": "i" }"#,
        #""total": 0, "first": 0"#, "", 3
      ),
      (
        "time passing in a job", #"{ "block": 10 }, { "add": "total", "value": "now * i" }"#,
        #""total": 0"#, "", 4
      ),
      (
        "time passing after the last job's sum",
        #"{ "add": "total", "value": "now" }, { "if": "i == 3", "then": [ { "block": 10 } ] }"#,
        #""total": 0"#, "", 3
      ),
      (
        "a sum read off main", #"{ "add": "total", "value": "i" }"#, #""total": 0, "seen": -1"#,
        #"{ "task": "reader", "detached": true, "steps": [ { "set": "seen", "to": "total" } ] }, "#,
        nil
      ),
    ]

  @Test(arguments: ordered.indices)
  func jobsWhoseOrderShowsAreRunInEveryOrder(_ index: Int) throws {
    let shape = Self.ordered[index]
    let scenario = try Self.scenario(onMain: shape.onMain, state: shape.state, before: shape.before)
    let optimal = Self.search(scenario, .optimal)
    let sleepSets = Self.search(scenario, .sleepSets)
    let found = ReductionAgreementTests.outcomes(optimal)
    #expect(optimal.complete && optimal.missed.isEmpty, "\(shape.name)")
    #expect(found == ReductionAgreementTests.outcomes(sleepSets), "\(shape.name)")
    if let count = shape.outcomes { #expect(found.count == count, "\(shape.name): \(found)") }
    #expect(found.count > 1, "\(shape.name): \(found)")
  }

  /// A sum is a whole number at least 0 added to a whole number, far from the bounds: any order
  /// of such adds reaches its sum without overflow.
  @Test func onlyAddsOfWholeNumbersAtLeastZeroAreSums() {
    #expect(Value.int(5).givesOneSum(adding: .int(1)))
    #expect(Value.int(-5).givesOneSum(adding: .int(0)))
    #expect(!Value.int(5).givesOneSum(adding: .int(-1)))
    #expect(!Value.int(Int64.max - 1).givesOneSum(adding: .int(1)))
    #expect(!Value.list([]).givesOneSum(adding: .list([.int(1)])))
    #expect(!Value.string("a").givesOneSum(adding: .string("b")))
  }

  /// A reversal may take the job of a pair that arrived second and leave out the first's — a
  /// sequence main's queue cannot run (it runs jobs in the order they came), so the runs left
  /// their path (105 of 131 here, before the check). Such a pair is kept ordered in that run,
  /// and reversing its arrivals covers those orders: the search follows every path and proves
  /// the one outcome in 44 schedules (62 before jobs were paired).
  @Test func aReversalThatWouldSplitACommutingPairKeepsItOrdered() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "threads": 3, "isolation": "main", "state": { "x": 0 },
          "steps": [ { "task": "t", "detached": true, "steps": [ { "sleep": 0 } ] },
            { "group": "c", "count": 2, "as": "i", "steps": [
              { "onMain": [ { "add": "x", "value": "2" } ] } ] } ] }
        """)
    let optimal = Self.search(scenario, .optimal)
    #expect(optimal.nondeterministic == 0 && optimal.complete && optimal.missed.isEmpty)
    #expect(optimal.schedules == 44, "\(optimal.schedules)")
    let sleepSets = Self.search(scenario, .sleepSets)
    #expect(
      ReductionAgreementTests.outcomes(optimal) == ReductionAgreementTests.outcomes(sleepSets))
  }

  /// The bundled scenario whose search never finished: three downloads adding on main at one
  /// moment, about 250,000 orders of additions, one outcome.
  @Test func asyncLetDownloadsIsProvenInOneSchedule() throws {
    let findings = Self.search(try TestSupport.scenario(named: "async-let-downloads"), .optimal)
    #expect(findings.complete && findings.missed.isEmpty)
    #expect(findings.schedules == 1, "\(findings.schedules)")
  }
}
