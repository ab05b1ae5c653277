import LabModel
import LabTestSupport
import Testing

/// Functions of values as Swift's standard library spells them (`ValueFunction`): parsed after
/// any primary and chained, evaluated as Swift computes them, with the stops Swift's program
/// makes, and refused by `lab validate` where Swift refuses the types.
@Suite struct ValueFunctionTests {
  static let names: [String: Value] = [
    "words": .list([.string("ann"), .string("bo")]), "text": .string("über.txt"),
    "nums": .list([.int(3), .int(1)]), "empty": .list([]),
  ]

  static func value(_ source: String) throws -> Value {
    try Expression.parse(source).evaluate { name in
      guard let value = names[name] else { throw EvaluationError(description: "no \(name)") }
      return value
    }
  }

  static let cases: [(source: String, value: Value)] = [
    ("words.count", .int(2)),
    // Characters as a reader sees them: 'ü' is two bytes in UTF-8, one character.
    ("text.count", .int(8)),
    ("[].isEmpty", .bool(true)),
    ("''.isEmpty", .bool(true)),
    ("words.contains('bo')", .bool(true)),
    ("nums.contains(2)", .bool(false)),
    ("text.contains('r.t')", .bool(true)),
    ("words.joined(separator: ', ')", .string("ann, bo")),
    ("words.joined()", .string("annbo")),
    ("empty.joined(separator: '-')", .string("")),
    ("text.prefix(2)", .string("üb")),
    ("text.suffix(3)", .string("txt")),
    ("nums.prefix(10)", .list([.int(3), .int(1)])),
    ("nums.suffix(0)", .list([])),
    ("String(repeating: 'ab', count: 3)", .string("ababab")),
    ("String(repeating: 'x', count: 0)", .string("")),
    ("words.suffix(1).count + 1", .int(2)),
    ("(words + words).count", .int(4)),
    ("words[0].count", .int(3)),
    ("words.joined(separator: ' ').suffix(2)", .string("bo")),
    ("String(repeating: '=', count: nums[0]).count", .int(3)),
    ("nums.sorted()", .list([.int(1), .int(3)])),
    // By Unicode scalars, as Swift's `<`: capitals before small letters, 'ü' after 'z'.
    ("['über', 'zed', 'Zed'].sorted()", .list([.string("Zed"), .string("zed"), .string("über")])),
    ("nums.reversed()", .list([.int(1), .int(3)])),
    ("text.reversed().prefix(3)", .string("txt")),
    ("'straße'.uppercased()", .string("STRASSE")),
    ("'ÜBER'.lowercased()", .string("über")),
  ]

  @Test(arguments: cases) func computesAsSwiftDoes(_ source: String, _ expected: Value) throws {
    #expect(try Self.value(source) == expected)
  }

  /// The tree reads the receiver's names (the checker and the message say what is read), and
  /// prints as it is written.
  @Test func namesAndSourceAreTheCallsAsWritten() throws {
    #expect(try Expression.parse("xs.suffix(n - 1).count").names == ["xs", "n"])
    for source in [
      "xs.count", "(a + b).count", "xs.joined(separator: ', ')", "xs.joined()",
      "String(repeating: s, count: n)", "xs[0].prefix(2)", "(-x).count", "xs.sorted().reversed()",
      "s.uppercased()",
    ] {
      #expect(try Expression.parse(source).source == source)
    }
  }

