import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// Every way a learner can play a scenario's challenge in `lab step`, computed once so that a
/// static page can be the scheduler with no interpreter of its own: the tree of `StepSession`'s
/// decisions, each node what the terminal shows at that point (the trace lines since the last
/// choice, the shared values, the tasks that could run with the step each would take), each leaf
/// how the run ended, whether it reaches the goal, its departures from the default order (the
/// par's measure) and its schedule for `lab run NAME --schedule S`.
///
/// A page has a size limit (`Limits`). A tree over it is pruned by departures: only the paths
/// that leave the default order at most par+2 times are kept, then par+1, then par; a candidate
/// that would go further is kept as a button whose branch is `nil` ("not in this page"). The
/// par's own path is always within the bound, so the goal can always be reached on the page.
public struct ChallengeTree: Sendable {
  /// A candidate at a decision: the task, the step it would run next, and where it leads.
  public struct Choice: Sendable, Equatable {
    public var task: String
    public var next: String
    /// The node it leads to; nil when the branch was pruned.
    public var node: Int?
  }

  public enum Node: Sendable {
    case decision(Decision)
    case leaf(Leaf)
  }

  public struct Decision: Sendable {
    public var lines: [String]
    public var values: [String]
    public var choices: [Choice]
    /// The index of the default choice (Enter's in `lab step`).
    public var preferred: Int
  }

  public struct Leaf: Sendable {
    public var lines: [String]
    public var values: [String]
    /// The outcome as a histogram row shows it: `counter = 4 · race`.
    public var outcome: String
    public var reached: Bool
    /// Choices that took another task than the default, as the par counts them.
    public var departures: Int
    public var schedule: String
  }

  /// The most a page may hold, and the longest its tree may take to build: a bigger tree is
  /// pruned (see the type's comment), and one still too big or too slow is cut where the limit
  /// met it.
  public struct Limits: Sendable {
    public var maxNodes: Int
    /// Of the encoded tree (`json`), before it is escaped into the page.
    public var maxBytes: Int
    /// Real seconds for every walk together.
    public var maxSeconds: Double

    /// About a megabyte, a page a phone loads in a second or two, built in at most 30 s.
    public static let standard = Limits(maxNodes: 3_500, maxBytes: 1_000_000)

    public init(maxNodes: Int, maxBytes: Int, maxSeconds: Double = 30) {
      self.maxNodes = maxNodes
      self.maxBytes = maxBytes
      self.maxSeconds = maxSeconds
    }
  }

  /// The most trace lines one node shows, and the most bytes of them: a run that prints
  /// thousands of lines between two choices shows its first ones and says how many it left out
  /// (`lab step` shows them all).
  package static let maxLinesPerNode = 200
  static let maxLineBytesPerNode = 32 * 1024

  /// The nodes, the root first; a choice's `node` indexes them.
  public private(set) var nodes: [Node] = []
  /// The most departures a kept path has; nil when nothing was pruned.
  public private(set) var bound: Int?
  /// How many branches the bound left out.
  public private(set) var pruned = 0
  /// Whether the node limit cut the tree even at the tightest bound (the par's path may be
  /// missing); never so for the bundled challenges, whose trees fit.
  public private(set) var truncated = false

  /// The tree of `scenario`'s challenge, pruned to fit `limits` when it must. `par` is the
  /// search's par (`ChallengeSearch`): the tightest bound a pruned tree keeps.
  public static func build(
    _ scenario: Scenario, challenge: Challenge, par: Int?, options: RunOptions = RunOptions(),
    limits: Limits = .standard
  ) -> ChallengeTree {
    var options = options
    options.mode = .virtual
    // Every bound walks the same runs again: they are made once. The bounds go up from the par's
    // own, so a walk that does not fit is the last one made: a tree too big for the page costs
    // one walk to the limit, not one per bound.
    let cache = StepSession.RunCache()
    let bounds: [Int?] = par.map { par in [par, par + 1, par + 2, nil] } ?? [nil]
    let observesFirst = challenge.observesFirst(rules: scenario.expect.outcomes)
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(limits.maxSeconds)
    var fitted: ChallengeTree?
    for bound in bounds {
      var builder = Builder(
        challenge: challenge, bound: bound, limits: limits, deadline: deadline,
        observesFirst: observesFirst)
      guard builder.walk(StepSession(scenario, options: options, cache: cache)) != nil,
        Builder.cost([builder.tree.json]) <= limits.maxBytes
      else { break }
      fitted = builder.tree
      // Nothing left out: the tree is whole, and a looser bound would walk it again.
      if builder.tree.pruned == 0 {
        fitted?.bound = nil
        break
      }
    }
    if let fitted { return fitted }
    // Even the par's bound is too big, or the walks took their time: keep the nodes that fit,
    // the default's path first, in a tenth of the time again.
    var builder = Builder(
      challenge: challenge, bound: par ?? 0, limits: limits,
      deadline: max(deadline, clock.now + .seconds(limits.maxSeconds / 10)),
      observesFirst: observesFirst)
    builder.cutting = true
    _ = builder.walk(StepSession(scenario, options: options, cache: cache))
    var tree = builder.tree
    tree.truncated = true
    return tree
  }

