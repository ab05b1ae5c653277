import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

@Suite struct ChallengeSearchTests {
  static func racyCounter(reaching counter: Int) throws -> (Scenario, Challenge) {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let challenge = Challenge(
      goal: "counter ends at \(counter)",
      when: OutcomeCondition(values: [ValueCondition("counter", .equals(.int(Int64(counter))))]))
    return (scenario, challenge)
  }

  /// racy-counter's two tasks add three times each: the default order loses nothing, one switch
  /// between a read and its write loses three adds, and the worst case takes four.
  @Test(
    arguments: [
      (6, nil), (5, 2), (4, 2), (3, 1), (2, 4),
    ] as [(Int, Int?)])
  func racyCounterPars(counter: Int, par: Int?) throws {
    let (scenario, challenge) = try Self.racyCounter(reaching: counter)
    let result = ChallengeSearch(scenario, challenge: challenge).run()
    guard let par else {
      #expect(result.verdict == .reachedByDefault(schedule: "3-8d4eb6--51"))
      return
    }
    guard case .par(let choices, let schedule) = result.verdict else {
      Issue.record("counter \(counter): \(result.verdict)")
      return
    }
    #expect(choices == par)
    // The par's schedule replays to the goal, as `lab run racy-counter --schedule S` does.
    let record = try #require(TestSupport.replay(schedule, of: scenario))
    #expect(challenge.isReached(by: Outcome(of: record, observingFirst: false)))
  }

  @Test func aGoalNoScheduleReachesIsProvenUnreachable() throws {
    let (scenario, challenge) = try Self.racyCounter(reaching: 1)
    let result = ChallengeSearch(scenario, challenge: challenge).run()
    #expect(result.verdict == .unreachable)
  }

  @Test func aSmallBudgetSaysItDoesNotKnow() throws {
    let (scenario, challenge) = try Self.racyCounter(reaching: 2)
    let budget = ChallengeSearch.Budget(maxRuns: 20, maxChoices: 6, maxSeconds: 60)
    let result = ChallengeSearch(scenario, challenge: challenge, budget: budget).run()
    #expect(result.verdict == .unknown)
    #expect(result.runs == 20)
  }

  /// Each run gets what is left of the search's seconds as its own timeout: a run that starts
  /// late cannot carry the search past its budget (here each run would take 4 s, the default
  /// run ends at 4 and the next, started then, is cut at 5 — not at 8).
  @Test func aRunStartedLateKeepsToTheSearchsBudget() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "long-runs", "title": "t", "summary": "s", "threads": 2,
          "state": { "counter": 0, "x": 0 },
          "steps": [ { "group": "adders", "count": 2, "steps": [
            { "add": "counter" },
            { "repeat": 100000000, "steps": [ { "set": "x", "to": "x + 1" } ] } ] } ] }
        """)
    let challenge = Challenge(
      goal: "unreachable",
      when: OutcomeCondition(values: [ValueCondition("counter", .equals(.int(-1)))]))
    var options = RunOptions()
    options.limits.runtime.wallClockSeconds = 4
    options.limits.interpreter.maxEvents = .max
    options.limits.interpreter.maxSteps = .max
    options.limits.interpreter.maxTraceBytes = .max
    let budget = ChallengeSearch.Budget(maxRuns: 100, maxChoices: 6, maxSeconds: 5)
    let result = ChallengeSearch(scenario, challenge: challenge, options: options, budget: budget)
      .run()
    #expect(result.verdict == .unknown)
    #expect(result.runs == 2)
    #expect(result.seconds < 7, "the search took \(result.seconds) s of its 5")
  }

  /// The search says, before each run, how many choices it tries and how many runs it made.
  @Test func theSearchTellsItsProgressBeforeEachRun() throws {
    let (scenario, challenge) = try Self.racyCounter(reaching: 2)
    var heard: [(choices: Int, runs: Int)] = []
    let result = ChallengeSearch(scenario, challenge: challenge).run { heard.append(($0, $1)) }
    #expect(heard.count == result.runs)
    #expect(heard.map(\.runs) == Array(0..<result.runs))
    #expect(heard.first?.choices == 0)
    #expect(heard.last?.choices == 4)
    #expect(zip(heard, heard.dropFirst()).allSatisfy { $0.choices <= $1.choices })
  }
}

/// Every challenge of the curriculum can be played: the search finds its par, at least one
/// choice, within the standard budget.
@Suite struct BundledChallengeTests {
  static let challenges: [String] = ScenarioCatalog(root: TestSupport.packageRoot)
    .allScenarioFiles().compactMap { url in
      guard let scenario = try? ScenarioLoader.load(path: url.path), scenario.challenge != nil
      else { return nil }
      return scenario.name
    }

  @Test func theCurriculumHasChallenges() {
    #expect(Self.challenges.contains("racy-counter"))
    #expect(Self.challenges.count >= 3)
  }

  @Test(arguments: challenges) func itsParIsFound(_ name: String) throws {
    let scenario = try TestSupport.scenario(named: name)
    let challenge = try #require(scenario.challenge)
    let result = ChallengeSearch(scenario, challenge: challenge).run()
    guard case .par(let choices, _) = result.verdict else {
      Issue.record("\(name): \(result.verdict) after \(result.runs) runs")
      return
    }
    #expect(choices >= 1)
  }
}
