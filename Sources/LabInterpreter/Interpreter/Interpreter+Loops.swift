import LabModel
import LabRuntime

/// Loops: `repeat` (a count), `forEach` (a list), `while` and `repeatWhile` (a condition),
/// `whileNext` (a group's results; `forAwait` is with the streams). Each takes its body's `break`
/// and `continue` (`BlockExit.endsLoop`); a `return` passes through it.
extension Interpreter {
  func runRepeat(
    _ countExpression: Expression, _ indexName: String?, _ body: [Step], _ context: inout Context,
    origin: StepOrigin, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let count = try integer(countExpression, &context, origin: origin, isolation: isolation)
    do {
      try RepeatCount.check(count)
    } catch {
      throw Failure(message: error.description, origin: origin)
    }
    // The loop's own constant ends with it, as Swift's does: the name it hid is back after it.
    let hidden = indexName.map { context.locals[$0] }
    defer { if let indexName { context.locals[indexName] = hidden ?? nil } }
    var iteration: Int64 = 0
    while iteration < count {
      try takeStep()
      iteration += 1
      if let indexName { context.locals[indexName] = .int(iteration) }
      if let end = try await runNested(body, &context, isolation: isolation).endsLoop {
        return end
      }
    }
    return .completed
  }

  func runForEach(
    _ listExpression: Expression, _ item: String, _ body: [Step], _ context: inout Context,
    origin: StepOrigin, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let hidden = context.locals[item]
    defer { context.locals[item] = hidden }
    for element in try list(listExpression, &context, origin: origin, isolation: isolation) {
      try takeStep()
      context.locals[item] = element
      if let end = try await runNested(body, &context, isolation: isolation).endsLoop {
        return end
      }
    }
    return .completed
  }

  /// `while condition { body }`, or `repeat { body } while condition` when `checksFirst` is
  /// false. Each later reading of the condition is a step of its own, as the first one is: it
  /// counts against --max-steps, other tasks may run before it, and it reads through `read`, so
  /// the race detector and the exploration of schedules see what it reads, as an `if`'s.
  func runWhile(
    _ condition: Expression, _ body: [Step], checksFirst: Bool, _ step: Step,
    _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let name =
      "the \(step.kind.key.rawValue) loop at \(scenario.file):"
      + "\(step.origin.location.line):\(step.origin.location.column) (\(step.origin.path))"
    defer { budget.loopEnded(name) }
    var round = 0
    while true {
      if round > 0 {
        budget.loopGoesRound(name)
        try takeStep()
        await beginStep(step, isolation: isolation)
      }
      if checksFirst || round > 0 {
        let holds = try self.condition(
          condition, &context, origin: step.origin, isolation: isolation)
        guard holds else { return .completed }
      }
      round += 1
      if let end = try await runNested(body, &context, isolation: isolation).endsLoop {
        return end
      }
    }
  }

  /// `forAwait`: in the body of the group it names, `for try await item in group`, the loop
  /// whileNext is; anywhere else `for await` over a stream.
  func runForAwaitLoop(
    _ name: String, _ item: String, _ body: [Step], _ operators: [StreamOperator], _ step: Step,
    _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    guard context.groups[name] != nil else {
      return try await runForAwait(
        name, item, body, operators, &context, origin: step.origin, isolation: isolation)
    }
    return try await runWhileNext(name, item, body, step, &context, isolation: isolation)
  }

  /// `while let bind = try await group.next() { body }`: each later `next()` is a step of its
  /// own, as a `while` condition's reading is.
  func runWhileNext(
    _ group: String, _ bind: String?, _ body: [Step], _ step: Step, _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let hidden = bind.map { context.locals[$0] }
    defer { if let bind { context.locals[bind] = hidden ?? nil } }
    var round = 0
    while true {
      if round > 0 {
        try takeStep()
        await beginStep(step, isolation: isolation)
      }
      round += 1
      guard try await runNext(group, bind, nil, &context, origin: step.origin, isolation: isolation)
      else {
        return .completed
      }
      if let end = try await runNested(body, &context, isolation: isolation).endsLoop {
        return end
      }
    }
  }
}
