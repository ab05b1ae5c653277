import LabModel
import LabRuntime

/// Task groups and unstructured tasks.
extension Interpreter {
  func runGroup(
    _ spec: TaskGroupSpec, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    if let body = spec.body {
      return try await runGroupBody(spec, body, &context, origin: origin, isolation: isolation)
    }
    if spec.discarding || spec.maxInFlight != nil || spec.unlessCancelled {
      return try await runGroupPattern(spec, &context, origin: origin, isolation: isolation)
    }
    let items = try groupItems(spec, &context, origin: origin, isolation: isolation)
    var children: [Context] = []
    for item in items {
      if runtime.isAborting { throw RunAborted() }
      var child = spawn("\(spec.name)[\(item.text)]", from: &context)
      if let itemName = spec.itemName { child.locals[itemName] = item }
      children.append(child)
    }
    let parent = context
    let order = spec.collect == nil ? nil : "\(parent.id)/\(spec.name)"
    var collected: [Value] = []
    var finished: [Int] = []
    record(
      .await(.group(name: spec.name, children: items.count, discarding: false, maxInFlight: nil)),
      context)
    waits.wait(context.task, for: "group \(spec.name)")
    defer { waits.done(parent.task) }
    do {
      try await withThrowingTaskGroup(of: (Int, Value).self) { group in
        for child in children {
          record(.spawn(.child(name: child.task)), parent)
          waits.wait(child.task, for: "a pool thread to start", needs: Self.poolThreads())
          group.addTask(name: child.task) {
            self.waits.done(child.task)
            let value = try await self.runTask(spec.child, child, isolation: nil)
            self.endedInOrder(order)
            return (child.id, value)
          }
        }
        do {
          if spec.collect != nil {
            let names = Dictionary(uniqueKeysWithValues: children.map { ($0.id, $0.task) })
            for try await (id, value) in group {
              finished.append(id)
              collected.append(value)
              record(
                .collect(.result(collected.count, of: items.count, value: Self.shown(value))),
                parent, joins: names[id].map { [$0] } ?? [])
              if let limit = spec.cancelAfter, collected.count == limit {
                record(.cancel(.cancelAll(group: spec.name)), parent)
                cancelling(parent) { group.cancelAll() }
              }
            }
          } else {
            try await group.waitForAll()
            finished = children.map(\.id)
          }
        } catch {
          cancelledByError()
          throw error
        }
      }
    } catch {
      for child in children { joined(child.id, by: &context) }
      record(.throw(.groupRethrows(group: spec.name, error: Self.errorName(error))), context)
      throw error
    }
    for id in finished { joined(id, by: &context) }
    let joined = Set(finished)
    record(
      .resume(.groupDone(spec.name)), context,
      joins: spec.collect == nil ? children.filter { joined.contains($0.id) }.map(\.task) : [])
    try assignCollected(spec, collected, &context, origin: origin, isolation: isolation)
  }

