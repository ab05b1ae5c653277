import LabModel
import LabRuntime

/// Async streams: each stream of `"streams"` is a real `AsyncStream`, made with
/// `AsyncStream.makeStream(of:bufferingPolicy:)`, so Swift itself decides what is buffered and
/// what is dropped. A `forAwait` loop iterates it; a run torn down finishes every stream, which
/// ends its consumer's wait (`abortWaits`).
extension Interpreter {
  /// `continuation.yield(value)`: never waits; the trace shows Swift's `YieldResult`.
  func streamYield(
    _ name: String, _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws {
    let value = try read(expression, &context, origin: origin, isolation: isolation)
    guard let stream = streams.records[name] else { return }
    let item = StreamItem(value: value, clock: context.clock)
    // The event comes before the consumer's, which a live consumer could otherwise record first.
    stream.order.withLock { [context] in
      let result = stream.continuation.yield(item)
      record(
        .set(.streamYield(stream: name, value: Self.shown(value), result: Self.text(result))),
        context)
    }
    context.clock.tick(context.id)
  }

  /// `continuation.finish()`: the consumer takes what is buffered, then its loop ends.
  func streamFinish(_ name: String, _ context: inout Context) {
    guard let stream = streams.records[name] else { return }
    record(.set(.streamFinish(name)), context)
    stream.finishClock.withLock { $0.join(context.clock) }
    context.clock.tick(context.id)
    Self.$finisher.withValue(context) { stream.continuation.finish() }
  }

  /// `for await item in stream { body }`, or over `stream.map { … }.filter { … }.prefix(n)`:
  /// each value, once the stream has one and the operators let it through, then the end.
  func runForAwait(
    _ name: String, _ item: String, _ body: [Step], _ operators: [StreamOperator],
    _ context: inout Context, origin: StepOrigin, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    guard let stream = streams.records[name] else { return .completed }
    // The loop's own constant ends with it, as Swift's does: the name it hid is back after it.
    let hidden = context.locals[item]
    defer { context.locals[item] = hidden }
    var loop = StreamLoop(
      name: name, item: item, operators: operators, origin: origin,
      iterator: stream.stream.makeAsyncIterator())
    while true {
      switch try await pull(operators.count, &loop, &context, isolation: isolation) {
      case .value(let value):
        context.locals[item] = value
        if let end = try await runNested(body, &context, isolation: isolation).endsLoop {
          return end
        }
      case .prefixDone(let op):
        // Swift's prefix returns nil without pulling its base: the stream goes on (measured).
        noteOperator(op, nil, loop, context)
        return .completed
      case .ended:
        // A torn-down run finished the stream to end this wait: the task unwinds.
        if runtime.isAborting { throw RunAborted() }
        if Task.isCancelled {
          record(.resume(.streamCancelled(name)), context)
        } else {
          context.clock.join(stream.finishClock.withLock { $0 })
          record(.resume(.streamFinished(name)), context)
        }
        return .completed
      }
    }
  }

  /// `let bind = await iterator.next() ?? orElse` on an iterator of its own: the stream's next
  /// value, or `orElse` once it is finished and empty or its consumer cancelled. An iterator of
  /// an `AsyncStream` reads the stream's one buffer, so a new one each time goes on where the
  /// last left off (measured: two iterators took 1 and 2 of 1, 2, 3, and after `finish()` the
  /// first took 3 and the second nil).
  func runStreamNext(
    _ name: String, _ bind: String, _ orElse: Expression, _ context: inout Context,
    origin: StepOrigin, isolation: isolated (any Actor)?
  ) async throws {
    guard let stream = streams.records[name] else { return }
    var pull = StreamLoop(
      name: name, item: bind, operators: [], origin: origin,
      iterator: stream.stream.makeAsyncIterator())
    switch try await pullStream(&pull, &context, isolation: isolation) {
    case .value(let value): context.locals[bind] = value
    case .ended, .prefixDone:
      if runtime.isAborting { throw RunAborted() }
      let cancelled = Task.isCancelled
      if !cancelled { context.clock.join(stream.finishClock.withLock { $0 }) }
      let value = try read(orElse, &context, origin: origin, isolation: isolation)
      context.locals[bind] = value
      record(
        .resume(
          .streamNoValue(
            TraceEvent.Binding(bind, Self.shown(value)), stream: name, cancelled: cancelled)),
        context)
    }
  }

  /// The value the first `stage` operators give, pulled as Swift's iterators pull their bases:
  /// the last operator asks the one before it, down to the stream. Each runs in the consumer's
  /// turn and reads the value by the loop's name.
  private func pull(
    _ stage: Int, _ loop: inout StreamLoop, _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws -> StreamLoop.Pulled {
    guard stage > 0 else { return try await pullStream(&loop, &context, isolation: isolation) }
    let op = loop.operators[stage - 1]
    switch op {
    case .prefix(let count):
      guard loop.taken[stage - 1, default: 0] < count else { return .prefixDone(op) }
      loop.taken[stage - 1, default: 0] += 1
      return try await pull(stage - 1, &loop, &context, isolation: isolation)
    case .map(let transform):
      let pulled = try await pull(stage - 1, &loop, &context, isolation: isolation)
      guard case .value(let value) = pulled else { return pulled }
      context.locals[loop.item] = value
      let mapped = try read(transform, &context, origin: loop.origin, isolation: isolation)
      noteOperator(op, "\(Self.shown(value)) → \(Self.shown(mapped))", loop, context)
      return .value(mapped)
    case .compactMap(let transform):
      while true {
        let pulled = try await pull(stage - 1, &loop, &context, isolation: isolation)
        guard case .value(let value) = pulled else { return pulled }
        context.locals[loop.item] = value
        let mapped = try read(transform, &context, origin: loop.origin, isolation: isolation)
        let kept = mapped != .none
        noteOperator(
          op, "\(Self.shown(value)) → \(kept ? Self.shown(mapped) : "nil, dropped")", loop, context)
        if kept { return .value(mapped) }
      }
    case .filter(let condition):
      while true {
        let pulled = try await pull(stage - 1, &loop, &context, isolation: isolation)
        guard case .value(let value) = pulled else { return pulled }
        context.locals[loop.item] = value
        let kept = try self.condition(
          condition, &context, origin: loop.origin, isolation: isolation)
        noteOperator(op, "\(Self.shown(value)) → \(kept ? "kept" : "dropped")", loop, context)
        if kept { return pulled }
      }
    }
  }

  /// What an operator did with a value (`1 → 10`, `10 → dropped`), or a `prefix` done (nil).
  private func noteOperator(
    _ op: StreamOperator, _ result: String?, _ loop: StreamLoop, _ context: Context
  ) {
    record(.set(.streamOperator(stream: loop.name, operator: op.source, result: result)), context)
  }

  /// The stream's next value, waited for holding no thread; `.ended` once it is finished or its
  /// consumer cancelled.
  private func pullStream(
    _ loop: inout StreamLoop, _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> StreamLoop.Pulled {
    guard let stream = streams.records[loop.name] else { return .ended }
    try takeStep()
    record(.await(.stream(loop.name)), context)
    waits.wait(context.task, for: "stream \(loop.name), which nothing finishes")
    let next = await loop.iterator.next(isolation: isolation)
    waits.done(context.task)
    guard let next else { return .ended }
    context.clock.join(next.clock)
    stream.order.withLock { [context] in
      record(
        .resume(
          .streamValue(TraceEvent.Binding(loop.item, Self.shown(next.value)), stream: loop.name)),
        context)
    }
    return .value(next.value)
  }

  static func text(_ result: AsyncStream<StreamItem>.Continuation.YieldResult) -> String {
    switch result {
    case .enqueued(let remaining):
      ".enqueued(remaining: \(remaining == Int.max ? "Int.max" : String(remaining)))"
    case .dropped(let item): ".dropped(\(item.value.description))"
    case .terminated: ".terminated"
    @unknown default: "\(result)"
    }
  }

  /// Finishes every stream, so the consumers of a stopped run stop waiting.
  func finishStreams() {
    for stream in streams.records.values { stream.continuation.finish() }
  }
}

/// A `forAwait` loop over a stream: its iterator, its operators and how many values each
/// `prefix` has let through.
struct StreamLoop {
  enum Pulled {
    case value(Value)
    /// The stream is finished, or its consumer cancelled.
    case ended
    /// A `prefix(n)` has given its n values.
    case prefixDone(StreamOperator)
  }

  var name: String
  var item: String
  var operators: [StreamOperator]
  /// The `forAwait` step, where an operator's failure is reported.
  var origin: StepOrigin
  var iterator: AsyncStream<StreamItem>.Iterator
  /// By operator position: the values a `prefix` has let through.
  var taken: [Int: Int] = [:]
}

/// A value in a stream, with what its producer had done (the race detector's clock).
struct StreamItem: Sendable {
  var value: Value
  var clock: VectorClock
}

/// The scenario's async streams, made before its run starts, and the streams its inputs arrive
/// on, made on first use.
final class StreamParts: Sendable {
  let records: [String: StreamRecord]
  let inputs = RecordsByName<InputStream>()

  init(_ streams: [(name: String, policy: StreamPolicy)]) {
    records = StreamRecord.make(streams)
  }
}

/// One stream of a run: the real `AsyncStream` and its continuation, the clock of its `finish()`
/// and the lock that keeps a yield's event before its receipt's. Two consumers at once are
/// Swift's to serve: each value goes to one of them.
final class StreamRecord: Sendable {
  let stream: AsyncStream<StreamItem>
  let continuation: AsyncStream<StreamItem>.Continuation
  let finishClock = Locked(VectorClock())
  /// Held while a yield is made and recorded, so its value's receipt is recorded after it.
  let order = Locked(())

  init(policy: StreamPolicy) {
    (stream, continuation) = AsyncStream.makeStream(
      of: StreamItem.self, bufferingPolicy: Self.swiftPolicy(policy))
  }

  static func swiftPolicy(
    _ policy: StreamPolicy
  ) -> AsyncStream<StreamItem>.Continuation.BufferingPolicy {
    switch policy {
    case .unbounded: .unbounded
    case .bufferingOldest(let limit): .bufferingOldest(limit)
    case .bufferingNewest(let limit): .bufferingNewest(limit)
    }
  }

  /// Every stream a scenario declares, made before its run starts.
  static func make(_ streams: [(name: String, policy: StreamPolicy)]) -> [String: StreamRecord] {
    Dictionary(streams.map { ($0.name, StreamRecord(policy: $0.policy)) }) { first, _ in first }
  }
}
