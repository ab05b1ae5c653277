import Foundation
import LabChecks
import LabInterpreter
import LabModel

/// Looks for a schedule of the model that ends with a given `order`, as a generated scenario's
/// markers build it (`FidelityScenarios`): one append at a time, so every value `order` takes on
/// the way is a prefix of the final one. The search steps the scenario as `lab step` does, turn
/// by turn, and drops a turn at once when `order` stops being a prefix of the target. Three
/// frontiers of turns not yet stepped take turns: two step the turn whose candidate's run — that
/// candidate now, every later turn the default way — followed the target furthest (and take such
/// a run when it ends there), among equals the deepest or the preferred candidate first; the
/// third walks depth first in the order of preference (the task whose part writes the marker the
/// target needs next, the default, the others, a handler's task last), blind to where runs led.
/// Measured on scenarios the fuzzer met: each of the first two alone took about 55 s on one
/// (where the other took under a second), a depth-first walk alone 47 s on one, and the first
/// two together found nothing in 10 minutes on a third; the three together took under a second
/// on each of four. Where the challenge search would need one departure from the default order
/// for each turn a tap waits, ten or more, this finds the schedule in a few hundred turns, or
/// says it did not within its budget (6,000 turns or 30 s; one that ran out held 250 MB).
struct MarkerOrderSearch {
  let scenario: Scenario
  /// The native outcome: its `order` and the other values it must end with.
  let target: Outcome
  /// Turns the search may look at, and real seconds.
  var maxTurns = 6_000
  var maxSeconds = 30.0

  /// The schedule of a run that ends with `target`, or nil: none found within the budget (or
  /// `target` holds no `order`).
  func schedule() -> String? {
    guard case .list(let items)? = target.values.first(where: { $0.name == "order" })?.value
    else { return nil }
    let deadline = ContinuousClock.now + .seconds(maxSeconds)
    var session = StepSession(scenario, options: RunOptions(), cache: StepSession.RunCache())
    session.secondsPerAnswer = maxSeconds
    // A turn that shows nothing can decide a later choice: the search must be offered it.
    session.skipping = .alikeRuns
    let guide = Guide(target: target, items: items, handlers: Set(scenario.handlers.keys))
    let root = Node(session: session, followed: 0, place: 0, depth: 0)
    let keys = [\Node.deepest, \Node.preferred, \Node.depthFirst]
    var frontiers = keys.map { _ in [root] }
    for turn in 0..<maxTurns {
      let strategy = turn % keys.count
      let key = keys[strategy]
      guard ContinuousClock.now < deadline,
        let best = frontiers[strategy].indices.max(by: {
          frontiers[strategy][$0][keyPath: key] < frontiers[strategy][$1][keyPath: key]
        })
      else { return nil }
      var node = frontiers[strategy].remove(at: best)
      switch node.session.next() {
      case .outOfTime: return nil
      case .ended(let ending): if guide.reached(ending.outcome) { return ending.schedule }
      case .decision(let decision):
        guard let written = guide.prefixLength(decision.values) else { continue }
        if let index = decision.endings.firstIndex(where: guide.reached) {
          node.session.choose(index, at: decision)
          return node.session.schedule
        }
        let needed = written < items.count ? Guide.part(of: items[written]) : nil
        for index in decision.candidates.indices {
          var child = node.session
          child.choose(index, at: decision)
          frontiers[strategy].append(
            Node(
              session: child, followed: guide.followed(decision.endings[index]),
              place: guide.place(index, in: decision, needed: needed), depth: node.depth + 1))
        }
      }
    }
    return nil
  }

  /// A turn to step: a session's choices so far, and how far its candidate's run went.
  private struct Node {
    var session: StepSession
    var followed: Int
    /// The candidate's place in the order of preference at its turn (0 best).
    var place: Int
    var depth: Int

    /// Furthest first; then the deepest, as a depth-first walk goes on; then the preferred.
    var deepest: Key { Key(followed, depth, -place) }
    /// Furthest first; then the preferred; then the deepest.
    var preferred: Key { Key(followed, -place, depth) }
    /// The deepest first, then the preferred: a depth-first walk in the order of preference,
    /// blind to where the runs led.
    var depthFirst: Key { Key(depth, -place, followed) }
  }

  /// A node's priority, compared item by item.
  private struct Key: Comparable {
    var items: (Int, Int, Int)
    init(_ first: Int, _ second: Int, _ third: Int) { items = (first, second, third) }
    static func < (a: Key, b: Key) -> Bool { a.items < b.items }
    static func == (a: Key, b: Key) -> Bool { a.items == b.items }
  }

  /// What the search steers by: the target and the parts whose markers make it.
  private struct Guide {
    let target: Outcome
    let items: [Value]
    let handlers: Set<String>

    /// How many of the target's items `order` holds now, when it is a prefix of the target.
    func prefixLength(_ values: [(name: String, value: String)]) -> Int? {
      guard let now = values.first(where: { $0.name == "order" })?.value else { return nil }
      return (0...items.count).first { Value.list(Array(items.prefix($0))).description == now }
    }

    /// A candidate's place in the order of preference: the task of the part that writes the
    /// needed marker, the default, the others, and a handler's task (a tap not yet due) last.
    func place(_ index: Int, in decision: StepSession.Decision, needed: String?) -> Int {
      let task = decision.candidates[index].task
      let part = task.split(separator: "[").first.map(String.init) ?? task
      if let needed, part == needed { return 0 }
      if handlers.contains(part) { return 3 }
      return index == decision.preferred ? 1 : 2
    }

    /// How many of the target's items an outcome's `order` starts with.
    func followed(_ outcome: Outcome) -> Int {
      guard case .list(let ended)? = outcome.values.first(where: { $0.name == "order" })?.value
      else { return 0 }
      return zip(ended, items).prefix { $0 == $1 }.count
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
