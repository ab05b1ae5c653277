import LabModel

/// Continuations as Swift writes them: the closure's parameter takes the continuation's name, so
/// the work started inside (a `DispatchQueue` closure) captures it and resumes it by that name.
extension ProgramWriter {
  /// `let x = await withCheckedContinuation { (NAME: CheckedContinuation<T, Never>) in … }`.
  func continuation(_ spec: ContinuationSpec, _ context: inout Context) throws(NotExpressible) {
    let type = continuationType(spec, context)
    let call: SwiftCode =
      spec.throwing
      ? "try await withCheckedThrowingContinuation" : "await withCheckedContinuation"
    let failure: SwiftCode = spec.throwing ? "any Error" : "Never"
    var binding: SwiftCode = ""
    if let bind = spec.bind, let type {
      if context.declared.contains(bind) {
        binding = "\(Identifier(bind)) = "
      } else {
        let keyword: SwiftCode = context.rebound.contains(bind) ? "var" : "let"
        binding = "\(keyword) \(Identifier(bind)) = "
      }
      context.declared.insert(bind)
      context.locals[bind] = type
      let key = localKey(bind, context)
      _ = learnLocal(key, type)
    } else if type != nil {
      binding = "_ = "
    }
    var inner = context
    // The closure is synchronous: work it starts resumes later, from a Dispatch thread.
    inner.isAsync = false
    let header: SwiftCode =
      "\(binding)\(call) { (\(Identifier(spec.name)): CheckedContinuation<\(type ?? .void), "
      + "\(failure)>) in"
    try block(header) { () throws(NotExpressible) in try steps(spec.steps, &inner) }
  }

  /// `NAME.resume(returning: value)`, `NAME.resume()` or `NAME.resume(throwing: …)`.
  func resume(_ name: String, _ result: ContinuationResult, _ context: Context)
    throws(NotExpressible)
  {
    switch result {
    case .returning(nil):
      line("\(Identifier(name)).resume()")
    case .returning(let value?):
      let value = try expression(value, context)
      line("\(Identifier(name)).resume(returning: \(value.code))")
    case .throwing(let error):
      errors.insert(error)
      line("\(Identifier(name)).resume(throwing: ScenarioError.\(Identifier(error)))")
    }
  }

  /// The type the continuation returns, from the first `resume` with a value among its steps;
  /// nil when every resume returns nothing (`Void`).
  func continuationType(_ spec: ContinuationSpec, _ context: Context) -> SwiftType? {
    func first(_ steps: [Step]) -> Expression? {
      for step in steps {
        if case .resume(spec.name, .returning(let value?)) = step.kind { return value }
        if let found = first(Self.nested(step.kind)) { return found }
      }
      return nil
    }
    // Only errors or nothing resume it: a bound value still needs a type, Void does not.
    guard let value = first(spec.steps) else { return spec.bind == nil ? nil : .int }
    if case .literal(let literal) = value, let type = SwiftType.of(literal) { return type }
    return (try? expression(value, context))?.type ?? .int
  }
}

extension ProgramWriter {
  /// `withTaskCancellationHandler { operation } onCancel: { handler }`: the handler is a
  /// synchronous `@Sendable` closure, called by whoever cancels.
  func onCancel(_ handler: [Step], _ operation: [Step], _ context: inout Context)
    throws(NotExpressible)
  {
    var inner = context
    let call: SwiftCode = Self.throwsIn(operation, throwsKeys) ? "try await" : "await"
    line("\(call) withTaskCancellationHandler {")
    depth += 1
    try steps(operation, &inner)
    depth -= 1
    var cancel = context
    // The handler is a synchronous `@Sendable` closure, run by whoever cancels: off any actor.
    // It captures the task's locals as they are when it is installed, as the lab gives it a copy.
    (cancel.isAsync, cancel.inClosure, cancel.catchesAll, cancel.place) = (
      false, true, false, .pool
    )
    line("} onCancel: \(escaping(handler, context, into: &cancel))")
    depth += 1
    copies(cancel)
    try steps(handler, &cancel)
    depth -= 1
    line("}")
  }
}
