import LabModel

extension ProgramWriter {
  func steps(_ steps: [Step], _ context: inout Context) throws(NotExpressible) {
    for (index, step) in steps.enumerated() {
      do {
        // A sleep in a Dispatch work item: the rest runs later, as a completion handler would.
        if case .sleep(let duration) = step.kind, !context.isAsync {
          try later(duration, Array(steps[(index + 1)...]), &context)
          return
        }
        if !context.isAsync { try synchronousClosureAllows(step, context) }
        try unassignedHidden(step, &context)
      } catch {
        throw NotExpressible(origin: error.origin ?? step.origin, message: error.message)
      }
    }
  }

  /// Writes `step` with the locals an `if` declared but this branch has not assigned out of
  /// sight, unless the step binds them here: then they are assigned.
  private func unassignedHidden(_ step: Step, _ context: inout Context) throws(NotExpressible) {
    guard !context.unassigned.isEmpty else { return try self.step(step, &context) }
    let binds = step.kind.boundNames.intersection(context.unassigned)
    let hidden = context.unassigned.subtracting(binds)
    let kept = (locals: context.locals, declaredTypes: context.declaredTypes)
    for name in hidden {
      context.declared.remove(name)
      context.locals[name] = nil
      context.declaredTypes[name] = nil
    }
    try self.step(step, &context)
    for name in hidden {
      context.declared.insert(name)
      context.locals[name] = kept.locals[name]
      context.declaredTypes[name] = kept.declaredTypes[name]
    }
    context.unassigned.subtract(binds)
  }

  /// Every kind of step, with no `default`: a new kind does not compile until it is written here.
  func step(_ step: Step, _ context: inout Context) throws(NotExpressible) {
    switch step.kind {
    case .log(let text):
      let value = try template(text, context)
      line("\(awaitPrefix(value))log(\(value.code))")
    case .set(let name, let value): try assign(name, value, add: false, &context)
    case .add(let name, let value): try assign(name, value, add: true, &context)
    case .repeat(let count, let index, let body): try repeating(count, index, body, context)
    case .forEach(let list, let item, let body):
      let items = try expression(list, context)
      var inner = context
      if case .list(let element)? = items.type { inner.locals[item] = element ?? .int }
      try block("for \(Identifier(item)) in \(awaitPrefix(items))\(items.code) {") {
        () throws(NotExpressible) in try loopBody(item, body, &inner)
      }
    case .if(let condition, let then, let otherwise):
      try branch(condition, then, otherwise, &context)
    case .while, .break, .continue: try loopStep(step.kind, context)
    case .return(let value): try returning(value, context)
    case .call(let call, let bind): try calling(call, bind, &context)
    case .block(let duration):
      let value = try expression(duration, context)
      line("\(awaitPrefix(value))block(\(value.code))")
    case .sleep(let duration):
      let value = try expression(duration, context)
      line("try await Task.sleep(for: \(milliseconds(value.code)))")
    case .yield: line("await Task.yield()")
    case .asyncLet(let name, let work): try asyncLet(name, work, &context)
    case .await(let names):
      let list = names.map { SwiftCode(Identifier($0)) }.joined(separator: ", ")
      line(names.count == 1 ? "_ = try await \(list)" : "_ = try await (\(list))")
    case .group, .addTask, .next, .whileNext, .cancelAll: try groupStep(step.kind, &context)
    case .task(let spec): try task(spec, &context)
    case .assumeIsolated(let body): try assumingMain(body, context)
    case .awaitTask(let name, let bind):
      let type = taskTypes[name] ?? .void
      let tryAwait: SwiftCode = taskThrows[name] ?? true ? "try await" : "await"
      if let bind, type != .void {
        try declare(bind, type: type, "\(tryAwait) \(Identifier(name)).value", &context)
      } else {
        line("_ = \(tryAwait) \(Identifier(name)).value")
      }
    case .cancel(let name): try cancel(name, context)
    case .onMain(let body): try onMain(body, &context)
    case .throw(let name):
      if name == "CancellationError" {
        line("throw CancellationError()")
      } else {
        errors.insert(name)
        line("throw ScenarioError.\(Identifier(name))")
      }
    case .try(let body, let catches): try doCatch(body, catches, &context)
    case .checkCancellation: line("try Task.checkCancellation()")
    case .dispatch(let queue, let sync, let body): try dispatch(queue, sync: sync, body, context)
    case .enter(let name):
      groups.insert(name)
      line("\(Identifier(name)).enter()")
    case .leave(let name):
      groups.insert(name)
      line("\(Identifier(name)).leave()")
    case .notify(let name, let queue, let body): try notify(name, queue, body, context)
    case .wait(let name):
      groups.insert(name)
      line("\(Identifier(name)).wait()")
    case .withLock(let name, let body): try withLock(name, body, context)
    case .atomicAdd(let name, let value): try atomicAdd(name, value, context)
    case .semaphoreWait(let name, let timeout, let bind):
      try semaphoreWait(name, timeout, bind, &context)
    case .semaphoreSignal(let name): line("\(Identifier(name)).signal()")
    case .continuation(let spec): try continuation(spec, &context)
    case .resume(let name, let result): try resume(name, result, context)
    case .onCancel(let handler, let operation): try onCancel(handler, operation, &context)
    case .streamYield, .streamFinish, .forAwait, .streamNext, .onTermination:
      try streamStep(step.kind, &context)
    case .withValue(let binding): try withValue(binding, context)
    }
  }

