import LabModel
import LabRuntime
import Synchronization

/// `queue.sync { steps }` (docs/runtimes.md, "Synchronous dispatch, measured"): the caller holds
/// its thread until the block has run on the queue.
///
/// The block's steps run as the queue's work item, as `dispatch` runs them, and the caller waits
/// for it holding its thread, as `DispatchGroup.wait()` does: a real `queue.sync` would run the
/// block on the caller's thread, and a block of scenario steps is async code, which cannot run
/// inside it. The order is Dispatch's: the block runs after the work queued before it, and nothing
/// else of a serial queue runs beside it.
extension Interpreter {
  func dispatch(
    _ queue: String, sync: Bool, _ steps: [Step], _ context: inout Context,
    isolation: isolated (any Actor)?
  ) async throws(RunAborted) {
    guard sync else {
      dispatch(queue, steps, &context)
      return
    }
    // Onto the serial queue the caller's work runs on, or main from the main thread, Dispatch
    // traps: the lab never makes that call, and stops the run in both modes as the program stops.
    let onMain = queue == "main" && runtime.currentThread == "main"
    guard !onMain, !context.queues.contains(queue) else {
      record(.block(.syncOntoOwnQueue(queue: queue)), context)
      stopForMisuse(DispatchRules.syncOnOwnQueue(queue))
      throw RunAborted()
    }
    let done = runtime.makeDispatchGroup()
    done.enter()
    let blockLocals = Mutex<[String: Value]>([:])
    let child = dispatch(
      queue, steps, &context,
      sync: (
        context.queues,
        { locals in
          blockLocals.withLock { $0 = locals }
          done.leave()
        }
      ))
    // A serial queue's work holds the queue while it waits: its other work items cannot start.
    let holds = context.queues.last.map { $0 == "main" ? "main" : "queue \($0)" }
    record(.block(.sync(work: child.task)), context)
    waits.wait(
      context.task, for: "\(child.task) to run its block",
      holding: holds ?? runtime.currentThread)
    await done.wait(isolation: isolation)
    waits.done(context.task)
    joined(child.id, by: &context)
    // What the block changed of the caller's variables stays changed, as in Swift.
    for (name, value) in blockLocals.withLock({ $0 }) where context.locals[name] != nil {
      context.locals[name] = value
    }
    record(.resume(.syncReturned(work: child.task)), context)
    if runtime.isAborting { throw RunAborted() }
  }
}

extension Interpreter {
  /// A work item on a queue: on a serial queue it happens after every item that ended there before
  /// it started, as the queue runs them one after another.
  func runSerialItem(
    _ queue: String, serial: Bool, _ steps: [Step], _ child: Context,
    ended: (@Sendable ([String: Value]) -> Void)? = nil
  ) async throws -> Value {
    guard serial else {
      return try await runTask(.steps(steps), child, isolation: nil, ended: ended)
    }
    var started = child
    if let before = dispatch.serialQueueClocks.withLock({ $0[queue] }) {
      started.clock.join(before)
    }
    defer {
      var ended = started
      joined(started.id, by: &ended)
      dispatch.serialQueueClocks.withLock { $0[queue, default: VectorClock()].join(ended.clock) }
    }
    return try await runTask(.steps(steps), started, isolation: nil, ended: ended)
  }
}