  /// The leaf a schedule string ends at, and the choice indices that lead there from the root.
  public func path(to schedule: String) -> [Int]? {
    func search(_ index: Int) -> [Int]? {
      switch nodes[index] {
      case .leaf(let leaf): return leaf.schedule == schedule ? [] : nil
      case .decision(let decision):
        for (position, choice) in decision.choices.enumerated() {
          if let node = choice.node, let rest = search(node) { return [position] + rest }
        }
        return nil
      }
    }
    return nodes.isEmpty ? nil : search(0)
  }

  /// Walks the sessions depth first, the default choice first at each decision.
  private struct Builder {
    let challenge: Challenge
    let bound: Int?
    let limits: Limits
    let deadline: ContinuousClock.Instant
    let observesFirst: Bool
    /// Past a limit, prune instead of giving up.
    var cutting = false
    var tree = ChallengeTree()
    /// About what the nodes so far take in `json`: their text, and a little for each string.
    var bytes = 0

    init(
      challenge: Challenge, bound: Int?, limits: Limits, deadline: ContinuousClock.Instant,
      observesFirst: Bool
    ) {
      self.challenge = challenge
      self.bound = bound
      self.limits = limits
      self.deadline = deadline
      self.observesFirst = observesFirst
      tree.bound = bound
    }

    /// The node `session` is at, added with everything under it; nil when a limit was met.
    mutating func walk(_ start: StepSession) -> Int? {
      var session = start
      let index = tree.nodes.count
      guard index < limits.maxNodes, bytes < limits.maxBytes, ContinuousClock.now < deadline
      else { return nil }
      switch session.next() {
      case .outOfTime:
        return nil
      case .ended(let ending):
        let outcome =
          observesFirst
          ? Outcome(of: ending.result.record, observingFirst: true) : ending.outcome
        let lines = Self.shown(ending.lines)
        let values = outcome.values.map { Self.clipped("\($0.name) = \($0.value.description)") }
        let label = Self.clipped(ending.outcome.description)
        bytes += Self.cost(lines) + Self.cost(values) + Self.cost([label, ending.schedule]) + 100
        tree.nodes.append(
          .leaf(
            Leaf(
              lines: lines,
              values: values,
              outcome: label, reached: challenge.isReached(by: outcome),
              departures: session.departures, schedule: ending.schedule)))
      case .decision(let decision):
        let lines = Self.shown(decision.lines)
        let values = decision.values.map { Self.clipped("\($0.name) = \($0.value)") }
        bytes +=
          Self.cost(lines) + Self.cost(values) + Self.cost(decision.candidates.map(\.next)) + 100
        tree.nodes.append(
          .decision(
            Decision(
              lines: lines, values: values,
              choices: decision.candidates.map { Choice(task: $0.task, next: $0.next, node: nil) },
              preferred: decision.preferred)))
        let order =
          [decision.preferred] + decision.candidates.indices.filter { $0 != decision.preferred }
        for position in order {
          let departs = position != decision.preferred
          if let bound, departs, session.departures >= bound {
            tree.pruned += 1
            continue
          }
          var child = session
          child.choose(position, at: decision)
          guard let node = walk(child) else {
            guard cutting else { return nil }
            tree.pruned += 1
            continue
          }
          guard case .decision(var kept) = tree.nodes[index] else { continue }
          kept.choices[position].node = node
          tree.nodes[index] = .decision(kept)
        }
      }
      return index
    }

    /// The lines a node shows: the first `maxLinesPerNode` within `maxLineBytesPerNode`, and a
    /// line that says how many more there are.
    static func shown(_ lines: [String]) -> [String] {
      var kept: [String] = []
      var bytes = 0
      for line in lines {
        bytes += line.utf8.count
        guard kept.count < maxLinesPerNode, bytes <= maxLineBytesPerNode else { break }
        kept.append(line)
      }
      guard kept.count < lines.count else { return lines }
      return kept + ["… \(lines.count - kept.count) more lines (lab step shows them all)"]
    }

    /// A value as a node shows it: at most 2,000 characters of it, and 8,000 Unicode scalars (a
    /// letter with 30,000 combining marks is one character: cut by characters alone, fifty such
    /// values made a 2.9 MB page that took a browser 103 s to open).
    static func clipped(_ text: String) -> String {
      cut(text, toWidth: 2_000)
    }

    /// What `strings` take on the page: their bytes, and five more for each `<`, `>` and `&`,
    /// which the page's script holds as `\u003c` (a value of 60,000 `<` was 360 KB there).
    static func cost(_ strings: [String]) -> Int {
      strings.reduce(0) { total, string in
        total + 4
          + string.utf8.reduce(0) { sum, byte in
            sum
              + (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
                ? 6 : 1)
          }
      }
    }
  }
}
