import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// `lab explore --exhaustive` against the brute-force oracle: on scenarios whose shared-memory
/// events the oracle models one for one, the search must be complete, run exactly one schedule
/// per Mazurkiewicz class (optimal: no two schedules that only swap commuting events), and end
/// with exactly the values some interleaving ends with (sound and complete).
/// Counts, not threads: skipped under ThreadSanitizer, whose slowdown makes its largest searches
/// crowd out the suites that test threads; the normal suite runs it.
@Suite(.disabled(if: TestSupport.underSanitizer, "counts, not threads: the normal suite runs it"))
struct ExhaustiveOracleTests {
  typealias Values = InterleavingOracle.Memory

  /// Far above what any of these scenarios needs: the largest has 7,134 classes, which an
  /// optimal search runs in about 12 s in a debug build (1.7 ms a schedule), so only a search
  /// that runs far more schedules than classes is stopped, by the time bound, and the test
  /// run is not held for long.
  static let budget = ExhaustiveSearch.Budget(
    maxSchedules: 1_000_000, maxSeconds: 120, maxMemoryBytes: nil)

  static func explore(_ json: String) throws -> ExhaustiveSearch.Findings {
    ExhaustiveSearch(try TestSupport.scenario(json: json), options: RunOptions(), budget: budget)
      .run()
  }

  /// The final integer values of `names` in each outcome the search found.
  static func outcomes(_ findings: ExhaustiveSearch.Findings, _ names: [String]) -> Set<Values> {
    Set(
      findings.outcomes.map { found in
        var values: Values = [:]
        for named in found.outcome.values where names.contains(named.name) {
          if case .int(let value) = named.value { values[named.name] = value }
        }
        return values
      })
  }

