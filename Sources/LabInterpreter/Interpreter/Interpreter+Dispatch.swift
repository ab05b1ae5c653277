import LabModel
import LabRuntime

/// Dispatch (GCD): work items on queues, and dispatch groups. Work items run as tasks that prefer a
/// Dispatch queue's executor, so they run on Dispatch's threads, apart from the cooperative pool.
extension Interpreter {
  /// `queue.async { steps }`: starts the work item and returns at once. A `sync` block runs inside
  /// the caller's queues (`owned`) and calls `finished` with its locals when it ends: Swift's
  /// `sync` closure does not escape, and changes the caller's variables themselves.
  @discardableResult
  func dispatch(
    _ queue: String, _ steps: [Step], _ context: inout Context, clock: VectorClock? = nil,
    sync: (
      owned: [String], caller: SyncCaller, finished: @Sendable ([String: Value]) -> Void
    )? = nil
  ) -> Context {
    let kind = sync == nil ? "async" : "sync"
    let name = tasks.displayName(for: queue == "main" ? "main.\(kind)" : "\(queue).\(kind)")
    var spawned = spawn(name, from: &context)
    if let clock { spawned.clock.join(clock) }
    let serial = queue == "main" || scenario.queues[queue] == .serial
    spawned.queues = (sync?.owned ?? []) + (serial ? [queue] : [])
    // A `sync` block is its caller's closure: on an actor's method it reads and writes the
    // actor's state, which the caller, waiting for it, does not touch meanwhile. Main's is the
    // main actor's.
    if sync != nil, queue != "main" { spawned.actor = context.actor }
    spawned.syncCaller = sync?.caller
    let child = spawned
    // A `sync` block reads its caller's task-locals (SyncCaller); other work, every default.
    let bindings = sync?.caller.bindings ?? [:]
    record(
      .spawn(.dispatch(queue: queue, method: kind, steps: steps.count, name: name)), context)
    let task: Task<Value, any Error>
    inFlight.tasks.begin()
    // Until it starts, the work item waits for a thread: named in a deadlock with its holder.
    if queue == "main" {
      waits.wait(name, for: "main to start", needs: "main")
      task = TaskLocalStore.$bindings.withValue(bindings) {
        startTask(on: runtime.mainActor) { main in
          self.waits.done(child.task)
          defer { self.inFlight.tasks.end() }
          return try await self.runTask(
            .steps(steps), child, isolation: main, ended: sync?.finished)
        }
      }
    } else {
      // A serial queue's item also needs the queue, which a `sync` caller on it holds.
      waits.wait(
        name, for: "a thread of queue \(queue) to start",
        needs: serial ? "queue \(queue)" : "dispatch-")
      let executor = runtime.dispatchExecutor(
        queue: queue, serial: scenario.queues[queue] == .serial)
      task = TaskLocalStore.$bindings.withValue(bindings) {
        Task(executorPreference: executor) {
          self.waits.done(child.task)
          defer { self.inFlight.tasks.end() }
          return try await self.runSerialItem(
            queue, serial: serial, steps, child, ended: sync?.finished)
        }
      }
    }
    tasks.insert(name, TaskTable.Entry(task: task, id: child.id, name: name))
    return child
  }

  func dispatchGroup(_ name: String) -> DispatchGroupRecord {
    dispatch.groups.record(name) { DispatchGroupRecord(group: runtime.makeDispatchGroup()) }
  }

  /// `group.enter()`.
  func enterGroup(_ name: String, _ context: Context) {
    record(.set(.groupEnter(name)), context)
    let group = dispatchGroup(name)
    // Entered before it is counted, so a racing leave never finds more in the count than in the
    // real group.
    group.group.enter()
    group.entered.withLock { $0 += 1 }
  }

