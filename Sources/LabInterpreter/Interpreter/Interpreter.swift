import LabModel
import LabRuntime
import Synchronization

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
  let awaits = AwaitGraph()
  let tasks = TaskTable()
  let completions = CompletionTable()
  let races = RaceDetector()
  /// Dispatch groups and serial queues' clocks (`Interpreter+Dispatch`).
  let dispatch = DispatchParts()
  /// Locks and semaphores (`Interpreter+Locks`).
  let locks: LockParts
  /// Async streams and the inputs' streams (`Interpreter+Streams`, `Interpreter+Inputs`).
  let streams: StreamParts
  /// Work begun and not ended, which the root waits out (`Interpreter+Root`).
  let inFlight = WorkInFlight()
  /// Continuations whose tasks wait for a resume, so a teardown can end those waits
  /// (`Interpreter+Continuations`).
  let openContinuations = OpenContinuations()
  /// Set when the run stops where Swift would stop the program (a misuse it traps on), not at a
  /// limit: its problem then says nothing of the lab's memory, which differs from build to build.
  let stoppedForMisuse = Atomic<Bool>(false)
  /// `main` returned in a command-line tool and the process exited: the run that stopped ended.
  let exitedWithMain = Atomic<Bool>(false)
  /// Actor instances by name; written once before the run starts.
  let actors: [String: any Actor]

  /// Tasks created, steps taken and memory grown, against the interpreter's limits.
  let budget: RunBudget
  /// Records (and may make) a virtual run's choices; nil for ordinary runs and live ones.
  let chooser: ScheduleChooser?

  init(
    scenario: Scenario, runtime: any ScenarioRuntime, limits: RunLimits = RunLimits(),
    chooser: ScheduleChooser? = nil
  ) {
    self.scenario = scenario
    self.runtime = runtime
    self.chooser = chooser
    budget = RunBudget(limits)
    recorder = TraceRecorder(
      runtime: runtime, chooser: chooser, maxEvents: limits.interpreter.maxEvents,
      maxBytes: limits.interpreter.maxTraceBytes)
    state = SharedState(scenario: scenario)
    var actors: [String: any Actor] = [:]
    for name in scenario.actors.keys.sorted() { actors[name] = runtime.makeActor(named: name) }
    self.actors = actors
    locks = LockParts(scenario.semaphores, on: runtime)
    streams = StreamParts(scenario.streams)
    runtime.onAbort { [weak self] in self?.abortWaits() }
  }

  /// What a task knows while it runs: its name, its local variables, the actor whose state it sees,
  /// and its vector clock for the race detector.
  struct Context: Sendable {
    var task: String
    /// Unique per task in a run, in creation order.
    var id: Int
    var locals: [String: Value] = [:]
    var actor: String?
    /// In a block an actor's method started off the actor (a child task, a work item, a
    /// handler): that actor, whose constants it still reads, as Swift reads a Sendable `let`
    /// from anywhere (`self.label`).
    var constantsOf: String?
    /// In a `sync` block: the task Swift runs it as, whose name, task-locals and cancellation it
    /// reads.
    var syncCaller: SyncCaller?
    var clock = VectorClock()
    /// The task ids of this task's `async let` children, by binding name.
    var children: [String: Int] = [:]
    /// How many function calls and enclosing tasks nest the running step, against
    /// `budget.limits.maxCallDepth`: a task that starts itself nests as surely as a call does.
    var depth = 0
    /// How many of `depth`'s levels are tasks, for the message that stops a runaway.
    var taskDepth = 0
    /// The continuations whose closures enclose the running steps, by name: work started inside
    /// one captures it, as a Swift closure captures its parameter, and lets go when it ends.
    var continuations: [String: ContinuationCapture] = [:]
    /// The serial queues (and `main`) whose work the steps run inside, innermost last.
    var queues: [String] = []
    /// An unstructured task (`Task {}`), which the root waits out before an app's run ends.
    var unstructured = false
    /// An immediate task started on main, until its first suspension: its caller waits for it.
    var firstPart: FirstPart?
    /// The groups whose body the task is running, by name: their closure's `group`. A child
    /// (made by `spawn`) starts without them, as a child's closure cannot reach `group`.
    var groups: [String: GroupBody] = [:]
  }

  /// The context of a new task created by `parent`: it sees the parent's locals (captured values)
  /// and everything the parent did before creating it.
  func spawn(_ name: String, from parent: inout Context) -> Context {
    checkTaskLimit()
    chooser?.touch(.creation, .write)  // ids follow creation order: a search orders creations
    var child = Context(task: name, id: nextTaskID(), locals: parent.locals)
    child.clock = parent.clock
    child.continuations = parent.continuations
    child.constantsOf = parent.actor ?? parent.constantsOf
    // A child is one level deeper than its creator: an `async let`, a group or a task of a
    // function that calls it again would otherwise nest without end, one task per level.
    child.depth = parent.depth + 1
    child.taskDepth = parent.taskDepth + 1
    parent.clock.tick(parent.id)
    return child
  }

  /// What the trace calls the scenario's own task.
  static let rootTask = "root"

  func rootContext() -> Context {
    Context(task: Self.rootTask, id: nextTaskID())
  }

  func nextTaskID() -> Int { budget.nextTaskID() }

  /// Stops a run that creates more tasks than `--max-tasks` allows (a runaway group or loop).
  func checkTaskLimit() {
    if let problem = budget.checkTasks() { runtime.stop(problem) }
  }

  /// Counts one step or loop iteration against `--max-steps`, and ends it when the run stops.
  func takeStep() throws(RunAborted) {
    if let problem = budget.takeStep() { runtime.stop(problem) }
    if runtime.isAborting { throw RunAborted() }
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
    /// A `break`: the innermost loop around it ends. Passed out through every block that is not
    /// a loop (an `if`, a `do`), never caught as an error: a scenario's `catch` cannot stop it.
    case broke
    /// A `continue`: the innermost loop around it goes on with its next round.
    case continued

    /// How a loop goes on after its body ended this way: nil for its next round, else how the
    /// loop itself ends — a `break` ends it and the block around goes on, a `return` leaves it.
    var endsLoop: BlockExit? {
      switch self {
      case .completed, .continued: nil
      case .broke: .completed
      case .returned, .awaitBinding, .continueAt: self
      }
    }

    /// The block ran to its end (or a loop ended by its `break`): the next step runs.
    var goesOn: Bool {
      if case .completed = self { true } else { false }
    }
  }

  /// A problem found while running (a wrong type at run time), reported with the step's location.
  struct Failure: Error {
    var message: String
    var origin: StepOrigin
  }

  /// An error a scenario throws by name (`DurationError.tooLong` is thrown as `tooLong`).
  struct ScenarioError: Error, CustomStringConvertible {
    var name: String
    var description: String { name }
  }

  func actor(for isolation: Isolation, caller: (any Actor)?) -> (any Actor)? {
    switch isolation {
    case .concurrent: nil
    case .caller: caller
    case .main: runtime.mainActor
    case .actor(let name): actors[name]
    }
  }

  func record(_ payload: TraceEvent.Payload, _ context: Context, joins: [String] = []) {
    recorder.record(payload, task: context.task, joins: joins)
    if let firstPart = context.firstPart, FirstPart.suspends(payload) {
      firstPart.end(clock: context.clock)
    }
  }

  /// A value as an event keeps it (`TraceEvent.bounded`).
  static func shown(_ value: Value) -> String { TraceEvent.bounded(value.description) }

  // MARK: - Tasks

  /// Runs the body of a task (root, child or unstructured), recording its start and end.
  func runTask(
    _ work: ChildWork, _ context: Context, isolation: isolated (any Actor)?,
    ended whenDone: (@Sendable ([String: Value]) -> Void)? = nil
  ) async throws -> Value {
    var context = context
    record(.start(note: ""), context)
    inFlight.running.add(1, ordering: .relaxed)
    defer { inFlight.running.subtract(1, ordering: .relaxed) }
    defer { whenDone?(context.locals) }
    defer { ended(context) }
    do {
      let value = try await runWork(work, &context, isolation: isolation)
      record(.end(.returned(value == .none ? nil : Self.shown(value))), context)
      return value
    } catch {
      cancelledByError()  // a child's error can cancel its group's other children
      record(.end(Self.ending(error)), context)
      // A step that could not run is the run's problem wherever it failed, not a task's end
      // another task may never look at: the root reports its own (`runRoot`).
      if let failure = error as? Failure, context.task != Self.rootTask {
        stopForMisuse(problem(failure))
      }
      throw error
    }
  }

  static func ending(_ error: any Error) -> TraceEvent.Ending {
    switch error {
    case is CancellationError: .cancelled
    case is RunAborted: .stopped
    case let failure as Failure: .failed(message: failure.message)
    case let thrown as ScenarioError: .threw(error: thrown.name)
    default: .threw(error: "\(error)")
    }
  }

  func runWork(
    _ work: ChildWork, _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    switch work {
    case .call(let call):
      return try await self.call(call, &context, origin: nil, isolation: isolation)
    case .steps(let steps):
      return try await runBody(steps, &context, isolation: isolation)
    }
  }

  /// Runs a function body or a child's steps: a block whose `return` ends it.
  func runBody(
    _ steps: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    var scopes: [String] = []
    if case .returned(let value) = try await runBlock(
      steps, from: 0, &context, &scopes, isolation: isolation)
    {
      return value
    }
    return .none
  }

  /// Calls a scenario function: arguments are evaluated by the caller, the body runs where the
  /// function is isolated.
  func call(
    _ call: Call, _ context: inout Context, origin: StepOrigin?, isolation: isolated (any Actor)?
  ) async throws -> Value {
    let function = self.function(named: call.function)
    var inner = context
    inner.locals = [:]
    inner.children = [:]
    inner.actor = function.owner
    inner.constantsOf = nil
    inner.depth += 1
    if inner.depth > budget.limits.maxCallDepth {
      let tasks =
        inner.taskDepth == 0
        ? "" : ", counting the \(inner.taskDepth) tasks they started as levels"
      runtime.stop(
        "calls nested more than \(budget.limits.maxCallDepth) deep\(tasks) (\(call.function) calls "
          + "itself without end?); raise the limit with --max-depth")
      throw RunAborted()
    }
    for (name, expression) in call.arguments {
      inner.locals[name] = try read(
        expression, &context, origin: origin ?? .unknown, isolation: isolation)
    }
    defer { context.clock = inner.clock }
    let target = actor(for: function.isolation, caller: isolation)
    if let target, !isSameActor(target, isolation) {
      // The hop is recorded on arrival, but the task lets its thread go as it leaves: a
      // `Task.immediate`'s first part ends here, and its caller goes on while the actor is reached:
      // the part ran on the caller's thread, which Swift does not give to the actor, so the hop
      // is queued even where the actor is idle
      // ([fact](Tests/NativeFacts/task-immediate-from-pool-hop-to-idle-actor-is-queued.swift)).
      if context.firstPart?.isRunning == true { runtime.nextHopIsQueued() }
      context.firstPart?.end(clock: context.clock)
      return try await enter(
        function.steps, &inner, on: target, named: function.isolation.description)
    }
    if target == nil, isolation != nil {
      let from = isSameActor(isolation, runtime.mainActor) ? "main" : "an actor"
      record(.hop(.toPool(function: call.function, from: from)), context)
      return try await runConcurrently(function.steps, &inner)
    }
    return try await runBody(function.steps, &inner, isolation: isolation)
  }

  /// A function by name, or an actor's method by `Actor.method`. Names were checked at load time.
  func function(named name: String) -> Function {
    if let function = scenario.functions[name] { return function }
    let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
    return scenario.actors[parts[0]]!.methods[parts[1]]!
  }

  /// Hops to `actor`, runs the steps there, and hops back when they end (the caller's isolation is
  /// restored by the return).
  func enter(
    _ steps: [Step], _ context: inout Context, on actor: isolated any Actor, named name: String
  ) async throws -> Value {
    record(.hop(.to(name)), context)
    return try await runBody(steps, &context, isolation: actor)
  }

  /// Runs steps off any actor, on the cooperative pool (`@concurrent`).
  @concurrent
  func runConcurrently(_ steps: [Step], _ context: inout Context) async throws -> Value {
    try await runBody(steps, &context, isolation: nil)
  }
}

