import LabRuntime

extension Interpreter {
  /// Runs `steps` from `start`. `scopes` holds the `async let` bindings of this block still in
  /// scope, innermost last: each is a real `async let` whose Swift scope encloses the rest of the
  /// block (see `runAsyncLet`).
  func runBlock(
    _ steps: [Step], from start: Int, _ context: inout Context, _ scopes: inout [String],
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    var index = start
    while index < steps.count {
      if runtime.isAborting { throw RunAborted() }
      let step = steps[index]
      switch step.kind {
      case .asyncLet(let name, let work):
        let exit = try await runAsyncLet(
          name, work, steps, at: index, &context, &scopes, isolation: isolation)
        guard case .continueAt(let next) = exit else { return exit }
        index = next
        continue
      case .await(let names):
        // The innermost binding is awaited by its own scope (a real `await` of the `async let`);
        // after that scope ends, this step runs again for the names left.
        let left = names.filter { context.locals[$0] == nil }
        if let innermost = scopes.last, left.contains(innermost) {
          if left.count == names.count { record(.await, context, names.joined(separator: ", ")) }
          return .awaitBinding(innermost, resumeAt: index)
        }
        if !left.isEmpty {
          if left.count == names.count { record(.await, context, names.joined(separator: ", ")) }
          for name in left {
            context.locals[name] = try await awaitOutOfOrder(name, context, isolation: isolation)
          }
        }
        record(.resume, context, names.map { "\($0) = \(context.locals[$0]!.description)" }.joined(separator: ", "))
      default:
        if let value = try await run(step, &context, isolation: isolation) {
          return .returned(value)
        }
      }
      index += 1
    }
    return .completed
  }

  /// `async let NAME = work`: starts the child, then runs the rest of the block inside the Swift
  /// scope of the binding, so leaving the block without awaiting it cancels and awaits it, as Swift
  /// does.
  func runAsyncLet(
    _ name: String, _ work: ChildWork, _ steps: [Step], at index: Int, _ context: inout Context,
    _ scopes: inout [String], isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let completion = Completion()
    completions.insert(name, completion, task: context.task)
    record(.spawn, context, "async let \(name) = \(describe(work, context))")
    let child = Context(task: name, locals: context.locals)
    async let value: Value = {
      do {
        let value = try await self.runTask(work, child, isolation: nil)
        completion.finish(.success(value))
        return value
      } catch {
        completion.finish(.failure(error))
        throw error
      }
    }()
    scopes.append(name)
    defer { scopes.removeLast() }
    var exit = try await runBlock(steps, from: index + 1, &context, &scopes, isolation: isolation)
    if case .awaitBinding(name, let resumeAt) = exit {
      waits.wait(context.task, for: "async let \(name)")
      context.locals[name] = try await value
      waits.done(context.task)
      exit = .continueAt(resumeAt)
    } else if context.locals[name] == nil {
      record(.cancel, context, "async let \(name) was not awaited: cancelled at the end of its scope")
    }
    return exit
  }

  /// Awaits an `async let` that is not the innermost one in scope. Swift awaits the binding itself;
  /// the interpreter cannot name an outer binding from an inner scope, so it waits for the child's
  /// completion instead, which resumes the parent at the same moment.
  func awaitOutOfOrder(
    _ name: String, _ context: Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    guard let completion = completions.find(name, task: context.task) else {
      throw Failure(message: "'\(name)' is not an async let in scope", origin: StepOrigin(location: .init(line: 0, column: 0, offset: 0), path: ""))
    }
    waits.wait(context.task, for: "async let \(name)")
    defer { waits.done(context.task) }
    return try await completion.value()
  }

