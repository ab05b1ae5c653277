import LabModel
import Testing

/// `list[i]`: parsed after any primary, evaluated as Swift's `Array` subscript, with the stop
/// Swift's program makes for a position outside the list.
@Suite struct ExpressionIndexTests {
  static func value(_ source: String, _ names: [String: Value] = [:]) throws -> Value {
    try Expression.parse(source).evaluate { name in
      guard let value = names[name] else { throw EvaluationError(description: "no \(name)") }
      return value
    }
  }

  @Test func indexesBindTighterThanOperatorsAndChain() throws {
    let sizes: [String: Value] = ["sizes": .list([.int(640), .int(480)])]
    #expect(try Self.value("sizes[0] * sizes[1]", sizes) == .int(307_200))
    #expect(try Self.value("-sizes[1]", sizes) == .int(-480))
    #expect(try Self.value("[[1, 2], [3]][0][1]") == .int(2))
    #expect(try Self.value("([1] + [2])[1]") == .int(2))
    #expect(try Self.value("sizes[1 - 1]", sizes) == .int(640))
    #expect(try Expression.parse("(a + b)[i]").names == ["a", "b", "i"])
    #expect(try Expression.parse("(a + b)[i]").source == "(a + b)[i]")
    #expect(try Expression.parse("(-a)[0]").source == "(-a)[0]")
  }

  @Test func anIndexOutsideTheListSaysWhatSwiftDoes() {
    #expect(throws: EvaluationError.self) { try Self.value("[1, 2][2]") }
    do {
      _ = try Self.value("[1, 2][-1]")
    } catch let error as EvaluationError {
      #expect(error.description.contains("index -1 is out of range for a list of 2 items"))
      #expect(error.description.contains("'Fatal error: Index out of range'"))
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func onlyAListHasPositions() {
    for (source, words) in [
      ("'photo'[0]", "cannot index a string"), ("[1][true]", "must be a whole number"),
    ] {
      do {
        _ = try Self.value(source)
        Issue.record("\(source) evaluated")
      } catch {
        #expect("\(error)".contains(words), "\(error)")
      }
    }
  }

  /// A chain of indexes nests the tree as deeply as operators do; 64 KiB of `[0]` would
  /// otherwise overflow the stack when the tree is evaluated, hashed or freed.
  @Test func aLongChainOfIndexesIsRefusedLikeManyOperators() {
    do {
      _ = try Expression.parse("a" + String(repeating: "[0]", count: 20_000))
      Issue.record("a chain of 20,000 indexes parsed")
    } catch {
      #expect(
        error.message.contains("more than 200 operators, indexes and calls"), "\(error.message)")
    }
    #expect(throws: Never.self) { try Expression.parse("a" + String(repeating: "[0]", count: 50)) }
  }

  @Test func anUnclosedIndexIsASyntaxErrorNamingTheBracket() {
    #expect(throws: ExpressionSyntaxError.self) { try Expression.parse("sizes[0") }
    do {
      _ = try Expression.parse("sizes[0")
    } catch {
      #expect(error.message == "expected ']' to end the index")
    }
  }
}
