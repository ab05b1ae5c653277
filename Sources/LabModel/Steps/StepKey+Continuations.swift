// The step table's rows for continuations: a callback API bridged into async/await
// (docs/runtimes.md, "Continuations, measured").
extension StepRows {
  static let continuation = StepSpec(
    value: .name,
    doc: "`await withCheckedContinuation { NAME in … }`: the steps run first, synchronously (no "
      + "sleep, call or await inside), typically starting a callback's work with `dispatch`; "
      + "then the task suspends until a `resume` of NAME. Resuming it twice stops a real program; "
      + "never resuming it leaves the task suspended forever.",
    swift: "let x = await withCheckedContinuation { continuation in … }",
    lab: "a real checked continuation; a second resume is reported, never made",
    options: [
      .init(key: "as", shape: .binding, doc: "The variable that receives the resumed value."),
      .init(
        key: "throws", shape: .bool, defaultValue: "false",
        doc: "`try await withCheckedThrowingContinuation`: a resume may throw an error."),
      .init(
        key: "steps", shape: .steps,
        requiredExample: "[ … ] that start the work whose completion resumes",
        doc: "The closure's body: what starts the work whose completion resumes."),
    ],
    examples: [
      #"{ "continuation": "download", "as": "size", "steps": [{ "dispatch": "main", "#
        + #""steps": [{ "resume": "download", "value": 50 }] }] }"#
    ],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.continuation]))

  static let resume = StepSpec(
    value: .name,
    doc: "`NAME.resume(returning: value)` (or `resume(throwing:)`) on a continuation whose "
      + "steps enclose this one: the waiting task goes on with the value, or the error is thrown "
      + "into it. Exactly once: a second resume is a misuse Swift stops the program for.",
    swift: "continuation.resume(returning: …)",
    lab: "a second resume stops the run with a problem",
    options: [
      .init(key: "value", shape: .expression, doc: "The value the waiting task receives."),
      .init(
        key: "throwing", shape: .name,
        doc: "An error name thrown into the waiting task (needs \"throws\": true)."),
    ],
    examples: [
      #"{ "resume": "download", "value": 50 }"#,
      #"{ "resume": "download", "throwing": "offline" }"#,
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.continuation]))
}