  /// What the search found and what the oracle says, side by side, for a failure's message.
  static func compare(
    _ findings: ExhaustiveSearch.Findings, _ explored: Set<Values>,
    _ oracle: InterleavingOracle.Result, _ expected: Set<Values>,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let seen =
      "explorer: \(findings.schedules) schedules, \(findings.redundant) cut short, complete "
      + "\(findings.complete), outcomes \(InterleavingOracle.Result.text(explored)); "
      + "oracle: \(oracle)"
    #expect(findings.complete, "\(seen)", sourceLocation: sourceLocation)
    #expect(findings.schedules == oracle.classes, "\(seen)", sourceLocation: sourceLocation)
    #expect(explored == expected, "\(seen)", sourceLocation: sourceLocation)
    #expect(
      findings.outcomes.allSatisfy { $0.outcome.ending == .finished }, "\(seen)",
      sourceLocation: sourceLocation)
  }

  // MARK: - Family 1: unlocked adds on one counter

  static func counterScenario(children: Int, adds: Int) -> String {
    let steps = Array(repeating: #"{ "add": "counter" }"#, count: adds).joined(separator: ", ")
    return """
      { "format": 1, "threads": \(children), "state": { "counter": 0 },
        "steps": [ { "group": "adders", "count": \(children), "steps": [ \(steps) ] } ] }
      """
  }

  @Test(arguments: [(1, 1), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1)])
  func addsOnOneCounterRunOneScheduleAClass(children: Int, adds: Int) throws {
    let findings = try Self.explore(Self.counterScenario(children: children, adds: adds))
    let oracle = InterleavingOracle.counter(children: children, adds: adds).run()
    Self.compare(findings, Self.outcomes(findings, ["counter"]), oracle, oracle.outcomes)
  }

  // MARK: - Family 2: crosswise writes and reads of two variables

  static func crosswiseScenario(_ shape: InterleavingOracle.Crosswise) -> String {
    let (first, second) =
      switch shape {
      case .storeBuffering:
        (
          #"{ "set": "x", "to": 1 }, { "set": "seenByA", "to": "y" }"#,
          #"{ "set": "y", "to": 1 }, { "set": "seenByB", "to": "x" }"#
        )
      case .messagePassing:
        (
          #"{ "set": "x", "to": 1 }, { "set": "y", "to": 1 }"#,
          #"{ "set": "seenY", "to": "y" }, { "set": "seenX", "to": "x" }"#
        )
      }
    let state = shape.variables.map { "\"\($0)\": 0" }.joined(separator: ", ")
    return """
      { "format": 1, "threads": 2, "state": { \(state) },
        "steps": [
          { "asyncLet": "a", "steps": [ \(first) ] },
          { "asyncLet": "b", "steps": [ \(second) ] },
          { "await": ["a", "b"] } ] }
      """
  }

  @Test(arguments: InterleavingOracle.Crosswise.allCases)
  func crosswiseReadsRunOneScheduleAClass(_ shape: InterleavingOracle.Crosswise) throws {
    let findings = try Self.explore(Self.crosswiseScenario(shape))
    let oracle = InterleavingOracle.crosswise(shape).run()
    Self.compare(findings, Self.outcomes(findings, shape.variables), oracle, oracle.outcomes)
  }

  // MARK: - Family 3: calls on one actor

  static func actorScenario(tasks: Int, calls: Int) -> String {
    let steps = Array(repeating: #"{ "actorCall": "Counter.increment" }"#, count: calls)
      .joined(separator: ", ")
    return """
      { "format": 1, "threads": \(tasks), "state": { "total": 0 },
        "actors": { "Counter": { "state": { "value": 0 }, "methods": {
          "increment": { "params": [], "steps": [ { "add": "value" } ] },
          "get": { "params": [], "steps": [ { "return": "value" } ] } } } },
        "steps": [
          { "group": "callers", "count": \(tasks), "steps": [ \(steps) ] },
          { "actorCall": "Counter.get", "as": "n" }, { "set": "total", "to": "n" } ] }
      """
  }

  /// The root reads the actor's value into `total` after the group's wait, so after every
  /// call: one more event, ordered after all the others, which adds no class.
  @Test(arguments: [(2, 1), (3, 1), (2, 2), (3, 2)])
  func actorCallsRunOneScheduleAClass(tasks: Int, calls: Int) throws {
    let findings = try Self.explore(Self.actorScenario(tasks: tasks, calls: calls))
    let oracle = InterleavingOracle.actorCalls(tasks: tasks, calls: calls).run()
    let expected = Set(oracle.outcomes.map { ["total": $0["value"]!] })
    Self.compare(findings, Self.outcomes(findings, ["total"]), oracle, expected)
  }

  // MARK: - Family 4: adds inside one lock

  static func lockScenario(tasks: Int) -> String {
    """
    { "format": 1, "threads": \(tasks), "state": { "counter": 0 },
      "steps": [ { "group": "adders", "count": \(tasks), "steps": [
        { "withLock": "l", "steps": [ { "add": "counter" } ] } ] } ] }
    """
  }

  @Test(arguments: [2, 3])
  func lockedAddsRunOneScheduleAClass(tasks: Int) throws {
    let findings = try Self.explore(Self.lockScenario(tasks: tasks))
    let oracle = InterleavingOracle.lockedAdds(tasks: tasks).run()
    Self.compare(findings, Self.outcomes(findings, ["counter"]), oracle, oracle.outcomes)
  }

  // MARK: - Family 5: reads of top-level state from anywhere, while a new task writes it

  static func readTwiceScenario(
    _ place: InterleavingOracle.ReaderPlace, threads: Int = 2
  ) -> String {
    let reads = #"{ "set": "a", "to": "x" }, { "set": "b", "to": "x" }"#
    let writer =
      #"{ "task": "writer", "isolation": "concurrent", "steps": [ { "set": "x", "to": 1 } ] }"#
    let (top, steps) =
      switch place {
      case .pool: ("", "\(writer), \(reads)")
      case .main: (#""isolation": "main","#, "\(writer), \(reads)")
      case .actor:
        (
          #""actors": { "Reader": { "methods": { "readTwice": { "params": [], "steps": [ "#
            + reads + " ] } } } },",
          #"\#(writer), { "task": "reader", "steps": [ { "actorCall": "Reader.readTwice" } ] }, "#
            + #"{ "awaitTask": "reader" }"#
        )
      case .lock: ("", #"\#(writer), { "withLock": "l", "steps": [ \#(reads) ] }"#)
      }
    return """
      { "format": 1, "threads": \(threads), "state": { "x": 0, "a": 0, "b": 0 }, \(top)
        "steps": [ \(steps), { "awaitTask": "writer" } ] }
      """
  }

  /// A task starts on another thread at once, and top-level state is no actor's: the search
  /// takes a choice point before each of the reader's reads, wherever it runs.
  @Test(arguments: InterleavingOracle.ReaderPlace.allCases)
  func readsOfSharedStateFromAnyIsolationRunOneScheduleAClass(
    _ place: InterleavingOracle.ReaderPlace
  ) throws {
    let findings = try Self.explore(Self.readTwiceScenario(place))
    let oracle = InterleavingOracle.readTwice().run()
    #expect(oracle.classes == 3)
    Self.compare(findings, Self.outcomes(findings, ["x", "a", "b"]), oracle, oracle.outcomes)
  }

  /// A pool of one thread runs the writer only once the root lets its thread go (at its await):
  /// no thread is free for the child in between, so there is one order and one outcome.
  @Test func aPoolNarrowerThanItsTasksLetsNoChildInBetween() throws {
    let findings = try Self.explore(Self.readTwiceScenario(.pool, threads: 1))
    #expect(findings.complete)
    #expect(findings.schedules == 1)
    #expect(Self.outcomes(findings, ["x", "a", "b"]) == [["x": 1, "a": 0, "b": 0]])
  }
}
