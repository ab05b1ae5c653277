/// Decoding of continuations, and the rules Swift gives a `withCheckedContinuation` closure.
extension ScenarioDecoder {
  mutating func decodeContinuation(_ step: StepInput) -> Step.Kind? {
    guard let name = identifier(step.value, path: step.keyPath, what: "continuation name"),
      let bodyNode = required("steps", of: step)
    else { return nil }
    let throwing = flag("throws", of: step)
    let body = decodeSteps(bodyNode, path: "\(step.path).steps")
    checkContinuationBody(body, name: name)
    return .continuation(
      ContinuationSpec(name: name, bind: binding(step), throwing: throwing, steps: body))
  }

  mutating func decodeResume(_ step: StepInput) -> Step.Kind? {
    guard let name = identifier(step.value, path: step.keyPath, what: "continuation name") else {
      return nil
    }
    if let errorNode = step.option("throwing") {
      if let valueNode = step.option("value") {
        error(
          "a resume either returns a value or throws, not both; remove \"value\" or "
            + "\"throwing\"",
          at: valueNode.location, path: "\(step.path).value")
        return nil
      }
      return identifier(
        errorNode, path: "\(step.path).throwing", what: "error name", declares: .error
      )
      .map { .resume(name, .throwing($0)) }
    }
    guard let valueNode = step.option("value") else { return .resume(name, .returning(nil)) }
    return expression(valueNode, path: "\(step.path).value").map { .resume(name, .returning($0)) }
  }

  /// The closure is synchronous: what would need `await` there, or would return from the closure
  /// instead of the function, is refused with the reason Swift gives.
  mutating func checkContinuationBody(_ steps: [Step], name: String) {
    for step in steps {
      if let problem = ContinuationRules.problem(step.kind, name: name) {
        error(problem, at: step.origin.location, path: step.origin.path)
      }
      for nested in LockRules.sameThreadBlocks(step.kind) {
        checkContinuationBody(nested, name: name)
      }
    }
  }
}

/// What Swift allows in `withCheckedContinuation`'s closure (docs/runtimes.md, "Continuations,
/// measured").
enum ContinuationRules {
  /// Swift's own words for an `await` in the closure, measured with Swift 6.3.1.
  static let compilerSays =
    "Swift: 'cannot pass function of type '(CheckedContinuation<Int, Never>) async -> Void' to "
    + "parameter expecting synchronous function type'"

  static func problem(_ kind: Step.Kind, name: String) -> String? {
    if let awaiting = LockRules.awaiting(kind) {
      return "'\(awaiting)' inside continuation \(name): its closure is synchronous and cannot "
        + "await (\(compilerSays)); start the work with 'dispatch' or 'task' and resume from its "
        + "steps"
    }
    if case .throw = kind {
      return "'throw' inside continuation \(name): its closure cannot throw, even in "
        + "withCheckedThrowingContinuation; resume it with {\"resume\": \"\(name)\", "
        + "\"throwing\": …} (and \"throws\": true) instead"
    }
    if case .checkCancellation = kind {
      return "'checkCancellation' inside continuation \(name): its closure cannot throw; check "
        + "for cancellation before the continuation"
    }
    return nil
  }
}
