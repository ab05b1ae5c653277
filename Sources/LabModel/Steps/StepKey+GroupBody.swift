// The step table's rows for the steps of a task group's body: they act on the group whose
// "body" holds them, in the task that opened it (Tests/NativeFacts/group-body.swift).
extension StepRows {
  static let addTask = StepSpec(
    value: .name,
    doc: "`group.addTask { … }` in the body of the group NAME: a child task, named NAME[n] for "
      + "the n-th child added, that starts now. Only inside that group's \"body\".",
    swift: "group.addTask { … } / group.addTaskUnlessCancelled { … }",
    lab: "a real child of the real group",
    options: StepSpec.Option.childWork + [
      .init(
        key: "unlessCancelled", shape: .bool, defaultValue: "false",
        doc: "`group.addTaskUnlessCancelled`: once the group is cancelled the child is not "
          + "started."),
      .init(
        key: "as", shape: .binding,
        doc: "Receives whether the child was started (true, or false for a cancelled group); "
          + "needs \"unlessCancelled\"."),
    ],
    oneOf: [.childWork],
    needs: [
      .argumentsNeedCall,
      .init(
        option: "as", needs: ["unlessCancelled"],
        message: #"'as' needs "unlessCancelled": true; only addTaskUnlessCancelled says whether "#
          + "it started the child"),
    ],
    examples: [
      #"{ "addTask": "jobs", "steps": [{ "sleep": 100 }, { "return": 7 }] }"#,
      #"{ "addTask": "jobs", "unlessCancelled": true, "as": "added", "#
        + #""steps": [{ "return": 3 }] }"#,
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let next = StepSpec(
    value: .name,
    doc: "`try await group.next()` in the body of the group NAME: waits for the next child to "
      + "end, in completion order, and rethrows its error (catch it with \"try\" and go on); "
      + "none (Swift's nil) when no child is left. Only inside that group's \"body\".",
    swift: "let result = try await group.next() ?? orElse",
    options: [
      .init(
        key: "as", shape: .binding,
        doc: "Receives the child's result, or \"orElse\" (without it, none) once no child is left."),
      .init(
        key: "orElse", shape: .expression,
        doc: "What \"as\" gets when `next()` returns nil: Swift's `?? orElse`, of the children's "
          + "type. Without it the result is an optional in Swift, which a log shows but nothing "
          + "else may read."),
    ],
    needs: [
      .init(
        option: "orElse", needs: ["as"],
        message: #""orElse" is what "as" gets when no child is left, and this next has no "as"; "#
          + #"add "as": "result" or remove "orElse""#)
    ],
    examples: [
      #"{ "next": "jobs", "as": "result" }"#, #"{ "next": "jobs", "as": "first", "orElse": 0 }"#,
    ],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let whileNext = StepSpec(
    value: .name,
    doc: "`while let result = try await group.next() { … }` in the body of the group NAME: "
      + "takes each child's result as it ends, in completion order, and runs the steps with it; "
      + "the loop ends when no child is left, and a child's error leaves it (catch it with "
      + "\"try\"). Only inside that group's \"body\"; break and continue act on it.",
    swift: "while let result = try await group.next() { … }",
    lab: "a real group's next(), before each round",
    options: [
      .init(key: "as", shape: .binding, doc: "Receives each child's result."),
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The loop's body."),
    ],
    examples: [#"{ "whileNext": "jobs", "as": "result", "steps": [{ "log": "got {result}" }] }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let cancelAll = StepSpec(
    value: .name,
    doc: "`group.cancelAll()` in the body of the group NAME: cancels every child, running or "
      + "yet to run; NAME.isCancelled reads true from then on. Only inside that group's "
      + "\"body\".",
    swift: "group.cancelAll()",
    examples: [#"{ "cancelAll": "jobs" }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.cancellation]))
}
