import LabTestSupport
import Testing

@testable import LabModel

/// An outcome rule can ask of a list what varies between runs: its length, one item, its items in
/// any order (docs/outcomes.md).
@Suite struct ValueMatchTests {
  static let names = Value.list([.string("ann"), .string("bob"), .string("ann")])

  @Test func eachFormMatchesWhatItSays() {
    #expect(ValueMatch.count(3).matches(Self.names))
    #expect(!ValueMatch.count(2).matches(Self.names))
    #expect(ValueMatch.count(3).matches(.string("abc")))
    #expect(ValueMatch.contains(.string("bob")).matches(Self.names))
    #expect(!ValueMatch.contains(.string("cy")).matches(Self.names))
    #expect(
      ValueMatch.anyOrder([.string("bob"), .string("ann"), .string("ann")]).matches(Self.names))
    // Any order, but the same items as many times each.
    #expect(
      !ValueMatch.anyOrder([.string("bob"), .string("bob"), .string("ann")]).matches(Self.names))
    #expect(!ValueMatch.anyOrder([.string("bob"), .string("ann")]).matches(Self.names))
    #expect(ValueMatch.equals(Self.names).matches(Self.names))
    #expect(!ValueMatch.equals(.int(1)).matches(nil))
    #expect(!ValueMatch.count(0).matches(.int(0)))
  }

  @Test func aRuleReadsEachFormFromItsJSON() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "name": "m", "title": "m", "threads": 2, "state": { "names": [] },
          "steps": [ { "add": "names", "value": "['ann']" } ],
          "expect": { "outcomes": [
            { "when": { "values": { "names": { "count": 1 } } }, "grade": "acceptable", "reason": "a" },
            { "when": { "values": { "names": { "contains": "ann" } } }, "grade": "acceptable", "reason": "b" },
            { "when": { "values": { "names": { "anyOrder": ["ann"] } } }, "grade": "acceptable", "reason": "c" },
            { "grade": "forbidden", "reason": "d" } ] } }
        """)
    let matches = scenario.expect.outcomes.flatMap { $0.when.values.map(\.match) }
    #expect(matches == [.count(1), .contains(.string("ann")), .anyOrder([.string("ann")])])
  }

  @Test(arguments: [
    (#"{ "cont": 1 }"#, "unknown way to match a value 'cont'; did you mean 'count'?"),
    (#"{ "count": -1 }"#, "'count' takes a whole number of items ≥ 0, not -1"),
    (#"{ "count": 1.5 }"#, "'count' takes a whole number of items ≥ 0, not 1.5"),
    (#"{ "anyOrder": 1 }"#, "'anyOrder' takes the list's items, such as [\"ann\", \"bob\"], not"),
    (#"{ "count": 1, "contains": 2 }"#, "a value to match is a value or one of"),
  ])
  func aFormThatIsWrongSaysWhatToWrite(form: String, message: String) {
    let json = """
      { "format": 1, "name": "m", "title": "m", "threads": 2, "state": { "names": [] },
        "steps": [],
        "expect": { "outcomes": [
          { "when": { "values": { "names": \(form) } }, "grade": "acceptable", "reason": "a" } ] } }
      """
    let diagnostics = TestSupport.diagnostics(json: json)
    #expect(diagnostics.contains { $0.contains(message) }, "\(diagnostics)")
    #expect(diagnostics.allSatisfy { $0.hasPrefix("bad.json:4:") }, "\(diagnostics)")
  }
}
