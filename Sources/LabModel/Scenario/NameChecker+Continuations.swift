/// Steps whose bodies are closures with rules of their own. Continuations: a `resume` names a
/// continuation whose closure encloses it, as the closure's parameter is only in scope there, and
/// throws only into a throwing one. A cancellation handler sees what its task had, and what it
/// declares stays in it.
extension NameChecker {
  /// The handler is a `@Sendable` closure off any actor: in an actor's method it does not reach
  /// the actor's own names (Swift: "actor-isolated property … can not be referenced from a
  /// Sendable closure").
  /// The operation is a closure run in place: what it declares ends with it.
  mutating func checkOnCancel(
    handler: [Step], operation: [Step], _ scope: inout Scope, _ step: Step
  ) {
    var inner = scope.leavingActor("this cancellation handler's steps")
    checkBlock(handler, &inner)
    inner = scope.nested
    checkBlock(operation, &inner)
    scope.end(inner, "the onCancel operation", step)
  }

  mutating func checkContinuation(_ spec: ContinuationSpec, _ scope: inout Scope, _ step: Step) {
    // The closure's parameter takes the name: a variable so named could not be reached inside.
    if scope.readable.contains(spec.name) {
      report(
        "continuation \(spec.name) has the name of a variable, which its closure's parameter "
          + "would hide; name it after what it waits for, such as '\(spec.name)Done'",
        at: step.origin)
    }
    var inner = scope.nested
    enclosingContinuations.append(spec)
    continuationResults.append(nil)
    checkBlock(spec.steps, &inner)
    enclosingContinuations.removeLast()
    let result = continuationResults.removeLast()
    scope.end(inner, "the continuation's steps", step)
    if let bind = spec.bind {
      // Resumed with nothing, wherever the file says: Void, no value for "as".
      if let result, result.kind == nil {
        report(
          "continuation \(spec.name) is resumed with nothing, so \"as\": '\(bind)' has no value "
            + "to take (Swift: '()'); resume it with a value ({\"resume\": \"\(spec.name)\", "
            + "\"value\": …}), or remove \"as\"", at: step.origin)
      }
      scope.readable.insert(bind)
      if let kind = result?.kind { scope.types[bind] = kind }
    }
  }

  mutating func checkResume(
    _ name: String, _ result: ContinuationResult, _ scope: Scope, _ step: Step
  ) {
    if case .returning(let value?) = result { read(value.names, scope, step) }
    guard let index = enclosingContinuations.lastIndex(where: { $0.name == name }) else {
      if unsure.names.contains(name) { return }
      let inScope = enclosingContinuations.map(\.name)
      if continuationNames.contains(name) {
        report(
          "resume \(name) outside the steps of continuation \(name): in Swift the continuation "
            + "is only in scope inside its closure; move this resume into its steps (in the "
            + "'dispatch' that completes the work)",
          at: step.origin)
      } else {
        let hint = didYouMean(name, in: inScope.isEmpty ? continuationNames.sorted() : inScope)
        report(
          "unknown continuation '\(name)'"
            + (hint.isEmpty
              ? "; resume a continuation from inside its steps: {\"continuation\": \"\(name)\", "
                + "\"steps\": [ … {\"resume\": \"\(name)\"} … ]}"
              : hint),
          at: step.origin)
      }
      return
    }
    let spec = enclosingContinuations[index]
    if case .returning(let value) = result {
      // Nothing is Void; a value whose kind the file does not say is left to the compiler.
      let found = value.map { kind($0, scope, step) }
      if found != .some(nil) { checkResumedKind(found ?? nil, index, value, step) }
    }
    if case .throwing(let error) = result, !spec.throwing {
      report(
        "resume \(name) throwing \(error): continuation \(name) does not throw; give it "
          + "\"throws\": true (withCheckedThrowingContinuation)",
        at: step.origin)
    }
  }
}

extension NameChecker {
  /// A continuation returns one type (`withCheckedContinuation { (c: CheckedContinuation<Int,
  /// Never>) in … }`): its first resume with a value the file tells sets it.
  /// `found` nil: a resume with nothing (`Void`).
  mutating func checkResumedKind(
    _ found: ValueKind?, _ index: Int, _ value: Expression?, _ step: Step
  ) {
    guard let first = continuationResults[index] else {
      continuationResults[index] = (found, step.origin)
      return
    }
    let agrees =
      switch (found, first.kind) {
      case (nil, nil): true
      case (let found?, let first?): found.agrees(with: first)
      case (nil, _?), (_?, nil): false
      }
    guard !agrees else { return }
    let name = enclosingContinuations[index].name
    let before = first.kind?.described ?? "nothing"
    let here = value.map { "'\($0.source)', \(found?.described ?? "")" } ?? "nothing"
    report(
      "continuation \(name) is resumed with \(before) (line \(first.origin.location.line)) and "
        + "here with \(here): a Swift continuation returns one type; resume it with \(before)",
      at: step.origin)
  }
}
