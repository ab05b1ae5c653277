extension TraceEvent {
  /// What an event says about its own task: it began running, held its thread, let go of it to
  /// wait, went on, arrived on another executor, ended, or none of these (it happened while the
  /// task ran). Pictures, the timeline and Chrome's trace all draw a task's spans from this one
  /// answer.
  public enum TaskChange: Sendable, Equatable {
    case starts, blocks, suspends, resumes, ends, none
    /// A hop, written when the task arrives: from its previous event until then it waited for
    /// that executor — a busy actor, main, a free thread — holding none (Swift suspends a task
    /// whose job is enqueued).
    case arrives
  }
}

extension TraceEvent.Kind {
  /// The kind's answer to "what does this event do to its task's span": declared once, so a new
  /// kind does not compile until it says.
  public var taskChange: TraceEvent.TaskChange {
    switch self {
    case .start: .starts
    case .block: .blocks
    case .sleep, .await: .suspends
    case .wake, .resume: .resumes
    case .end: .ends
    case .hop: .arrives
    case .spawn, .yield, .log, .set, .read, .cancel, .collect, .throw, .catch, .race, .input,
      .escalate, .leak:
      .none
    }
  }
}
