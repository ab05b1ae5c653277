/// Decoding of task-local values: their declarations and the `withValue` step that binds one.
extension ScenarioDecoder {
  /// `"taskLocals": {"requestID": 0}`: each task-local's default, as Swift's
  /// `@TaskLocal static var requestID = 0` gives it.
  mutating func decodeTaskLocals(_ node: JSONNode?, path: String) -> [(name: String, value: Value)]
  {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      error(
        "'taskLocals' must be an object of names and defaults, such as {\"requestID\": 0}",
        at: node.location, path: path)
      return []
    }
    var taskLocals: [(name: String, value: Value)] = []
    for member in object.members {
      let memberPath = join(path, member.key)
      guard
        identifier(
          JSONNode(.string(member.key), at: member.keyLocation), path: memberPath,
          what: "task-local name", declares: .variable, qualified: true) != nil,
        let value = declaredValue(member.value, path: memberPath)
      else {
        unsure.names.insert(member.key)
        continue
      }
      taskLocals.append((member.key, value))
    }
    return taskLocals
  }

  /// `{"withValue": NAME, "value": …, "steps": [ … ]}`.
  mutating func decodeWithValue(_ step: StepInput) -> Step.Kind? {
    guard
      let name = identifier(
        step.value, path: step.keyPath, what: "task-local name", qualified: true),
      let valueNode = required("value", of: step),
      let bodyNode = required("steps", of: step)
    else { return nil }
    let value = expression(valueNode, path: "\(step.path).value")
    let body = decodeSteps(bodyNode, path: "\(step.path).steps")
    return value.map { .withValue(TaskLocalBinding(name: name, value: $0, steps: body)) }
  }
}

/// A `withValue` step: `steps` run with the task-local `name` bound to `value`.
public struct TaskLocalBinding: Sendable {
  public var name: String
  public var value: Expression
  public var steps: [Step]
}
