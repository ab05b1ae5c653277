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
/// else of a serial queue runs beside it. What Swift's block reads of its task is the caller's
/// (SyncCaller): its task-locals, its name, its cancellation, as it runs inside the caller's job
/// ([fact](../../../Tests/NativeFacts/queue-sync-block-runs-as-its-caller.swift)); the trace still
/// draws the block as the queue's work item, in a lane of its own.
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
    let blockLocals = Locked<[String: Value]>([:])
    // A block inside a block runs as the first caller too.
    let caller =
      context.syncCaller
      ?? SyncCaller(name: Task.name, bindings: TaskLocalStore.bindings, cancelled: Task.isCancelled)
    let child = dispatch(
      queue, steps, &context,
      sync: (
        context.queues, caller,
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
    // The caller cancelled while its block runs: the block's next read of `isCancelled` sees it.
    await withTaskCancellationHandler(
      operation: { await done.wait(isolation: isolation) },
      onCancel: { caller.cancel() }, isolation: isolation)
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

/// The task a `sync` block runs as, in Swift: its caller's. The lab runs the block as a work item
/// of its own, which reads through this what Swift's block reads of the caller's task.
final class SyncCaller: Sendable {
  /// The caller's `Task.name`.
  let name: String?
  /// The caller's task-local bindings, which do not change while it waits.
  let bindings: [String: Value]
  private let cancelled: Atomic<Bool>

  init(name: String?, bindings: [String: Value], cancelled: Bool) {
    self.name = name
    self.bindings = bindings
    self.cancelled = Atomic(cancelled)
  }

  /// The caller's `Task.isCancelled`, now.
  var isCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }

  func cancel() { cancelled.store(true, ordering: .sequentiallyConsistent) }
}
