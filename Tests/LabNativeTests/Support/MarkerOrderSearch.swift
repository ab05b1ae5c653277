import Foundation
import LabChecks
import LabInterpreter
import LabModel

/// Looks for a schedule of the model that ends with a given `order`, as a generated scenario's
/// markers build it (`FidelityScenarios`): one append at a time, so every value `order` takes on
/// the way is a prefix of the final one. The search steps the scenario as `lab step` does, turn
/// by turn, and leaves a turn at once when `order` stops being a prefix of the target; at each
/// turn it first tries the task whose part writes the marker the target needs next, then the
/// default, and a handler's task last. Where the challenge search would need one departure from
/// the default order for each turn a tap waits — eight or more in a run of a few dozen turns —
/// this finds the schedule in a few hundred turns, or says it did not within its budget.
struct MarkerOrderSearch {
  let scenario: Scenario
  /// The native outcome: its `order` and the other values it must end with.
  let target: Outcome
  /// Turns the search may look at, and real seconds.
  var maxTurns = 5_000
  var maxSeconds = 30.0

  /// The schedule of a run that ends with `target`, or nil: none found within the budget (or
  /// `target` holds no `order`).
  func schedule() -> String? {
    guard case .list(let items)? = target.values.first(where: { $0.name == "order" })?.value
    else { return nil }
    var walk = Walk(
      scenario: scenario, target: target, items: items, handlers: Set(scenario.handlers.keys),
      turnsLeft: maxTurns, deadline: .now + .seconds(maxSeconds))
    var session = StepSession(scenario, options: RunOptions(), cache: StepSession.RunCache())
    session.secondsPerAnswer = maxSeconds
    return walk.search(session)
  }

  private struct Walk {
    let scenario: Scenario
    let target: Outcome
    let items: [Value]
    let handlers: Set<String>
    var turnsLeft: Int
    let deadline: ContinuousClock.Instant

    mutating func search(_ session: StepSession) -> String? {
      guard turnsLeft > 0, ContinuousClock.now < deadline else { return nil }
      turnsLeft -= 1
      var session = session
      switch session.next() {
      case .outOfTime: return nil
      case .ended(let ending): return reached(ending.outcome) ? ending.schedule : nil
      case .decision(let decision):
        guard let written = prefixLength(decision.values) else { return nil }
        let needed = written < items.count ? Self.part(of: items[written]) : nil
        for index in order(decision, needed: needed) {
          var next = session
          next.choose(index, at: decision)
          if let schedule = search(next) { return schedule }
        }
        return nil
      }
    }

    /// How many of the target's items `order` holds now, when it is a prefix of the target.
    func prefixLength(_ values: [(name: String, value: String)]) -> Int? {
      guard let now = values.first(where: { $0.name == "order" })?.value else { return nil }
      return (0...items.count).first { Value.list(Array(items.prefix($0))).description == now }
    }

    /// The candidates to try, best first: the task of the part that writes the needed marker,
    /// the default, the others, and a handler's task (a tap not yet due in the order) last.
    func order(_ decision: StepSession.Decision, needed: String?) -> [Int] {
      func rank(_ index: Int) -> Int {
        let task = decision.candidates[index].task
        let part = task.split(separator: "[").first.map(String.init) ?? task
        if let needed, part == needed { return 0 }
        if handlers.contains(part) { return 3 }
        return index == decision.preferred ? 1 : 2
      }
      return decision.candidates.indices.sorted { (rank($0), $0) < (rank($1), $1) }
    }

    func reached(_ outcome: Outcome) -> Bool {
      target.values.allSatisfy { outcome.values.contains($0) }
        && (target.first == nil || target.first == outcome.first)
    }

    /// The part a marker belongs to: `p2` of `p2.1` and of `p2!`.
    static func part(of marker: Value) -> String? {
      guard case .string(let name) = marker else { return nil }
      return name.split(whereSeparator: { $0 == "." || $0 == "!" }).first.map(String.init)
    }
  }
}