extension Interpreter {
  /// The threads a task of `priority` (unless given, the current task's, which a child inherits)
  /// needs to start or go on: its priority's pool (`worker-`, `high-`, …), as deadlocks name them.
  static func poolThreads(_ priority: TaskPriority? = nil) -> String {
    PriorityBand(priority ?? Task.currentPriority).threadPrefix
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

extension Interpreter {
  /// Stops the run where Swift stops the program: a misuse the real runtime traps on.
  func stopForMisuse(_ problem: String) {
    stoppedForMisuse.store(true, ordering: .relaxed)
    runtime.stop(problem)
  }
}

extension Interpreter {
  /// Starts an unstructured task on `actor` (nil: the pool) preferring the run's executors. A task
  /// for main starts on main directly, as `Task { @MainActor in }` and `DispatchQueue.main.async`
  /// do: its first job never waits for a pool thread.
  ///
  /// `detached` makes it a `Task.detached`: it inherits neither the creator's priority nor its
  /// task-local values. `name` is the real task's name (`Task(name:)`), which `taskName` reads.
  /// `immediate`: a `Task.immediate` made off every actor, whose caller waits for its first part
  /// (`startInline`); the lab does not call Swift's own, which would run the part outside the
  /// run's executors and move it to them at its first `await` of the interpreter's own.
  func startTask(
    name: String? = nil, on actor: (any Actor)?, priority: TaskPriority? = nil,
    detached: Bool = false, immediate: Bool = false, aheadOnMain: Bool = false,
    _ body: sending @escaping @Sendable ((any Actor)?) async throws -> Value
  ) -> Task<Value, any Error> {
    // A task for main starts there; so does a nonisolated immediate task made on main (its
    // first part runs on its caller's thread), which then goes on on the pool.
    let onMain = isSameActor(actor, runtime.mainActor)
    let executor =
      onMain || aheadOnMain
      ? runtime.taskExecutorStartingOnMain(ahead: aheadOnMain, nonisolated: !onMain)
      : runtime.taskExecutor
    // Its first job goes ahead of the pool's waiting jobs: its caller waits for its first part.
    if immediate { runtime.nextTaskGoesFirstOnItsPool() }
    if detached {
      return Task.detached(name: name, executorPreference: executor, priority: priority) {
        try await body(actor)
      }
    }
    return Task(name: name, executorPreference: executor, priority: priority) {
      try await body(actor)
    }
  }
}
