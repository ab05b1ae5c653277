import LabModel
import Testing

/// `condition ? a : b`: Swift's ternary, the loosest operator, grouping to the right; only the
/// branch the condition picks is evaluated.
@Suite struct ExpressionConditionalTests {
  static func value(_ source: String, _ names: [String: Value] = [:]) throws -> Value {
    try Expression.parse(source).evaluate { name in
      guard let value = names[name] else { throw EvaluationError(description: "no \(name)") }
      return value
    }
  }

  @Test func theConditionPicksOneBranchAndBindsLooserThanEverything() throws {
    let price: [String: Value] = ["price": .int(3)]
    #expect(try Self.value("price > 2 ? price * 10 : none", price) == .int(30))
    #expect(try Self.value("price > 5 ? price * 10 : none", price) == .none)
    #expect(try Self.value("price > 2 && price < 4 ? 'mid' : 'out'", price) == .string("mid"))
    // Right to left: a ? b : (c ? d : e).
    #expect(try Self.value("false ? 1 : true ? 2 : 3") == .int(2))
    #expect(try Self.value("(true ? 1 : 2) + 10") == .int(11))
    #expect(try Self.value("[true ? 1 : 2, 3][0]") == .int(1))
    // An index is any expression, as Swift's subscript takes one.
    #expect(try Self.value("[1, 2][false ? 0 : 1]") == .int(2))
  }

  /// Swift's comparisons do not chain: `a < b == c` is refused, saying where the parentheses go.
  @Test func comparisonsDoNotChain() throws {
    for source in ["1 < 2 == true", "a == 1 == true", "1 <= 2 != false"] {
      #expect {
        try Expression.parse(source)
      } throws: { error in
        (error as? ExpressionSyntaxError)?.message.contains("comparisons do not chain in Swift")
          ?? false
      }
    }
    #expect(try Self.value("(1 < 2) == true") == .bool(true))
  }

  /// The branch not taken is not read: `missing` would throw if it were.
  @Test func onlyThePickedBranchIsEvaluated() throws {
    #expect(try Self.value("true ? 1 : missing") == .int(1))
    #expect(try Self.value("false ? missing : 2") == .int(2))
  }

  @Test func theConditionMustBeTrueOrFalse() {
    do {
      _ = try Self.value("1 ? 2 : 3")
      Issue.record("no error")
    } catch let error as EvaluationError {
      #expect(error.description == "the condition before '?' is an integer (1), not true or false")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func itReadsItsNamesAndWritesItsSource() throws {
    let expression = try Expression.parse("a > b ? c : (d ? e : f)")
    #expect(expression.names == ["a", "b", "c", "d", "e", "f"])
    #expect(expression.source == "a > b ? c : (d ? e : f)")
    #expect(try Expression.parse("(x ? 1 : 2) + 1").source == "(x ? 1 : 2) + 1")
  }

  @Test(arguments: [
    ("a ? 1", "expected ':' and the value when the condition is false"),
    ("a ? : 2", "unexpected ':'"),
    ("? 1 : 2", "unexpected '?'"),
  ])
  func aBrokenChoiceSaysWhatIsMissing(_ source: String, _ message: String) {
    do {
      _ = try Expression.parse(source)
      Issue.record("parsed '\(source)'")
    } catch {
      #expect(error.message.contains(message), "\(source): \(error.message)")
    }
  }

  /// A chain of choices nests as deep as parentheses may, and no deeper: a hostile file cannot
  /// exhaust the parser's stack.
  @Test func aDeepChainOfChoicesIsBounded() {
    let deep = Array(repeating: "a ? 1 : ", count: 100_000).joined() + "2"
    #expect(throws: ExpressionSyntaxError.self) { try Expression.parse(deep) }
  }
}
