import LabModel

extension ProgramWriter {
  func stateDeclaration() throws(NotExpressible) {
    synchronizationDeclarations()
    streamDeclarations()
    guard !scenario.state.isEmpty || !scenario.inputs.isEmpty else { return }
    switch storage {
    case .captured:
      let globals = scenario.state.filter {
        globalCapturedState.contains($0.name) && !atomicNames.contains($0.name)
      }
      guard !globals.isEmpty else { return }
      line("// Shared state that functions and actors outside main() change: global variables.")
      for (name, value) in globals { line(variable(name, value)) }
      line("")
    case .unsafeGlobal:
      let atomics = atomicNames
      // Whether the program's Dispatch work, locks or continuations order the accesses is the
      // run's to show: the writer does not know, so it names nothing that does.
      if !scenario.state.allSatisfy({ atomics.contains($0.name) }) {
        line("// Shared state: `nonisolated(unsafe)`, so the compiler does not check it; only")
        line("// the order the program gives its accesses keeps them apart (`lab run` reports")
        line("// a race).")
      }
      for (name, value) in scenario.state where !atomics.contains(name) {
        line("nonisolated(unsafe) \(variable(name, value))")
      }
      line("")
    case .mainActor:
      line("/// What the screen shows: UI state, only touched on the main actor.")
      try block("@MainActor final class ViewModel {") { () throws(NotExpressible) in
        for (name, value) in scenario.state { line(variable(name, value)) }
        for name in storedTaskNames.sorted() {
          let type = taskTypes[name] ?? .void
          let failure: SwiftCode = taskThrows[name] ?? false ? "Error" : "Never"
          line("var \(Identifier(name)): Task<\(type), \(failure)>?")
        }
      }
      line("let viewModel = ViewModel()")
      line("")
    case .actor:
      line("/// The shared state: an actor, so tasks take turns with it.")
      try block("actor State {") { () throws(NotExpressible) in
        for (name, value) in scenario.state { line(variable(name, value)) }
        for setter in setters.sorted() {
          let (kind, name) = (setter.prefix(3), String(setter.dropFirst(4)))
          let type = stateTypes[name] ?? .int
          let variable = Identifier(name)
          line(
            kind == "set"
              ? "func \(variable.capitalized(after: "set"))(_ value: \(type)) { \(variable) = value }"
              : "func \(variable.capitalized(after: "add"))(_ amount: \(type)) { \(variable) += amount }"
          )
        }
      }
      line("let state = State()")
      line("")
    }
  }

  /// `var name = value`, with the type written out where the literal does not say it.
  func variable(
    _ name: String, _ value: Value, keyword: SwiftCode = "var", typeKey: String? = nil
  ) -> SwiftCode {
    if case .list(let items) = value, items.isEmpty {
      return "\(keyword) \(Identifier(name)): \(stateTypes[typeKey ?? name] ?? .list(nil)) = []"
    }
    return "\(keyword) \(Identifier(name)) = \(SwiftType.literal(value))"
  }

  /// The functions and actors, sorted by name.
  func declarations() throws(NotExpressible) -> [SwiftCode] {
    let saved = lines
    lines = []
    for function in scenario.functions.values.sorted(by: { $0.name < $1.name }) {
      try write(function, key: function.name)
      line("")
    }
    try handlerFunctions()
    for actor in scenario.actors.values.sorted(by: { $0.name < $1.name }) {
      try block("actor \(Identifier(actor.name)) {") { () throws(NotExpressible) in
        for (name, value) in actor.state {
          let key = "\(actor.name).\(name)"
          // What the methods assign (an earlier pass) says more than `[]` does.
          stateTypes[key] = SwiftType.merge(stateTypes[key], SwiftType.of(value))
          line(variable(name, value, typeKey: key))
        }
        for (name, value) in actor.constants { line(variable(name, value, keyword: "let")) }
        for method in actor.methods.values.sorted(by: { $0.name < $1.name }) {
          line("")
          try write(method, key: "\(actor.name).\(method.name)")
        }
      }
      line("let \(instance(actor.name)) = \(Identifier(actor.name))()")
      line("")
    }
    defer { lines = saved }
    return lines
  }

  func instance(_ actor: String) -> Identifier { Identifier(actor).lowercasedFirst }

