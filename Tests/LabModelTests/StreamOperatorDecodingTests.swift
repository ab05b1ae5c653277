import LabTestSupport
import Testing

@testable import LabModel

/// `forAwait`'s `operators`: what decodes, and what `lab validate` says of what does not, in its
/// `file:line:column: error: what; what to do` form with the nearest name.
@Suite struct StreamOperatorDecodingTests {
  /// A scenario with one loop over `prices`, its operators as given.
  static func json(_ operators: String, log: String = "{price}") -> String {
    """
    { "format": 1, "streams": { "prices": "unbounded" }, "state": { "limit": 2 }, "steps": [
      { "forAwait": "prices", "as": "price", "operators": \(operators),
        "steps": [ { "log": "\(log)" } ] } ] }
    """
  }

  @Test func operatorsDecodeInTheOrderWritten() throws {
    let scenario = try TestSupport.scenario(
      json: Self.json(#"[{"map": "price * 10"}, {"filter": "price > limit"}, {"prefix": 2}]"#))
    guard case .forAwait(_, _, _, let operators) = scenario.steps.first?.kind else {
      Issue.record("not a forAwait: \(String(describing: scenario.steps.first?.kind))")
      return
    }
    #expect(
      operators.map(\.source) == ["map { price * 10 }", "filter { price > limit }", "prefix(2)"])
    #expect(operators.flatMap(\.names) == ["price", "price", "limit"])
  }

  @Test func aLoopWithoutOperatorsHasNone() throws {
    let scenario = try TestSupport.scenario(
      json:
        #"{ "format": 1, "streams": { "s": "unbounded" }, "steps": [ { "forAwait": "s", "as": "v", "steps": [] } ] }"#
    )
    guard case .forAwait(_, _, _, let operators) = scenario.steps.first?.kind else {
      Issue.record("not a forAwait")
      return
    }
    #expect(operators.isEmpty)
  }

  @Test func anUnknownOperatorNamesTheNearest() {
    let messages = TestSupport.diagnostics(json: Self.json(#"[{"mapp": "price * 10"}]"#))
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("bad.json:2:") == true, "\(messages)")
    #expect(
      messages.first?.contains(
        "error: unknown stream operator 'mapp'; did you mean 'map'? (at steps[0].operators[0].mapp)"
      ) == true, "\(messages)")
    let far = TestSupport.diagnostics(json: Self.json(#"[{"debounce": 500}]"#))
    #expect(
      far.first?.contains("'debounce'; use map, filter, prefix or compactMap") == true, "\(far)")
  }

  /// `compactMap` decodes as a map whose `none` drops the value, and reads its closure's names.
  @Test func compactMapDecodesWithItsChoice() throws {
    let scenario = try TestSupport.scenario(
      json: Self.json(#"[{"compactMap": "price > 2 ? price * 10 : none"}]"#))
    guard case .forAwait(_, _, _, let operators) = scenario.steps[0].kind else {
      Issue.record("not a forAwait")
      return
    }
    #expect(operators.map(\.source) == ["compactMap { price > 2 ? price * 10 : none }"])
    #expect(operators[0].names == ["price", "price"])
  }

  @Test(arguments: [
    (#"{"map": "price"}"#, "'operators' must be a list"),
    (#"[{"map": "price", "filter": "true"}]"#, "an operator is an object with one key"),
    (#"["map"]"#, "an operator is an object with one key"),
    (#"[{"prefix": -1}]"#, "'prefix' must be between 0 and 1000000, not -1"),
    (#"[{"prefix": "2"}]"#, "'prefix' must be an integer"),
    (#"[{"map": "price *"}]"#, "the expression ends too early"),
  ])
  func aMalformedOperatorIsReportedWhereItIs(_ operators: String, _ words: String) {
    let messages = TestSupport.diagnostics(json: Self.json(operators))
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains(words) == true, "\(messages)")
    #expect(messages.first?.contains(": error: ") == true, "\(messages)")
  }

  @Test func aClosureReadsOnlyNamesTheLoopCould() {
    let messages = TestSupport.diagnostics(json: Self.json(#"[{"filter": "price > limt"}]"#))
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("'limt'") == true, "\(messages)")
    #expect(messages.first?.contains("did you mean 'limit'?") == true, "\(messages)")
  }

  @Test func operatorsOnAGroupsResultsAreRefused() {
    let messages = TestSupport.diagnostics(
      json: """
        { "format": 1, "steps": [ { "group": "g", "body": [
          { "addTask": "g", "steps": [ { "return": 1 } ] },
          { "forAwait": "g", "as": "r", "operators": [ { "prefix": 1 } ], "steps": [] } ] } ] }
        """)
    #expect(messages.count == 1, "\(messages)")
    #expect(
      messages.first?.contains(
        "'prefix(1)' applies to a stream, not to the results of group 'g'") == true,
      "\(messages)")
  }
}
