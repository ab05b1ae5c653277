import LabModel
import LabRuntime

/// Reading and writing variables: a task's locals, the state of the actor it runs on, and shared
/// memory, looked up in that order. Every access to shared memory goes through the race detector.
extension Interpreter {
  /// Where a name lives.
  enum Storage {
    case local
    case actorState(key: String)
    case shared
  }

  /// Where a name lives and its value, found with one load: locals, then the actor's state, then
  /// shared memory.
  func locate(_ name: String, _ context: Context) -> (storage: Storage, value: Value)? {
    if let value = context.locals[name] { return (.local, value) }
    if let actor = context.actor, let value = state.load("\(actor).\(name)") {
      return (.actorState(key: "\(actor).\(name)"), value)
    }
    // Off the actor, only its constants: `lab validate` refuses a read of its variables there.
    if let actor = context.constantsOf, let value = state.load("\(actor).\(name)") {
      return (.actorState(key: "\(actor).\(name)"), value)
    }
    if let value = state.load(name) { return (.shared, value) }
    return nil
  }

  /// A name's value without recording an access (for descriptions in the trace), builtins included.
  func lookup(
    _ name: String, _ context: Context, isolation: (any Actor)? = nil
  ) throws -> Value {
    if let found = locate(name, context) { return found.value }
    if let bound = taskLocal(name) { return bound }
    if let property = groupProperty(name, context) { return property }
    if let base = GroupBodyRules.valueIsEmpty(read: name) {
      return try ValueFunction.isEmpty.apply([lookup(base, context, isolation: isolation)])
    }
    switch name {
    case "isCancelled", "Task.isCancelled":
      chooser?.touchUnknown()  // set by other tasks in ways the scheduler does not see
      return .bool(context.syncCaller?.isCancelled ?? Task.isCancelled)
    case "Task.currentPriority":
      chooser?.touchUnknown()  // raised by the tasks that await this one
      return .string(Self.name(of: Task.currentPriority))
    case "now": return .int(Int64(runtime.now.rounded()))
    case "taskName":
      let name = context.syncCaller.map(\.name) ?? Task.name
      return .string(name ?? "none")
    case "#isolation": return .string(isolationName(isolation))
    default: throw EvaluationError(description: "unknown name '\(name)'")
    }
  }

