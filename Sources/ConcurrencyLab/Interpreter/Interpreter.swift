import LabRuntime

/// Runs a scenario's steps as real Swift concurrency on a runtime and records what happens.
///
/// Each step maps to the construct it names: `asyncLet` is an `async let`, `group` a
/// `withThrowingTaskGroup`, `task` a `Task`, `onMain` a hop to the lab's main actor. Every function
/// here takes the actor to run on as an `isolated` parameter, so it runs exactly where the scenario
/// says and hops only where the scenario hops.
final class Interpreter: @unchecked Sendable {
  let scenario: Scenario
  let runtime: any ScenarioRuntime
  let recorder: TraceRecorder
  let state: SharedState
  let waits = WaitRegistry()
  let tasks = TaskTable()
  let completions = CompletionTable()
  /// Actor instances by name; written once before the run starts.
  let actors: [String: any Actor]

  init(scenario: Scenario, runtime: any ScenarioRuntime) {
    self.scenario = scenario
    self.runtime = runtime
    recorder = TraceRecorder(runtime: runtime)
    state = SharedState(scenario: scenario)
    var actors: [String: any Actor] = [:]
    for name in scenario.actors.keys.sorted() { actors[name] = runtime.makeActor(named: name) }
    self.actors = actors
  }

  /// What a task knows while it runs: its name, its local variables, the actor whose state it sees.
  struct Context: Sendable {
    var task: String
    var locals: [String: Value] = [:]
    var actor: String?
  }

  /// How a block of steps ended.
  enum BlockExit {
    case completed
    case returned(Value)
    /// An `await` of the innermost `async let` of this block: its scope awaits it, then the block
    /// goes on at `resumeAt`.
    case awaitBinding(String, resumeAt: Int)
    /// The scope of an awaited `async let` ended early; its block goes on at this step.
    case continueAt(Int)
  }

  /// A problem found while running (a wrong type at run time), reported with the step's location.
  struct Failure: Error {
    var message: String
    var origin: StepOrigin
  }

  func actor(for isolation: Isolation, caller: (any Actor)?) -> (any Actor)? {
    switch isolation {
    case .concurrent: nil
    case .caller: caller
    case .main: runtime.mainActor
    case .actor(let name): actors[name]
    }
  }

  func record(_ kind: TraceEvent.Kind, _ context: Context, _ text: String = "") {
    recorder.record(kind, task: context.task, text)
  }

  // MARK: - Tasks

  /// Runs the body of a task (root, child or unstructured), recording its start and end.
  func runTask(
    _ work: ChildWork, _ context: Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    record(.start, context)
    do {
      let value = try await runWork(work, context, isolation: isolation)
      record(.end, context, value == .none ? "" : "returned \(value.description)")
      return value
    } catch {
      record(.end, context, Self.describe(error))
      throw error
    }
  }

  static func describe(_ error: any Error) -> String {
    switch error {
    case is CancellationError: "cancelled"
    case is RunAborted: "stopped"
    case let failure as Failure: "failed: \(failure.message)"
    default: "threw \(error)"
    }
  }

  func runWork(
    _ work: ChildWork, _ context: Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    switch work {
    case .call(let call):
      var context = context
      return try await self.call(call, &context, origin: nil, isolation: isolation)
    case .steps(let steps):
      var context = context
      return try await runBody(steps, &context, isolation: isolation)
    }
  }

  /// Runs a function body or a child's steps: a block whose `return` ends it.
  func runBody(
    _ steps: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    var scopes: [String] = []
    if case .returned(let value) = try await runBlock(steps, from: 0, &context, &scopes, isolation: isolation) {
      return value
    }
    return .none
  }

  /// Calls a scenario function: arguments are evaluated by the caller, the body runs where the
  /// function is isolated.
  func call(
    _ call: Call, _ context: inout Context, origin: StepOrigin?, isolation: isolated (any Actor)?
  ) async throws -> Value {
    let function = scenario.functions[call.function]!
    var inner = Context(task: context.task)
    for (name, expression) in call.arguments {
      inner.locals[name] = try evaluate(expression, context, origin: origin ?? function.steps.first?.origin)
    }
    let target = actor(for: function.isolation, caller: isolation)
    if let target, !isSameActor(target, isolation) {
      return try await enter(function.steps, &inner, on: target, named: function.isolation.description)
    }
    if target == nil, isolation != nil {
      return try await runConcurrently(function.steps, &inner)
    }
    return try await runBody(function.steps, &inner, isolation: isolation)
  }

  /// Hops to `actor`, runs the steps there, and hops back when they end (the caller's isolation is
  /// restored by the return).
  func enter(
    _ steps: [Step], _ context: inout Context, on actor: isolated any Actor, named name: String
  ) async throws -> Value {
    record(.hop, context, "to \(name)")
    return try await runBody(steps, &context, isolation: actor)
  }

  /// Runs steps off any actor, on the cooperative pool (`@concurrent`).
  @concurrent
  func runConcurrently(_ steps: [Step], _ context: inout Context) async throws -> Value {
    try await runBody(steps, &context, isolation: nil)
  }
}

/// Whether two isolations are the same actor (nil is the pool, off any actor).
func isSameActor(_ lhs: (any Actor)?, _ rhs: (any Actor)?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let a?, let b?): ObjectIdentifier(a) == ObjectIdentifier(b)
  default: false
  }
}
