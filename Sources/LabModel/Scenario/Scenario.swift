/// What a declaration without any isolation gets (SE-0466, `swiftc -default-isolation`).
public enum DefaultIsolation: String, Sendable, CaseIterable {
  /// Swift's default: nothing is isolated unless it says so (`@concurrent` for the lab's
  /// functions, which is what a nonisolated `async` function was before SE-0461).
  case nonisolated
  /// `-default-isolation MainActor`, what a new Xcode 26 app target sets.
  case main

  /// The isolation of a free function, or of the root, that names none.
  public var ofUnannotated: Isolation { self == .main ? .main : .concurrent }
}

/// A checked scenario: a program of steps for the interpreter plus the outcomes it expects.
///
/// Built only by `ScenarioLoader`, which reports every problem of a file as a diagnostic, so the
/// interpreter can trust every name it meets.
public struct Scenario: Sendable {
  /// The file the scenario was read from, as given (for messages and expected traces).
  public var file: String
  public var name: String
  public var title: String
  public var summary: String
  public var source: String
  /// Width of the cooperative pool. Scenarios that depend on it say so.
  public var threads: Int
  /// The seed a plain `lab run` uses.
  public var seed: UInt64
  /// Where the root task runs: on the pool (`Task.detached`-like) or on main (a button's action).
  public var rootIsolation: Isolation
  /// SE-0466's default isolation of the module (`defaultIsolation`): with `.main`, the root and
  /// every function that names no isolation run on the main actor, as in a new Xcode 26 app target.
  public var defaultIsolation: DefaultIsolation = .nonisolated
  /// Whether the process ends with the root's steps, cutting short what still runs
  /// (`.commandLine`), or keeps running until every task has ended (`.app`).
  public var lifetime: Lifetime = .app
  public var steps: [Step]
  /// Shared variables in declaration order, with their initial values.
  public var state: [(name: String, value: Value)]
  public var functions: [String: Function]
  public var actors: [String: ActorDeclaration]
  /// UI events over time (taps, keystrokes), delivered to `handlers` on the main actor.
  public var inputs: [Input] = []
  public var handlers: [String: Handler] = [:]
  /// Dispatch queues by name: serial or concurrent (`main` is always there).
  public var queues: [String: QueueKind] = [:]
  /// `DispatchSemaphore`s by name, with their initial values.
  public var semaphores: [(name: String, value: Int)] = []
  /// `AsyncStream`s by name, with their buffering policies.
  public var streams: [(name: String, policy: StreamPolicy)] = []
  /// `@TaskLocal static var`s by name, with their defaults, in declaration order.
  public var taskLocals: [(name: String, value: Value)] = []
  public var expect: Expectations
  /// An outcome for the learner to reach by scheduling (`lab challenge`); nil for most scenarios.
  public var challenge: Challenge?
  /// A digest of everything in the file that shapes a run (`TopLevelKey.shapesRuns`), so a
  /// schedule string can tell it belongs to this program; prose and expectations are left out.
  public var programDigest: UInt32 = 0
  /// What the loader found that does not stop the scenario but is surely a mistake, such as an
  /// outcome rule that can never match (`OutcomeRuleChecker`): printed wherever the file is read.
  public var warnings: [Diagnostic] = []

  /// The default width of the cooperative pool: four, like a small phone; seeds assume "enough".
  public static let defaultThreads = 4
  /// The highest `format` this version reads.
  public static let currentFormat = 1
}

/// Where a function, task or block of steps runs.
public enum Isolation: Sendable, Hashable, CustomStringConvertible {
  /// On the cooperative pool, off any actor (`@concurrent`, the default for async functions).
  case concurrent
  /// On the caller's actor (`nonisolated(nonsending)`, SE-0461).
  case caller
  /// On the lab's main actor (`@MainActor`).
  case main
  /// On a scenario actor.
  case actor(String)

  public var description: String {
    switch self {
    case .concurrent: "concurrent"
    case .caller: "caller"
    case .main: "main"
    case .actor(let name): name
    }
  }
}

/// A function a scenario declares and calls by name.
public struct Function: Sendable {
  public var name: String
  public var parameters: [String]
  public var isolation: Isolation
  public var steps: [Step]
  /// For actor methods: the actor whose state the body sees (also when `nonisolated`).
  public var owner: String?
  /// SE-0313's spelling of `caller` isolation: the function takes
  /// `isolation: isolated (any Actor)? = #isolation`, so it runs where its caller runs.
  public var isolatedParameter = false
}

/// An actor a scenario declares: its isolated state and its methods.
public struct ActorDeclaration: Sendable {
  public var name: String
  /// Mutable state: only the actor's own methods may touch it.
  public var state: [(name: String, value: Value)]
  /// Constants (`let`): readable from `nonisolated` methods too.
  public var constants: [(name: String, value: Value)]
  public var methods: [String: Function]
}

/// Where in a scenario file something was written.
public struct StepOrigin: Sendable, Hashable {
  public var location: SourceLocation
  /// The JSON path, such as `steps[2]` or `functions.downloadFile.steps[0]`.
  public var path: String

