import LabModel
import LabSwift
import LabTestSupport
import Testing

/// `forAwait`'s operators as Swift chains them on the stream, each closure in parentheses (a
/// `for`-`in` sequence takes no trailing closure) and reading the value by the loop's name.
@Suite struct StreamOperatorProgramTests {
  static func program(_ operators: String, log: String = "{price}") throws -> String {
    try SwiftProgram.generate(
      try TestSupport.scenario(
        json: """
          { "format": 1, "streams": { "prices": "unbounded" }, "state": { "limit": 2 },
            "steps": [
              { "streamYield": "prices", "value": 1 }, { "streamFinish": "prices" },
              { "forAwait": "prices", "as": "price", "operators": \(operators),
                "steps": [ { "log": "\(log)" } ] } ] }
          """))
  }

  @Test func theOperatorsAreChainedInOrder() throws {
    let program = try Self.program(
      #"[{"map": "price * 10"}, {"filter": "price > 10"}, {"prefix": 2}]"#)
    #expect(
      program.contains(
        "for await price in prices.map({ price in price * 10 }).filter({ price in price > 10 })"
          + ".prefix(2) {"), "\(program)")
  }

  @Test func aClosureThatReadsTheStateAwaitsIt() throws {
    let program = try Self.program(#"[{"filter": "price > limit"}]"#)
    #expect(
      program.contains("prices.filter({ price in await price > state.limit })"), "\(program)")
  }

  /// `compactMap`'s `none` is the closure's `nil`; anywhere else `none` has no Swift type, and
  /// the branches of `?:` must have one.
  @Test func aCompactMapsNoneIsNilAndNowhereElse() throws {
    let program = try Self.program(#"[{"compactMap": "price > 1 ? price * 10 : none"}]"#)
    #expect(
      program.contains("prices.compactMap({ price in (price > 1 ? price * 10 : nil) })"),
      "\(program)")
    // A choice inside a choice gives nil too, as Swift's closure may.
    let nested = try Self.program(
      #"[{"compactMap": "price > 1 ? (price > 2 ? price : none) : none"}]"#)
    #expect(
      nested.contains("compactMap({ price in (price > 1 ? (price > 2 ? price : nil) : nil) })"),
      "\(nested)")
    #expect {
      try Self.program(#"[{"map": "price > 1 ? price : none"}]"#)
    } throws: { "\($0)".contains("'none' has no Swift type here") }
    // Swift's condition is a Bool: an Int there is refused, as the lab stops the run at it.
    #expect {
      try Self.program(#"[{"compactMap": "price ? 1 : none"}]"#)
    } throws: { "\($0)".contains("the condition 'price' is Int in Swift, not true or false") }
    #expect {
      try Self.program(#"[{"compactMap": "price > 1 ? price : 'x'"}]"#)
    } throws: {
      "\($0)".contains("are Int and String, and both sides of Swift's ?: must have one type")
    }
  }

  @Test func aLoopWithoutOperatorsIsWrittenAsBefore() throws {
    let program = try Self.program("[]")
    #expect(program.contains("for await price in prices {"), "\(program)")
  }
}

/// `streamNext` as Swift writes it: one iterator for its scope, `?? orElse` for the end.
@Suite struct StreamNextProgramTests {
  static func program(_ steps: String) throws -> String {
    try SwiftProgram.generate(
      try TestSupport.scenario(
        json: """
          { "format": 1, "streams": { "prices": "unbounded" }, "state": { "limit": 2 },
            "steps": [ { "streamYield": "prices", "value": 1 }, { "streamFinish": "prices" },
              \(steps) ] }
          """))
  }

  @Test func twoValuesShareOneIteratorAndARebindingIsAVar() throws {
    let program = try Self.program(
      """
      { "streamNext": "prices", "as": "price", "orElse": -1 }, { "log": "{price}" },
      { "streamNext": "prices", "as": "price", "orElse": 0 }, { "log": "{price}" }
      """)
    let declarations = program.split(separator: "\n").filter {
      $0.contains("var pricesIterator = prices.makeAsyncIterator()")
    }
    #expect(declarations.count == 1, "\(program)")
    #expect(program.contains("var price = await pricesIterator.next() ?? -1"), "\(program)")
    #expect(program.contains("price = await pricesIterator.next() ?? 0"), "\(program)")
  }

  /// A stream holds one type: a name of another type yielded to it, or given as its `orElse`,
  /// is refused where the type is known (`lab validate` refuses only literals of two types).
  @Test func aNameOfAnotherTypeThanTheStreamsIsRefused() throws {
    for steps in [
      #"{ "set": "t", "to": "'x'" }, { "streamYield": "prices", "value": "t" }"#,
      #"{ "set": "t", "to": "'x'" }, { "streamNext": "prices", "as": "p", "orElse": "t" }"#,
    ] {
      #expect {
        try Self.program(steps)
      } throws: { error in
        "\(error)".contains("stream 'prices' holds Int (its first literal yield) and this step")
      }
    }
  }

  /// `??` binds tighter than comparisons, `&&` and `?:`: an operation is parenthesized, or
  /// `next() ?? c && d` is `(next() ?? c) && d`, which compiled and gave another value.
  @Test func anOrElseThatIsAnOperationIsParenthesized() throws {
    let program = try Self.program(
      """
      { "set": "c", "to": "3" }, { "streamNext": "prices", "as": "p", "orElse": "c == 3 ? 1 : 2" },
      { "streamNext": "prices", "as": "q", "orElse": "-c" },
      { "streamNext": "prices", "as": "r", "orElse": "c * 2" }
      """)
    #expect(
      program.contains("let p = await pricesIterator.next() ?? (c == 3 ? 1 : 2)"), "\(program)")
    #expect(program.contains("let q = await pricesIterator.next() ?? -c"), "\(program)")
    #expect(program.contains("let r = await pricesIterator.next() ?? (c * 2)"), "\(program)")
  }

  /// The right side of `??` is an autoclosure that cannot await: an `orElse` that reads the
  /// state's actor is refused with what to do.
  @Test func anOrElseThatAwaitsIsRefusedSayingWhatToDo() throws {
    #expect {
      try Self.program(#"{ "streamNext": "prices", "as": "price", "orElse": "limit" }"#)
    } throws: { error in
      "\(error)".contains("cannot hold; set a local to it first")
    }
  }
}