  /// `group.leave()`: work that waits for the group happens after this task's work so far.
  ///
  /// A leave with nothing entered traps in Dispatch ("Unbalanced call to
  /// dispatch_group_leave()"): the lab never makes that call, and stops the run in both modes as
  /// the real program would stop.
  func leaveGroup(_ name: String, _ context: inout Context) throws(RunAborted) {
    record(.set(.groupLeave(name)), context)
    let group = dispatchGroup(name)
    let (balanced, due) = group.entered.withLock { entered -> (Bool, Int) in
      guard entered > 0 else { return (false, 0) }
      entered -= 1
      guard entered == 0 else { return (true, 0) }
      return (
        true,
        group.pendingNotifies.withLock { pending in
          defer { pending = 0 }
          return pending
        }
      )
    }
    guard balanced else {
      stopForMisuse(Self.unbalancedLeave(name))
      throw RunAborted()
    }
    // The group empties: its notify blocks are due, and work in flight until they have queued
    // their steps — else a run could end between this leave and a notify (seen live: the UI
    // update of dispatch-group-city never ran in 1 of 6 runs).
    for _ in 0..<due { inFlight.tasks.begin() }
    group.clock.withLock { $0.join(context.clock) }
    context.clock.tick(context.id)
    group.group.leave()
  }

  static func unbalancedLeave(_ name: String) -> String {
    "group \(name): leave() without a matching enter(); Dispatch stops the program here "
      + "('Unbalanced call to dispatch_group_leave()')"
  }

  /// `group.notify(queue:) { steps }`: the steps start on the queue once the group is empty.
  func notifyGroup(_ name: String, queue: String, _ steps: [Step], _ context: inout Context) {
    record(.set(.groupNotify(group: name, queue: queue)), context)
    let group = dispatchGroup(name)
    let parent = context
    context.clock.tick(context.id)
    // The clock, not the group: the group keeps this closure until it empties, which it may
    // never do, and a closure that kept the group would keep both alive for good.
    // Counted as work in flight once due: now if the group is empty, else at the leave that
    // empties it (`leaveGroup`). A notify on a group that never empties keeps no run alive.
    let dueNow = group.entered.withLock { entered in
      if entered == 0 { return true }
      group.pendingNotifies.withLock { $0 += 1 }
      return false
    }
    if dueNow { inFlight.tasks.begin() }
    group.group.notify { [clock = group.clock] in
      var notifier = parent
      self.dispatch(queue, steps, &notifier, clock: clock.withLock { $0 })
      self.inFlight.tasks.end()
    }
  }

  /// `group.wait()`: holds the thread until the group is empty.
  func waitForGroup(
    _ name: String, _ context: inout Context, isolation: isolated (any Actor)?
  ) async {
    record(.block(.groupWait(group: name)), context)
    let group = dispatchGroup(name)
    let left = group.entered.withLock { $0 }
    waits.wait(
      context.task, for: "dispatch group \(name) (\(left) enter() not yet left)",
      holding: runtime.currentThread)
    await group.group.wait(isolation: isolation)
    waits.done(context.task)
    context.clock.join(group.clock.withLock { $0 })
    record(.resume(.groupEmpty(name)), context)
  }
}

/// The run's Dispatch groups, made on first use, and what its serial queues' work happened after.
final class DispatchParts: Sendable {
  let groups = RecordsByName<DispatchGroupRecord>()
  /// Each serial queue's ended work items, joined: what the next item on it happens after.
  let serialQueueClocks = Locked<[String: VectorClock]>([:])
}

/// A dispatch group and the clocks of the work that left it, for the race detector.
final class DispatchGroupRecord: Sendable {
  let group: any LabDispatchGroup
  let clock = Locked(VectorClock())
  /// `enter()`s not yet matched by a `leave()`.
  let entered = Locked(0)
  /// `notify` blocks registered while the group was not empty, not yet counted as work in
  /// flight; taken under `entered`'s lock, after it.
  let pendingNotifies = Locked(0)

  init(group: any LabDispatchGroup) { self.group = group }
}
