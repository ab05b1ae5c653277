import LabModel
import LabRuntime

/// Dispatch (GCD): work items on queues, and dispatch groups. Work items run as tasks that prefer a
/// Dispatch queue's executor, so they run on Dispatch's threads, apart from the cooperative pool.
extension Interpreter {
  /// `queue.async { steps }`: starts the work item and returns at once.
  func dispatch(
    _ queue: String, _ steps: [Step], _ context: inout Context, clock: VectorClock? = nil
  ) {
    let name = tasks.displayName(for: queue == "main" ? "main.async" : "\(queue).async")
    var spawned = spawn(name, from: &context)
    if let clock { spawned.clock.join(clock) }
    let child = spawned
    record(
      .spawn, context,
      "\(queue).async { \(steps.count) step\(steps.count == 1 ? "" : "s") } as \(name)")
    let task: Task<Value, any Error>
    if queue == "main" {
      task = startTask(on: runtime.mainActor) { main in
        try await self.runTask(.steps(steps), child, isolation: main)
      }
    } else {
      let executor = runtime.dispatchExecutor(
        queue: queue, serial: scenario.queues[queue] == .serial)
      task = Task(executorPreference: executor) {
        try await self.runTask(.steps(steps), child, isolation: nil)
      }
    }
    tasks.insert(name, TaskTable.Entry(task: task, id: child.id, name: name))
  }

  func dispatchGroup(_ name: String) -> DispatchGroupRecord {
    dispatchGroups.withLock { groups in
      if let group = groups[name] { return group }
      let group = DispatchGroupRecord(group: runtime.makeDispatchGroup())
      groups[name] = group
      return group
    }
  }

  /// `group.enter()`.
  func enterGroup(_ name: String, _ context: Context) {
    record(.set, context, "group \(name): enter")
    dispatchGroup(name).group.enter()
  }

  /// `group.leave()`: work that waits for the group happens after this task's work so far.
  func leaveGroup(_ name: String, _ context: inout Context) {
    record(.set, context, "group \(name): leave")
    let group = dispatchGroup(name)
    group.clock.withLock { $0.join(context.clock) }
    context.clock.tick(context.id)
    group.group.leave()
  }

  /// `group.notify(queue:) { steps }`: the steps start on the queue once the group is empty.
  func notifyGroup(_ name: String, queue: String, _ steps: [Step], _ context: inout Context) {
    record(.set, context, "group \(name): notify on \(queue)")
    let group = dispatchGroup(name)
    let parent = context
    context.clock.tick(context.id)
    group.group.notify {
      var notifier = parent
      self.dispatch(queue, steps, &notifier, clock: group.clock.withLock { $0 })
    }
  }

  /// `group.wait()`: holds the thread until the group is empty.
  func waitForGroup(
    _ name: String, _ context: inout Context, isolation: isolated (any Actor)?
  ) async {
    record(.block, context, "group \(name): wait() holds the thread")
    waits.wait(context.task, for: "dispatch group \(name)")
    let group = dispatchGroup(name)
    await group.group.wait(isolation: isolation)
    waits.done(context.task)
    context.clock.join(group.clock.withLock { $0 })
    record(.resume, context, "group \(name) is empty")
  }
}

/// A dispatch group and the clocks of the work that left it, for the race detector.
final class DispatchGroupRecord: Sendable {
  let group: any LabDispatchGroup
  let clock = Locked(VectorClock())

  init(group: any LabDispatchGroup) { self.group = group }
}
