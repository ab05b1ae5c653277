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
  func forAwait(_ name: String, _ item: String, _ body: [Step], _ context: Context)
    throws(NotExpressible)
  {
    if context.groupBodies.contains(name) {
      try whileNext(name, item, body, context, spelling: .forIn)
      return
    }
    var inner = context
    inner.locals[item] = streamElementType(name)
    try block("for await \(Identifier(item)) in \(Identifier(name)) {") {
      () throws(NotExpressible) in try steps(body, &inner)
    }
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

extension ProgramWriter {
}
