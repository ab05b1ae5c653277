import LabRuntime

/// Reading and writing variables: a task's locals, the state of the actor it runs on, and shared
/// memory, looked up in that order.
extension Interpreter {
  /// Where a name lives.
  enum Storage {
    case local
    case actorState(key: String)
    case shared
  }

  func storage(of name: String, _ context: Context) -> Storage? {
    if context.locals[name] != nil { return .local }
    if let actor = context.actor, state.load("\(actor).\(name)") != nil {
      return .actorState(key: "\(actor).\(name)")
    }
    if state.load(name) != nil { return .shared }
    return nil
  }

  func lookup(_ name: String, _ context: Context) throws -> Value {
    if let value = context.locals[name] { return value }
    if let actor = context.actor, let value = state.load("\(actor).\(name)") { return value }
    if let value = state.load(name) { return value }
    switch name {
    case "isCancelled": return .bool(Task.isCancelled)
    case "now": return .int(Int64(runtime.now.rounded()))
    default: throw EvaluationError(description: "unknown name '\(name)'")
    }
  }

  func evaluate(_ expression: Expression, _ context: Context, origin: StepOrigin?) throws -> Value {
    do {
      return try expression.evaluate { try lookup($0, context) }
    } catch let error as EvaluationError {
      throw Failure(message: error.description, origin: origin ?? StepOrigin(location: .init(line: 0, column: 0, offset: 0), path: ""))
    }
  }

  func integer(_ expression: Expression, _ context: Context, origin: StepOrigin) throws -> Int64 {
    let value = try evaluate(expression, context, origin: origin)
    guard case .int(let number) = value else {
      throw Failure(message: "expected a whole number, got \(value.typeName) \(value.description)", origin: origin)
    }
    return number
  }

  func list(_ expression: Expression, _ context: Context, origin: StepOrigin) throws -> [Value] {
    let value = try evaluate(expression, context, origin: origin)
    guard case .list(let values) = value else {
      throw Failure(message: "expected a list, got \(value.typeName) \(value.description)", origin: origin)
    }
    return values
  }

  func render(_ template: Template, _ context: Context, origin: StepOrigin) throws -> String {
    try template.parts.map { part in
      switch part {
      case .text(let text): text
      case .expression(let expression): try evaluate(expression, context, origin: origin).text
      }
    }.joined()
  }

  func assign(
    _ name: String, _ value: Value, context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    switch storage(of: name, context) {
    case .local, nil:
      context.locals[name] = value
    case .actorState(let key):
      state.store(key, value)
    case .shared:
      state.store(name, value)
    }
    record(.set, context, "\(name) = \(value.description)")
  }

  /// `name += amount`. On shared memory this is a read, a point where other threads may run, and a
  /// write: not atomic, so concurrent adds can lose updates.
  func add(
    _ name: String, _ amount: Value, context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    let place = storage(of: name, context)
    let old = try lookup(name, context)
    if case .shared = place { await runtime.interleave(isolation: isolation) }
    let new: Value
    do {
      new = try Expression.binary(.add, .literal(old), .literal(amount)).evaluate { _ in .none }
    } catch let error as EvaluationError {
      throw Failure(message: error.description, origin: origin)
    }
    switch place {
    case .local, nil: context.locals[name] = new
    case .actorState(let key): state.store(key, new)
    case .shared: state.store(name, new)
    }
    record(.set, context, "\(name) = \(new.description)")
  }
}