  /// For work that no single step started.
  package static let unknown = StepOrigin(
    location: SourceLocation(line: 0, column: 0, offset: 0), path: "")
}

/// One step of a scenario program.
public struct Step: Sendable {
  public var kind: Kind
  public var origin: StepOrigin

  public indirect enum Kind: Sendable {
    /// Appends a line to the trace; `{expr}` parts are interpolated.
    case log(Template)
    case set(String, Expression)
    case add(String, Expression)
    case `repeat`(count: Expression, index: String?, body: [Step])
    case forEach(list: Expression, item: String, body: [Step])
    case `if`(Expression, then: [Step], else: [Step])
    /// `while condition { body }`, or `repeat { body } while condition` when the condition is
    /// not checked first.
    case `while`(Expression, body: [Step], checksFirst: Bool)
    /// `break`: ends the innermost loop around it.
    case `break`
    /// `continue`: goes on with the innermost loop's next round.
    case `continue`
    case `return`(Expression?)
    case call(Call, bind: String?)
    /// Synchronous work that holds the thread (`Thread.sleep`, `usleep`, CPU work).
    case block(Expression)
    /// `Task.sleep`: suspends and frees the thread.
    case sleep(Expression)
    case yield
    /// `async let NAME = …`: a child task that starts now.
    case asyncLet(String, ChildWork)
    /// `await (a, b, …)`: the values of `async let` bindings.
    case await([String])
    case group(TaskGroupSpec)
    /// `group.addTask { … }` (or `addTaskUnlessCancelled`) in the body of a group.
    case addTask(AddTaskSpec)
    /// `try await group.next()` in the body of a group; `bind` receives the result, or once no
    /// child is left `orElse` (Swift's `?? orElse`), or none without one.
    case next(String, bind: String?, orElse: Expression?)
    /// `while let bind = try await group.next() { body }` in the body of a group.
    case whileNext(String, bind: String?, body: [Step])
    /// `group.cancelAll()` in the body of a group.
    case cancelAll(String)
    /// An unstructured `Task { … }`.
    case task(TaskSpec)
    /// `await task.value`.
    case awaitTask(String, bind: String?)
    /// `task.cancel()`.
    case cancel(String)
    /// `await MainActor.run { … }` on the lab's main actor.
    case onMain([Step])
    /// `MainActor.assumeIsolated { … }`: the steps in place, if the step runs on main.
    case assumeIsolated([Step])
    /// `throw NAME`.
    case `throw`(String)
    /// `do { … } catch NAME { … } catch { … }`.
    case `try`([Step], catches: [CatchClause])
    /// `try Task.checkCancellation()`.
    case checkCancellation
    /// `queue.async { … }`: work on a Dispatch queue (or `main`); `queue.sync { … }` when `sync`.
    case dispatch(queue: String, sync: Bool = false, [Step])
    /// `group.enter()`.
    case enter(String)
    /// `group.leave()`.
    case leave(String)
    /// `group.notify(queue:) { … }`.
    case notify(String, queue: String, [Step])
    /// `group.wait()`: blocks the thread until the group is empty.
    case wait(String)
    /// `lock.withLock { … }` on a `Mutex`: the steps run with the lock held.
    case withLock(String, [Step])
    /// `counter.wrappingAdd(value, ordering: .relaxed)` on an `Atomic<Int>` in `state`.
    case atomicAdd(String, Expression)
    /// `semaphore.wait()` on a `DispatchSemaphore`: holds the thread until a signal, or until
    /// `timeout` milliseconds have passed; `bind` receives whether it timed out.
    case semaphoreWait(String, timeout: Expression?, bind: String?)
    /// `semaphore.signal()`.
    case semaphoreSignal(String)
    /// `await withChecked(Throwing)Continuation { … }`: the steps run before the task suspends.
    case continuation(ContinuationSpec)
    /// `continuation.resume(returning:)` or `resume(throwing:)`.
    case resume(String, ContinuationResult)
    /// `withTaskCancellationHandler { operation } onCancel: { handler }`.
    case onCancel(handler: [Step], operation: [Step])
    /// `continuation.yield(value)` on an `AsyncStream` from `streams`.
    case streamYield(String, Expression)
    /// `continuation.finish()` on an `AsyncStream` from `streams`.
    case streamFinish(String)
    /// `for await item in stream { … }`, or over `stream.map { … }.prefix(n)`: the operators
    /// between the stream and the loop, in order.
    case forAwait(String, item: String, [Step], operators: [StreamOperator])
    /// `let bind = await iterator.next() ?? orElse` on an iterator of an `AsyncStream` from
    /// `streams`: one value, outside a loop; `orElse` once the stream is finished.
    case streamNext(String, bind: String, orElse: Expression)
    /// `continuation.onTermination = { termination in … }` on an `AsyncStream` from `streams`.
    case onTermination(String, [Step])
    /// `TaskLocals.$NAME.withValue(value) { … }`: the steps run with a task-local bound.
    case withValue(TaskLocalBinding)
  }
}