  /// Runs one step other than `asyncLet` and `await`; returns a value when the step is `return`.
  func run(
    _ step: Step, _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> Value? {
    switch step.kind {
    case .log(let template):
      record(.log, context, try render(template, context, origin: step.origin))
    case .set(let name, let expression):
      let value = try evaluate(expression, context, origin: step.origin)
      try await assign(name, value, context: &context, origin: step.origin, isolation: isolation)
    case .add(let name, let expression):
      let amount = try evaluate(expression, context, origin: step.origin)
      try await add(name, amount, context: &context, origin: step.origin, isolation: isolation)
    case .repeat(let countExpression, let indexName, let body):
      let count = try integer(countExpression, context, origin: step.origin)
      var iteration: Int64 = 0
      while iteration < count {
        iteration += 1
        if let indexName { context.locals[indexName] = .int(iteration) }
        if let value = try await runNested(body, &context, isolation: isolation) { return value }
      }
    case .forEach(let listExpression, let item, let body):
      for element in try list(listExpression, context, origin: step.origin) {
        context.locals[item] = element
        if let value = try await runNested(body, &context, isolation: isolation) { return value }
      }
    case .if(let condition, let thenSteps, let elseSteps):
      let branch = try evaluate(condition, context, origin: step.origin) == .bool(true) ? thenSteps : elseSteps
      if let value = try await runNested(branch, &context, isolation: isolation) { return value }
    case .return(let expression):
      return try expression.map { try evaluate($0, context, origin: step.origin) } ?? Value.none
    case .call(let call, let bind):
      let value = try await self.call(call, &context, origin: step.origin, isolation: isolation)
      if let bind { context.locals[bind] = value }
    case .block(let expression):
      let milliseconds = try integer(expression, context, origin: step.origin)
      record(.block, context, "\(milliseconds) ms")
      await runtime.block(milliseconds: milliseconds, isolation: isolation)
    case .sleep(let expression):
      let milliseconds = try integer(expression, context, origin: step.origin)
      record(.sleep, context, "\(milliseconds) ms")
      waits.wait(context.task, for: "sleep")
      defer { waits.done(context.task) }
      do {
        try await runtime.sleep(milliseconds: milliseconds, isolation: isolation)
      } catch is CancellationError {
        record(.wake, context, "cancelled")
        throw CancellationError()
      }
      record(.wake, context)
    case .yield:
      record(.yield, context)
      await runtime.yield(isolation: isolation)
    case .group(let spec):
      try await runGroup(spec, &context, origin: step.origin, isolation: isolation)
    case .task(let spec):
      startTask(spec, context, isolation: isolation)
    case .awaitTask(let name, let bind):
      guard let task = tasks.task(named: name) else {
        throw Failure(message: "task '\(name)' has not been started yet", origin: step.origin)
      }
      record(.await, context, "task \(name)")
      waits.wait(context.task, for: "task \(name)")
      let value = try await task.value
      waits.done(context.task)
      if let bind { context.locals[bind] = value }
      record(.resume, context, value == .none ? "task \(name) finished" : "task \(name) = \(value.description)")
    case .cancel(let name):
      guard let task = tasks.task(named: name) else {
        throw Failure(message: "task '\(name)' has not been started yet", origin: step.origin)
      }
      record(.cancel, context, "task \(name)")
      task.cancel()
    case .onMain(let body):
      if isSameActor(isolation, runtime.mainActor) {
        if let value = try await runNested(body, &context, isolation: isolation) { return value }
      } else {
        var inner = context
        _ = try await enter(body, &inner, on: runtime.mainActor, named: "main")
        context.locals = inner.locals
      }
    case .asyncLet, .await:
      preconditionFailure("handled by runBlock")
    }
    return nil
  }

  /// Runs a nested block (a loop body, a branch) in its own scope, as Swift does.
  func runNested(
    _ steps: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> Value? {
    var scopes: [String] = []
    if case .returned(let value) = try await runBlock(steps, from: 0, &context, &scopes, isolation: isolation) {
      return value
    }
    return nil
  }

  // MARK: - Task groups and tasks

  func runGroup(
    _ spec: TaskGroupSpec, _ context: inout Context, origin: StepOrigin, isolation: isolated (any Actor)?
  ) async throws {
    let items: [Value]
    switch try evaluate(spec.items, context, origin: origin) {
    case .int(let count): items = count > 0 ? (1...count).map { .int($0) } : []
    case .list(let values): items = values
    case let other:
      throw Failure(message: "a group runs over a list or a count, not \(other.typeName)", origin: origin)
    }
    let parent = context
    var collected: [Value] = []
    record(.await, context, "group \(spec.name) of \(items.count)")
    waits.wait(context.task, for: "group \(spec.name)")
    try await withThrowingTaskGroup(of: Value.self) { group in
      for item in items {
        var child = Context(task: "\(spec.name)[\(item.text)]", locals: parent.locals)
        if let itemName = spec.itemName { child.locals[itemName] = item }
        record(.spawn, parent, "\(child.task)")
        group.addTask {
          try await self.runTask(spec.child, child, isolation: nil)
        }
      }
      if spec.collect != nil {
        var index = 0
        for try await value in group {
          index += 1
          collected.append(value)
          record(.collect, parent, "result \(index) of \(items.count): \(value.description)")
        }
      } else {
        try await group.waitForAll()
      }
    }
    waits.done(context.task)
    record(.resume, context, "group \(spec.name) done")
    if let collect = spec.collect {
      try await assign(collect, .list(collected), context: &context, origin: origin, isolation: isolation)
    }
  }

  func startTask(_ spec: TaskSpec, _ context: Context, isolation: isolated (any Actor)?) {
    let child = Context(task: spec.name, locals: context.locals)
    let target = actor(for: spec.isolation, caller: spec.detached ? nil : isolation)
    record(.spawn, context, "\(spec.detached ? "detached task" : "task") \(spec.name)")
    let task = Task(executorPreference: runtime.taskExecutor, priority: spec.priority?.priority) {
      try await self.runTask(spec.child, child, isolation: target)
    }
    tasks.insert(spec.name, task)
  }

  func describe(_ work: ChildWork, _ context: Context) -> String {
    switch work {
    case .call(let call):
      let arguments = call.arguments.map { name, expression in
        "\(name): \((try? evaluate(expression, context, origin: nil))?.description ?? "?")"
      }
      return "\(call.function)(\(arguments.joined(separator: ", ")))"
    case .steps(let steps):
      return "{ \(steps.count) step\(steps.count == 1 ? "" : "s") }"
    }
  }
}