  func notify(_ name: String, _ queue: String, _ body: [Step], _ context: Context)
    throws(NotExpressible)
  {
    groups.insert(name)
    var inner = context
    inner.isAsync = false
    inner.inClosure = true
    inner.catchesAll = false
    inner.queue = queue
    inner.place = queue == "main" ? .main : .pool
    let opening = escaping(body, context, into: &inner)
    try block("\(Identifier(name)).notify(queue: \(queueCode(queue))) \(opening)") {
      () throws(NotExpressible) in
      copies(inner)
      try steps(body, &inner)
    }
  }

  func queueCode(_ queue: String) -> SwiftCode {
    queue == "main" ? ".main" : SwiftCode(Identifier(queue))
  }

  /// `if … { } else { }`. A local both branches set first is declared before it, `let q: Int`,
  /// as Swift's definite initialization allows: the lab reads it after the `if`.
  func branch(
    _ condition: Expression, _ then: [Step], _ otherwise: [Step], _ context: inout Context
  ) throws(NotExpressible) {
    let test = try self.condition(condition, context)
    var hoisted: Set<String> = []
    for name in Self.setInBoth(then, otherwise)
    where context.locals[name] == nil && !scenario.state.contains(where: { $0.name == name })
      && !(context.actor.flatMap { scenario.actors[$0] }?.state.contains { $0.name == name }
        ?? false)
      && !setsTwoTypes(name, then, otherwise, context)
    {
      // The branches' own first value says the type; a local of that name elsewhere in the
      // function (a loop's) may have another.
      let type =
        SwiftType.joined(
          firstBoundType(name, then, context), firstBoundType(name, otherwise, context))
        ?? localTypes[localKey(name, context)] ?? .int
      let rebound = context.rebound.contains(name)
      line("\(rebound ? "var" : "let") \(Identifier(name)): \(type)")
      context.declared.insert(name)
      context.declaredTypes[name] = type
      context.locals[name] = type
      if rebound { context.variables.insert(name) }
      hoisted.insert(name)
    }
    var start = context
    start.unassigned.formUnion(hoisted)
    var inner = start
    line("if \(awaitPrefix(test))\(test.code) {")
    depth += 1
    try steps(then, &inner)
    depth -= 1
    if !otherwise.isEmpty {
      inner = start
      line("} else {")
      depth += 1
      try steps(otherwise, &inner)
      depth -= 1
    }
    line("}")
  }

