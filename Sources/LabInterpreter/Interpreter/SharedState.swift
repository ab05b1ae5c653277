import LabModel
import LabRuntime
import Synchronization

/// The scenario's variables outside any task: shared memory (`state`) and each actor's state.
///
/// Every load and every store is one opaque, lock-protected access; a read–modify–write is two of
/// them, so concurrent `add`s really lose updates on real threads (and the optimizer cannot fold a
/// racy loop into one add), while the program itself stays free of undefined behaviour.
final class SharedState: Sendable {
  /// Variables by storage key: `name` for shared memory, `Actor.name` for actor state.
  private let slots: Locked<[String: Value]>
  /// The variables an `atomicAdd` changes, each a real `Atomic<Int>`.
  private let atomics: [String: AtomicCell]

  init(scenario: Scenario) {
    var slots: [String: Value] = [:]
    var atomics: [String: AtomicCell] = [:]
    let atomicNames = scenario.atomicVariables
    for (name, value) in scenario.state {
      if atomicNames.contains(name), case .int(let initial) = value {
        atomics[name] = AtomicCell(Int(initial))
      } else {
        slots[name] = value
      }
    }
    self.atomics = atomics
    for actor in scenario.actors.values {
      for (name, value) in actor.state + actor.constants { slots["\(actor.name).\(name)"] = value }
    }
    self.slots = Locked(slots)
  }

  func load(_ key: String) -> Value? {
    if let cell = atomics[key] { return .int(Int64(cell.value.load(ordering: .relaxed))) }
    return slots.withLock { $0[key] }
  }

  /// `wrappingAdd(amount, ordering: .relaxed)` on an atomic variable: its old and new values, or
  /// nil for a name that is not atomic.
  func atomicAdd(_ key: String, _ amount: Int64) -> (old: Int64, new: Int64)? {
    guard let cell = atomics[key] else { return nil }
    let (old, new) = (cell.value.wrappingAdd(Int(truncatingIfNeeded: amount), ordering: .relaxed))
    return (Int64(old), Int64(new))
  }

  func store(_ key: String, _ value: Value) {
    slots.withLock { $0[key] = value }
  }
}

/// An `Atomic<Int>`, which is `~Copyable`: held in a class, as a program holds one.
final class AtomicCell: Sendable {
  let value: Atomic<Int>

  init(_ initial: Int) { value = Atomic(initial) }
}

/// What a task is waiting for, by task name: the report a deadlock prints.
final class WaitRegistry: Sendable {
  struct Wait: Sendable {
    var task: String
    var waitingFor: String
    /// The thread the task holds while it waits (`DispatchGroup.wait()` on main holds main).
    var holds: String?
    /// The threads it needs to go on, by name or name prefix (`main`, `worker-`), for a task that
    /// waits for a thread to start on.
    var needs: String?
    /// A wait that ends by itself, when its time is up: a sleep, a semaphore wait with a timeout.
    var timed = false
  }

  /// Open waits by task, innermost last, each with its place in the order waits began: a run may
  /// have 100,000 tasks waiting to start, and `done` must not search them all. `changes` counts
  /// every wait begun or ended, so a watcher can tell that nothing moved.
  private typealias Open = [String: [(order: Int, wait: Wait)]]
  private let waits = Locked<(byTask: Open, count: Int, changes: Int)>(([:], 0, 0))

  func wait(
    _ task: String, for what: String, holding thread: String? = nil, needs: String? = nil,
    timed: Bool = false
  ) {
    waits.withLock { waits in
      waits.count += 1
      waits.changes += 1
      waits.byTask[task, default: []].append(
        (waits.count, Wait(task: task, waitingFor: what, holds: thread, needs: needs, timed: timed))
      )
    }
  }

  /// How many waits have begun or ended so far.
  var changes: Int { waits.withLock { $0.changes } }

