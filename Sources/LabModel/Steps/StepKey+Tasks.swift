// The step table's rows for child tasks, unstructured tasks, actors, errors and Dispatch.
extension StepRows {
  static let asyncLet = StepSpec(
    value: .name,
    doc: "`async let NAME = …`, a child task that starts now on the pool. Read its result with "
      + "{\"await\": NAME}; a binding never awaited is cancelled and awaited at the end of its "
      + "block.",
    swift: "async let NAME = f(…)", lab: "a real `async let` child on the pool",
    options: StepSpec.Option.childWork, oneOf: [.childWork], needs: [.argumentsNeedCall],
    examples: [#"{ "asyncLet": "num1", "call": "downloadFile", "args": { "file": "'a.jpg'" } }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let await = StepSpec(
    value: .names,
    doc: "`await NAME` or `await (a, b)`: waits for async let bindings, which are then readable "
      + "by name.",
    swift: "await (a, b)", lab: "the `async let` children's values",
    examples: [#"{ "await": "num1" }"#, #"{ "await": ["num1", "num2"] }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let group = StepSpec(
    value: .name,
    doc: "`withThrowingTaskGroup`, a child task per item, named NAME[item]. The step ends when "
      + "every child has. With \"collect\" a child's error cancels the others at once; without, "
      + "they run to their end; then the error is rethrown.",
    swift: "try await withThrowingTaskGroup(of:) { group in group.addTask { … } }",
    lab: "real children on the pool; `for try await` with `collect`, else `waitForAll()`; "
      + "`cancelAll()` after `cancelAfter` results; a real discarding group with `discarding`; "
      + "`group.next()` before each child past `maxInFlight`; after a body's `return`, the wait "
      + "Swift's group makes itself, which rethrows nothing",
    options: [
      .init(
        key: "over", shape: .expression,
        doc: "A list: one child for each element. Give this or \"count\"."),
      .init(
        key: "count", shape: .expression,
        doc: "A number N: children for 1…N. Give this or \"over\"."),
      .init(
        key: "as", shape: .name,
        doc: "The variable that holds a child's item; with a \"body\", the variable that "
          + "receives what the body returns (`let NAME = try await withThrowingTaskGroup`): the "
          + "body then ends with a return."),
    ] + StepSpec.Option.childWork + [
      .init(
        key: "collect", shape: .name,
        doc: "`for try await result in group`: the variable that receives the children's "
          + "results as a list, in completion order. Without it the group only waits "
          + "(`waitForAll`)."),
      .init(
        key: "cancelAfter", shape: .integer(1...1_000_000),
        doc: "`group.cancelAll()` once this many results are collected; needs \"collect\"."),
      .init(
        key: "discarding", shape: .bool, defaultValue: "false",
        doc: "`withThrowingDiscardingTaskGroup`: no results are kept; the first child error "
          + "cancels the others at once and is rethrown when every child has ended. Takes no "
          + "\"collect\", \"cancelAfter\" or \"maxInFlight\"."),
      .init(
        key: "maxInFlight", shape: .integer(1...1_000_000),
        doc: "At most N children at once: N are added, then each result (`group.next()`) lets "
          + "the next one start, with or without \"collect\"."),
      .init(
        key: "unlessCancelled", shape: .bool, defaultValue: "false",
        doc: "`group.addTaskUnlessCancelled`: a child added once the group is cancelled (by "
          + "\"cancelAfter\", a child's error or its task's cancellation) is not started."),
      .init(
        key: "body", shape: .steps,
        doc: "The group's closure, run by the task that opened it: steps that add children "
          + "(addTask), take results (next), cancel them (cancelAll) and read NAME.isCancelled, "
          + "in any order; then the group waits for what is left (with \"collect\", collecting "
          + "it). Instead of \"over\"/\"count\" and the child's work. A return there ends the "
          + "closure with the value \"as\" receives: the group still waits for the children "
          + "left, and drops their errors, as Swift does."),
    ],
    oneOf: [
      .init(
        keys: ["over", "count"],
        whenNone: #""over": [items] or "count": N, or a "body" that adds its children"#,
        waivedBy: "body"),
      .init(
        keys: StepSpec.OneOf.childWork.keys,
        whenNone: StepSpec.OneOf.childWork.whenNone + ", or a \"body\" that adds its children",
        whenBoth: StepSpec.OneOf.childWork.whenBoth, waivedBy: "body"),
    ],
    needs: [
      .init(
        option: "cancelAfter", needs: ["collect"],
        message: #"'cancelAfter' needs "collect": results are counted as they are collected"#,
        reportedAtStep: true),
      .argumentsNeedCall,
    ],
    examples: [
      #"{ "group": "downloads", "over": "['a', 'b', 'c']", "as": "file", "#
        + #""call": "downloadFile", "args": { "file": "file" }, "collect": "results" }"#
    ],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.taskLifecycle, .cancellation]))

