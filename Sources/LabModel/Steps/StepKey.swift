/// Every step kind, by the JSON key that names it: the one table of steps.
///
/// The decoder's unknown-step and unknown-option checks, its dispatch (an exhaustive `switch`
/// over this type), the JSON Schema and the docs table "Each step and the Swift it runs" are all
/// made from it, so a new case that is not decoded, described and documented does not compile.
public enum StepKey: String, CaseIterable, Sendable {
  case log, set, add, `repeat`, forEach, `if`, `return`, call, block, sleep, yield
  case `while`, repeatWhile, `break`, `continue`
  case asyncLet, await, group, addTask, next, whileNext, cancelAll, task, awaitTask, cancel, onMain
  case assumeIsolated, `throw`, `try`
  case checkCancellation
  case actorCall, dispatch, enter, leave, notify, wait
  case withLock, atomicAdd, semaphoreWait, semaphoreSignal
  case continuation, resume
  case onCancel
  case streamYield, streamFinish, forAwait, streamNext, onTermination
  case withValue

  /// The JSON keys, in table order.
  public static let names = allCases.map(\.rawValue)

  public var spec: StepSpec {
    switch self {
    case .log: StepRows.log
    case .set: StepRows.set
    case .add: StepRows.add
    case .repeat: StepRows.repeat
    case .forEach: StepRows.forEach
    case .if: StepRows.if
    case .return: StepRows.return
    case .call: StepRows.call
    case .block: StepRows.block
    case .sleep: StepRows.sleep
    case .yield: StepRows.yield
    case .while: StepRows.while
    case .repeatWhile: StepRows.repeatWhile
    case .break: StepRows.break
    case .continue: StepRows.continue
    case .asyncLet: StepRows.asyncLet
    case .await: StepRows.await
    case .group: StepRows.group
    case .addTask: StepRows.addTask
    case .next: StepRows.next
    case .whileNext: StepRows.whileNext
    case .cancelAll: StepRows.cancelAll
    case .task: StepRows.task
    case .awaitTask: StepRows.awaitTask
    case .cancel: StepRows.cancel
    case .onMain: StepRows.onMain
    case .assumeIsolated: StepRows.assumeIsolated
    case .throw: StepRows.throw
    case .try: StepRows.try
    case .checkCancellation: StepRows.checkCancellation
    case .actorCall: StepRows.actorCall
    case .dispatch: StepRows.dispatch
    case .enter: StepRows.enter
    case .leave: StepRows.leave
    case .notify: StepRows.notify
    case .wait: StepRows.wait
    case .withLock: StepRows.withLock
    case .atomicAdd: StepRows.atomicAdd
    case .semaphoreWait: StepRows.semaphoreWait
    case .semaphoreSignal: StepRows.semaphoreSignal
    case .continuation: StepRows.continuation
    case .resume: StepRows.resume
    case .onCancel: StepRows.onCancel
    case .streamYield: StepRows.streamYield
    case .streamFinish: StepRows.streamFinish
    case .forAwait: StepRows.forAwait
    case .streamNext: StepRows.streamNext
    case .onTermination: StepRows.onTermination
    case .withValue: StepRows.withValue
    }
  }
}

