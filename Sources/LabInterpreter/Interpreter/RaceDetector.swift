import LabModel
import LabRuntime

/// A vector clock: for each task, how many of its steps happened before this point.
struct VectorClock: Sendable, Equatable {
  private var counts: [Int: Int] = [:]

  subscript(task: Int) -> Int { counts[task] ?? 0 }

  mutating func tick(_ task: Int) { counts[task, default: 0] += 1 }

  /// Everything either clock has seen.
  mutating func join(_ other: VectorClock) {
    for (task, count) in other.counts where count > self[task] { counts[task] = count }
  }
}

/// Finds data races on shared memory with vector clocks (happens-before, as ThreadSanitizer does):
/// two accesses to one variable from different tasks, at least one a write, with no chain of
/// synchronization between them — task creation, awaiting a task's result, or both running on the
/// same actor. Reports a race even in runs where no update happened to be lost.
final class RaceDetector: Sendable {
  /// One access to a variable: which task, its clock entry then, and where in the scenario.
  struct Access: Sendable {
    var task: Int
    var taskName: String
    var time: Int
    var write: Bool
    var origin: StepOrigin
  }

  struct Race: Sendable {
    var variable: String
    var earlier: Access
    var later: Access
  }

  private struct VariableHistory {
    var lastWrite: Access?
    var readsSinceWrite: [Access] = []
  }

  private struct State {
    var variables: [String: VariableHistory] = [:]
    var reported: Set<String> = []
    /// Each serial executor's clock (main, actors): accesses made while isolated to it are ordered.
    var actorClocks: [ObjectIdentifier: VectorClock] = [:]
    /// Final clocks of finished tasks, so whoever awaits them learns what they did.
    var finished: [Int: VectorClock] = [:]
  }

  private let state = Locked(State())

  /// Records an access by the task in `context`, made while isolated to `actor` (nil: no actor).
  /// Returns a race when this access races with an earlier one (reported once per variable).
  func access(
    _ variable: String, write: Bool, context: inout Interpreter.Context, actor: (any Actor)?,
    origin: StepOrigin
  ) -> Race? {
    state.withLock { state in
      if let actor {
        let id = ObjectIdentifier(actor)
        context.clock.join(state.actorClocks[id] ?? VectorClock())
      }
      context.clock.tick(context.id)
      let access = Access(
        task: context.id, taskName: context.task, time: context.clock[context.id], write: write,
        origin: origin)
      var history = state.variables[variable] ?? VariableHistory()
      var conflicts: [Access] = []
      if let lastWrite = history.lastWrite { conflicts.append(lastWrite) }
      if write { conflicts += history.readsSinceWrite }
      let race = conflicts.first { earlier in
        earlier.task != access.task && earlier.time > context.clock[earlier.task]
      }
      if write {
        history.lastWrite = access
        history.readsSinceWrite = []
      } else {
        history.readsSinceWrite.removeAll { $0.task == access.task }
        history.readsSinceWrite.append(access)
      }
      state.variables[variable] = history
      if let actor {
        state.actorClocks[ObjectIdentifier(actor), default: VectorClock()].join(context.clock)
      }
      guard let race, state.reported.insert(variable).inserted else { return nil }
      return Race(variable: variable, earlier: race, later: access)
    }
  }

  /// A task ended: keep its clock for whoever awaits it.
  func finished(_ context: Interpreter.Context) {
    state.withLock { $0.finished[context.id] = context.clock }
  }

  /// The awaiting task now knows everything the awaited one did.
  func awaited(_ task: Int, by context: inout Interpreter.Context) {
    let clock = state.withLock { $0.finished[task] }
    if let clock { context.clock.join(clock) }
  }
}
