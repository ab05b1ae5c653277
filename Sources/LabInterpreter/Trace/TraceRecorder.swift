import LabModel
import LabRuntime

/// Collects the events of one run, in the order they happened. Safe from any thread: live runs
/// record from real threads; the time is read under the lock so events stay in time order.
final class TraceRecorder: Sendable {
  private let events = Locked<(list: [TraceEvent], turns: [Int], bytes: Int, closed: Bool)>(
    ([], [], 0, false))
  private let runtime: any ScenarioRuntime
  /// A virtual run's chooser when it notes each event's turn (`ScheduleChooser.eventTurn`);
  /// nil otherwise, so every other run pays one nil check an event.
  private let chooser: ScheduleChooser?
  private let maxEvents: Int
  private let maxBytes: Int

  init(
    runtime: any ScenarioRuntime, chooser: ScheduleChooser? = nil, maxEvents: Int = .max,
    maxBytes: Int = .max
  ) {
    self.runtime = runtime
    self.chooser = chooser?.notesEventTurns == true ? chooser : nil
    self.maxEvents = maxEvents
    self.maxBytes = maxBytes
  }

  /// Ends the trace: the process has exited (`main` returned in a command-line tool), so nothing
  /// recorded after this happened.
  func close() { events.withLock { $0.closed = true } }

  /// Records an event; `thread` defaults to the thread the caller runs on.
  func record(
    _ payload: TraceEvent.Payload, task: String, thread: String? = nil, joins: [String] = []
  ) {
    let thread = thread ?? runtime.currentThread
    // Rendered outside the lock; the time is read under it, so events stay in time order.
    var event = TraceEvent(
      time: 0, thread: thread, task: task, payload: payload, joins: joins, clip: TraceEvent.maxText)
    let size = event.text.utf8.count + task.utf8.count + thread.utf8.count
    let full = events.withLock { events -> String? in
      // The process has exited: what its torn-down tasks do next no real program does.
      guard !events.closed else { return nil }
      guard events.list.count < maxEvents else {
        return
          "the run recorded more than \(maxEvents) trace events; raise the limit with --max-events"
      }
      guard events.bytes + size <= maxBytes else {
        return
          "the run's trace grew past \(maxBytes >> 20) MB of text (\(events.list.count) events); "
          + "raise the limit with --max-trace-mb, or log shorter values"
      }
      event.time = runtime.now.rounded(toPlaces: 3)
      events.bytes += size
      events.list.append(event)
      if let turn = chooser?.eventTurn { events.turns.append(turn) }
      return nil
    }
    if let full { runtime.stop(full) }
  }

  var recorded: [TraceEvent] { events.withLock { $0.list } }

  /// The turn of each recorded event, when the chooser notes them; else empty.
  var turns: [Int] { events.withLock { $0.turns } }

  /// How many events are recorded so far.
  var count: Int { events.withLock { $0.list.count } }
}

extension Double {
  func rounded(toPlaces places: Int) -> Double {
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    return (self * factor).rounded() / factor
  }
}
