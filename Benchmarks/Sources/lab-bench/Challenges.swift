import LabChecks
import LabModel

/// Challenges: the par search of racy-counter's farthest goal (counter = 2, four choices against
/// the default order), which `lab check` and `lab challenge` run, and the tree of every decision a
/// challenge page carries (racy-counter's whole tree), which `lab site` builds.
@MainActor func challengeRows(_ scenarios: [Scenario]) -> [Row] {
  var rows: [Row] = []
  if let racy = scenarios.first(where: { $0.name == "racy-counter" }), let goal = racy.challenge {
    var farthest = goal
    farthest.when = OutcomeCondition(values: [ValueCondition("counter", .equals(.int(2)))])
    var runs = 0
    let search = median { runs = ChallengeSearch(racy, challenge: farthest).run().runs }
    rows.append(
      Row(
        name: "challenge par: racy-counter to counter = 2 (\(runs) runs)", virtual: search,
        real: nil, unit: "s"))
    var nodes = 0
    let tree = median { nodes = ChallengeTree.build(racy, challenge: goal, par: 2).nodes.count }
    rows.append(
      Row(
        name: "challenge page: racy-counter's whole tree (\(nodes) nodes)", virtual: tree,
        real: nil, unit: "s"))
  }
  return rows
}
