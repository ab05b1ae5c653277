import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// `forAwait`'s operators run as Swift's lazy `AsyncSequence` operators do: in the consumer,
/// one value at a time, pulled from the last operator down to the stream; `prefix(n)` ends the
/// loop without pulling another value and leaves the stream open (docs/runtimes.md, "Operators
/// on a stream, measured").
@Suite struct StreamOperatorTests {
  static func value(_ name: String, _ result: RunResult) -> Value? {
    result.values.first { $0.name == name }?.value
  }

  static func list(_ numbers: [Int64]) -> Value { .list(numbers.map { .int($0) }) }

  /// A loop over `s` holding `values`, with these operators, adding what reaches it to `got`.
  static func run(_ values: [Int], _ operators: String) throws -> RunResult {
    let yields = values.map { #"{ "streamYield": "s", "value": \#($0) },"# }.joined()
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "streams": { "s": "unbounded" }, "state": { "got": [] }, "steps": [
          \(yields) { "streamFinish": "s" },
          { "forAwait": "s", "as": "v", "operators": \(operators),
            "steps": [ { "add": "got", "value": "[v]" } ] } ] }
        """)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.problem == nil, "\(result.problem ?? "")")
    return result
  }

  @Test func theBundledScenarioKeepsWhatSwiftKeepsOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "stream-operators")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(Self.value("got", result) == Self.list([20, 30]), "\(label)")
      #expect(Self.value("rest", result) == Self.list([4, 5]), "\(label)")
      let reader = result.events.filter { $0.task == "reader" }
      // Three pulls from the stream (1, 2, 3), none after prefix(2) is done.
      #expect(reader.filter { $0.kind == .await }.count == 3, "\(label)")
      #expect(
        reader.filter { $0.text.hasPrefix("stream prices: ") }.map(\.text) == [
          "stream prices: map { price * 10 }: 1 → 10",
          "stream prices: filter { price > 10 }: 10 → dropped",
          "stream prices: map { price * 10 }: 2 → 20",
          "stream prices: filter { price > 10 }: 20 → kept",
          "stream prices: map { price * 10 }: 3 → 30",
          "stream prices: filter { price > 10 }: 30 → kept",
          "stream prices: prefix(2) is done: the loop ends without pulling another value",
        ], "\(label)")
      // The stream was not terminated by the prefix: the later yield is enqueued.
      #expect(
        result.events.contains {
          $0.text == "stream prices: yield(5) → .enqueued(remaining: Int.max)"
        },
        "\(label)")
    }
  }

  /// Where `prefix` stands decides what it counts: before a filter, every value it pulls;
  /// after it, only the values the filter keeps.
  @Test func prefixCountsWhatReachesIt() throws {
    let before = try Self.run([1, 2, 3], #"[{"prefix": 2}, {"filter": "v > 1"}]"#)
    #expect(Self.value("got", before) == Self.list([2]))
    let after = try Self.run([1, 2, 3], #"[{"filter": "v > 1"}, {"prefix": 2}]"#)
    #expect(Self.value("got", after) == Self.list([2, 3]))
  }

  /// A `map` gives what follows its value: a later filter and the body read the mapped value.
  @Test func aMapFeedsWhatFollowsIt() throws {
    let result = try Self.run(
      [1, 2, 3], #"[{"map": "v * v"}, {"filter": "v % 2 == 1"}, {"map": "v + 1"}]"#)
    #expect(Self.value("got", result) == Self.list([2, 10]))
  }

  /// `compactMap` maps, and a `none` (Swift's `nil`) drops the value and pulls the next.
  @Test func aCompactMapDropsItsNones() throws {
    let result = try Self.run([1, 2, 3], #"[{"compactMap": "v % 2 == 1 ? v * 10 : none"}]"#)
    #expect(Self.value("got", result) == Self.list([10, 30]))
    #expect(
      result.events.filter { $0.text.hasPrefix("stream s: compactMap") }.map(\.text) == [
        "stream s: compactMap { (v % 2) == 1 ? v * 10 : none }: 1 → 10",
        "stream s: compactMap { (v % 2) == 1 ? v * 10 : none }: 2 → nil, dropped",
        "stream s: compactMap { (v % 2) == 1 ? v * 10 : none }: 3 → 30",
      ])
  }

  @Test func theBundledCompactMapKeepsWhatSwiftKeepsOnEverySeed() throws {
    let scenario = try TestSupport.scenario(named: "stream-compact-map")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      #expect(Self.value("got", result) == Self.list([30, 40]), "\(label)")
      #expect(
        result.events.filter { $0.task == "reader" && $0.kind == .log }.map(\.text)
          == ["got 30", "got 40", "the loop ended"], "\(label)")
    }
  }

  /// `prefix(0)` ends the loop before it pulls anything: the consumer never waits.
  @Test func prefixZeroPullsNothing() throws {
    let result = try Self.run([1], #"[{"prefix": 0}]"#)
    #expect(Self.value("got", result) == Self.list([]))
    #expect(!result.events.contains { $0.kind == .await })
  }

  /// An operator's closure reads shared state in the consumer's turn, as a read the search sees:
  /// a writer before or after the filter gives both outcomes, with and without reduction.
  @Test func theExplorationSeesWhatAnOperatorReads() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "threads": 2, "streams": {"s": "unbounded"},
         "state": {"limit": 0, "got": []}, "steps": [
          {"streamYield": "s", "value": 3}, {"streamFinish": "s"},
          {"task": "writer", "steps": [{"set": "limit", "to": 5}]},
          {"forAwait": "s", "as": "v", "operators": [{"filter": "v > limit"}],
           "steps": [{"add": "got", "value": "[v]"}]},
          {"awaitTask": "writer"}]}
        """)
    for reduction in [ExhaustiveSearch.Reduction.none, .optimal] {
      let searched = TestSupport.searchedValues(scenario, ["got"], reduction: reduction)
      #expect(searched.complete, "\(reduction)")
      #expect(searched.values == [["[3]"], ["[]"]], "\(reduction)")
    }
  }
}
