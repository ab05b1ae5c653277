import Foundation
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel

/// An exhaustive search proves its outcomes under sequential consistency; a scenario that races
/// can do more on real hardware, so its report says so, and the JSON says what every search
/// assumes and whether this one raced.
struct ExhaustiveAssumptionsTests {
  /// Words as they are: the assertions read the text, not a terminal's colours.
  private struct Plain: ReportPainter {
    func mark(_ text: String, _ mark: ReportMark) -> String { text }
  }

  private static let note =
    "proven under sequential consistency; this scenario races, so real hardware\n"
    + "can do more: docs/exploration.md#what-the-proof-assumes\n"

  private func search(_ name: String, preemptions: Int? = nil) throws
    -> (findings: ExhaustiveSearch.Findings, scenario: Scenario)
  {
    let scenario = try TestSupport.scenario(named: name)
    var budget = ExhaustiveSearch.Budget(maxSchedules: 20_000)
    budget.preemptions = preemptions
    return (ExhaustiveSearch(scenario, options: RunOptions(), budget: budget).run(), scenario)
  }

  private func report(_ name: String, _ findings: ExhaustiveSearch.Findings, _ scenario: Scenario)
    -> String
  {
    findings.report(
      argument: name, rules: scenario.expect.outcomes, hints: HintCommand("lab"), Plain())
  }

  private func json(_ name: String, _ findings: ExhaustiveSearch.Findings, _ scenario: Scenario)
    throws -> [String: Any]
  {
    let text = findings.json(
      argument: name, threads: scenario.threads, rules: scenario.expect.outcomes,
      hints: HintCommand("lab"))
    return try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  /// racy-counter races in every schedule: the note follows the coverage line, within 80
  /// columns, and the JSON says the outcomes assume sequential consistency and the scenario races.
  @Test func aRacyScenariosReportSaysWhatTheProofAssumes() throws {
    let (findings, scenario) = try search("racy-counter")
    #expect(findings.complete)
    let text = report("racy-counter", findings, scenario)
    #expect(text.contains("\(findings.coverage)\n\(Self.note)\n  grade"), "\(text)")
    #expect(findings.assumptionNote(.lab).split(separator: "\n").allSatisfy { $0.count <= 80 })
    let document = try json("racy-counter", findings, scenario)
    #expect(document["assumes"] as? String == "sequential consistency")
    #expect(document["races"] as? Bool == true)
  }

  /// actor-reentrancy's shared state is an actor's: no schedule races, so no note, and
  /// `"races": false` beside the same assumption.
  @Test func aRaceFreeScenariosReportHasNoNote() throws {
    let (findings, scenario) = try search("actor-reentrancy")
    #expect(findings.complete)
    let text = report("actor-reentrancy", findings, scenario)
    #expect(!text.contains("sequential consistency"), "\(text)")
    #expect(text.contains("\(findings.coverage)\n\n  grade"), "\(text)")
    let document = try json("actor-reentrancy", findings, scenario)
    #expect(document["assumes"] as? String == "sequential consistency")
    #expect(document["races"] as? Bool == false)
  }

  /// A search its preemption bound cut short proves nothing: what it found is "found", not
  /// "proven", under the same assumption.
  @Test func anIncompleteSearchOfARacyScenarioSaysFoundNotProven() throws {
    let (findings, scenario) = try search("racy-counter", preemptions: 1)
    #expect(!findings.complete)
    let text = report("racy-counter", findings, scenario)
    #expect(text.contains("\nfound under sequential consistency; this scenario races"), "\(text)")
    #expect(!text.contains("proven"), "\(text)")
  }
}
