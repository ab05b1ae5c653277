import LabModel

extension ProgramWriter {
  /// Every free function is `async throws`, as the scenario format says, but for a synchronous
  /// one, which throws when its body can, like a method.
  func findThrowsKeys() -> Set<String> {
    let synchronous = synchronousFunctions
    var keys = Set(scenario.functions.keys).subtracting(synchronous)
    for name in synchronous where Self.throwsIn(scenario.functions[name]?.steps ?? [], keys) {
      keys.insert(name)
    }
    for actor in scenario.actors.values {
      for method in actor.methods.values where Self.throwsIn(method.steps, keys) {
        keys.insert("\(actor.name).\(method.name)")
      }
    }
    return keys
  }

  /// Free functions that run on their caller's executor and never suspend: written as plain
  /// synchronous functions, which Swift runs on the caller's thread as the lab runs them — and
  /// which a Dispatch work item, itself synchronous, can call.
  func findSynchronousFunctions() -> Set<String> {
    // A synchronous function's `#isolation` is nil, whoever calls it; the lab's reads its
    // caller's, as a `nonisolated(nonsending)` async function's does.
    if reads.contains("#isolation") { return [] }
    return scenario.synchronousFunctions { !awaitsSharedState($0.steps) }
  }

  /// What a call of the free function needs before it: `try await `, less what a synchronous
  /// function does not.
  func effects(calling function: String) -> SwiftCode {
    guard synchronousFunctions.contains(function) else { return "try await " }
    return throwsKeys.contains(function) ? "try " : ""
  }

  /// Whether the steps can throw out: a catch-all `catch` stops what its `do` throws. In the
  /// body of the `groups`, a `forAwait` over one of them is `for try await`, which throws.
  static func throwsIn(
    _ steps: [Step], _ throwing: Set<String>, groups: Set<String> = []
  ) -> Bool {
    steps.contains { step in
      switch step.kind {
      case .throw, .sleep, .checkCancellation, .awaitTask, .await, .next, .whileNext: return true
      case .call(let call, _): return throwing.contains(call.function)
      case .try(let body, let catches):
        let all = catches.contains { $0.error == nil }
        return (!all && throwsIn(body, throwing, groups: groups))
          || catches.contains { throwsIn($0.steps, throwing, groups: groups) }
      case .task, .dispatch, .notify: return false
      case .continuation(let spec): return spec.throwing || throwsIn(spec.steps, throwing)
      case .onCancel(_, let operation): return throwsIn(operation, throwing, groups: groups)
      case .forAwait(let name, _, let body, _):
        return groups.contains(name) || throwsIn(body, throwing, groups: groups)
      case .group(let spec): return groupThrows(spec, throwing, groups: groups)
      case .addTask, .cancelAll: return false
      case .asyncLet: return false
      case .log, .set, .add, .repeat, .forEach, .if, .return, .block, .yield, .cancel, .onMain,
        .assumeIsolated, .enter, .leave, .wait, .withLock, .atomicAdd, .semaphoreWait,
        .semaphoreSignal, .resume, .streamYield, .streamFinish, .streamNext, .onTermination,
        .withValue, .while, .break, .continue:
        return throwsIn(nested(step.kind), throwing, groups: groups)
      }
    }
  }

  /// Whether `withThrowingTaskGroup` throws out: with a body it ends with `waitForAll()` or `for
  /// try await`, which rethrow a child's error, but for a body that returns the group's value
  /// ("as"): then the group rethrows only what its closure throws.
  static func groupThrows(
    _ spec: TaskGroupSpec, _ throwing: Set<String>, groups: Set<String> = []
  ) -> Bool {
    guard let body = spec.body else { return childThrows(spec.child, throwing) }
    return spec.bind == nil || throwsIn(body, throwing, groups: groups.union([spec.name]))
  }

  static func childThrows(_ work: ChildWork, _ throwing: Set<String>) -> Bool {
    switch work {
    case .call(let call): throwing.contains(call.function)
    case .steps(let steps): throwsIn(steps, throwing)
    }
  }