  /// Whether the branches set `name` first to values of two types Swift tells apart: then each
  /// is a local of its own branch (`lab validate` refuses a read after the `if`).
  private func setsTwoTypes(
    _ name: String, _ then: [Step], _ otherwise: [Step], _ context: Context
  ) -> Bool {
    guard let yes = firstBoundType(name, then, context),
      let no = firstBoundType(name, otherwise, context)
    else { return false }
    return SwiftType.joined(yes, no) == nil
  }

  /// The type of the first value `steps` bind `name` to in their own block, where the writer
  /// knows it: a `set`'s value, a call's result, an inner `if`'s first branch.
  private func firstBoundType(_ name: String, _ steps: [Step], _ context: Context) -> SwiftType? {
    for step in steps {
      if case .set(name, let value) = step.kind { return try? expression(value, context).type }
      if case .call(let call, name) = step.kind { return returnTypes[call.function] }
      // A next without orElse: the group's optional (children of nothing: text, "none").
      if case .next(let group, name, nil) = step.kind, let element = groupElementTypes[group] {
        return element == .void ? .string : .optional(element)
      }
      if case .if(_, let inner, let other) = step.kind,
        Self.setInBoth(inner, other).contains(name)
      {
        return firstBoundType(name, inner, context)
      }
      if step.kind.boundNames.contains(name) { return nil }
    }
    return nil
  }

  func returning(_ value: Expression?, _ context: Context) throws(NotExpressible) {
    guard let value, !context.returnsNothing else {
      line("return")
      return
    }
    let result = try expression(value, context)
    if let group = context.groupReturn, !context.inClosure {
      groupResultTypes[group] = SwiftType.merge(groupResultTypes[group], result.type)
    } else if let key = context.function {
      // The first return of a pass replaces what the pass before guessed (from parameters
      // whose types it did not know yet); later ones of the pass refine it.
      let known = returnedThisPass.insert(key).inserted ? nil : returnTypes[key]
      returnTypes[key] = SwiftType.merge(known, result.type)
    }
    line("return \(awaitPrefix(result))\(result.code)")
  }

  /// A call's argument list, recording the parameters' types for the callee.
  func arguments(_ call: Call, _ context: Context) throws(NotExpressible) -> (SwiftCode, Bool) {
    var parts: [SwiftCode] = []
    var awaits = false
    for (name, value) in call.arguments {
      let argument = try expression(value, context)
      awaits = awaits || argument.awaits
      if let type = argument.type {
        parameterTypes[call.function, default: [:]][name] = type
      }
      parts.append("\(Identifier(name)): \(argument.code)")
    }
    return (parts.joined(separator: ", "), awaits)
  }

  func repeating(
    _ count: Expression, _ index: String?, _ body: [Step], _ context: Context
  ) throws(NotExpressible) {
    let times = try expression(count, context)
    var inner = context
    inner.locals[index ?? "_"] = .int
    let variable: SwiftCode = index.map { "\(Identifier($0))" } ?? "_"
    // `1...n` traps when n is 0, where the lab runs no round; `0..<n` (and `1..<n + 1`, which
    // counts from 1) runs none, and traps as the lab stops when n is negative. An `await` to the
    // right of an operator must be in parentheses.
    let bound: SwiftCode =
      times.awaits || times.tries ? "(\(awaitPrefix(times))\(times.code))" : times.code
    let range: SwiftCode =
      if case .literal(.int(let rounds)) = count, rounds >= 1 {
        "1...\(rounds)"
      } else if index == nil {
        "0..<\(bound)"
      } else {
        "1..<\(bound) + 1"
      }
    try block("for \(variable) in \(range) {") {
      () throws(NotExpressible) in try loopBody(index, body, &inner)
    }
  }

  /// `MainActor.assumeIsolated { … }`: synchronous main-actor code, in place.
  func assumingMain(_ body: [Step], _ context: Context) throws(NotExpressible) {
    var inner = context
    (inner.place, inner.isAsync, inner.inClosure, inner.catchesAll) = (.main, false, true, false)
    // A closure of one expression would return that expression's value (`signal()`'s Int,
    // `yield`'s result) as `assumeIsolated`'s, which the work item around it cannot return.
    let opening: SwiftCode =
      body.count == 1 ? "MainActor.assumeIsolated { () -> Void in" : "MainActor.assumeIsolated {"
    try block(opening) { () throws(NotExpressible) in
      try steps(body, &inner)
    }
  }

