import Synchronization

/// The scenario's variables outside any task: shared memory (`state`) and each actor's state.
///
/// Every load and every store is one opaque, lock-protected access; a read–modify–write is two of
/// them, so concurrent `add`s really lose updates on real threads (and the optimizer cannot fold a
/// racy loop into one add), while the program itself stays free of undefined behaviour.
final class SharedState: Sendable {
  /// Variables by storage key: `name` for shared memory, `Actor.name` for actor state.
  private let slots: Mutex<[String: Value]>

  init(scenario: Scenario) {
    var slots: [String: Value] = [:]
    for (name, value) in scenario.state { slots[name] = value }
    for actor in scenario.actors.values {
      for (name, value) in actor.state { slots["\(actor.name).\(name)"] = value }
    }
    self.slots = Mutex(slots)
  }

  func load(_ key: String) -> Value? {
    slots.withLock { $0[key] }
  }

  func store(_ key: String, _ value: Value) {
    slots.withLock { $0[key] = value }
  }
}

/// What a task is waiting for, by task name: the report a deadlock prints.
final class WaitRegistry: Sendable {
  private let waits = Mutex<[(task: String, waitingFor: String)]>([])

  func wait(_ task: String, for what: String) {
    waits.withLock { $0.append((task, what)) }
  }

  func done(_ task: String) {
    waits.withLock { waits in
      if let index = waits.lastIndex(where: { $0.task == task }) { waits.remove(at: index) }
    }
  }

  /// The waits still open, in the order they began.
  var open: [(task: String, waitingFor: String)] { waits.withLock { $0 } }
}

/// The run's unstructured tasks by name, and the completions of `async let` children.
final class TaskTable: Sendable {
  private let tasks = Mutex<[String: Task<Value, any Error>]>([:])
  private let order = Mutex<[String]>([])

  func insert(_ name: String, _ task: Task<Value, any Error>) {
    tasks.withLock { $0[name] = task }
    order.withLock { $0.append(name) }
  }

  func task(named name: String) -> Task<Value, any Error>? {
    tasks.withLock { $0[name] }
  }

  /// Every task started so far, in the order started.
  var all: [Task<Value, any Error>] {
    let names = order.withLock { $0 }
    return tasks.withLock { table in names.compactMap { table[$0] } }
  }
}

/// The result of an `async let` child, for an `await` that cannot use the binding directly.
final class Completion: Sendable {
  private enum State {
    case pending([CheckedContinuation<Result<Value, any Error>, Never>])
    case done(Result<Value, any Error>)
  }

  private let state = Mutex<State>(.pending([]))

  func finish(_ result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [CheckedContinuation<Result<Value, any Error>, Never>] in
      guard case .pending(let waiters) = state else { return [] }
      state = .done(result)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: result) }
  }

  func value(isolation: isolated (any Actor)? = #isolation) async throws -> Value {
    let result = await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Result<Value, any Error>? in
        switch state {
        case .done(let result): return result
        case .pending(let waiters):
          state = .pending(waiters + [continuation])
          return nil
        }
      }
      if let ready { continuation.resume(returning: ready) }
    }
    return try result.get()
  }
}

/// The `async let` completions of every task, by task and binding name.
final class CompletionTable: Sendable {
  private let table = Mutex<[String: Completion]>([:])

  func insert(_ name: String, _ completion: Completion, task: String) {
    table.withLock { $0["\(task)/\(name)"] = completion }
  }

  func find(_ name: String, task: String) -> Completion? {
    table.withLock { $0["\(task)/\(name)"] }
  }
}
