import LabModel
import LabRuntime

/// Locks, atomics and semaphores: the waits that hold a thread. A `withLock` or a `semaphoreWait`
/// that cannot go on keeps its thread held (a futex or semaphore wait, not a suspension), and the
/// race detector sees the order they make: a lock's release happens before its next taker's
/// accesses, a signal before the wait it ends.
extension Interpreter {
  func lockRecord(_ name: String) -> LockRecord {
    locks.held.record(name) { LockRecord(lock: runtime.makeLock()) }
  }

  /// `lock.withLock { steps }`: takes the lock (waiting with the thread held while another task
  /// has it), runs the steps, and releases it, also when a step throws.
  func runWithLock(
    _ name: String, _ body: [Step], _ context: inout Context, isolation: isolated (any Actor)?
  ) async throws {
    let lock = lockRecord(name)
    if let holder = lock.holder.withLock({ $0 }) {
      // Waiters are handed the lock in the order they came; the wait saw the lock held.
      chooser?.touch(.lockWaiters(name), .write, step: true)
      chooser?.touch(.lockHeld(name), .read, step: true)
      record(.block(.lockWait(lock: name, holder: holder)), context)
      waits.wait(
        context.task, for: "lock \(name) (held by \(holder))", holding: runtime.currentThread)
      await lock.lock.lock(isolation: isolation)
      waits.done(context.task)
      record(.resume(.lockTaken(name)), context)
    } else {
      await lock.lock.lock(isolation: isolation)
      record(.set(.lockTaken(name)), context)
    }
    chooser?.touch(.lock(name), .write, step: true)
    chooser?.touch(.lockHeld(name), .write, step: true)
    lock.holder.withLock { $0 = context.task }
    context.clock.join(lock.clock.withLock { $0 })
    do {
      _ = try await runNested(body, &context, isolation: isolation)
    } catch {
      release(lock, name, &context)
      throw error
    }
    release(lock, name, &context)
  }

  private func release(_ lock: LockRecord, _ name: String, _ context: inout Context) {
    lock.clock.withLock { $0.join(context.clock) }
    context.clock.tick(context.id)
    chooser?.touch(.lock(name), .serial, step: true)  // the next taker comes after
    chooser?.touch(.lockHeld(name), .write, step: true)
    lock.holder.withLock { $0 = nil }
    record(.set(.lockReleased(name)), context)
    lock.lock.unlock()
  }

  /// `counter.wrappingAdd(amount, ordering: .relaxed)`: one indivisible read–modify–write, so no
  /// other task's access comes between its read and its write, and it never races.
  func atomicAdd(
    _ name: String, _ expression: Expression, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) throws {
    let amount = try integer(expression, &context, origin: origin, isolation: isolation)
    chooser?.touch(variable: name, write: true)
    guard let (old, new) = state.atomicAdd(name, amount) else {
      throw Failure(message: "'\(name)' is not an atomic variable", origin: origin)
    }
    record(.set(.atomic(name, new: new, old: old)), context)
  }

  /// `semaphore.wait()`: takes one from the value, or holds the thread until a signal (or, with
  /// a timeout, until it gives up).
  func semaphoreWait(
    _ name: String, timeout: Expression?, bind: String?, _ context: inout Context,
    origin: StepOrigin, isolation: isolated (any Actor)?
  ) async throws {
    guard let semaphore = locks.semaphores[name] else { return }
    let milliseconds = try timeout.map {
      try integer($0, &context, origin: origin, isolation: isolation)
    }
    let before = semaphore.value.withLock { value in
      defer { value -= 1 }
      return value
    }
    var timedOut = false
    if before > 0 {
      record(.set(.semaphoreTaken(semaphore: name, value: before - 1)), context)
      _ = await semaphore.semaphore.wait(timeout: milliseconds, isolation: isolation)
    } else {
      record(
        .block(.semaphoreWait(semaphore: name, timeout: milliseconds, value: before - 1)),
        context)
      waits.wait(
        context.task, for: "semaphore \(name) to be signalled", holding: runtime.currentThread,
        timed: milliseconds != nil)
      timedOut = await semaphore.semaphore.wait(timeout: milliseconds, isolation: isolation)
      waits.done(context.task)
      if timedOut {
        let value = semaphore.value.withLock { value in
          value += 1
          return value
        }
        record(.resume(.semaphoreTimedOut(semaphore: name, value: value)), context)
      } else {
        record(.resume(.semaphoreSignalled(name)), context)
      }
    }
    if !timedOut { context.clock.join(semaphore.clock.withLock { $0 }) }
    if let bind { context.locals[bind] = .bool(timedOut) }
  }

  /// `semaphore.signal()`: wakes the longest waiter, or adds one to the value.
  func semaphoreSignal(_ name: String, _ context: inout Context) {
    guard let semaphore = locks.semaphores[name] else { return }
    semaphore.clock.withLock { $0.join(context.clock) }
    context.clock.tick(context.id)
    let value = semaphore.value.withLock { value in
      value += 1
      return value
    }
    record(.set(.semaphoreSignal(semaphore: name, value: value)), context)
    semaphore.semaphore.signal()
  }

  /// A semaphore that ends below its initial value: freeing it stops a real program, so the lab
  /// reports it (in both modes) and never frees it.
  var semaphoreMisuse: String? {
    let misused = scenario.semaphores.compactMap { name, initial -> String? in
      guard let value = locks.semaphores[name]?.value.withLock({ $0 }), value < initial else {
        return nil
      }
      return "semaphore \(name) ends with value \(value), below its initial value \(initial): "
        + "a real program stops when it is freed (libdispatch, measured: 'Illegal instruction' "
        + "in _dispatch_semaphore_dispose); signal it once for each wait that took one"
    }
    return misused.isEmpty ? nil : misused.joined(separator: "; ")
  }
}

/// The run's locks, made on first use, and its semaphores, made before it starts.
final class LockParts: Sendable {
  let held = RecordsByName<LockRecord>()
  let semaphores: [String: SemaphoreRecord]

  init(_ semaphores: [(name: String, value: Int)], on runtime: any ScenarioRuntime) {
    var records: [String: SemaphoreRecord] = [:]
    for (name, value) in semaphores {
      records[name] = SemaphoreRecord(semaphore: runtime.makeSemaphore(value: value), value: value)
    }
    self.semaphores = records
  }
}

/// A lock of the run: the runtime's lock, the task holding it (for traces and deadlock reports),
/// and the clock of its last release, for the race detector.
final class LockRecord: Sendable {
  let lock: any LabLock
  let holder = Locked<String?>(nil)
  let clock = Locked(VectorClock())

  init(lock: any LabLock) { self.lock = lock }
}

/// A semaphore of the run: the runtime's semaphore, the value libdispatch would hold (each wait
/// takes one, below zero while it waits), and the clock of the signals so far.
final class SemaphoreRecord: Sendable {
  let semaphore: any LabSemaphore
  let value: Locked<Int>
  let clock = Locked(VectorClock())

  init(semaphore: any LabSemaphore, value: Int) {
    self.semaphore = semaphore
    self.value = Locked(value)
  }
}
