import LabTestSupport
import Testing

@testable import LabModel

/// An outcome rule that can never grade anything is a warning where it is written, with its
/// place in the file, instead of a failure found only by a search of every schedule.
@Suite struct OutcomeRuleCheckerTests {
  /// A scenario with `counter`, `names` and a group `adders`, and these rules.
  static func warnings(_ rules: String) throws -> [String] {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "w", "title": "w", "threads": 2,
          "state": { "counter": 0, "names": [] },
          "steps": [ { "group": "adders", "count": 2, "steps": [ { "add": "counter" } ] } ],
          "expect": { "outcomes": [
            \(rules),
            { "grade": "forbidden", "reason": "anything else" } ] } }
        """, file: "w.json")
    return scenario.warnings.map(\.description)
  }

  @Test func aValueOfAnotherKindThanItsVariableNeverMatches() throws {
    let found = try Self.warnings(
      #"{ "when": { "values": { "counter": "6" } }, "grade": "acceptable", "reason": "r" }"#)
    #expect(
      found == [
        "w.json:5:29: warning: this rule never matches: 'counter' holds a number (it starts as 0), "
          + "never text such as \"6\"; write the value as a number "
          + "(at expect.outcomes[0].when.values.counter)"
      ])
  }

  @Test func aListsFormOnAVariableThatHoldsNoListNeverMatches() throws {
    let found = try Self.warnings(
      #"{ "when": { "values": { "counter": { "contains": 1 } } }, "grade": "acceptable", "reason": "r" }"#
    )
    #expect(found.count == 1)
    #expect(found.first?.contains("'counter' holds a number (it starts as 0), not a list") == true)
  }

  @Test func aFirstTaskNoStepStartsNeverMatchesAndTheNearestIsNamed() throws {
    let found = try Self.warnings(
      #"{ "when": { "first": "adder[1]" }, "grade": "acceptable", "reason": "r" }"#)
    #expect(found.count == 1)
    #expect(
      found.first?.contains(
        "no step starts a task named 'adder[1]'; did you mean 'adders'?") == true)
  }

  @Test func aRuleAfterOneThatTakesItsOutcomesNeverGrades() throws {
    let found = try Self.warnings(
      """
      { "when": { "race": true }, "grade": "interesting", "reason": "a" },
      { "when": { "race": true, "values": { "counter": 1 } }, "grade": "acceptable", "reason": "b" }
      """)
    #expect(found.count == 1)
    #expect(
      found.first?.contains(
        "this rule never grades anything: outcomes[0] before it already takes every outcome")
        == true)
    #expect(found.first?.hasPrefix("w.json:6:") == true)
  }

  @Test func rulesThatCanMatchAreQuiet() throws {
    let found = try Self.warnings(
      """
      { "when": { "values": { "counter": 2, "names": { "count": 0 } } }, "grade": "acceptable", "reason": "a" },
      { "when": { "first": "adders[2]" }, "grade": "interesting", "reason": "b" }
      """)
    #expect(found.isEmpty, "\(found)")
  }

  @Test(arguments: TestSupport.scenarioPaths)
  func noBundledScenarioHasARuleThatCannotMatch(_ path: String) throws {
    #expect(try TestSupport.scenario(path).warnings.isEmpty)
  }
}