/// A continuation: the task runs `steps` (the closure's body, synchronous) and then waits until
/// `resume` names it; `bind` receives the value it was resumed with.
public struct ContinuationSpec: Sendable {
  public var name: String
  public var bind: String?
  /// `withCheckedThrowingContinuation`: a `resume` may throw an error into the task.
  public var throwing: Bool
  public var steps: [Step]
}

/// What a `resume` hands the waiting task.
public enum ContinuationResult: Sendable {
  /// `resume(returning:)`; nil resumes a continuation of `Void`.
  case returning(Expression?)
  /// `resume(throwing: ScenarioError.NAME)`.
  case throwing(String)
}

/// A function call with its arguments, in the order written.
public struct Call: Sendable {
  /// A function's name, or `Actor.method` for an actor's method.
  public var function: String
  public var arguments: [(name: String, value: Expression)]
}

/// One `catch` of a `try` step: an error name, or nil to catch everything.
public struct CatchClause: Sendable {
  public var error: String?
  public var steps: [Step]
}

/// What a child task runs: a function call or steps of its own.
public enum ChildWork: Sendable {
  case call(Call)
  case steps([Step])
}

/// A task group: children over a list or a count, optionally collected in completion order.
public struct TaskGroupSpec: Sendable {
  /// The group's name; children are named `NAME[item]`.
  public var name: String
  /// The list to run a child for each element of, or a count (children 1…N).
  public var items: Expression
  public var itemName: String?
  public var child: ChildWork
  /// The variable that receives the children's results in completion order (`for await`), or nil
  /// to only wait for all of them (`waitForAll`).
  public var collect: String?
  /// Cancel the remaining children (`group.cancelAll()`) once this many results are collected.
  public var cancelAfter: Int64?
  /// `withThrowingDiscardingTaskGroup`: no results kept; the first child error cancels the others
  /// at once and is rethrown once every child has ended.
  public var discarding = false
  /// Bounded parallelism: at most this many children at once; each result lets the next start.
  public var maxInFlight: Int64? = nil
  /// `group.addTaskUnlessCancelled`: a child added once the group is cancelled is not started.
  public var unlessCancelled = false
  /// The group's closure, run by the task that opened it: its `addTask` steps add the children
  /// (there are no items then), its `next` and `cancelAll` steps act on them.
  public var body: [Step]? = nil
  /// With a body: the variable that receives the value the body returns
  /// (`let NAME = try await withThrowingTaskGroup(of:) { … return … }`).
  public var bind: String? = nil
}

/// A child added by a group's body.
public struct AddTaskSpec: Sendable {
  /// The group whose body adds it; the child is named `GROUP[n]` for the n-th child added.
  public var group: String
  public var child: ChildWork
  /// `addTaskUnlessCancelled`: nothing starts once the group is cancelled.
  public var unlessCancelled: Bool
  /// Receives whether the child was started.
  public var bind: String?
}

/// An unstructured task.
public struct TaskSpec: Sendable {
  public var name: String
  public var child: ChildWork
  public var isolation: Isolation
  public var priority: TaskPriorityName?
  public var detached: Bool
  /// `Task.immediate`: runs on the caller's thread, synchronously, up to its first suspension.
  public var immediate = false
  /// Tasks of one chain run one after another: each first awaits the previous one's result, as
  /// the `SerialTasks` actor does.
  public var chain: String?
}

/// Task priorities by the names Swift gives them.
public enum TaskPriorityName: String, Sendable, CaseIterable {
  case high, userInitiated, medium, low, utility, background

  public var priority: TaskPriority {
    switch self {
    case .high: .high
    case .userInitiated: .userInitiated
    case .medium: .medium
    case .low: .low
    case .utility: .utility
    case .background: .background
    }
  }
}

/// Text with `{expression}` parts, such as `"downloaded {file}: {done}/{size}"`.
public struct Template: Sendable, Hashable {
  public enum Part: Sendable, Hashable {
    case text(String)
    case expression(Expression)
  }

  public var parts: [Part]

  /// Every name the template reads.
  public var names: [String] {
    parts.flatMap { part -> [String] in
      if case .expression(let expression) = part { return expression.names }
      return []
    }
  }
}

/// A UI event at a time: a tap on a button or a keystroke in a field.
public struct Input: Sendable {
  public enum Kind: String, Sendable { case tap, key }

  public var time: Int64
  public var kind: Kind
  /// The handler that receives it.
  public var handler: String
  /// The field's text after a keystroke; `none` for taps.
  public var value: Value
  /// Extra values the handler sees as locals (e.g. the latency of the request this input makes).
  public var with: [(name: String, value: Value)]
  public var origin: StepOrigin
}

/// What runs on main when an input arrives, optionally behind Combine-style operators.
public struct Handler: Sendable {
  public var name: String
  public var steps: [Step]
  /// Deliver only after this many milliseconds without a new input (`debounce`).
  public var debounce: Int64?
  /// Skip a delivery equal to the previous one (`removeDuplicates`).
  public var removeDuplicates: Bool
  /// Cancel the previous delivery's work when a new one starts (`switchToLatest`).
  public var switchToLatest: Bool
}

/// A Dispatch queue's kind.
public enum QueueKind: String, Sendable, CaseIterable {
  case serial, concurrent
}
