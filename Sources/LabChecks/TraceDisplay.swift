import LabInterpreter

/// How a text trace is shown: which events (`--task`, `--lane`). Display only: the run, its
/// checks, expected traces and the JSON document always hold every event.
public struct TraceDisplay: Sendable, Equatable {
  /// Show only these tasks' events; a name also matches its group's children (`g` shows `g[2]`).
  /// Empty: every task.
  public var tasks: [String]
  /// Show only events on these threads (`main`, `worker-1`, …). Empty: every thread.
  public var lanes: [String]

  public init(tasks: [String] = [], lanes: [String] = []) {
    self.tasks = tasks
    self.lanes = lanes
  }

  /// Every event, as recorded.
  public static let plain = TraceDisplay()

  /// Whether `event` is shown.
  public func shows(_ event: TraceEvent) -> Bool {
    (tasks.isEmpty || tasks.contains { event.task == $0 || event.task.hasPrefix($0 + "[") })
      && (lanes.isEmpty || lanes.contains(event.thread))
  }
}

extension TraceText {
  /// The lines of the events `display` shows, in columns as wide as the whole trace's (the header
  /// is made from every event).
  public static func lines(_ events: [TraceEvent], display: TraceDisplay) -> [String] {
    let all = lines(events)
    guard display != .plain else { return all }
    return zip(all, events).filter { display.shows($0.1) }.map(\.0)
  }
}