  /// `NAME.isEmpty` of a plain name stays a name: only the step's place says whether it is a
  /// group's (inside that group's body) or the value's. Other receivers are calls.
  @Test func aPlainNamesIsEmptyStaysANameForTheChecker() throws {
    #expect(try Expression.parse("jobs.isEmpty") == .name("jobs.isEmpty"))
    #expect(
      try Expression.parse("xs[0].isEmpty")
        == .function(.isEmpty, [.index(.name("xs"), .literal(.int(0)))]))
    #expect(try Expression.parse("Task.isCancelled") == .name("Task.isCancelled"))
  }

  @Test(arguments: [
    (
      "text.prefix(0 - 1)",
      "'Fatal error: Can't take a prefix of negative length from a collection'"
    ),
    (
      "nums.suffix(0 - 2)",
      "'Fatal error: Can't take a suffix of negative length from a collection'"
    ),
    ("String(repeating: 'a', count: 0 - 1)", "'Fatal error: Negative count not allowed'"),
    ("nums.joined()", "joins texts, and the list holds an integer (3)"),
    ("String(repeating: 'ab', count: 1_000_000_000_000_000)", "more than the 10000 characters"),
    ("[1, 'a'].sorted()", "cannot order integers and texts together"),
  ])
  func whereSwiftStopsTheRunStops(_ source: String, _ words: String) {
    do {
      let value = try Self.value(source)
      Issue.record("\(source) gave \(value)")
    } catch {
      #expect("\(error)".contains(words), "\(error)")
    }
  }

  @Test(arguments: [
    ("xs.first", "'.first' is not a function"),
    ("xs[0].first", "'.first' is not a function the lab knows; a value has count, isEmpty"),
    ("xs.joined(', ')", "'joined' takes its argument as 'separator: …'"),
    ("xs.prefix", "'prefix' is a method: call it with parentheses"),
    ("xs.prefix(1", "expected ')' to end the call to 'prefix'"),
    ("String(3)", "takes its argument as 'repeating: …'"),
    ("String(repeating: 'a')", "expected ', count: n'"),
    ("xs.sorted(1)", "'sorted()' takes no argument, as Swift's does"),
  ])
  func aMisspelledCallSaysHowSwiftWritesIt(_ source: String, _ words: String) {
    do {
      let parsed = try Expression.parse(source)
      // `xs.first` parses as a name; the checker names it (below).
      #expect(parsed == .name("xs.first"), "\(source) parsed")
    } catch {
      #expect(error.message.contains(words), "\(error.message)")
    }
  }

  /// Each call is a level of the tree, counted as operators are: a chain of 20,000 would
  /// otherwise overflow the stack when the tree is evaluated, hashed or freed.
  @Test func aLongChainOfCallsIsRefused() {
    #expect(throws: ExpressionSyntaxError.self) {
      try Expression.parse("xs" + String(repeating: ".suffix(1)", count: 20_000))
    }
    #expect(throws: Never.self) {
      try Expression.parse("xs" + String(repeating: ".suffix(1)", count: 50))
    }
  }

  static func diagnostics(_ expression: String, state: String = #""n": 3, "xs": ["a"], "ns": [1]"#)
    -> [String]
  {
    TestSupport.diagnostics(
      json: """
        { "format": 1, "state": { \(state) }, "steps": [ { "if": "(\(expression)) != (\(expression))", "then": [] } ] }
        """)
  }

  @Test(arguments: [
    ("n.count", "'n.count' counts the items of an integer, which Swift refuses"),
    ("n.isEmpty", "'n.isEmpty' asks whether nothing is in an integer"),
    ("ns.joined()", "'ns.joined()' joins a list of texts, and here it is a list of integers"),
    ("xs.joined(separator: 1)", "joins with a text between, and here it is an integer"),
    ("xs.contains(1)", "looks for an item of the list's kind, and here it is an integer"),
    ("xs.prefix('a')", "takes a length, a whole number, and here it is a string"),
    ("String(repeating: 1, count: 2)", "repeats a text, and here it is an integer"),
    ("[true].sorted()", "orders a list of booleans, which Swift refuses"),
    ("ns.uppercased()", "changes the case of a text, and here it is a list of integers"),
    ("n.reversed()", "'n.reversed()' reverses an integer, which Swift refuses"),
    ("xs.first", "'first' is not a function of values the lab knows; a list or a text has count"),
  ])
  func validateRefusesWhatSwiftRefuses(_ expression: String, _ words: String) {
    let found = Self.diagnostics(expression)
    #expect(found.contains { $0.contains(words) }, "\(found)")
  }

  /// `NAME.isEmpty` of a name no group has reads a value, and says so when there is none; of a
  /// group outside its body, it names the group.
  @Test func isEmptyOfAnUnknownNameNamesTheValueOrTheGroup() {
    let unknown = Self.diagnostics("zz.isEmpty")
    #expect(unknown.contains { $0.contains("unknown name 'zz'") }, "\(unknown)")
    let group = TestSupport.diagnostics(
      json: #"{ "format": 1, "steps": [ { "group": "jobs", "count": 1, "steps": [] }, "#
        + #"{ "log": "{jobs.isEmpty}" } ] }"#)
    #expect(group.contains { $0.contains("acts on the group 'jobs'") }, "\(group)")
  }

  @Test func aValuesIsEmptyOutsideAnyGroupIsValid() {
    #expect(Self.diagnostics("xs.isEmpty").isEmpty)
    #expect(Self.diagnostics("xs.suffix(1).count > 0").isEmpty)
  }
}
