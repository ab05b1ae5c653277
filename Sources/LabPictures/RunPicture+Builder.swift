import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

// How a picture is made: one walk over the trace, keeping each task's open state.
extension RunPicture {
  /// Walks the trace once, keeping each task's open state.
  struct Builder {
    struct Open {
      var state: State
      var since: Double
      var thread: String
      var note: String
      /// For a block: when the thread is let go, unless the task's next event comes sooner.
      var until: Double?
    }

    var rows: [String: Row] = [:]
    var order: [String] = []
    var open: [String: Open] = [:]
    var threadOrder: [String] = []
    var threadInstants: [(String, Double)] = []
    /// The latest time a span is known to reach (a block's end may pass the last event).
    var latest: Double = 0
    /// Each task's previous event's time: where a wait that a hop ends began.
    var previous: [String: Double] = [:]
    /// A run under the lab's scheduler: each job runs in no virtual time, and its trace has no
    /// suspensions (a program prints no awaits). A task is drawn running only at its events and
    /// suspended between them, unless it blocks; after its last event nothing is drawn, since
    /// the trace does not say whether it ended there. Else a task that resumed at 1 ms and
    /// printed next at 10,000 was drawn holding its thread all that while.
    var jobsTakeNoTime = false

    mutating func add(_ event: TraceEvent) {
      let task = event.task
      let time = event.time
      if rows[task] == nil {
        rows[task] = Row(name: task)
        order.append(task)
      }
      if !threadOrder.contains(event.thread) { threadOrder.append(event.thread) }
      rows[task]!.instants.append(time)
      threadInstants.append((event.thread, time))
      if let mark = Self.mark(for: event) { rows[task]!.marks.append(mark) }
      defer {
        previous[task] = time
        // Any event is a job at that instant: what came before it ends there.
        if jobsTakeNoTime, let current = open[task], current.state != .blocked {
          if current.since < time { close(task, at: time) }
          open[task] = Open(state: .suspended, since: time, thread: event.thread, note: "")
        }
      }

      switch event.kind.taskChange {
      case .starts:
        close(task, at: time)
        rows[task]!.start = rows[task]!.start ?? time
        open[task] = Open(state: .running, since: time, thread: event.thread, note: "")
      case .blocks:
        close(task, at: time)
        let duration = Double(event.payload.blockedMilliseconds ?? 0)
        latest = max(latest, time + duration)
        open[task] = Open(
          state: .blocked, since: time, thread: event.thread, note: "block \(event.text)",
          until: time + duration)
      case .suspends:
        close(task, at: time)
        let note = event.text.isEmpty ? event.kind.rawValue : "\(event.kind.rawValue) \(event.text)"
        open[task] = Open(state: .suspended, since: time, thread: event.thread, note: note)
      case .resumes:
        close(task, at: time)
        open[task] = Open(state: .running, since: time, thread: event.thread, note: "")
      case .ends:
        close(task, at: time)
        open[task] = nil
        rows[task]!.end = time
        rows[task]!.outcome = event.text
      case .arrives:
        arrive(task, event)
      case .none:
        // Anything else happens while running, possibly on another thread after a hop; an event
        // during a suspension (a group collecting a result) leaves the task suspended.
        guard let current = open[task] else { break }
        if current.state == .blocked
          || (current.state == .running && current.thread != event.thread)
        {
          close(task, at: time)
          open[task] = Open(state: .running, since: time, thread: event.thread, note: "")
        }
      }
    }

    /// A hop's event is written when the task arrives on the new executor: from its previous
    /// event (or the end of its block) it waited for that executor, holding no thread — drawn as
    /// suspended, so a task queued behind a busy actor is not drawn running on the thread it left.
    mutating func arrive(_ task: String, _ event: TraceEvent) {
      guard let current = open[task], current.state != .suspended else { return }
      let waitStart = max(previous[task] ?? event.time, current.until ?? 0)
      if waitStart < event.time {
        close(task, at: waitStart)
        open[task] = Open(
          state: .suspended, since: waitStart, thread: current.thread,
          note: "waiting to hop \(event.text)")
      }
      close(task, at: event.time)
      open[task] = Open(state: .running, since: event.time, thread: event.thread, note: "")
    }

    /// Ends the task's open span at `time`; a block that ended earlier is followed by running.
    mutating func close(_ task: String, at time: Double) {
      guard let current = open.removeValue(forKey: task) else { return }
      var start = current.since
      if current.state == .blocked, let until = current.until, until < time {
        append(
          task,
          Span(
            start: start, end: until, state: .blocked, task: task, thread: current.thread,
            note: current.note))
        start = until
        append(
          task, Span(start: start, end: time, state: .running, task: task, thread: current.thread))
        return
      }
      append(
        task,
        Span(
          start: start, end: time, state: current.state, task: task, thread: current.thread,
          note: current.note))
    }

    mutating func append(_ task: String, _ span: Span) {
      guard span.end > span.start else { return }
      rows[task]!.spans.append(span)
    }

    /// Tasks still open when the trace ends (a deadlock, a limit) stay open to the picture's edge.
    mutating func finish(at end: Double) {
      for task in order where open[task] != nil {
        if jobsTakeNoTime, open[task]?.state == .suspended {
          open[task] = nil
          continue
        }
        let until = open[task]!.until
        close(task, at: until.map { min($0, end) } ?? end)
      }
    }

    static func mark(for event: TraceEvent) -> Mark? {
      mark(for: event.payload).map {
        Mark(time: event.time, kind: $0, task: event.task, thread: event.thread, text: event.text)
      }
    }

    /// Cancellations, throws, races and leaked continuations are marked; so is a task that ended cancelled, or by an
    /// error or a failed step, where it ended.
    static func mark(for payload: TraceEvent.Payload) -> MarkKind? {
      switch payload.kind {
      case .cancel: return .cancel
      case .throw: return .throw
      case .race: return .race
      case .leak: return .leak
      case .end:
        guard case .end(let ending) = payload else { return nil }
        switch ending {
        case .cancelled: return .cancel
        case .threw, .failed: return .throw
        case .returned, .stopped, .noted: return nil
        }
      case .spawn, .start, .block, .sleep, .wake, .yield, .hop, .await, .resume, .log, .set,
        .read, .collect, .catch, .input, .escalate:
        return nil
      }
    }
  }
}