  /// An actor's method is `async` when a step of it suspends or it awaits the shared state.
  func methodIsAsync(_ method: Function) -> Bool {
    Self.suspends(method.steps) || awaitsSharedState(method.steps)
  }

  func write(_ function: Function, key: String) throws(NotExpressible) {
    let types = parameterTypes[key] ?? [:]
    var parameters: [SwiftCode] = function.parameters.map {
      "\(Identifier($0)): \(types[$0] ?? .int)"
    }
    var context = Context(place: .pool, function: key, actor: function.owner)
    for name in function.parameters { context.locals[name] = types[name] ?? .int }
    var prefix: SwiftCode = ""
    let isMethod = function.owner != nil
    switch function.isolation {
    case .concurrent: prefix = isMethod ? "@concurrent nonisolated " : "@concurrent "
    case .caller: prefix = "nonisolated(nonsending) "
    case .main: (prefix, context.place) = ("@MainActor ", .main)
    case .actor(let name):
      if isMethod, name == function.owner {
        context.place = .actor(name)
      } else {
        throw NotExpressible(
          origin: function.steps.first?.origin,
          message: "a function isolated to actor '\(name)' outside it")
      }
    }
    if isMethod, function.isolation == .caller { prefix = "nonisolated " }
    if function.isolatedParameter {
      // SE-0313: the caller's isolation, passed implicitly (callers pass nothing).
      prefix = ""
      parameters.append("isolation: isolated (any Actor)? = #isolation")
    }
    // A synchronous function runs on its caller's thread already: nothing to say about it.
    let synchronous = !isMethod && synchronousFunctions.contains(key)
    if synchronous { prefix = "" }
    let isAsync = isMethod ? methodIsAsync(function) : !synchronous
    context.isAsync = isAsync
    let effects: SwiftCode =
      (isAsync ? " async" : "") + (throwsKeys.contains(key) ? " throws" : "" as SwiftCode)
    let result: SwiftCode = returnTypes[key].map { $0 == .void ? "" : " -> \($0)" } ?? ""
    context.rebound = Self.rebound(function.steps)
    let name = Identifier(function.name)
    try block(
      "\(prefix)func \(name)(\(parameters.joined(separator: ", ")))\(effects)\(result) {"
    ) { () throws(NotExpressible) in
      // Swift's parameters are constants: one the steps change is copied to a variable of the
      // same name first, as a Swift programmer writes it.
      let changed = Set(Self.assigned(function.steps))
      for parameter in function.parameters where changed.contains(parameter) {
        line("var \(Identifier(parameter)) = \(Identifier(parameter))")
        context.declared.insert(parameter)
        context.variables.insert(parameter)
      }
      try steps(function.steps, &context)
    }
  }

  /// The root task as `main()`, then the line that runs it.
  func mainFunction() throws(NotExpressible) -> [SwiftCode] {
    let saved = lines
    lines = []
    var context = Context(place: scenario.rootIsolation == .main ? .main : .pool)
    context.rebound = Self.rebound(scenario.steps)
    let isolation: SwiftCode = scenario.rootIsolation == .main ? "@MainActor " : ""
    try block("\(isolation)func main() async throws {") { () throws(NotExpressible) in
      if storage == .captured {
        let atomics = atomicNames
        for (name, value) in scenario.state
        where !atomics.contains(name) && !globalCapturedState.contains(name) {
          line(variable(name, value))
        }
      }
      startInputs()
      try steps(scenario.steps, &context)
      // The lab's root ends with its steps; what follows is the program staying for its tasks.
      if native { line("log(\"root end\")") }
      try keepAlive(&context)
      awaitInputs()
      if keepsTasks { line("await keptTasks.waitForAll()") }
    }
    line("")
    if native {
      nativeMain()
    } else {
      line("try await main()")
    }
    defer { lines = saved }
    return lines
  }

  /// An app's run (`"lifetime": "app"`) goes on until every task and work item has ended; a
  /// program ends with `main()`, so it waits here for what the root started and never awaited —
  /// but for a task that waits for a continuation nothing resumes, which Swift leaves suspended
  /// for good: awaiting it would hang the program. A command-line tool's `main()` just returns.
  func keepAlive(_ context: inout Context) throws(NotExpressible) {
    if scenario.lifetime == .app {
      waitForUnawaitedWork()
    } else {
      line("// main() returns: the process ends, cutting short any task still running.")
    }
    let atomics = atomicNames
    if storage == .captured,
      let (name, _) = scenario.state.first(where: {
        !atomics.contains($0.name)
      })
    {
      line("log(\"\(inLiteral: name) = \\(\(Identifier(name)))\")")
    }
    nativeCapturedValues()
  }