  func calling(_ call: Call, _ bind: String?, _ context: inout Context) throws(NotExpressible) {
    let (arguments, _) = try self.arguments(call, context)
    let parts = call.function.split(separator: ".")
    var callee: SwiftCode = "\(Identifier(call.function))(\(arguments))"
    var effects = self.effects(calling: call.function)
    if parts.count == 2, let actor = scenario.actors[String(parts[0])],
      let method = actor.methods[String(parts[1])]
    {
      callee = "\(instance(actor.name)).\(Identifier(method.name))(\(arguments))"
      let isolated = method.isolation == .actor(actor.name) && context.actor != actor.name
      let async = isolated || methodIsAsync(method)
      effects =
        (throwsKeys.contains(call.function) ? "try " : "") + (async ? "await " : "" as SwiftCode)
    }
    let type = returnTypes[call.function]
    if let bind, type != .void, reads.contains(bind) {
      try declare(bind, type: type, effects + callee, &context)
    } else {
      line((type == nil || type == .void ? "" : "_ = ") + effects + callee)
    }
  }

  func onMain(_ body: [Step], _ context: inout Context) throws(NotExpressible) {
    if context.place == .main {
      try steps(body, &context)
      return
    }
    var inner = context
    inner.place = .main
    inner.isAsync = false
    // `async let` values cannot be awaited inside the synchronous closure: read them before.
    let read = Set(Self.names(body)).intersection(context.asyncLets).sorted()
    for name in read where context.renamed[name] == nil {
      let value = Identifier(name).suffixed("Value")
      line("let \(value) = try await \(Identifier(name))")
      inner.renamed[name] = "\(value)"
    }
    // `MainActor.run` rethrows what its closure throws.
    let call: SwiftCode = Self.throwsIn(body, throwsKeys) ? "try await" : "await"
    try block("\(call) MainActor.run {") { () throws(NotExpressible) in try steps(body, &inner) }
  }

  func doCatch(_ body: [Step], _ catches: [CatchClause], _ context: inout Context)
    throws(NotExpressible)
  {
    var inner = context
    inner.catchesAll = context.catchesAll || catches.contains { $0.error == nil }
    line("do {")
    depth += 1
    try steps(body, &inner)
    depth -= 1
    for clause in catches {
      var handler = context
      switch clause.error {
      case nil:
        line("} catch {")
        handler.locals["error"] = .string
      case "CancellationError":
        line("} catch is CancellationError {")
        handler.locals["error"] = .string
      case let name?:
        errors.insert(name)
        line("} catch ScenarioError.\(Identifier(name)) {")
        handler.locals["error"] = .string
      }
      depth += 1
      handler.caught = clause.error ?? ""
      try steps(clause.steps, &handler)
      depth -= 1
    }
    line("}")
  }

  /// `task.cancel()`, or for the task an earlier input started, the view model's.
  func cancel(_ name: String, _ context: Context) throws(NotExpressible) {
    if name == context.ownTask, !context.declared.contains(name) {
      // Its own handle is not in scope in its closure: it is the current task.
      line("withUnsafeCurrentTask { $0?.cancel() }")
    } else if context.declared.contains(name) || context.locals[name] != nil
      || (taskTypes[name] != nil && !storedTaskNames.contains(name))
    {
      // A task started before, here or in a closure around this one (a child, a handler, which
      // capture its handle): `lab validate` holds it in scope.
      line("\(Identifier(name)).cancel()")
    } else if storedTaskNames.contains(name), storage == .mainActor {
      line("viewModel.\(Identifier(name))?.cancel()")
    } else {
      throw NotExpressible(origin: nil, message: "'cancel' of a task not started here yet")
    }
  }
}