  /// Every name the steps' expressions and templates read, nested blocks included.
  static func names(_ steps: [Step]) -> [String] {
    var result: [String] = []
    for step in steps {
      switch step.kind {
      case .log(let text): result += text.names
      case .set(_, let value), .add(_, let value), .block(let value), .sleep(let value):
        result += value.names
      case .if(let condition, _, _), .while(let condition, _, _): result += condition.names
      case .return(let value?): result += value.names
      case .call(let call, _): result += call.arguments.flatMap(\.value.names)
      case .repeat(let count, _, _): result += count.names
      case .forEach(let list, _, _): result += list.names
      case .streamYield(_, let value), .atomicAdd(_, let value): result += value.names
      case .forAwait(_, _, _, let operators): result += operators.flatMap(\.names)
      case .streamNext(_, _, let orElse): result += orElse.names
      // What the Swift program captures from these is written with their own code.
      case .return(nil), .yield, .asyncLet, .await, .group, .addTask, .next, .cancelAll, .task,
        .awaitTask, .cancel, .onMain,
        .assumeIsolated, .throw, .try, .checkCancellation, .dispatch, .enter, .leave, .notify,
        .wait, .withLock, .semaphoreWait, .semaphoreSignal, .continuation, .resume,
        .onCancel, .streamFinish, .onTermination, .withValue, .break, .continue,
        .whileNext:
        break
      }
      if let call = childCall(step.kind) { result += call.arguments.flatMap(\.value.names) }
      result += names(nested(step.kind))
    }
    return result
  }

  /// The call a child task makes (`async let x = f(a)`, `Task { await f(a) }`), whose arguments
  /// are read where the child is written: a name read only there must reach `reads` too.
  static func childCall(_ kind: Step.Kind) -> Call? {
    let work: ChildWork? =
      switch kind {
      case .asyncLet(_, let child): child
      case .group(let spec): spec.body == nil ? spec.child : nil
      case .addTask(let spec): spec.child
      case .task(let spec): spec.child
      case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
        .await, .next, .cancelAll, .awaitTask, .cancel, .onMain, .assumeIsolated, .throw, .try,
        .checkCancellation, .dispatch, .enter, .leave, .notify, .wait, .withLock, .atomicAdd,
        .semaphoreWait, .semaphoreSignal, .continuation, .resume, .onCancel, .streamYield,
        .streamFinish, .forAwait, .streamNext, .onTermination, .withValue, .while, .break,
        .continue, .whileNext:
        nil
      }
    if case .call(let call)? = work { return call }
    return nil
  }

  /// The names the steps `set` or `add` to, nested blocks included.
  static func assigned(_ steps: [Step]) -> [String] {
    steps.flatMap { step -> [String] in
      var names: [String] = []
      if case .set(let name, _) = step.kind { names.append(name) }
      if case .add(let name, _) = step.kind { names.append(name) }
      return names + assigned(nested(step.kind))
    }
  }

  /// Whether the steps await anything in their own code (not in a task they start): an actor
  /// method without awaits is synchronous, as `lab validate` judges a call in a work item.
  static func suspends(_ steps: [Step]) -> Bool { steps.firstAwaited != nil }

  func asyncLet(_ name: String, _ work: ChildWork, _ context: inout Context) throws(NotExpressible)
  {
    let type: SwiftType?
    if case .call(let call) = work {
      let (arguments, _) = try self.arguments(call, context)
      let (variable, function) = (Identifier(name), Identifier(call.function))
      line(
        native
          ? "async let \(variable) = named(\(.string(name))) { "
            + "\(effects(calling: call.function))\(function)(\(arguments)) }"
          : "async let \(variable) = \(function)(\(arguments))")
      type = returnTypes[call.function]
    } else {
      let saved = lines
      lines = []
      depth += 1
      let written = try child(
        "\(inLiteral: name)", work, context, collects: true, snapshots: name)
      type = written.type
      depth -= 1
      let body = lines
      lines = saved
      for captured in written.snapshotted {
        line("let \(Self.snapshot(captured, for: name)) = \(Identifier(captured))")
      }
      line(
        "async let \(Identifier(name)) = { \(written.captures)() async throws -> \(type ?? .void) in"
      )
      lines += body
      line("}()")
    }
    context.locals[name] = type ?? .int
    context.asyncLets.insert(name)
  }