  func done(_ task: String) {
    waits.withLock { waits in
      waits.changes += 1
      // In place: a copy would cost as much as the task's open waits (group children share names).
      waits.byTask[task]?.removeLast()
      if waits.byTask[task]?.isEmpty == true { waits.byTask[task] = nil }
    }
  }

  /// The waits still open, in the order they began.
  var open: [Wait] {
    waits.withLock { $0.byTask.values.joined().sorted { $0.order < $1.order }.map(\.wait) }
  }

  /// The deadlock report: every task with what it holds, what it waits for, and who holds the
  /// threads it needs, so the whole cycle is named.
  var report: String {
    let open = self.open
    guard !open.isEmpty else { return "no task reports what it waits for" }
    return open.map { wait in
      var text = "\(wait.task) waits for \(wait.waitingFor)"
      if let thread = wait.holds { text += " and holds \(thread)" }
      if let needs = wait.needs {
        let holders = open.compactMap { other in
          other.holds.flatMap {
            $0 == needs ? other.task : $0.hasPrefix(needs) ? "\(other.task) (\($0))" : nil
          }
        }
        if !holders.isEmpty { text += ", held by \(holders.joined(separator: ", "))" }
      }
      return text
    }.joined(separator: "; ")
  }
}

/// The run's unstructured tasks by name (the latest of a name wins, as a stored `Task` property
/// would), and the last task of each serial chain.
final class TaskTable: Sendable {
  struct Entry: Sendable {
    var task: Task<Value, any Error>
    var id: Int
    /// The task's name in the trace (`name#2` for the second task of that name).
    var name: String
    /// Its priority as the trace last told it: its own, then each escalation; nil once it has
    /// ended, when awaiting it raises nothing. Dispatch's work items and input handlers run at
    /// `.medium`.
    var priority = Locked<TaskPriority?>(.medium)
  }

  private struct State {
    var byName: [String: Entry] = [:]
    var chains: [String: Entry] = [:]
    var counts: [String: Int] = [:]
    /// Tasks started but not yet in `byName`, by name: the id of the task being started.
    var starting: [String: Int] = [:]
  }

  /// What a `cancel` by name reaches.
  enum CancelTarget {
    /// The task of that name, started before.
    case entry(Entry)
    /// The task that cancels, itself: it may run its first steps before the `Task { }` that
    /// started it has returned its handle, and it knows its own name from its first step.
    case current
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

  /// Says that task `id` is being started under `name`, before it can run its first step.
  func reserve(_ name: String, id: Int) {
    state.withLock { $0.starting[name] = id }
  }

  func insert(_ name: String, _ entry: Entry) {
    state.withLock { state in
      state.byName[name] = entry
      if state.starting[name] == entry.id { state.starting[name] = nil }
    }
  }

  /// What `cancel` of `name` by task `id` reaches: the task itself while it is being started,
  /// else the last task started under that name; nil when there is none yet.
  func cancelTarget(named name: String, by id: Int) -> CancelTarget? {
    state.withLock { state in
      if state.starting[name] == id { return .current }
      return state.byName[name].map { .entry($0) }
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
  private let table = Locked<(aborted: Bool, entries: [String: Completion])>((false, [:]))

  func insert(_ name: String, _ completion: Completion, task: Int) {
    let aborted = table.withLock { table in
      table.entries["\(task)/\(name)"] = completion
      return table.aborted
    }
    if aborted { completion.finish(.failure(RunAborted())) }
  }

  func find(_ name: String, task: Int) -> Completion? {
    table.withLock { $0.entries["\(task)/\(name)"] }
  }

  /// A stopped run is torn down: every result not yet in, and every one made later, is
  /// `RunAborted`, so the tasks awaiting them unwind.
  func abortAll() {
    let pending = table.withLock { table in
      table.aborted = true
      return Array(table.entries.values)
    }
    for completion in pending { completion.finish(.failure(RunAborted())) }
  }
}
