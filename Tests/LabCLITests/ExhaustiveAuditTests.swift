import Foundation
import LabTestSupport
import Testing

/// A search that ends by itself is audited by seeded runs (`ExhaustiveSearch.audit`): where a
/// seed reaches an outcome no schedule did, `lab explore --exhaustive` says the search is no
/// proof, names the seed that replays the outcome, in text and JSON, and exits 1; `lab check`
/// fails the scenario. The scenario is a known defect of the search's model (docs/exploration.md).
@Suite struct ExhaustiveAuditTests {
  typealias ScratchFile = ExhaustiveBudgetTests.ScratchFile

  @Test func aSeedThatReachesMoreMakesTheSearchNoProof() throws {
    let file = try ScratchFile("missed", TestSupport.missedOutcomeScenario(mainTaskLocks: true))
    let text = InProcessLab.run(["explore", file.path, "--exhaustive", "--max-seconds", "600"])
    #expect(text.status == 1, "\(text.err)")
    let lines = text.out.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst().first?.hasPrefix("not a proof: 94 distinct interleavings") == true)
    #expect(!text.out.contains("these are all the outcomes"))
    #expect(
      text.out.contains(
        #"✗ seed 5 reached an outcome no schedule did: order = ["p3.1", "p2.2", "p3.2", "p1.1"]"#))
    #expect(text.out.contains("lab run \(file.path) --seed 5"))

    let json = InProcessLab.run([
      "explore", file.path, "--exhaustive", "--max-seconds", "600", "--format", "json",
    ])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(document["complete"] as? Bool == false)
    #expect(document["passed"] as? Bool == false)
    #expect(document["stopped_by"] is NSNull)
    let missed = try #require(document["missed"] as? [[String: Any]])
    #expect(missed.count == 3)
    #expect(
      missed.first?["outcome"] as? String == #"order = ["p3.1", "p2.2", "p3.2", "p1.1"]"#)
  }

  /// The optimal search `lab check` runs misses an outcome of the smaller scenario: the check
  /// fails, and says which seed reaches what no schedule did.
  @Test func checkFailsASearchThatIsNoProof() throws {
    let rules = #"[{"grade": "acceptable", "reason": "any order of the three"}]"#
    let file = try ScratchFile(
      "missed", TestSupport.missedOutcomeScenario(mainTaskLocks: false, rules: rules))
    let result = InProcessLab.run(["check", file.path])
    #expect(result.status == 1, "\(result.out)\(result.err)")
    #expect(
      result.out.contains(
        #"every schedule: not a proof: seed 5 reached order = ["p3.1", "p3.2", "p1.1"], which none of"#
      ),
      "\(result.out)")
  }

  /// A search the model gets right passes its audit: every outcome 64 seeds reach is one of the
  /// proof's.
  @Test func aSoundSearchPassesItsAudit() {
    let result = InProcessLab.run(["explore", "racy-counter", "--exhaustive"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("these are all the outcomes"))
    #expect(!result.out.contains("not a proof"))
  }
}
