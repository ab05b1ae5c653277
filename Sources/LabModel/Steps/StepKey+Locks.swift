// The step table's rows for locks, atomics and semaphores: the constructs whose waits hold a
// thread (docs/runtimes.md, "Locks, atomics and semaphores, measured").
extension StepRows {
  static let withLock = StepSpec(
    value: .name,
    doc: "`lock.withLock { … }` on a Mutex (created on first use): the steps run while this task "
      + "holds the lock. A task that asks for a held lock waits holding its thread — a blocking "
      + "wait, not a suspension. The body is synchronous: no sleep, yield, call or await inside, "
      + "and no withLock of the same lock (Mutex is not recursive). Accesses to \"state\" inside "
      + "are ordered by the lock, so they are not races.",
    swift: "let lock = Mutex(()); lock.withLock { _ in … }",
    lab: "a waiter holds its worker; live runs take a real blocking lock",
    options: [
      .init(
        key: "steps", shape: .steps, requiredExample: "[ … ]", doc: "What runs with the lock held.")
    ],
    examples: [#"{ "withLock": "counterLock", "steps": [{ "add": "counter" }] }"#],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: true,
      touches: [.lock]))

  static let atomicAdd = StepSpec(
    value: .name,
    doc: "`counter.wrappingAdd(value, ordering: .relaxed)` on an integer in \"state\", which is "
      + "then an `Atomic<Int>`: one indivisible read–modify–write, never a race and never a lost "
      + "update. Such a variable is only changed by atomicAdd; expressions read it (`load`).",
    swift: "counter.wrappingAdd(1, ordering: .relaxed)",
    lab: "one indivisible step; live runs use a real `Atomic<Int>`",
    options: [
      .init(
        key: "value", shape: .expression, defaultValue: "1",
        doc: "What to add (default 1): a whole number.")
    ],
    examples: [#"{ "atomicAdd": "counter" }"#, #"{ "atomicAdd": "total", "value": "size" }"#],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.atomic]))

  static let semaphoreWait = StepSpec(
    value: .name,
    doc: "`semaphore.wait()` on a DispatchSemaphore from \"semaphores\": takes one from its "
      + "value, or holds the thread until a signal. On the cooperative pool, waiters that hold "
      + "every thread starve the task that would signal: a deadlock.",
    swift: "semaphore.wait()", lab: "holds the thread; live runs wait on a real DispatchSemaphore",
    options: [
      .init(
        key: "timeout", shape: .expression,
        doc: "`wait(timeout: .now() + .milliseconds(N))`: gives up after N ms, still holding the "
          + "thread until then."),
      .init(
        key: "as", shape: .binding,
        doc: "A variable that receives true when the wait timed out (`== .timedOut`), else "
          + "false."),
    ],
    needs: [
      .init(
        option: "as", needs: ["timeout"],
        message: #"'as' needs "timeout": only wait(timeout:) says whether it timed out"#)
    ],
    examples: [
      #"{ "semaphoreWait": "done" }"#,
      #"{ "semaphoreWait": "done", "timeout": 1000, "as": "timedOut" }"#,
    ],
    traits: StepTraits(
      suspends: false, inHandler: false, nestedRunElsewhere: false, mayBlockThread: true,
      touches: [.semaphore]))

  static let semaphoreSignal = StepSpec(
    value: .name,
    doc: "`semaphore.signal()`: wakes one waiter, or adds one to the value. A semaphore that "
      + "ends with a value below its initial one is a misuse that stops a real program.",
    swift: "semaphore.signal()",
    examples: [#"{ "semaphoreSignal": "done" }"#],
    traits: StepTraits(
      suspends: false, inHandler: true, nestedRunElsewhere: false, mayBlockThread: false,
      touches: [.semaphore]))
}
