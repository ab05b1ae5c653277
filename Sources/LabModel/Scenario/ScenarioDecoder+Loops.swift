/// Loops that end on a condition: `while` and `repeatWhile`.
extension ScenarioDecoder {
  /// `{"while": COND, "steps": […]}` or `{"repeatWhile": COND, "steps": […]}`.
  mutating func decodeWhile(_ step: StepInput) -> Step.Kind? {
    guard let condition = expression(step.value, path: step.keyPath),
      let body = required("steps", of: step)
    else { return nil }
    return .while(
      condition, body: decodeSteps(body, path: "\(step.path).steps"),
      checksFirst: step.key == .while)
  }

  /// `{"whileNext": GROUP, "as": NAME, "steps": […]}`.
  mutating func decodeWhileNext(_ step: StepInput) -> Step.Kind? {
    guard let group = identifier(step.value, path: step.keyPath, what: "group name"),
      let body = required("steps", of: step)
    else { return nil }
    return .whileNext(
      group, bind: binding(step), body: decodeSteps(body, path: "\(step.path).steps"))
  }
}
