import LabModel

/// Variables: a local declared, a value assigned, and the types Swift keeps.
extension ProgramWriter {
  /// `let name = value`, `var` when it is bound again later, or a plain assignment then.
  func declare(_ name: String, type: SwiftType?, _ code: SwiftCode, _ context: inout Context)
    throws(NotExpressible)
  {
    if context.declared.contains(name) {
      // Declared before an `if` whose branches both bind it: the next pass declares its type.
      let key = localKey(name, context)
      _ = learnLocal(key, type)
      try keepsItsType(name, was: context.declaredTypes[name], now: type)
      line("\(Identifier(name)) = \(code)")
      return
    }
    context.declared.insert(name)
    if let type, type != .list(nil) { context.declaredTypes[name] = type }
    let key = localKey(name, context)
    let known = learnLocal(key, type)
    context.locals[name] = known ?? .int
    let keyword: SwiftCode = context.rebound.contains(name) ? "var" : "let"
    if context.rebound.contains(name) { context.variables.insert(name) }
    if code == "[]" {
      // An empty literal says no type: the later assignments do (an earlier pass found them).
      line("\(keyword) \(Identifier(name)): \(known ?? .list(nil)) = []")
    } else {
      line("\(keyword) \(Identifier(name)) = \(code)")
    }
  }

  /// A local variable, by the function (or `main`) that holds it, for `localTypes`.
  func localKey(_ name: String, _ context: Context) -> String {
    "\(context.function ?? "")\u{0}\(name)"
  }

  func assign(_ name: String, _ value: Expression, add: Bool, _ context: inout Context)
    throws(NotExpressible)
  {
    let new = try expression(value, context)
    let target = try? reference(name, context)
    let isState =
      scenario.state.contains { $0.name == name } && context.locals[name] == nil
      && !(context.actor.flatMap { scenario.actors[$0] }?.state.contains { $0.name == name }
        ?? false)
    if !isState, target == nil || context.locals[name] != nil || context.actor != nil,
      !add || target != nil
    {
      if target == nil {
        try declare(name, type: new.type, "\(awaitPrefix(new))\(new.code)", &context)
      } else if let actor = context.actor, context.locals[name] == nil {
        // The actor's own state: its type is the actor's declaration's.
        let key = "\(actor).\(name)"
        try keepsItsType(name, was: initialType(actor: actor, name), now: new.type)
        stateTypes[key] = SwiftType.merge(stateTypes[key], new.type)
        line("\(Identifier(name)) \(add ? "+=" : "=") \(awaitPrefix(new))\(new.code)")
      } else {
        try keepsItsType(name, was: context.declaredTypes[name], now: new.type)
        let key = localKey(name, context)
        _ = learnLocal(key, new.type)
        line("\(Identifier(name)) \(add ? "+=" : "=") \(awaitPrefix(new))\(new.code)")
      }
      return
    }
    try keepsItsType(name, was: initialType(actor: nil, name), now: new.type)
    stateTypes[name] = SwiftType.merge(stateTypes[name], new.type)
    let op: SwiftCode = add ? "+=" : "="
    let variable = Identifier(name)
    switch storage {
    case .captured, .unsafeGlobal:
      line("\(variable) \(op) \(awaitPrefix(new))\(new.code)")
    case .mainActor:
      try mainActorReachable(name, context)
      if context.place == .main || !context.isAsync {
        line("viewModel.\(variable) \(op) \(awaitPrefix(new))\(new.code)")
      } else {
        let value: SwiftCode = new.awaits ? "let value = \(awaitPrefix(new))\(new.code); " : ""
        let assigned: SwiftCode = new.awaits ? "value" : new.code
        line("\(value)await MainActor.run { viewModel.\(variable) \(op) \(assigned) }")
      }
    case .actor:
      guard context.isAsync else {
        throw NotExpressible(
          origin: nil,
          message: "a change of shared state '\(name)' inside a synchronous closure (a handler), "
            + "where the actor that holds the state cannot be awaited")
      }
      setters.insert("\(add ? "add" : "set") \(name)")
      let setter = variable.capitalized(after: add ? "add" : "set")
      line("\(new.tries ? "try " : "")await state.\(setter)(\(new.code))")
    }
  }

  /// Refuses a value of another type than the variable's, where both are known: the lab's
  /// variables hold any value, Swift's keep the type they were declared with.
  func keepsItsType(_ name: String, was: SwiftType?, now: SwiftType?) throws(NotExpressible) {
    guard typesSettled, var was, var now else { return }
    // An optional takes a value of what it wraps, and another optional of it (`r = try await
    // group.next()` again).
    if case .optional(let wrapped) = was { was = wrapped }
    if case .optional(let wrapped) = now { now = wrapped }
    guard !SwiftType.oneType(was, now) else { return }
    throw NotExpressible(
      origin: nil,
      message: "'\(name)' holds \(was) and is given \(now) here, and a Swift variable keeps "
        + "its type; use another variable for the \(now)")
  }

  /// The type of a shared variable's (or an actor's variable's) initial value, when it says one.
  func initialType(actor: String?, _ name: String) -> SwiftType? {
    let state = actor.flatMap { scenario.actors[$0]?.state } ?? scenario.state
    guard let value = state.first(where: { $0.name == name })?.value,
      let type = SwiftType.of(value), type != .list(nil)
    else { return nil }
    return type
  }
}
