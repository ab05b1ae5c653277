import LabModel
import LabRuntime

extension Interpreter {
  /// Runs `steps` from `start`. `scopes` holds the `async let` bindings of this block still in
  /// scope, innermost last: each is a real `async let` whose Swift scope encloses the rest of the
  /// block (see `runAsyncLet`).
  func runBlock(
    _ steps: [Step], from start: Int, _ context: inout Context, _ scopes: inout [String],
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    var index = start
    while index < steps.count {
      try takeStep()
      let step = steps[index]
      await beginStep(step, isolation: isolation)
      switch step.kind {
      case .asyncLet(let name, let work):
        let exit = try await runAsyncLet(
          name, work, steps, at: index, &context, &scopes, isolation: isolation)
        guard case .continueAt(let next) = exit else { return exit }
        index = next
        continue
      case .await(let names):
        // The innermost binding is awaited by its own scope (a real `await` of the `async let`);
        // after that scope ends, this step runs again for the names left.
        let left = names.filter { context.locals[$0] == nil }
        if left.count == names.count { record(.await(.bindings(names)), context) }
        if let innermost = scopes.last, left.contains(innermost) {
          return .awaitBinding(innermost, resumeAt: index)
        }
        for name in left {
          context.locals[name] = try await awaitOutOfOrder(name, &context, isolation: isolation)
        }
        let values = names.map { TraceEvent.Binding($0, Self.shown(context.locals[$0]!)) }
        record(.resume(.values(values)), context, joins: names)
      case .log, .set, .add, .repeat, .forEach, .if, .return, .call, .block, .sleep, .yield,
        .group, .addTask, .next, .cancelAll, .task, .awaitTask, .cancel, .onMain,
        .assumeIsolated, .throw, .try,
        .checkCancellation, .dispatch, .enter, .leave, .notify, .wait, .withLock, .atomicAdd,
        .semaphoreWait,
        .semaphoreSignal, .continuation, .resume, .onCancel,
        .streamYield, .streamFinish, .forAwait, .streamNext, .onTermination, .withValue, .while,
        .break,
        .continue, .whileNext:
        // A step that cannot suspend runs without an async call: no frame for `run` is allocated
        // in the task (which keeps its frames' memory until it is destroyed).
        if let immediate = try runAtOnce(step, &context, isolation: isolation) {
          if !immediate.goesOn { return immediate }
        } else {
          let exit = try await run(step, &context, isolation: isolation)
          if !exit.goesOn { return exit }
        }
      }
      index += 1
    }
    return .completed
  }

  /// `async let NAME = work`: starts the child, then runs the rest of the block inside the Swift
  /// scope of the binding, so leaving the block without awaiting it cancels and awaits it, as Swift
  /// does.
  func runAsyncLet(
    _ name: String, _ work: ChildWork, _ steps: [Step], at index: Int, _ context: inout Context,
    _ scopes: inout [String], isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let completion = Completion()
    completions.insert(name, completion, task: context.id)
    record(.spawn(.asyncLet(name: name, work: describe(work, context))), context)
    let child = spawn(name, from: &context)
    context.children[name] = child.id
    // Until it starts, the child waits for a pool thread: named in a deadlock with its holder.
    waits.wait(child.task, for: "a pool thread to start", needs: Self.poolThreads())
    async let value: Value = {
      self.waits.done(child.task)
      do {
        let value = try await self.runTask(work, child, isolation: nil)
        completion.finish(.success(value))
        return value
      } catch {
        completion.finish(.failure(error))
        throw error
      }
    }()
    scopes.append(name)
    defer { scopes.removeLast() }
    var exit: BlockExit
    do {
      exit = try await runBlock(steps, from: index + 1, &context, &scopes, isolation: isolation)
    } catch {
      cancelledByError()  // leaving the scope by an error cancels the child
      throw error
    }
    if case .awaitBinding(name, let resumeAt) = exit {
      waits.wait(context.task, for: "async let \(name)")
      defer { waits.done(context.task) }
      do {
        context.locals[name] = try await value
      } catch {
        joined(child.id, by: &context)
        throw error
      }
      joined(child.id, by: &context)
      exit = .continueAt(resumeAt)
    } else if context.locals[name] == nil, context.children[name] != nil {
      chooser?.touchUnknown()  // leaving the scope cancels the child
      record(.cancel(.unawaited(name)), context)
    }
    return exit
  }

