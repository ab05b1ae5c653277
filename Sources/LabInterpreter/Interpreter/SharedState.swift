import LabModel
import LabRuntime

/// The scenario's variables outside any task: shared memory (`state`) and each actor's state.
///
/// Every load and every store is one opaque, lock-protected access; a read–modify–write is two of
/// them, so concurrent `add`s really lose updates on real threads (and the optimizer cannot fold a
/// racy loop into one add), while the program itself stays free of undefined behaviour.
final class SharedState: Sendable {
  /// Variables by storage key: `name` for shared memory, `Actor.name` for actor state.
  private let slots: Locked<[String: Value]>

  init(scenario: Scenario) {
    var slots: [String: Value] = [:]
    for (name, value) in scenario.state { slots[name] = value }
    for actor in scenario.actors.values {
      for (name, value) in actor.state + actor.constants { slots["\(actor.name).\(name)"] = value }
    }
    self.slots = Locked(slots)
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
  private let waits = Locked<[(task: String, waitingFor: String)]>([])

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

/// The run's unstructured tasks by name (the latest of a name wins, as a stored `Task` property
/// would), and the last task of each serial chain.
final class TaskTable: Sendable {
  struct Entry: Sendable {
    var task: Task<Value, any Error>
    var id: Int
    /// The task's name in the trace (`name#2` for the second task of that name).
    var name: String
  }

  private struct State {
    var byName: [String: Entry] = [:]
    var all: [Task<Value, any Error>] = []
    var chains: [String: Entry] = [:]
    var counts: [String: Int] = [:]
  }

  private let state = Locked(State())

  /// A unique display name for the next task called `name`: `name`, then `name#2`, `name#3`….
  func displayName(for name: String) -> String {
    state.withLock { state in
      state.counts[name, default: 0] += 1
      let count = state.counts[name]!
      return count == 1 ? name : "\(name)#\(count)"
    }
  }

  func insert(_ name: String, _ entry: Entry) {
    state.withLock {
      $0.byName[name] = entry
      $0.all.append(entry.task)
    }
  }

  func entry(named name: String) -> Entry? {
    state.withLock { $0.byName[name] }
  }

  /// Creates the next task of a chain from the chain's current last task, atomically, so two
  /// tasks started at once still form one line.
  func chain(_ chain: String, make: (Entry?) -> Entry) -> Entry {
    state.withLock { state in
      let entry = make(state.chains[chain])
      state.chains[chain] = entry
      return entry
    }
  }

  /// Every task started so far, in the order started.
  var all: [Task<Value, any Error>] { state.withLock { $0.all } }
}

/// The result of an `async let` child, for an `await` that cannot use the binding directly.
final class Completion: Sendable {
  private enum State {
    case pending([CheckedContinuation<Result<Value, any Error>, Never>])
    case done(Result<Value, any Error>)
  }

  private let state = Locked<State>(.pending([]))

  func finish(_ result: Result<Value, any Error>) {
    let waiters = state.withLock {
      state -> [CheckedContinuation<Result<Value, any Error>, Never>] in
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
  private let table = Locked<[String: Completion]>([:])

  func insert(_ name: String, _ completion: Completion, task: Int) {
    table.withLock { $0["\(task)/\(name)"] = completion }
  }

  func find(_ name: String, task: Int) -> Completion? {
    table.withLock { $0["\(task)/\(name)"] }
  }
}
