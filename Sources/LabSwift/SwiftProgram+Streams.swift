import LabModel

/// Async streams as Swift writes them: `AsyncStream.makeStream(of:bufferingPolicy:)` gives the
/// stream, which a `for await` loop reads, and its continuation (`NAMEContinuation`), which
/// yields and finishes.
extension ProgramWriter {
  /// One global pair per stream of `"streams"`, before the state.
  func streamDeclarations() {
    guard !scenario.streams.isEmpty else { return }
    for (name, policy) in scenario.streams {
      let type = streamElementType(name)
      line("let (\(Identifier(name)), \(Self.continuationName(name))) = AsyncStream.makeStream(")
      line("  of: \(type).self, bufferingPolicy: .\(policy.code))")
    }
    line("")
  }

  /// `NAMEContinuation.yield(value)`, which never waits; its `YieldResult` is discarded.
  func streamYield(_ name: String, _ value: Expression, _ context: Context)
    throws(NotExpressible)
  {
    let value = try expression(value, context)
    line("\(Self.continuationName(name)).yield(\(awaitPrefix(value))\(value.code))")
  }

  /// `for await ITEM in NAME { … }`, or in the body of the group NAME `for try await ITEM in
  /// NAME`, the loop `whileNext` writes.
  func forAwait(
    _ name: String, _ item: String, _ body: [Step], _ operators: [StreamOperator],
    _ context: Context
  ) throws(NotExpressible) {
    if context.groupBodies.contains(name) {
      try whileNext(name, item, body, context, spelling: .forIn)
      return
    }
    var inner = context
    inner.locals[item] = streamElementType(name)
    var sequence = SwiftCode(Identifier(name))
    for op in operators { sequence += try operatorCode(op, item, &inner) }
    try block("for await \(Identifier(item)) in \(sequence) {") {
      () throws(NotExpressible) in try steps(body, &inner)
    }
  }

  /// `.map({ price in price * 2 })`, `.filter({ price in price > 2 })`, `.prefix(2)`: in
  /// parentheses, as a `for`-`in` sequence takes no trailing closure. A `map` gives the loop's
  /// variable the type of its result.
  private func operatorCode(_ op: StreamOperator, _ item: String, _ context: inout Context)
    throws(NotExpressible) -> SwiftCode
  {
    let method: SwiftCode
    let value: SwiftExpression
    switch op {
    case .prefix(let count): return ".prefix(\(count))"
    case .map(let transform):
      (method, value) = ("map", try expression(transform, context))
      guard let type = value.type else {
        throw NotExpressible(
          origin: nil, message: "the Swift type of what '\(op.source)' gives is not known")
      }
      context.locals[item] = type
    case .filter(let condition): (method, value) = ("filter", try expression(condition, context))
    }
    guard !value.tries else {
      throw NotExpressible(
        origin: nil,
        message: "'\(op.source)' reads an async let, which throws; the closure of an "
          + "AsyncSequence's \(method) does not")
    }
    return ".\(method)({ \(Identifier(item)) in \(awaitPrefix(value))\(value.code) })"
  }

  /// `NAMEContinuation.onTermination = { reason in … }`: a synchronous `@Sendable` closure; the
  /// steps read the reason as text, `termination` ("finished" or "cancelled").
  func onTermination(_ name: String, _ handler: [Step], _ context: Context)
    throws(NotExpressible)
  {
    var inner = context
    inner.isAsync = false
    inner.locals["termination"] = .string
    try block("\(Self.continuationName(name)).onTermination = { reason in") {
      () throws(NotExpressible) in
      if Self.names(handler).contains("termination") { line("let termination = \"\\(reason)\"") }
      try steps(handler, &inner)
    }
  }

  static func continuationName(_ stream: String) -> Identifier {
    Identifier(stream).suffixed("Continuation")
  }

  /// The type of the values a stream carries: the first literal a `streamYield` sends it, else
  /// `Int` (what a loop's counter is).
  func streamElementType(_ name: String) -> SwiftType {
    func first(_ steps: [Step]) -> SwiftType? {
      for step in steps {
        if case .streamYield(name, .literal(let value)) = step.kind,
          let type = SwiftType.of(value)
        {
          return type
        }
        if let found = first(Self.nested(step.kind)) { return found }
      }
      return nil
    }
    return first(scenario.steps + scenario.functions.values.flatMap(\.steps)) ?? .int
  }
}
