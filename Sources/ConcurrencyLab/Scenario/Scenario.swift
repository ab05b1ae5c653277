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
  public var steps: [Step]
  /// Shared variables in declaration order, with their initial values.
  public var state: [(name: String, value: Value)]
  public var functions: [String: Function]
  public var actors: [String: ActorDeclaration]
  public var expect: Expectations

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
}

/// An actor a scenario declares: its isolated state and its methods.
public struct ActorDeclaration: Sendable {
  public var name: String
  public var state: [(name: String, value: Value)]
  public var methods: [String: Function]
}

/// Where in a scenario file something was written.
public struct StepOrigin: Sendable, Hashable {
  public var location: SourceLocation
  /// The JSON path, such as `steps[2]` or `functions.downloadFile.steps[0]`.
  public var path: String
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
    /// An unstructured `Task { … }`.
    case task(TaskSpec)
    /// `await task.value`.
    case awaitTask(String, bind: String?)
    /// `task.cancel()`.
    case cancel(String)
    /// `await MainActor.run { … }` on the lab's main actor.
    case onMain([Step])
  }
}

/// A function call with its arguments, in the order written.
public struct Call: Sendable {
  public var function: String
  public var arguments: [(name: String, value: Expression)]
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
  /// to only wait for all of them.
  public var collect: String?
}

/// An unstructured task.
public struct TaskSpec: Sendable {
  public var name: String
  public var child: ChildWork
  public var isolation: Isolation
  public var priority: TaskPriorityName?
  public var detached: Bool
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