  func task(_ spec: TaskSpec, _ context: inout Context) throws(NotExpressible) {
    if let chain = spec.chain { return try chained(spec, in: chain, &context) }
    var arguments: [SwiftCode] = []
    // A scenario that reads `taskName` names its tasks as the trace does (SE-0469).
    if reads.contains("taskName") { arguments.append("name: \(.string(spec.name))") }
    if let priority = spec.priority { arguments.append("priority: .\(priority.code)") }
    var inner = context
    var attribute: SwiftCode = ""
    switch spec.isolation {
    case .main:
      attribute = context.place == .main && !spec.detached ? "" : "@MainActor "
      inner.place = .main
    case .caller:
      inner.place = spec.detached ? .pool : context.place
    case .concurrent:
      attribute = context.place == .pool || spec.detached ? "" : "@concurrent "
      inner.place = .pool
    case .actor(let name):
      throw NotExpressible(origin: nil, message: "a task isolated to actor '\(name)'")
    }
    if let preference = poolPreference(spec, runsOn: inner.place) {
      arguments.insert(preference, at: arguments.count - (spec.priority == nil ? 0 : 1))
    }
    let (type, captures, body) = try closure(spec, inner)
    let throwing = Self.childThrows(spec.child, throwsKeys)
    taskThrows[spec.name] = throwing
    let creation: SwiftCode =
      spec.immediate ? "Task.immediate" : spec.detached ? "Task.detached" : "Task"
    let list: SwiftCode = arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))"
    let throwsCode: SwiftCode = throwing ? " throws" : ""
    let signature: SwiftCode =
      attribute.isEmpty && type == .void
      ? (captures.isEmpty ? "" : " \(captures)in")
      : " \(captures)\(attribute)()\(throwsCode) -> \(type) in"
    let inFunction = context.function.map { !$0.hasPrefix("handler ") && !$0.hasPrefix("child ") }
    let kept = keepsUntilTheEnd(spec)
    if inFunction == true, !taskReferences.contains(spec.name) {
      // Fire and forget: nothing keeps the task, and the function returns without it.
      line("\(kept ? "keptTasks.keep(" : "")\(creation)\(list) {\(signature)")
      lines += body
      line(kept ? "})" : "}")
      return
    }
    bind(spec.name, "\(creation)\(list) {\(signature)", body, &context)
    if kept { line("keptTasks.keep(\(Identifier(spec.name)))") }
  }

  /// A task's closure, written apart from the lines around it: its body and what it returns.
  func closure(_ spec: TaskSpec, _ inner: Context) throws(NotExpressible) -> (
    type: SwiftType, captures: SwiftCode, body: [SwiftCode]
  ) {
    let saved = lines
    lines = []
    depth += 1
    let written = try child(
      "\(inLiteral: spec.name)", spec.child, inner, collects: true, place: inner.place,
      ownTask: spec.name)
    let type = written.type ?? .void
    depth -= 1
    let body = lines
    lines = saved
    taskTypes[spec.name] = type
    return (type, written.captures, body)
  }

  /// `let NAME = OPENING`, the closure's body and its `}`. A handler's task that a later input
  /// cancels is kept in the view model as well, as the tutorial's `searchTask` is
  /// (`searchTask?.cancel()` before `searchTask = Task { … }`).
  func bind(_ name: String, _ opening: SwiftCode, _ body: [SwiftCode], _ context: inout Context) {
    // A name started again later holds the latest task, as the lab's `awaitTask` takes it.
    let binding: SwiftCode =
      context.declared.contains(name) ? "" : context.rebound.contains(name) ? "var " : "let "
    context.declared.insert(name)
    line("\(binding)\(Identifier(name)) = \(opening)")
    lines += body
    line("}")
    if storedTaskNames.contains(name), context.function?.hasPrefix("handler ") == true {
      line("viewModel.\(Identifier(name)) = \(Identifier(name))")
    }
  }

  /// A task of a serial chain, as the tutorial's `SerialTasks` actor runs it: `add` starts the
  /// body once the chain's previous task has finished and returns the new task.
  func chained(_ spec: TaskSpec, in chain: String, _ context: inout Context)
    throws(NotExpressible)
  {
    guard !spec.detached, spec.priority == nil else {
      throw NotExpressible(origin: nil, message: "a detached or prioritized task of a chain")
    }
    var inner = context
    switch spec.isolation {
    case .main: inner.place = .main
    case .caller: inner.place = context.place == .main ? .main : .pool
    case .concurrent: inner.place = .pool
    case .actor(let name):
      throw NotExpressible(origin: nil, message: "a task of a chain isolated to actor '\(name)'")
    }
    let (type, captures, body) = try closure(spec, inner)
    // `add` takes a throwing closure, so its task's value is awaited with `try`.
    taskThrows[spec.name] = true
    chains[chain] = type
    let attribute: SwiftCode = inner.place == .main ? "@MainActor " : ""
    bind(
      spec.name,
      "await \(Identifier(chain)).add { \(captures)\(attribute)() async throws -> \(type) in",
      body, &context)
  }

  /// The tutorial's `SerialTasks`, returning the task it adds so that it can be awaited later.
  func serialTasksDeclaration() {
    guard !chains.isEmpty else { return }
    let text: StaticString = """
      /// Runs each added task after the one added before it has finished ("Serial Asynchronous
      /// Tasks"): every new task awaits its predecessor's result first.
      actor SerialTasks<Success: Sendable> {
        private var previousTask: Task<Success, Error>?

        func add(
          _ block: @Sendable @escaping () async throws -> Success
        ) -> Task<Success, Error> {
          let task = Task { [previousTask] in
            _ = await previousTask?.result
            return try await block()
          }
          previousTask = task
          return task
        }
      }
      """
    for code in SwiftCode.lines(text) { line(code) }
    for (chain, type) in chains.sorted(by: { $0.key < $1.key }) {
      line("let \(Identifier(chain)) = SerialTasks<\(type)>()")
    }
    line("")
  }

  func dispatch(_ queue: String, sync: Bool = false, _ body: [Step], _ context: Context)
    throws(NotExpressible)
  {
    var inner = context
    inner.isAsync = false
    inner.queue = queue
    inner.place = queue == "main" ? .main : .pool
    inner.ownTask = nil
    inner.inClosure = true
    inner.catchesAll = false
    let target: SwiftCode = queue == "main" ? "DispatchQueue.main" : SwiftCode(Identifier(queue))
    // A `sync` block runs before the call returns, on the caller's variables; an `async` one
    // escapes, and gets a copy of the locals it changes, as a child task does.
    let opening = sync ? "{" : escaping(body, context, into: &inner)
    let call: SwiftCode =
      sync
      ? "\(target).sync {"
      : tracksWork
        ? "\(target).async(group: pendingWork) \(opening)" : "\(target).async \(opening)"
    try block(call) { () throws(NotExpressible) in
      // A `sync` block changes the caller's own variables: only an escaping one copies them.
      if !sync { copies(inner) }
      try steps(body, &inner)
    }
  }

  /// Whether the scenario is an app's that queues work items: its process keeps running until
  /// they have run, where a program ends when `main()` returns.
  var appQueuesWork: Bool {
    scenario.lifetime == .app
      && Self.contains(allSteps) { kind in
        if case .dispatch(_, sync: false, _) = kind { true } else { false }
      }
  }

  /// Whether the program stays until its work items have run (`keepAlive`), counting them in
  /// `pendingWork` as a `DispatchGroup` counts any work: the native build of an app's scenario,
  /// whose run must end as the lab's does (a cycle of `sync`s hangs there, as in the app). The
  /// program a learner reads keeps Dispatch's own calls, and says where an app would go on.
  var tracksWork: Bool { native && appQueuesWork }

  /// The rest of a work item after a `sleep`: a completion handler called back later.
  func later(_ duration: Expression, _ rest: [Step], _ context: inout Context)
    throws(NotExpressible)
  {
    let value = try expression(duration, context)
    let queue = context.queue.map(queueCode) ?? "DispatchQueue.global()"
    let target: SwiftCode = queue == ".main" ? "DispatchQueue.main" : queue
    line("// The request's completion handler, \(value.code) ms later.")
    if tracksWork { line("pendingWork.enter()") }
    // The handler escapes too: it copies the work item's variables it reads or changes.
    var inner = context
    let opening = escaping(rest, context, into: &inner)
    try block("\(target).asyncAfter(deadline: .now() + \(milliseconds(value.code))) \(opening)") {
      () throws(NotExpressible) in
      if tracksWork { line("defer { pendingWork.leave() }") }
      copies(inner)
      try steps(rest, &inner)
    }
  }
}