  /// Names bound (by `set` of a local or `as`) more than once in `steps`: they need `var`.
  static func rebound(_ steps: [Step]) -> Set<String> {
    var counts: [String: Int] = [:]
    func visit(_ steps: [Step]) {
      for step in steps {
        // The steps that run as this task's own code: a child's steps are a task of their own,
        // and a group's body is a closure of the task that opened the group, run before the
        // group ends, so what it changes of that task's locals needs `var` there.
        var inner: [Step] = nested(step.kind)
        // Every name the step binds where it stands (`Step.Kind.boundNames`); an `if`'s are
        // its branches', counted as they are visited.
        if !step.kind.isIf {
          for name in step.kind.boundNames { counts[name, default: 0] += 1 }
        }
        switch step.kind {
        // A local that is added to changes after its declaration.
        case .add(let name, _): counts[name, default: 0] += 2
        case .task(let spec):
          counts[spec.name, default: 0] += 1
          inner = []
        case .group(let spec): inner = spec.body ?? []
        // An escaping work item changes a copy of its own (`var n = n`), not this body's.
        case .asyncLet, .addTask, .dispatch(_, sync: false, _), .notify: inner = []
        case .onCancel(_, let operation): inner = operation
        case .set, .call, .awaitTask, .log, .repeat, .forEach, .if, .return, .block, .sleep,
          .yield, .await, .next, .cancelAll, .cancel, .onMain,
          .assumeIsolated, .throw, .try,
          .checkCancellation, .dispatch(_, sync: true, _), .enter, .leave, .wait, .withLock,
          .atomicAdd,
          .semaphoreWait, .semaphoreSignal, .continuation, .resume, .streamYield,
          .streamFinish, .streamNext, .forAwait, .onTermination, .withValue, .while, .break,
          .continue, .whileNext:
          break
        }
        visit(inner)
        // Set once in each branch of an `if`: one binding, declared before it (`branch`).
        if case .if(_, let then, let otherwise) = step.kind {
          for name in Self.setInBoth(then, otherwise) { counts[name, default: 0] -= 1 }
        }
      }
    }
    visit(steps)
    return Set(counts.filter { $0.value > 1 }.keys)
  }

  /// The names both branches of an `if` bind on every path of their own (a `set`, an `as`, an
  /// inner `if` that binds in both), as `lab validate` reads them after the `if`.
  static func setInBoth(_ then: [Step], _ otherwise: [Step]) -> [String] {
    Step.boundOnEveryPath(then).intersection(Step.boundOnEveryPath(otherwise)).sorted()
  }
}

/// The names in order, each once.
func uniqued(_ names: [String]) -> [String] {
  var seen: Set<String> = []
  return names.filter { seen.insert($0).inserted }
}

extension ProgramWriter {
  /// The awaits that keep an app's program running until its unawaited work has ended.
  func waitForUnawaitedWork() {
    for name in unawaitedTasks(scenario.steps) {
      if Self.waitsForever(task: name, in: scenario.steps) {
        line(
          .comment(
            "\(name) waits for a continuation nothing resumes: it stays suspended, unawaited."))
      } else {
        line("_ = await \(Identifier(name)).result  // the program would end before it")
      }
    }
    for name in groups.sorted() {
      line("// Stay until the group's work is done: the program ends when main() returns.")
      line(
        "await withCheckedContinuation { done in \(Identifier(name)).notify(queue: .main) { "
          + "done.resume() } }")
    }
    if tracksWork {
      line("// Stay until every work item has run, as an app does: main() returning ends it.")
      line(
        "await withCheckedContinuation { done in pendingWork.notify(queue: .main) { "
          + "done.resume() } }")
    } else if appQueuesWork {
      line("// An app's process keeps running the work items still queued; this program ends here.")
    }
  }

  /// Whether the root's task `name` runs a continuation whose steps never resume it: Swift warns
  /// that it leaked, and the task never goes on.
  static func waitsForever(task name: String, in steps: [Step]) -> Bool {
    steps.contains { step in
      guard case .task(let spec) = step.kind, spec.name == name else { return false }
      return waitsForever(spec)
    }
  }
}
