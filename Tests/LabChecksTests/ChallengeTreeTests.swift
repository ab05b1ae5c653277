import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

@Suite struct ChallengeTreeTests {
  static func racyCounter() throws -> (Scenario, Challenge) {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let challenge = try #require(scenario.challenge)
    return (scenario, challenge)
  }

  static func leaves(_ tree: ChallengeTree) -> [ChallengeTree.Leaf] {
    tree.nodes.compactMap {
      if case .leaf(let leaf) = $0 { return leaf }
      return nil
    }
  }

  /// The whole tree of racy-counter fits a page: nothing pruned, and its size stays what the
  /// docs say (a change here is a change of `StepSession`'s decisions).
  @Test func racyCounterTreeIsWholeAndHoldsThePar() throws {
    let (scenario, challenge) = try Self.racyCounter()
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: 2)
    #expect(tree.bound == nil)
    #expect(tree.pruned == 0)
    #expect(!tree.truncated)
    #expect(tree.nodes.count == 1847)
    let leaves = Self.leaves(tree)
    let reached = leaves.filter(\.reached)
    #expect(!reached.isEmpty)
    #expect(reached.map(\.departures).min() == 2)
    #expect(leaves.filter { $0.departures == 0 }.count == 1)
    // Every leaf has its own schedule: a link's #schedule=S names one path.
    #expect(Set(leaves.map(\.schedule)).count == leaves.count)
  }

  /// A leaf's schedule replays, as `lab run racy-counter --schedule S` does, to its outcome.
  @Test func aLeafsScheduleReplaysToItsOutcome() throws {
    let (scenario, challenge) = try Self.racyCounter()
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: 2)
    let identity = Schedule.identity(of: scenario, threads: nil)
    for leaf in Self.leaves(tree).filter(\.reached).prefix(3) + Self.leaves(tree).suffix(2) {
      guard case .success(let parsed) = Schedule.parse(leaf.schedule, scenario: identity) else {
        Issue.record("\(leaf.schedule) does not parse")
        continue
      }
      var options = RunOptions()
      options.chooser = parsed.replay().0
      let record = ScenarioRunner.run(scenario, options: options)
      let outcome = Outcome(of: record, observingFirst: false)
      #expect(outcome.description == leaf.outcome)
      #expect(challenge.isReached(by: outcome) == leaf.reached)
      #expect(tree.path(to: leaf.schedule) != nil)
    }
  }

  /// A tree over the limit keeps the paths within par+2 departures, then fewer; what it leaves
  /// out is marked, and the par's path is still there.
  @Test func aTreeOverTheLimitIsPrunedByDepartures() throws {
    let (scenario, challenge) = try Self.racyCounter()
    let whole = ChallengeTree.build(scenario, challenge: challenge, par: 2)
    let limits = ChallengeTree.Limits(maxNodes: whole.nodes.count - 1, maxBytes: 1_000_000)
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: 2, limits: limits)
    let bound = try #require(tree.bound)
    #expect(bound <= 4)
    #expect(tree.pruned > 0)
    #expect(!tree.truncated)
    #expect(tree.nodes.count < whole.nodes.count)
    let leaves = Self.leaves(tree)
    #expect(leaves.allSatisfy { $0.departures <= bound })
    #expect(leaves.contains { $0.reached && $0.departures == 2 })
    let prunedChoices = tree.nodes.reduce(0) { count, node in
      guard case .decision(let decision) = node else { return count }
      return count + decision.choices.filter { $0.node == nil }.count
    }
    #expect(prunedChoices == tree.pruned)
    #expect(tree.json.contains("-1"))
  }

  /// A letter with 30,000 combining marks is one character: a value is cut by its scalars too,
  /// so a node's values, and the page, stay small (fifty such values made a 2.9 MB page that a
  /// browser took 103 s to open; held-out round 30). The terminal's lines are cut the same way.
  @Test func aValueOfCombiningMarksIsCutByItsScalars() throws {
    let marks = "a" + String(repeating: "\u{301}", count: 30_000)
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "marks", "state": {"n": 0, "s": "\(marks)"}, "steps": [
          {"group": "tasks", "count": 2, "steps": [{"add": "n"}]}
        ], "expect": {"races": "expected"},
        "challenge": {"goal": "n ends at 1", "when": {"values": {"n": 1}}}}
        """)
    let challenge = try #require(scenario.challenge)
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: nil)
    #expect(tree.json.unicodeScalars.count < 200_000, "\(tree.json.unicodeScalars.count)")
    let result = ScenarioRunner.runAndCheck(scenario)
    let summary = TraceText.summary(result, hints: .lab)
    #expect(summary.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 4_000 })
  }

  /// A scenario that logs long lines in a loop between its choices makes a tree whose nodes each
  /// hold thousands of lines: each node shows its first ones and how many more there are, and the
  /// tree stays within its byte limit however the walk is cut (one such page was 9.9 MB).
  @Test func aTreeOfLoudNodesStaysWithinItsBytes() throws {
    let line = String(repeating: "x", count: 400)
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "name": "loud", "state": {"n": 0}, "steps": [
          {"group": "tasks", "count": 3, "as": "i", "steps": [
            {"repeat": 500, "steps": [{"log": "\(line)"}]},
            {"add": "n"}, {"sleep": 1}, {"add": "n"}
          ]}
        ], "expect": {"races": "expected"},
        "challenge": {"goal": "n ends at 2", "when": {"values": {"n": 2}}}}
        """)
    let challenge = try #require(scenario.challenge)
    let limits = ChallengeTree.Limits(maxNodes: 3_500, maxBytes: 200_000, maxSeconds: 10)
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: nil, limits: limits)
    #expect(!tree.nodes.isEmpty)
    #expect(tree.json.utf8.count <= 2 * limits.maxBytes, "\(tree.json.utf8.count) bytes")
    #expect(tree.nodes.allSatisfy { Self.lines($0).count <= ChallengeTree.maxLinesPerNode + 1 })
    #expect(
      tree.nodes.contains {
        Self.lines($0).last?.hasSuffix("more lines (lab step shows them all)") == true
      })
  }

  /// A tree's walks stop at the time limit: the page keeps what was walked, cut.
  @Test func aTreeStopsAtItsTimeLimit() throws {
    let scenario = try TestSupport.scenario(named: "task-group-collect")
    let challenge = try #require(scenario.challenge)
    let limits = ChallengeTree.Limits(maxNodes: 1_000_000, maxBytes: 1 << 30, maxSeconds: 0.01)
    let clock = ContinuousClock()
    let began = clock.now
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: nil, limits: limits)
    #expect(clock.now - began < .seconds(5))
    #expect(tree.truncated)
    #expect(!tree.nodes.isEmpty)
  }

  static func lines(_ node: ChallengeTree.Node) -> [String] {
    switch node {
    case .decision(let decision): decision.lines
    case .leaf(let leaf): leaf.lines
    }
  }

  /// A goal that names the first task to finish is graded with that task known, even in a tree so
  /// over the limit that not even the par's bound fits: every leaf's mark is its replay's.
  @Test func aTruncatedTreeGradesAFirstToFinishGoalAsItsReplays() throws {
    let scenario = try TestSupport.scenario(named: "task-group-collect")
    let challenge = try #require(scenario.challenge)
    #expect(challenge.when.first != nil)
    let limits = ChallengeTree.Limits(maxNodes: 150, maxBytes: 1_000_000)
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: 1, limits: limits)
    #expect(tree.truncated)
    let identity = Schedule.identity(of: scenario, threads: nil)
    let leaves = Self.leaves(tree)
    #expect(leaves.contains { $0.reached })
    for leaf in leaves {
      guard case .success(let parsed) = Schedule.parse(leaf.schedule, scenario: identity) else {
        Issue.record("\(leaf.schedule) does not parse")
        continue
      }
      var options = RunOptions()
      options.chooser = parsed.replay().0
      let outcome = Outcome(
        of: ScenarioRunner.run(scenario, options: options), observingFirst: true)
      #expect(challenge.isReached(by: outcome) == leaf.reached, "\(leaf.schedule)")
    }
  }

  /// Strings are stored once: the encoded tree is smaller than its texts written out per node.
  @Test func theJSONStoresEachTextOnce() throws {
    let (scenario, challenge) = try Self.racyCounter()
    let tree = ChallengeTree.build(scenario, challenge: challenge, par: 2)
    let json = tree.json
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let strings = try #require(object["strings"] as? [String])
    #expect(Set(strings).count == strings.count)
    #expect((object["nodes"] as? [Any])?.count == tree.nodes.count)
  }
  /// Sessions that share their runs answer as sessions that run each afresh, with fewer runs.
  @Test func sharedRunsAnswerAsFreshOnes() throws {
    let (scenario, _) = try Self.racyCounter()
    let cache = StepSession.RunCache()
    var fresh = StepSession(scenario, options: RunOptions())
    var shared = StepSession(scenario, options: RunOptions(), cache: cache)
    var picks = 0
    while true {
      switch (fresh.next(), shared.next()) {
      case (.decision(let one), .decision(let other)):
        #expect(one.lines == other.lines)
        #expect(one.candidates == other.candidates)
        #expect(one.preferred == other.preferred)
        // Another task than the default at every other point, to leave the default's runs.
        let index = picks % 2 == 0 ? (one.preferred + 1) % one.candidates.count : one.preferred
        fresh.choose(index, at: one)
        shared.choose(index, at: other)
        picks += 1
      case (.ended(let one), .ended(let other)):
        #expect(one.lines == other.lines)
        #expect(one.schedule == other.schedule)
        #expect(fresh.departures == shared.departures)
        #expect(picks > 3)
        #expect(cache.made < picks * 2)
        return
      default:
        Issue.record("the sessions parted at choice \(picks)")
        return
      }
    }
  }
}