  /// Evaluates an expression as the task in `context`: reads of shared memory are accesses.
  func read(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws -> Value {
    func value(_ name: String) throws -> Value {
      guard let found = locate(name, context) else {
        // `queue.isEmpty` of a value, not a group's: a read of `queue`, recorded as one.
        if let base = GroupBodyRules.valueIsEmpty(read: name), context.groups[base] == nil {
          return try ValueFunction.isEmpty.apply([value(base)])
        }
        return try lookup(name, context, isolation: isolation)
      }
      switch found.storage {
      case .shared: noteAccess(name, write: false, &context, origin: origin, isolation: isolation)
      case .actorState(let key): chooser?.touch(isolated: key, write: false)
      case .local: break
      }
      return found.value
    }
    do {
      return try expression.evaluate(value)
    } catch let error as EvaluationError {
      throw Failure(message: error.description, origin: origin)
    }
  }

  func integer(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws -> Int64 {
    try read(expression, &context, origin: origin, isolation: isolation, as: "a whole number") {
      if case .int(let number) = $0 { number } else { nil }
    }
  }

  /// An `if`'s condition: true or false, as in Swift; any other value is a failure, not a quiet
  /// `else` (an `if` on a number ran its `else` and passed `lab validate`).
  func condition(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws -> Bool {
    try read(expression, &context, origin: origin, isolation: isolation, as: "true or false") {
      if case .bool(let holds) = $0 { holds } else { nil }
    }
  }

  func list(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws -> [Value] {
    try read(expression, &context, origin: origin, isolation: isolation, as: "a list") {
      if case .list(let values) = $0 { values } else { nil }
    }
  }

  /// Evaluates an expression that must give one kind of value; `what` names it in the failure.
  func read<T>(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?, as what: String, _ extract: (Value) -> T?
  ) throws -> T {
    let value = try read(expression, &context, origin: origin, isolation: isolation)
    guard let result = extract(value) else {
      throw Failure(
        message: "expected \(what), got \(value.typeName) \(value.description)", origin: origin)
    }
    return result
  }

  func render(
    _ template: Template, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws -> String {
    var text = ""
    for part in template.parts {
      // Past what a trace line keeps (`record` clips it) the text is not built, but every part is
      // still read: a read of shared memory is an access the race detector must see.
      switch part {
      case .text(let literal):
        if text.utf8.count <= TraceEvent.maxText { text += literal }
      case .expression(let expression):
        let value = try read(expression, &context, origin: origin, isolation: isolation)
        if text.utf8.count <= TraceEvent.maxText { text += value.text }
      }
    }
    return text
  }

  func assign(
    _ name: String, _ value: Value, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws {
    switch locate(name, context)?.storage {
    case .local, nil:
      context.locals[name] = value
    case .actorState(let key):
      chooser?.touch(isolated: key, write: true)
      state.store(key, value)
    case .shared:
      noteAccess(name, write: true, &context, origin: origin, isolation: isolation)
      state.store(name, value)
    }
    record(.set(.variable(name, value: Self.shown(value), read: nil)), context)
  }

  /// `name += amount`. On shared memory this is a read, a point where other threads may run, and a
  /// write: not atomic, so concurrent adds can lose updates.
  func add(
    _ name: String, _ amount: Value, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    var found = locate(name, context)
    if case .shared? = found?.storage, chooser?.turnIsVisible == true {
      // Between one statement and the next, another thread may run: where a run's choices are
      // made, this is a turn, so a read can see another task's write that came just before it.
      await runtime.preemptionPoint(isolation: isolation)
      found = locate(name, context)
    }
    let place = found?.storage
    let old = try found?.value ?? lookup(name, context)
    let sum = old.givesOneSum(adding: amount)
    switch place {
    case .shared:
      noteAccess(name, write: false, sum: sum, &context, origin: origin, isolation: isolation)
    case .actorState(let key):
      chooser?.touch(isolated: key, write: false, sum: sum)
      chooser?.touch(isolated: key, write: true, sum: sum)
    case .local, nil: break
    }
    if case .shared = place {
      // A run that records its schedule shows the read as its own event; `LabChecks` drops it
      // again when nothing ran between it and the write.
      if chooser?.showsSplitReads == true {
        record(.read(variable: name, value: Self.shown(old)), context)
      }
      await runtime.interleave(isolation: isolation)
    }
    let new: Value
    do {
      new = try Expression.binary(.add, .literal(old), .literal(amount)).evaluate { _ in .none }
    } catch let error as EvaluationError {
      throw Failure(message: error.description, origin: origin)
    }
    switch place {
    case .local, nil: context.locals[name] = new
    case .actorState(let key): state.store(key, new)
    case .shared:
      noteAccess(name, write: true, sum: sum, &context, origin: origin, isolation: isolation)
      state.store(name, new)
    }
    // Shared memory: show what this task read, so a lost update is visible in the trace.
    let read = place.map { if case .shared = $0 { true } else { false } } ?? false
    record(
      .set(.variable(name, value: Self.shown(new), read: read ? Self.shown(old) : nil)), context)
  }

  /// Tells the race detector about an access to shared memory and records a race it finds.
  /// `sum`: the access is half of an `add` that `Value.givesOneSum(adding:)`.
  func noteAccess(
    _ name: String, write: Bool, sum: Bool = false, _ context: inout Context,
    origin: StepOrigin, isolation: isolated (any Actor)?
  ) {
    chooser?.touch(variable: name, write: write, sum: sum)
    guard
      let race = races.access(
        name, write: write, context: &context, actor: isolation, origin: origin)
    else {
      return
    }
    func describe(_ access: RaceDetector.Access) -> String {
      "\(access.write ? "write" : "read") by \(access.taskName) (\(access.origin.path))"
    }
    record(
      .race(
        .unordered(
          variable: race.variable, earlier: describe(race.earlier), later: describe(race.later))),
      context)
  }
}

extension Interpreter {
  /// `#isolation` as the scenario names it: `main`, the name of one of its actors, or `none`.
  func isolationName(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "none" }
    if isSameActor(isolation, runtime.mainActor) { return "main" }
    return actors.first { isSameActor($0.value, isolation) }?.key ?? "none"
  }
}