  static let task = StepSpec(
    value: .name,
    doc: "`Task { … }`, an unstructured task that starts now; the caller goes on at once. Await "
      + "it with awaitTask, cancel it with cancel. The run waits for every task before it ends.",
    swift: "Task(priority:) { … }",
    lab: "a real task on the caller's actor, the pool (`Task.detached`) or the given isolation",
    options: StepSpec.Option.childWork + [
      .init(
        key: "isolation", shape: .isolation,
        doc: "Where the task runs. Default: the caller's actor (Task { } inherits it), or the "
          + "pool when detached."),
      .init(key: "priority", shape: .priority),
      .init(
        key: "detached", shape: .bool, defaultValue: "false",
        doc: "`Task.detached`: the task does not inherit the caller's actor and runs on the "
          + "pool."),
      .init(key: "immediate", shape: .bool, defaultValue: "false", doc: TaskRules.immediateDoc),
      .init(
        key: "chain", shape: .name,
        doc: "A serial chain: each new task of the chain first awaits the previous one's result "
          + "(the SerialTasks actor pattern)."),
    ],
    oneOf: [.childWork], needs: [.argumentsNeedCall],
    examples: [
      #"{ "task": "download", "priority": "high", "#
        + #""steps": [{ "sleep": 1000 }, { "return": "'done'" }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let awaitTask = StepSpec(
    value: .name,
    doc: "`try await task.value` for the latest task of this name; rethrows its error. A task of "
      + "lower priority is escalated to the awaiting task's: its later jobs run in that "
      + "priority's pool; one already queued stays where it is.",
    swift: "try await task.value",
    options: [.init(key: "as", shape: .binding)],
    examples: [#"{ "awaitTask": "download", "as": "result" }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.taskLifecycle]))

  static let cancel = StepSpec(
    value: .name,
    doc: "`task.cancel()` on the latest task of this name. Cancellation is cooperative: a sleep "
      + "wakes with CancellationError; blocking work notices only at checkCancellation or "
      + "isCancelled.",
    swift: "task.cancel()",
    examples: [#"{ "cancel": "download" }"#],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.cancellation]))

  static let onMain = StepSpec(
    value: .steps,
    doc: "`await MainActor.run { … }`: hops to the main actor, runs the steps, and hops back.",
    swift: "await MainActor.run { … }", lab: "a hop to the lab's main actor, one serial thread",
    examples: [#"{ "onMain": [{ "set": "status", "to": "'done'" }] }"#],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.mainActor]))

  static let assumeIsolated = StepSpec(
    value: .name,
    doc: "`MainActor.assumeIsolated { … }`: runs the steps at once, with no hop, as main-actor "
      + "code — where the code already runs on main without the compiler knowing, such as a "
      + "Dispatch work item on main. The value is \"main\". Only in a dispatch or notify work "
      + "item or a continuation's body (Swift refuses it in async code), and its steps cannot "
      + "await. Off main, Swift stops the program: so does the run.",
    swift: "MainActor.assumeIsolated { … }",
    lab: "the steps in place if the step runs on main; else the run stops",
    options: [
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The main-actor code.")
    ],
    examples: [#"{ "assumeIsolated": "main", "steps": [{ "set": "status", "to": "'done'" }] }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.mainActor]))

  static let `throw` = StepSpec(
    value: .name,
    doc: "throws an error by name, such as tooLong; \"CancellationError\" throws a real "
      + "CancellationError.",
    swift: "throw NAME",
    examples: [#"{ "throw": "tooLong" }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let `try` = StepSpec(
    value: .steps,
    doc: "`do { … } catch …`: runs the steps; an error they throw goes to the first matching "
      + "\"catch\" clause, or on to the caller when none matches.",
    swift: "do { … } catch NAME { … } catch { … }",
    options: [
      .init(
        key: "catch", shape: .catchClauses,
        doc: "The catch clauses, in order: {\"error\": NAME, \"steps\": […]} catches that error, "
          + "{\"steps\": […]} catches any. Inside, `error` holds the error's name.")
    ],
    examples: [
      #"{ "try": [{ "sleep": 5000 }], "catch": [{ "error": "CancellationError", "#
        + #""steps": [{ "log": "cancelled" }] }, { "steps": [{ "log": "failed: {error}" }] }] }"#
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: []))

  static let checkCancellation = StepSpec(
    value: .ignored,
    doc: "`try Task.checkCancellation()`: throws CancellationError if the task was cancelled. "
      + "The value is ignored; write true.",
    swift: "try Task.checkCancellation()", valueDefault: "true",
    examples: [#"{ "checkCancellation": true }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.cancellation]))

  static let actorCall = StepSpec(
    value: .actorMethod,
    doc: "`await actor.method(args)`: hops to the actor (waiting if it is busy), runs the method "
      + "there, and hops back. A nonisolated method runs without the hop.",
    swift: "await actor.method(…)",
    lab: "a call on an actor with its own serial executor, hosted on the pool",
    options: [.init(key: "args", shape: .arguments), .init(key: "as", shape: .binding)],
    examples: [
      #"{ "actorCall": "TimeStore.addStamp", "args": { "task": "i" }, "as": "count" }"#
    ],
    traits: StepTraits(
      suspends: true, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.actor]))

  static let dispatch = StepSpec(
    value: .name,
    doc: "`queue.async { … }`: a work item on a queue from \"queues\" (on Dispatch's own "
      + "threads) or on \"main\"; the caller goes on at once.",
    swift: "queue.async { … } / queue.sync { … }",
    lab: "a work item on Dispatch's threads (or main); with sync, the caller holds its thread",
    options: [
      .init(key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "The work item's steps."),
      .init(
        key: "sync", shape: .bool, defaultValue: "false",
        doc: "`queue.sync { … }`: the caller holds its thread until the work item has run. "
          + "Onto the serial queue (or main) the caller already runs on, Dispatch stops the "
          + "program."),
    ],
    examples: [#"{ "dispatch": "main", "steps": [{ "set": "status", "to": "'done'" }] }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: true, mayBlockThread: true,
      touches: [.dispatchQueue]))

  static let enter = StepSpec(
    value: .name,
    doc: "`group.enter()` on a DispatchGroup (created on first use): one more piece of work to "
      + "wait for.",
    swift: "group.enter()",
    examples: [#"{ "enter": "fetch" }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.dispatchGroup]))

  static let leave = StepSpec(
    value: .name,
    doc: "`group.leave()`: that piece of work is done; when none is left, notify blocks run and "
      + "wait returns.",
    swift: "group.leave()",
    examples: [#"{ "leave": "fetch" }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.dispatchGroup]))

  static let notify = StepSpec(
    value: .name,
    doc: "`group.notify(queue:) { … }`: runs the steps on the queue once the group is empty; the "
      + "caller goes on at once.",
    swift: "group.notify(queue:) { … }",
    options: [
      .init(
        key: "queue", shape: .name, requiredExample: #""main" or a queue from "queues""#,
        doc: "\"main\" or a queue from \"queues\"."),
      .init(
        key: "steps", shape: .steps, requiredExample: "[ … ]",
        doc: "What runs when the group is empty."),
    ],
    examples: [#"{ "notify": "fetch", "queue": "main", "steps": [{ "log": "all done" }] }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: true, mayBlockThread: false,
      touches: [.dispatchGroup, .dispatchQueue]))

  static let wait = StepSpec(
    value: .name,
    doc: "`group.wait()`: holds the thread until the group is empty — a blocking wait.",
    swift: "group.wait()", lab: "holds the thread",
    examples: [#"{ "wait": "fetch" }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: true,
      touches: [.dispatchGroup]))
}
