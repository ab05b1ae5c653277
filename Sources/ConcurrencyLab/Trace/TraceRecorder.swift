import LabRuntime

/// Collects the events of one run, in the order they happened. Safe from any thread: live runs
/// record from real threads; the time is read under the lock so events stay in time order.
final class TraceRecorder: Sendable {
  private let events = Locked<[TraceEvent]>([])
  private let runtime: any ScenarioRuntime
  private let maxEvents: Int

  init(runtime: any ScenarioRuntime, maxEvents: Int = .max) {
    self.runtime = runtime
    self.maxEvents = maxEvents
  }

  /// Records an event; `thread` defaults to the thread the caller runs on.
  func record(
    _ kind: TraceEvent.Kind, task: String, _ text: String = "", thread: String? = nil, joins: [String] = []
  ) {
    let thread = thread ?? runtime.currentThread
    let full = events.withLock { events in
      guard events.count < maxEvents else { return true }
      events.append(TraceEvent(time: runtime.now.rounded(toPlaces: 3), thread: thread, task: task, kind: kind, text: text, joins: joins))
      return false
    }
    if full {
      runtime.stop("the run recorded more than \(maxEvents) trace events; raise the limit with --max-events")
    }
  }

  var recorded: [TraceEvent] { events.withLock { $0 } }
}

extension Double {
  func rounded(toPlaces places: Int) -> Double {
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    return (self * factor).rounded() / factor
  }
}
