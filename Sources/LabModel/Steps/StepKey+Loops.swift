// The step table's rows for loops that end on a condition, and for the steps that leave a loop
// early: `while`, `repeat { … } while`, `break` and `continue`.
extension StepRows {
  static let `while` = StepSpec(
    value: .expression,
    doc: "runs the steps again and again while the condition is true (a while loop): the "
      + "condition is read before each round, so the steps may run zero times. It must be true "
      + "or false. A loop whose condition never becomes false is stopped by --max-steps.",
    swift: "while … { … }",
    lab: "reads the condition before each round, as a step of its own",
    options: [
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The loop's body.")
    ],
    examples: [
      #"{ "while": "count < 3", "steps": [{ "add": "count" }] }"#,
      #"{ "while": "true", "steps": [{ "add": "count" }, "#
        + #"{ "if": "count >= 3", "then": [{ "break": true }] }] }"#,
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let repeatWhile = StepSpec(
    value: .expression,
    doc: "runs the steps, then again while the condition is true (Swift's repeat-while loop): "
      + "the condition is read after each round, so the steps run at least once. It reads only "
      + "names set before the loop, as in Swift, where the body's variables end with it.",
    swift: "repeat { … } while …",
    lab: "reads the condition after each round, as a step of its own",
    options: [
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The loop's body.")
    ],
    examples: [
      #"{ "repeatWhile": "total < 3", "steps": [{ "add": "total" }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let `break` = StepSpec(
    value: .ignored,
    doc: "ends the innermost loop around it (while, repeatWhile, repeat, forEach, forAwait, "
      + "whileNext); "
      + "the steps after the loop run next. Only inside a loop's steps, and not inside a "
      + "closure or a task started there (withLock, onMain, task, …), as in Swift. The value "
      + "is ignored; write true.",
    swift: "break", valueDefault: "true",
    examples: [#"{ "break": true }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let `continue` = StepSpec(
    value: .ignored,
    doc: "skips the rest of the innermost loop's steps and goes on with its next round (a "
      + "while loop reads its condition first). Only where 'break' may stand. The value is "
      + "ignored; write true.",
    swift: "continue", valueDefault: "true",
    examples: [#"{ "continue": true }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))
}