  /// `collect`: the results, in completion order, as one list in the named variable.
  func assignCollected(
    _ spec: TaskGroupSpec, _ collected: [Value], _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws {
    guard let collect = spec.collect else { return }
    let list: Value
    do {
      list = try Value.list(collected).checkedSize()
    } catch {
      throw Failure(message: "group \(spec.name): \(error.description)", origin: origin)
    }
    try assign(collect, list, &context, origin: origin, isolation: isolation)
  }

  /// What a group runs a child for: each element of its list, or 1…count.
  func groupItems(
    _ spec: TaskGroupSpec, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws -> [Value] {
    switch try read(spec.items, &context, origin: origin, isolation: isolation) {
    case .int(let count) where count > budget.limits.maxTasks:
      runtime.stop(
        "group \(spec.name) would create \(count) tasks, more than \(budget.limits.maxTasks); "
          + "raise the limit with --max-tasks")
      throw RunAborted()
    case .int(let count):
      do {
        try RepeatCount.check(count, for: .group)
      } catch {
        throw Failure(message: error.description, origin: origin)
      }
      return count > 0 ? (1...count).map { .int($0) } : []
    case .list(let values): return values
    case let other:
      throw Failure(
        message: "a group runs over a list or a count, not \(other.typeName)", origin: origin)
    }
  }

  /// `firstPart`: an immediate task that runs on main up to its first suspension (`startInline`).
  func startTask(
    _ spec: TaskSpec, _ context: inout Context, isolation: isolated (any Actor)?,
    firstPart: FirstPart? = nil
  ) {
    let name = tasks.displayName(for: spec.name)
    let child = {
      var child = spawn(name, from: &context)
      child.unstructured = true
      child.firstPart = firstPart
      return child
    }()
    // On a live pool the task may run its first steps before `Task { }` returns its handle:
    // it knows its own name from the start (a `cancel` of itself), in every runtime.
    tasks.reserve(spec.name, id: child.id)
    let target = actor(for: spec.isolation, caller: spec.detached ? nil : isolation)
    record(.spawn(.task(name: name, detached: spec.detached, chain: spec.chain)), context)
    // Unstated, a task inherits its creator's priority; a detached one inherits nothing and runs at
    // `.medium`, wherever it is made (docs/runtimes.md; Tests/NativeFacts/detached-priority-is-medium).
    let priority = spec.priority?.priority ?? (spec.detached ? .medium : nil)
    let start = immediateStart(spec, isolation: isolation)
    if start == .unmodelled { stopForMisuse(TaskRules.onAnActor) }
    // Until it starts, the task waits for a thread: named in a deadlock with its holder.
    if target == nil || isSameActor(target, runtime.mainActor) {
      let main = target != nil || start == .inline
      waits.wait(
        name, for: main ? "main to start" : "a pool thread to start",
        needs: main ? "main" : Self.poolThreads(priority))
    }
    let known = Locked<TaskPriority?>(priority ?? Task.currentPriority)
    let make = { (previous: TaskTable.Entry?) in
      self.inFlight.tasks.begin()
      return TaskTable.Entry(
        task: self.startTask(
          name: name, on: target, priority: priority, detached: spec.detached,
          immediate: start == .atOnce, aheadOnMain: start == .inline
        ) { isolation in
          defer {
            firstPart?.end(clock: nil)
            known.withLock { $0 = nil }
            self.inFlight.taskEnded(child.id)
          }
          self.waits.done(child.task)
          var context = child
          if let previous {
            // `let _ = await previousTask?.result`: wait for it, whether it succeeded or threw.
            self.waits.wait(child.task, for: "the previous task of its chain")
            _ = await Self.$awaiter.withValue(context) { await previous.task.result }
            self.waits.done(child.task)
            self.joined(previous.id, by: &context)
          }
          return try await self.reportingEscalations(
            of: name, known: known, own: context, isolation: isolation
          ) { try await self.runTask(spec.child, context, isolation: isolation) }
        }, id: child.id, name: name, priority: known)
    }
    let entry = spec.chain.map { tasks.chain($0, make: make) } ?? make(nil)
    tasks.insert(spec.name, entry)
  }

  /// `task.cancel()` by the task's name; the task itself may cancel itself from its first step.
  func cancel(named name: String, _ context: Context) {
    switch tasks.cancelTarget(named: name, by: context.id) {
    case .entry(let entry)?:
      record(.cancel(.task(name)), context)
      cancelling(context) { entry.task.cancel() }
    case .current?:
      // `withUnsafeCurrentTask { $0?.cancel() }`: the task cancels itself.
      record(.cancel(.task(name)), context)
      cancelling(context) { withUnsafeCurrentTask { $0?.cancel() } }
    case nil:
      record(.cancel(.noTaskYet(name)), context)
    }
  }

  func describe(_ work: ChildWork, _ context: Context) -> String {
    switch work {
    case .call(let call):
      let arguments = call.arguments.map { name, expression in
        "\(name): \((try? expression.evaluate { try lookup($0, context) })?.description ?? "?")"
      }
      return "\(call.function)(\(arguments.joined(separator: ", ")))"
    case .steps(let steps):
      return "{ \(steps.count) step\(steps.count == 1 ? "" : "s") }"
    }
  }

  /// `await task.value`: waits for an unstructured task and knows everything it did.
  func runAwaitTask(
    _ name: String, _ bind: String?, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws {
    guard let entry = tasks.entry(named: name) else {
      throw Failure(message: "task '\(name)' has not been started yet", origin: origin)
    }
    record(.await(.task(name)), context)
    waits.wait(context.task, for: "task \(name)")
    defer { waits.done(context.task) }
    if let cycle = awaits.begin(context.task, awaits: entry.name) {
      let path = cycle.joined(separator: " → ")
      let found =
        "deadlock at \(Int(runtime.now)) ms: a cycle of awaits (\(path)) that nothing can end; "
      awaits.cycle.withLock { $0 = $0 ?? found }
      runtime.stopAtDeadlock("a cycle of awaits: \(path)")
      // Awaiting the task would suspend this one forever; it waits instead for the teardown,
      // which ends it and so the whole cycle.
      let teardown = Completion()
      completions.insert("a cycle of awaits", teardown, task: context.id)
      _ = try await teardown.value()
    }
    defer { awaits.end(context.task) }
    let value: Value
    do {
      value = try await awaitingValue(of: entry, as: context)
    } catch {
      joined(entry.id, by: &context)
      throw error
    }
    joined(entry.id, by: &context)
    if let bind { context.locals[bind] = value }
    record(
      .resume(.task(name: name, value: value == .none ? nil : Self.shown(value))), context,
      joins: [entry.name])
  }
}
