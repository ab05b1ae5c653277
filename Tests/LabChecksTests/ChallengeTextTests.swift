import LabChecks
import LabModel
import LabTestSupport
import Testing

/// What `lab challenge` prints of a course's goal and hint: a goal of 60,000 letters was a line
/// of 60,000 at every choice (181 KB for one key). Each is cut to a few lines, every line to the
/// terminal's width or a diagnostic's longest.
@Suite struct ChallengeTextTests {
  @Test func aLongGoalAndHintAreCut() throws {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let long = String(repeating: "x", count: 60_000)
    let words = Array(repeating: "word", count: 15_000).joined(separator: " ")
    for text in [long, words] {
      let challenge = Challenge(
        goal: text, when: OutcomeCondition(values: [ValueCondition("counter", .equals(.int(4)))]),
        hint: text)
      for shown in [
        ChallengeText.intro(scenario, challenge, par: 1),
        ChallengeText.goal(challenge, par: 1, departures: 0), ChallengeText.help(challenge),
      ] {
        let lines = shown.split(separator: "\n")
        #expect(shown.utf8.count < 2_000, "\(shown.utf8.count)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.map(\.count).max() ?? 0)")
      }
    }
  }
}
