// The step table's row for task-local values: a binding that the tasks created inside it inherit
// (docs/runtimes.md, "Task-local values, measured").
extension StepRows {
  static let withValue = StepSpec(
    value: .name,
    doc: "`TaskLocals.$NAME.withValue(value) { … }` on a task-local from \"taskLocals\": the "
      + "steps, and every `async let`, group child and `task` they create, read NAME as the "
      + "value; a detached task and Dispatch work read its default. The binding ends with the "
      + "steps; a rebinding inside a child task does not change its parent's. Expressions read "
      + "a task-local by its name.",
    swift: "await TaskLocals.$requestID.withValue(7) { … }",
    lab: "a real `@TaskLocal`: the runtime decides which tasks inherit the binding",
    options: [
      .init(
        key: "value", shape: .expression, requiredExample: "the value bound, such as 7",
        doc: "The value bound."),
      .init(
        key: "steps", shape: .steps, requiredExample: "[ … ] that run with the value bound",
        doc: "What runs with the value bound."),
    ],
    examples: [
      #"{ "withValue": "requestID", "value": 7, "steps": [{ "log": "request {requestID}" }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.taskLocal]))
}
