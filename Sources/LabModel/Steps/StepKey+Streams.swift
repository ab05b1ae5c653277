// The step table's rows for async streams: a producer yields into an `AsyncStream` from
// "streams", a consumer loops over it with `for await` (docs/runtimes.md, "Async streams,
// measured").
extension StepRows {
  static let streamYield = StepSpec(
    value: .name,
    doc: "`NAME.yield(value)` on the continuation of a stream from \"streams\": hands the value "
      + "to a consumer that waits, or buffers it as the stream's policy says. The trace shows "
      + "Swift's YieldResult: `.enqueued(remaining:)`, `.dropped(value)` (the value the policy "
      + "threw away) or `.terminated` after finish. Never waits: a fast producer is never slowed.",
    swift: "continuation.yield(…)", lab: "a real AsyncStream decides what is buffered or dropped",
    options: [
      .init(
        key: "value", shape: .expression, requiredExample: "the value to send, such as \"i\"",
        doc: "The value to send.")
    ],
    examples: [#"{ "streamYield": "prices", "value": "i" }"#],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.stream]))

  static let streamFinish = StepSpec(
    value: .name,
    doc: "`NAME.finish()`: no more values. A consumer still takes what is buffered, then its "
      + "`for await` loop ends. A stream nothing finishes leaves its consumer waiting forever.",
    swift: "continuation.finish()",
    examples: [#"{ "streamFinish": "prices" }"#],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.stream]))

  static let onTermination = StepSpec(
    value: .name,
    doc: "`NAME.onTermination = { termination in … }` on a stream's continuation: the steps run "
      + "once, when the stream terminates — synchronously inside the `finish()` that ends it, or "
      + "inside the `cancel()` of its consumer's task — as the finisher's or canceller's steps. "
      + "They read `termination`: 'finished' or 'cancelled'. Set after the stream terminated, it "
      + "never runs. Like onCancel, the handler cannot await or throw.",
    swift: "continuation.onTermination = { … }",
    lab: "the real continuation's onTermination",
    options: [
      .init(
        key: "steps", shape: .steps, requiredExample: "[ … ] the handler",
        doc: "The handler's steps.")
    ],
    examples: [
      #"{ "onTermination": "prices", "steps": [{ "log": "prices {termination}" }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.stream]))

  static let streamNext = StepSpec(
    value: .name,
    doc: "One value of a stream from \"streams\", outside a loop: waits for it (suspending, "
      + "holding no thread) and binds it to \"as\"; once the stream is finished and its buffer "
      + "is empty, or its consumer's task is cancelled, `next()` returns nil and \"as\" gets "
      + "\"orElse\". Each use makes an iterator of its own, which reads the stream's one buffer: "
      + "two take two values, and a `forAwait` after them goes on from the third.",
    swift: "var it = stream.makeAsyncIterator(); let item = await it.next() ?? orElse",
    lab: "takes a real AsyncStream iterator's next()",
    options: [
      .init(
        key: "as", shape: .name, requiredExample: #""item""#,
        doc: "The variable that receives the value."),
      .init(
        key: "orElse", shape: .expression, requiredExample: "such as -1",
        doc: "What \"as\" gets when `next()` returns nil: Swift's `?? orElse`."),
    ],
    examples: [#"{ "streamNext": "prices", "as": "first", "orElse": -1 }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.stream, .taskLifecycle]))

  static let forAwait = StepSpec(
    value: .name,
    doc: "`for await ITEM in NAME { … }` over a stream from \"streams\": waits for each value "
      + "(suspending, holding no thread), runs the steps with it, and ends once the stream is "
      + "finished and its buffer is empty. One consumer per stream. In the body of the group "
      + "NAME it is `for try await ITEM in NAME { … }`: each child's result, in completion "
      + "order, until no child is left; a child's error leaves the loop (catch it with \"try\").",
    swift:
      "for await item in stream.map { … }.prefix(n) { … } / for try await result in group { … }",
    lab: "iterates a real AsyncStream, or takes a real group's next(); a run torn down finishes "
      + "a stream",
    options: [
      .init(
        key: "as", shape: .name, requiredExample: #""item""#,
        doc: "The variable that holds the current value."),
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The loop's body."),
      .init(
        key: "operators", shape: .streamOperators,
        doc: "Operators between the stream and the loop, in order, as Swift chains them: "
          + "{\"map\": EXPR}, {\"filter\": CONDITION}, {\"compactMap\": EXPR} (none, Swift's "
          + "nil, drops the value; their closures read the value by the "
          + "loop's name, as `prices.map { price in price * 2 }`) and {\"prefix\": N}. Lazy: the "
          + "consumer applies them to each value as it pulls it. After prefix(N)'s N values "
          + "the loop ends without pulling another, and the stream goes on."),
    ],
    examples: [
      #"{ "forAwait": "prices", "as": "price", "steps": [{ "log": "price {price}" }] }"#,
      #"{ "forAwait": "prices", "as": "price", "operators": [{ "map": "price * 2" }, "#
        + #"{ "filter": "price > 2" }, { "prefix": 2 }], "steps": [{ "log": "price {price}" }] }"#,
    ],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.stream, .taskLifecycle]))
}