  /// Awaits an `async let` that is not the innermost one in scope. Swift awaits the binding itself;
  /// the interpreter cannot name an outer binding from an inner scope, so it waits for the child's
  /// completion instead, which resumes the parent at the same moment.
  func awaitOutOfOrder(
    _ name: String, _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> Value {
    let completion = completions.find(name, task: context.id)!
    waits.wait(context.task, for: "async let \(name)")
    defer { waits.done(context.task) }
    do {
      let value = try await completion.value()
      if let child = context.children[name] { joined(child, by: &context) }
      return value
    } catch {
      // Awaited, though it threw (into a `do` around the await): the child has ended and its
      // scope does not cancel it when it ends.
      if let child = context.children.removeValue(forKey: name) { joined(child, by: &context) }
      throw error
    }
  }

  /// Runs a step that may suspend (one `runAtOnce` did not run); returns how it left its block:
  /// `.completed` to go on, or a `return`, `break` or `continue` inside it.
  ///
  /// Only a dispatcher: every step that awaits runs in a function of its own. An async function's
  /// frame holds the locals of all its cases, and every task pays for it while it lives (and a
  /// task group keeps a finished child until its result is taken): with the cases inline here the
  /// frame was 4.9 KB, half of what each child of a 100,000-child group held.
  func run(
    _ step: Step, _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let origin = step.origin
    switch step.kind {
    case .add(let name, let expression):
      let amount = try read(expression, &context, origin: origin, isolation: isolation)
      try await add(name, amount, &context, origin: origin, isolation: isolation)
    case .repeat(let count, let indexName, let body):
      return try await runRepeat(
        count, indexName, body, &context, origin: origin, isolation: isolation)
    case .forEach(let list, let item, let body):
      return try await runForEach(list, item, body, &context, origin: origin, isolation: isolation)
    case .if(let condition, let thenSteps, let elseSteps):
      let holds = try self.condition(condition, &context, origin: origin, isolation: isolation)
      return try await runNested(holds ? thenSteps : elseSteps, &context, isolation: isolation)
    case .while(let condition, let body, let checksFirst):
      return try await runWhile(
        condition, body, checksFirst: checksFirst, step, &context, isolation: isolation)
    case .call(let call, let bind):
      let value = try await self.call(call, &context, origin: origin, isolation: isolation)
      if let bind { context.locals[bind] = value }
    case .block(let expression):
      try await holdThread(expression, &context, origin: origin, isolation: isolation)
    case .sleep(let expression):
      try await runSleep(expression, &context, origin: origin, isolation: isolation)
    case .yield:
      record(.yield, context)
      await runtime.yield(isolation: isolation)
    case .group(let spec):
      try await runGroup(spec, &context, origin: origin, isolation: isolation)
    case .next(let group, let bind, let orElse):
      try await runNext(group, bind, orElse, &context, origin: origin, isolation: isolation)
    case .whileNext(let group, let bind, let body):
      return try await runWhileNext(group, bind, body, step, &context, isolation: isolation)
    case .awaitTask(let name, let bind):
      try await runAwaitTask(name, bind, &context, origin: origin, isolation: isolation)
    case .onMain(let body):
      return try await runOnMain(body, &context, isolation: isolation)
    case .assumeIsolated(let body):
      return try await runAssumingMain(body, &context, isolation: isolation)
    case .try(let body, let catches):
      return try await runTry(body, catches, &context, isolation: isolation)
    case .dispatch(let queue, let sync, let steps):
      try await dispatch(queue, sync: sync, steps, &context, isolation: isolation)
    case .enter(let name): enterGroup(name, context)
    case .leave(let name): try leaveGroup(name, &context)
    case .notify(let name, let queue, let steps):
      notifyGroup(name, queue: queue, steps, &context)
    case .wait(let name): await waitForGroup(name, &context, isolation: isolation)
    case .withLock(let name, let body):
      try await runWithLock(name, body, &context, isolation: isolation)
    case .semaphoreWait(let name, let timeout, let bind):
      try await semaphoreWait(
        name, timeout: timeout, bind: bind, &context, origin: origin, isolation: isolation)
    case .continuation(let spec):
      try await runContinuation(spec, &context, isolation: isolation)
    case .onCancel(let handler, let operation):
      return try await runOnCancel(handler, operation, &context, isolation: isolation)
    case .forAwait(let name, let item, let body, let operators):
      return try await runForAwaitLoop(
        name, item, body, operators, step, &context, isolation: isolation)
    case .streamNext(let name, let bind, let orElse):
      try await runStreamNext(name, bind, orElse, &context, origin: origin, isolation: isolation)
    case .withValue(let binding):
      return try await runWithValue(binding, &context, origin: origin, isolation: isolation)
    case .task(let spec) where startsInline(spec, isolation: isolation):
      await startInline(spec, &context, isolation: isolation)
    case .log, .set, .return, .task, .cancel, .throw, .checkCancellation, .atomicAdd, .addTask,
      .cancelAll, .semaphoreSignal, .resume, .streamYield, .streamFinish, .onTermination, .break,
      .continue:
      // `runBlock` runs these with `runAtOnce` first; here only for completeness.
      return try runAtOnce(step, &context, isolation: isolation) ?? .completed
    case .asyncLet, .await:
      // Their scope is the rest of their block, which only `runBlock` sees; alone, they are a
      // block of their own.
      return try await runNested([step], &context, isolation: isolation)
    }
    return .completed
  }

  /// Runs a step that never suspends, synchronously, and returns how it left its block
  /// (`.completed`, or a `return`, `break` or `continue`); nil, without running it, for a step
  /// that may suspend (`run` runs those).
  func runAtOnce(
    _ step: Step, _ context: inout Context, isolation: isolated (any Actor)?
  ) throws -> BlockExit? {
    let origin = step.origin
    switch step.kind {
    case .log(let template):
      record(
        .log(
          TraceEvent.bounded(try render(template, &context, origin: origin, isolation: isolation))),
        context)
    case .set(let name, let expression):
      let value = try read(expression, &context, origin: origin, isolation: isolation)
      try assign(name, value, &context, origin: origin, isolation: isolation)
    case .return(let expression):
      return .returned(
        try expression.map { try read($0, &context, origin: origin, isolation: isolation) }
          ?? Value.none)
    case .task(let spec):
      // An immediate task on main or off every actor can make its caller wait: not at once.
      if startsInline(spec, isolation: isolation) { return nil }
      startTask(spec, &context, isolation: isolation)
    case .addTask(let spec):
      try addBodyTask(spec, &context, origin: origin)
    case .cancelAll(let group):
      try cancelAllInBody(group, context, origin: origin)
    case .cancel(let name): cancel(named: name, context)
    case .throw(let name):
      record(.throw(.error(name)), context)
      if name == "CancellationError" { throw CancellationError() }
      throw ScenarioError(name: name)
    case .atomicAdd(let name, let expression):
      try atomicAdd(name, expression, &context, origin: origin, isolation: isolation)
    case .semaphoreSignal(let name):
      semaphoreSignal(name, &context)
    case .resume(let name, let result):
      try resumeContinuation(name, result, &context, origin: origin, isolation: isolation)
    case .streamYield(let name, let value):
      try streamYield(name, value, &context, origin: origin, isolation: isolation)
    case .streamFinish(let name): streamFinish(name, &context)
    case .onTermination(let name, let handler): setOnTermination(name, handler, context)
    case .checkCancellation:
      if Task.isCancelled {
        record(.throw(.checkCancellation), context)
        throw CancellationError()
      }
    case .break: return .broke
    case .continue: return .continued
    case .add, .repeat, .forEach, .if, .call, .block, .sleep, .yield, .asyncLet, .await, .group,
      .next, .awaitTask, .onMain, .assumeIsolated, .try, .dispatch, .enter, .leave, .notify, .wait,
      .withLock, .semaphoreWait, .continuation, .onCancel, .forAwait, .streamNext, .withValue,
      .while, .whileNext:
      return nil
    }
    return .completed
  }

  /// Synchronous work that holds the thread (`Thread.sleep`, CPU work) for the expression's
  /// milliseconds.
  func holdThread(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    let milliseconds = try integer(expression, &context, origin: origin, isolation: isolation)
    record(.block(.work(milliseconds: milliseconds)), context)
    await runtime.block(milliseconds: milliseconds, isolation: isolation)
  }

  /// `Task.sleep`: frees the thread; cancellation wakes the task with `CancellationError`.
  func runSleep(
    _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    let milliseconds = try integer(expression, &context, origin: origin, isolation: isolation)
    record(.sleep(milliseconds: milliseconds), context)
    let due = runtime.now + Double(max(0, milliseconds))
    // Once its timer has fired, a sleeper on the pool needs a worker again: a deadlock names
    // who holds them.
    waits.wait(
      context.task, for: "its sleep to end, then a thread to go on",
      needs: isolation == nil ? Self.poolThreads() : nil, timed: true)
    defer { waits.done(context.task) }
    do {
      try await runtime.sleep(milliseconds: milliseconds, isolation: isolation)
    } catch is CancellationError {
      record(.wake(.cancelled), context)
      throw CancellationError()
    }
    record(.wake(wake(due: due, milliseconds: milliseconds)), context)
  }

  /// When the timer fired and the task resumed at different times, it was ready but no thread was
  /// free: both moments, as a starvation study needs them. Live runs note only a wait past their
  /// timing tolerance, so real-clock noise adds no notes.
  func wake(due: Double, milliseconds: Int64) -> TraceEvent.Wake {
    let waited = runtime.now - due
    let live = Tolerance.live
    let threshold =
      runtime.mode == .virtual ? 1 : live.milliseconds + live.percent / 100 * Double(milliseconds)
    guard waited >= threshold else { return .onTime }
    return .late(readyAt: due.rounded(toPlaces: 1), waited: waited.rounded(toPlaces: 1))
  }

  /// `await MainActor.run { … }`: in place when already on main, else a hop there and back.
  func runOnMain(
    _ body: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    if isSameActor(isolation, runtime.mainActor) {
      return try await runNested(body, &context, isolation: isolation)
    }
    var inner = context
    // As a call's hop: the task lets its thread go as it leaves for main, so a `Task.immediate`'s
    // first part ends here, not on arrival, and its caller goes on while main is reached
    // (fidelity fuzzer 5-305: natively the caller went on first in 13 of 20 runs).
    context.firstPart?.end(clock: context.clock)
    _ = try await enter(body, &inner, on: runtime.mainActor, named: "main")
    context.locals = inner.locals
    context.clock = inner.clock
    return .completed
  }

  /// Runs a nested block (a loop body, a branch) in its own scope, as Swift does, and returns how
  /// it ended: `.completed`, or by a `return`, `break` or `continue` for the blocks around it.
  func runNested(
    _ steps: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    var scopes: [String] = []
    return try await runBlock(steps, from: 0, &context, &scopes, isolation: isolation)
  }
}
