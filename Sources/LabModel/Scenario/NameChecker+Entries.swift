/// Where a scenario's code starts besides the root and its functions: an actor's methods, which
/// see the actor's own names, and the handlers of UI inputs, which see the input's values.
extension NameChecker {
  mutating func checkMethod(
    _ method: Function, of actor: ActorDeclaration, _ globals: Set<String>,
    _ stateKinds: [String: ValueKind]
  ) {
    var scope = methodScope(method, of: actor, globals, stateKinds)
    checkClosure(method.steps, &scope)
  }

  /// What a function's steps see: its parameters, the shared state.
  func functionScope(
    _ function: Function, _ globals: Set<String>, _ stateKinds: [String: ValueKind]
  ) -> Scope {
    var scope = Scope(readable: globals.union(function.parameters))
    scope.types = stateKinds.merging(parameterKinds[function.name] ?? [:]) { $1 }
    return scope
  }

  /// What a method's steps see: the actor's names, its parameters, the shared state.
  func methodScope(
    _ method: Function, of actor: ActorDeclaration, _ globals: Set<String>,
    _ stateKinds: [String: ValueKind]
  ) -> Scope {
    // A nonisolated method sees the actor's constants, not its mutable state.
    let own =
      method.isolation == .actor(actor.name) ? actor.state + actor.constants : actor.constants
    var scope = Scope(readable: globals.union(own.map(\.name)).union(method.parameters))
    // Every value the format holds is Sendable, so a block off the actor still reads its
    // constants (`self.label`): only its variables are the actor's alone.
    let variables = method.isolation == .actor(actor.name) ? actor.state : []
    scope.actorOwn = (actor.name, Set(variables.map(\.name)).subtracting(method.parameters))
    for constant in actor.constants where !method.parameters.contains(constant.name) {
      scope.constants[constant.name] = "a constant of actor '\(actor.name)' (its \"let\")"
      scope.hideable.insert(constant.name)
    }
    scope.types = stateKinds.merging(Self.declaredKinds(own)) { $1 }
      .merging(parameterKinds["\(actor.name).\(method.name)"] ?? [:]) { $1 }
    return scope
  }

  mutating func checkHandlers(_ globals: Set<String>, _ stateKinds: [String: ValueKind]) {
    // Handlers read the input as `value` and `n`, which would hide a shared variable so named.
    for name in ReservedNames.handlerLocals where !scenario.handlers.isEmpty {
      guard globals.contains(name) else { continue }
      report(
        "'\(name)' is what a handler calls the input's \(name == "n" ? "number" : "value"), "
          + "so handlers could not read this variable; choose another name",
        at: nil, path: "state.\(name)")
    }
    // A handler may cancel the task an earlier input's handler started: the view model keeps it.
    var handlerTasks = Set<String>()
    func collectTasks(_ steps: [Step]) {
      for step in steps {
        if case .task(let spec) = step.kind { handlerTasks.insert(spec.name) }
        step.kind.nestedBlocks.forEach(collectTasks)
      }
    }
    for handler in scenario.handlers.values { collectTasks(handler.steps) }
    // The program's inputs are one type, whose fields are every `with` name: one type each,
    // across every handler.
    var inputKinds: [String: ValueKind] = [:]
    for input in scenario.inputs { checkInputKinds(input, &inputKinds) }
    checkInputNamesAgree()
    for handler in scenario.handlers.values {
      var scope = Scope(readable: globals.union(["value", "n"]))
      scope.storedTasks = handlerTasks
      scope.types = stateKinds
      // A key's text, and a tap's "" (the program's `Input.value`, a `String`); its number.
      scope.types["value"] = .string
      scope.types["n"] = .int
      for input in scenario.inputs where input.handler == handler.name {
        scope.readable.formUnion(input.with.map(\.name))
        for (name, _) in input.with { scope.types[name] = inputKinds[name] }
      }
      checkBlock(handler.steps, &scope)
    }
  }
}
