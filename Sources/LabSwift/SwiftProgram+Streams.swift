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

  /// A step on a stream.
  func streamStep(_ kind: Step.Kind, _ context: inout Context) throws(NotExpressible) {
    switch kind {
    case .streamYield(let name, let value): try streamYield(name, value, context)
    case .streamFinish(let name): line("\(Self.continuationName(name)).finish()")
    case .forAwait(let name, let item, let body, let operators):
      try forAwait(name, item, body, operators, context)
    case .streamNext(let name, let bind, let orElse):
      try streamNext(name, bind, orElse, &context)
    case .onTermination(let name, let handler): try onTermination(name, handler, context)
    // `step` writes the others.
    case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
      .asyncLet, .await, .group, .addTask, .next, .whileNext, .cancelAll, .task, .awaitTask,
      .cancel, .onMain, .assumeIsolated, .throw, .try, .checkCancellation, .dispatch, .enter,
      .leave, .notify, .wait, .withLock, .atomicAdd, .semaphoreWait, .semaphoreSignal,
      .continuation, .resume, .onCancel, .withValue, .while, .break, .continue:
      break
    }
  }

  /// `NAMEContinuation.yield(value)`, which never waits; its `YieldResult` is discarded.
  func streamYield(_ name: String, _ value: Expression, _ context: Context)
    throws(NotExpressible)
  {
    let value = try expression(value, context)
    try ofStreamType(name, value.type, "yields")
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
      () throws(NotExpressible) in try loopBody(item, body, &inner)
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
    // The closure is `@Sendable` and isolated to nothing: what is isolated is awaited in it.
    var closure = context
    closure.place = .pool
    closure.inSendableClosure = true
    switch op {
    case .prefix(let count): return ".prefix(\(count))"
    case .map(let transform):
      (method, value) = ("map", try expression(transform, closure))
      guard let type = value.type else {
        throw NotExpressible(
          origin: nil, message: "the Swift type of what '\(op.source)' gives is not known")
      }
      context.locals[item] = type
    case .filter(let condition): (method, value) = ("filter", try expression(condition, closure))
    case .compactMap(let transform):
      // `none` in a branch of `?:` is the closure's `nil`.
      if case .conditional(let test, let then, let otherwise) = transform {
        value = try conditional(test, then, otherwise, closure, nilFor: true)
      } else {
        value = try expression(transform, closure)
      }
      method = "compactMap"
      guard let type = value.type else {
        throw NotExpressible(
          origin: nil, message: "the Swift type of what '\(op.source)' gives is not known")
      }
      context.locals[item] = type
    }
    guard !value.tries else {
      throw NotExpressible(
        origin: nil,
        message: "'\(op.source)' reads an async let, which throws; the closure of an "
          + "AsyncSequence's \(method) does not")
    }
    return ".\(method)({ \(Identifier(item)) in \(awaitPrefix(value))\(value.code) })"
  }

  /// `var NAMEIterator = NAME.makeAsyncIterator()`, once in its scope, then `let ITEM = await
  /// NAMEIterator.next() ?? ORELSE`. The lab's step makes an iterator each time; an
  /// `AsyncStream`'s iterators all read its one buffer, so one kept for the scope takes the same
  /// values (docs/runtimes.md, "Async streams, measured").
  func streamNext(
    _ name: String, _ bind: String, _ orElse: Expression, _ context: inout Context
  ) throws(NotExpressible) {
    let fallback = try orElseValue(orElse, context)
    try ofStreamType(name, fallback.type, "gives as its orElse")
    let iterator = Identifier(name).suffixed("Iterator")
    // A key no scenario name can be: the iterator is the writer's, not the scenario's.
    if context.declared.insert("\(name) iterator").inserted {
      line("var \(iterator) = \(Identifier(name)).makeAsyncIterator()")
    }
    try declare(
      bind, type: streamElementType(name), "await \(iterator).next() ?? \(fallback.code)",
      &context)
  }

  /// `NAMEContinuation.onTermination = { reason in … }`: a synchronous `@Sendable` closure; the
  /// steps read the reason as text, `termination` ("finished" or "cancelled").
  func onTermination(_ name: String, _ handler: [Step], _ context: Context)
    throws(NotExpressible)
  {
    var inner = context
    inner.isAsync = false
    inner.inClosure = true
    inner.catchesAll = false
    inner.locals["termination"] = .string
    // A `@Sendable` closure run later: it copies the locals it reads or changes, as the lab
    // gives it a copy, the way a cancellation handler's does.
    let captured = copying(handler, context, into: &inner)
    inner.rebound = Self.rebound(handler)
    try block("\(Self.continuationName(name)).onTermination = { \(captureList(captured))reason in")
    {
      () throws(NotExpressible) in
      if Self.names(handler).contains("termination") { line("let termination = \"\\(reason)\"") }
      copies(inner)
      try steps(handler, &inner)
    }
  }

  static func continuationName(_ stream: String) -> Identifier {
    Identifier(stream).suffixed("Continuation")
  }

  /// The type of the values a stream carries: the first literal a `streamYield` sends it, else
  /// `Int` (what a loop's counter is).
  /// Refuses a value of another type than the stream's elements, where both are known (the
  /// writer's passes settled, and a literal yield said the stream's): `lab validate` refuses
  /// literals of two types, and a name's type is known only here.
  func ofStreamType(_ name: String, _ type: SwiftType?, _ what: String) throws(NotExpressible) {
    guard typesSettled, let type, let element = literalElementType(name),
      !SwiftType.oneType(type, element)
    else { return }
    throw NotExpressible(
      origin: nil,
      message: "stream '\(name)' holds \(element) (its first literal yield) and this step \(what) "
        + "a value of type \(type), and an AsyncStream holds one type; give it a value of type "
        + "\(element)")
  }

  func streamElementType(_ name: String) -> SwiftType { literalElementType(name) ?? .int }

  /// The type of the stream's first constant yield (`7`, `[1, 2]`), if it has one.
  func literalElementType(_ name: String) -> SwiftType? {
    func first(_ steps: [Step]) -> SwiftType? {
      for step in steps {
        var problems: [String] = []
        if case .streamYield(name, let value) = step.kind,
          let type = value.constantValue(&problems).flatMap(SwiftType.of)
        {
          return type
        }
        if let found = first(Self.nested(step.kind)) { return found }
      }
      return nil
    }
    return first(
      scenario.steps + scenario.functions.values.flatMap(\.steps)
        + scenario.actors.values.flatMap { $0.methods.values.flatMap(\.steps) })
  }
}
