import LabChecks
import LabModel
import LabTestSupport
import Testing

/// A function of a shared variable reads the variable: `q.count` and a plain `q.isEmpty` (a name
/// the parser leaves for the step's place to resolve) are reads the search orders against a
/// write, so both outcomes of a task appending while the root counts are found, by the optimal
/// search as by the sleep-set search.
@Suite(.disabled(if: TestSupport.underSanitizer, "counts, not threads: the normal suite runs it"))
struct ValueFunctionReadTests {
  @Test(arguments: ["q.count", "q.isEmpty ? 0 : 1", "q.suffix(1).count", "q.joined().count"])
  func aCallOnSharedStateIsARead(_ read: String) throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "threads": 2, "state": { "q": [], "seen": 0 },
          "steps": [
            { "task": "writer", "steps": [ { "add": "q", "value": "['a']" } ] },
            { "set": "seen", "to": "\(read)" },
            { "awaitTask": "writer" } ] }
        """)
    for reduction in [ExhaustiveSearch.Reduction.optimal, .sleepSets] {
      let findings = ReductionAgreementTests.search(scenario, reduction)
      #expect(findings.complete)
      let seen = Set(
        findings.outcomes.flatMap { $0.outcome.values.filter { $0.name == "seen" }.map(\.value) })
      #expect(seen == [.int(0), .int(1)], "\(reduction): \(seen)")
    }
  }
}
