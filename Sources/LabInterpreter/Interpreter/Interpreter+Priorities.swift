import LabModel
import LabRuntime

/// Priority escalation, as the real runtime does it: awaiting a task of lower priority raises it
/// to the awaiting task's priority, and each later job of it runs in that priority's pool
/// (`PriorityBand`). Every unstructured task's body runs inside a real
/// `withTaskPriorityEscalationHandler`; the runtime calls the handler synchronously on the
/// escalating task's thread as it begins to await (docs/runtimes.md, "Priorities, measured"), so
/// the escalation is recorded as the awaiting task's event.
extension Interpreter {
  /// The task awaiting another's value while it does, so an escalation it passes on is its event.
  @TaskLocal static var awaiter: Context?

  /// Runs the body of unstructured task `task` (whose own context is `own`), recording each
  /// escalation of its priority that the trace has not told yet (`known`, nil once it ended):
  /// one passed on by a task that the awaiting one awaits.
  func reportingEscalations(
    of task: String, known: Locked<TaskPriority?>, own: Context, isolation: isolated (any Actor)?,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    try await withTaskPriorityEscalationHandler(
      operation: operation,
      onPriorityEscalated: { _, new in
        self.escalation(of: task, known, to: new, by: Self.awaiter ?? own)
      })
  }

  /// `await task.value`: the awaiting task raises the task to its own priority — at once, even if
  /// the task waits to start (when no handler of its own is there yet to see it) — and passes
  /// the escalation on to what that task awaits.
  func awaitingValue(of entry: TaskTable.Entry, as context: Context) async throws -> Value {
    escalation(of: entry.name, entry.priority, to: Task.currentPriority, by: context)
    return try await Self.$awaiter.withValue(context) { try await entry.task.value }
  }

  /// Records that `context` raised `task` to `priority`, unless the trace already says so or the
  /// task has ended (its value is there: nothing waits, so nothing is raised).
  private func escalation(
    of task: String, _ known: Locked<TaskPriority?>, to priority: TaskPriority, by context: Context
  ) {
    let old: TaskPriority? = known.withLock { known in
      guard let current = known, priority > current else { return nil }
      defer { known = priority }
      return current
    }
    guard let old else { return }
    record(
      .escalate(task: task, from: Self.name(of: old), to: Self.name(of: priority)), context)
  }

  /// A priority by the name a scenario gives it (`high`, not `userInitiated`, for 25).
  static func name(of priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(priority.rawValue)"
    }
  }
}