/// The rows of the step table, apart from `StepKey` so their names can be the keys' own.
/// Each is a `static let`, built once.
enum StepRows {
  static let log = StepSpec(
    value: .template, doc: "adds a line to the trace; {expression} parts are filled in.",
    swift: "print(\"…\")", lab: "a `log` event",
    examples: [#"{ "log": "downloaded {file} at {now} ms" }"#],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let set = StepSpec(
    value: .name,
    doc: "assigns a variable. A name in \"state\" (or the actor's state) is shared; any other "
      + "name is a new local variable of the task.",
    swift: "x = …", lab: "on shared `state`: recorded accesses, checked for races",
    options: [
      .init(
        key: "to", shape: .expression, requiredExample: #"an expression such as "num1 + num2""#,
        doc: "The new value.")
    ],
    examples: [
      #"{ "set": "status", "to": "'done'" }"#,
      #"{ "set": "status", "to": "file.suffix(3) + ' ' + String(repeating: '*', count: file.count)" }"#,
    ],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.sharedStateWrite]))

  static let add = StepSpec(
    value: .name,
    doc: "`name += value`. On shared \"state\" it is a read, a moment when other threads may "
      + "run, then a write: concurrent adds can lose updates, and the race is reported.",
    swift: "x += …", lab: "on shared `state`: lets others run between its read and write",
    options: [
      .init(
        key: "value", shape: .expression, defaultValue: "1",
        doc: "What to add (default 1): a number, text to append, or a list to append.")
    ],
    examples: [#"{ "add": "count" }"#, #"{ "add": "total", "value": "size" }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.sharedStateRead, .sharedStateWrite]))

  static let `repeat` = StepSpec(
    value: .expression, doc: "runs the steps this many times (a for loop).",
    swift: "for i in 1...n { … }",
    options: [
      .init(key: "as", shape: .name, doc: "The loop variable: 1, 2, … N."),
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The loop's body."),
    ],
    examples: [#"{ "repeat": 3, "as": "i", "steps": [{ "log": "round {i}" }] }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let forEach = StepSpec(
    value: .expression,
    doc: "runs the steps once for each element of a list (a for-in loop).",
    swift: "for item in list { … }",
    options: [
      .init(
        key: "as", shape: .name, requiredExample: #""item""#,
        doc: "The variable that holds the current element."),
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The loop's body."),
    ],
    examples: [
      #"{ "forEach": "['a.jpg', 'b.jpg']", "as": "file", "steps": [{ "log": "{file}" }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let `if` = StepSpec(
    value: .expression,
    doc: "a condition; the \"then\" steps run when it is true, else the \"else\" steps.",
    swift: "if … { … } else { … }",
    options: [
      .init(
        key: "then", shape: .steps, requiredExample: "[ … ]",
        doc: "The steps when the condition is true."),
      .init(key: "else", shape: .steps, doc: "The steps when it is not (optional)."),
    ],
    examples: [
      #"{ "if": "isCancelled", "then": [{ "log": "cancelled" }], "#
        + #""else": [{ "log": "still running" }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let `return` = StepSpec(
    value: .expression,
    doc: "ends the function or child task with this result (null returns nothing).",
    swift: "return …",
    examples: [#"{ "return": "now" }"#, #"{ "return": null }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let call = StepSpec(
    value: .name,
    doc: "`try await NAME(args)`, a function from \"functions\". The caller waits; the body runs "
      + "where the function's isolation says, hopping there and back.",
    swift: "try await f(…)", lab: "hops to the function's isolation and back",
    options: [.init(key: "args", shape: .arguments), .init(key: "as", shape: .binding)],
    examples: [#"{ "call": "downloadFile", "args": { "file": "'a.jpg'" }, "as": "data" }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.actor]))

  static let block = StepSpec(
    value: .expression,
    doc: "synchronous work that holds its thread for this many milliseconds (Thread.sleep, CPU "
      + "work). Nothing else can run on that thread meanwhile — on main, the UI freezes.",
    swift: "Thread.sleep(forTimeInterval:)",
    lab: "holds the worker (or main, or the actor) for N ms, like CPU work",
    examples: [#"{ "block": 1000 }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: true,
      touches: []))

  static let sleep = StepSpec(
    value: .expression,
    doc: "`try await Task.sleep` for this many milliseconds. The task suspends and frees its "
      + "thread; cancellation wakes it with CancellationError. Also models a network request.",
    swift: "try await Task.sleep(for:)",
    lab: "frees the thread; a timer wakes the task, or cancellation",
    examples: [#"{ "sleep": 300 }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.clock, .cancellation]))

  static let yield = StepSpec(
    value: .ignored,
    doc: "`await Task.yield()`, letting other ready work run first. The value is ignored; "
      + "write true.",
    swift: "await Task.yield()", valueDefault: "true",
    examples: [#"{ "yield": true }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))
}
