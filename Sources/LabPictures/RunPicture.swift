import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// What a run looked like over time: which task held each thread when, and what each task did.
///
/// Derived from the trace alone (plus the runtime's busy spans), so it works for virtual and live
/// runs alike. A task is *suspended* between `await`→`resume` and `sleep`→`wake`, *blocked* for
/// the duration a `block` event names (its thread is held), and *running* otherwise between
/// `start` and `end`, on the thread of its latest event. Virtual traces put many events at the
/// same millisecond, so zero-length activity is kept as instants rather than dropped.
public struct RunPicture: Sendable {
  /// What a task (or the task holding a thread) was doing during a span.
  public enum State: String, Sendable, Equatable, CaseIterable {
    case running, blocked, suspended
  }

  /// A stretch of time in one state.
  public struct Span: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var state: State
    /// The task in this state; empty for a thread held by work no event names.
    public var task: String
    public var thread: String
    /// What the span is: `block 300 ms`, `await num1, num2`, `sleep 50 ms`; empty for running.
    public var note: String

    public init(
      start: Double, end: Double, state: State, task: String, thread: String, note: String = ""
    ) {
      self.start = start
      self.end = end
      self.state = state
      self.task = task
      self.thread = thread
      self.note = note
    }
  }

  /// Something a reader should spot at a glance.
  public enum MarkKind: String, Sendable, Equatable, CaseIterable {
    case cancel, `throw`, race
    /// A continuation let go of unresumed: its waiter is suspended for good from here.
    case leak

    /// What the legends of both pictures call it.
    public var legend: String {
      switch self {
      case .cancel: "cancel"
      case .throw: "throw"
      case .race: "data race"
      case .leak: "leaked continuation"
      }
    }
  }

  /// A marked moment: a cancellation, a throw, a race, a leaked continuation.
  public struct Mark: Sendable, Equatable {
    public var time: Double
    public var kind: MarkKind
    public var task: String
    public var thread: String
    public var text: String
  }

  /// An await that ended because a task ended: from that task's `end` to the event of the task
  /// that waited for it (a `resume`, a group's `collect`). Drawn as an arrow.
  public struct Arrow: Sendable, Equatable {
    /// The task that ended, when, and on which thread.
    public var from: String
    public var start: Double
    public var fromThread: String
    /// The task that went on, when, and on which thread.
    public var to: String
    public var end: Double
    public var toThread: String
  }

  /// One row of the picture: a thread (lane) or a task.
  public struct Row: Sendable {
    public var name: String
    /// Running and blocked spans (and, for tasks, suspended ones), in time order.
    public var spans: [Span] = []
    /// Times at which the row did something that took no measurable time.
    public var instants: [Double] = []
    public var marks: [Mark] = []
    /// For tasks: when it started and ended (nil when it never did).
    public var start: Double?
    public var end: Double?
    /// For tasks: how the body ended (`returned 1`, `threw Timeout`, `cancelled`).
    public var outcome: String?
  }

  /// One row per thread: `main`, `worker-1`…, then other lanes in order of appearance.
  public var lanes: [Row]
  /// One row per task, in order of first appearance.
  public var tasks: [Row]
  /// When the main thread was held by blocking work, in time order.
  public var stalls: [(start: Double, end: Double)]
  /// Every wait that a task's end ended, in trace order.
  public var arrows: [Arrow]
  /// The right edge of the picture: the run's duration or its last activity, whichever is later.
  public var end: Double
  /// True when no time passed at all (every event at 0 ms); `end` is then 1 so there is an axis.
  public var isInstantaneous: Bool

  /// The picture of a finished (or stopped) run.
  public init(_ result: RunResult) {
    self.init(
      events: result.events, busySpans: result.busySpans, duration: result.duration,
      threads: result.threads, jobsTakeNoTime: result.mode == .scheduled)
  }

  /// The picture of a trace; `threads` workers are shown even when idle. `jobsTakeNoTime`: a
  /// run under the lab's scheduler, where a job takes no virtual time, so between a task's
  /// events it held no thread unless it blocked (`Builder.jobsTakeNoTime`).
  public init(
    events: [TraceEvent], busySpans: [ThreadSpan], duration: Double?, threads: Int,
    jobsTakeNoTime: Bool = false
  ) {
    var builder = Builder()
    builder.jobsTakeNoTime = jobsTakeNoTime
    for event in events { builder.add(event) }
    var end = max(duration ?? 0, events.map(\.time).max() ?? 0)
    end = max(end, busySpans.map(\.end).max() ?? 0, builder.latest)
    builder.finish(at: end)

    var laneNames = ["main"] + (0..<max(0, threads)).map { "worker-\($0 + 1)" }
    for name in builder.threadOrder + busySpans.map(\.thread) where !laneNames.contains(name) {
      laneNames.append(name)
    }
    laneNames = Self.ordered(laneNames)

    var lanes: [String: Row] = [:]
    for name in laneNames { lanes[name] = Row(name: name) }
    for task in builder.order {
      let row = builder.rows[task]!
      for span in row.spans where span.state != .suspended {
        lanes[span.thread]?.spans.append(span)
      }
      for mark in row.marks { lanes[mark.thread]?.marks.append(mark) }
    }
    for (thread, time) in builder.threadInstants { lanes[thread]?.instants.append(time) }
    // The part of a busy span no block event explains (a live main thread running jobs) is work,
    // not a stall: it is drawn as running.
    for busy in busySpans where busy.end > busy.start {
      guard let spans = lanes[busy.thread]?.spans else { continue }
      let blocks = spans.filter { $0.state == .blocked }.map { ($0.start, $0.end) }
      for piece in Self.subtract(Self.merge(blocks), from: (busy.start, busy.end)) {
        lanes[busy.thread]!.spans.append(
          Span(start: piece.start, end: piece.end, state: .running, task: "", thread: busy.thread))
      }
    }
    for name in laneNames { lanes[name]!.spans.sort { ($0.start, $0.end) < ($1.start, $1.end) } }

    self.lanes = laneNames.map { lanes[$0]! }
    self.tasks = Self.siblingsInOrder(builder.order).map { builder.rows[$0]! }
    self.stalls = Self.stalls(lanes["main"]?.spans ?? [])
    self.arrows = Self.arrows(events)
    self.end = end > 0 ? end : 1
    self.isInstantaneous = end <= 0
  }

  /// An arrow for each task an event `joins`, from that task's latest `end` before the event.
  static func arrows(_ events: [TraceEvent]) -> [Arrow] {
    var ends: [String: TraceEvent] = [:]
    var arrows: [Arrow] = []
    for event in events {
      for joined in event.joins {
        guard let end = ends[joined] else { continue }
        arrows.append(
          Arrow(
            from: joined, start: end.time, fromThread: end.thread, to: event.task, end: event.time,
            toThread: event.thread))
      }
      if event.kind == .end { ends[event.task] = event }
    }
    return arrows
  }

  /// Lanes in reading order: main, then each pool's threads by number, then the rest as they came.
  static func ordered(_ names: [String]) -> [String] {
    func key(_ name: String, _ index: Int) -> (Int, String, Int, Int) {
      if name == "main" { return (0, "", 0, index) }
      let pools = PriorityBand.allCases.count
      if let dash = name.lastIndex(of: "-"), let number = Int(name[name.index(after: dash)...]) {
        let prefix = String(name[..<dash])
        // The cooperative pool's threads first, by priority (`PriorityBand`), then the rest.
        let band = PriorityBand.allCases.firstIndex { $0.poolName == prefix }
        let rank = prefix == "worker" ? 1 : band.map { 2 + $0 } ?? 2 + pools
        return (rank, prefix, number, index)
      }
      return (3 + pools, "", 0, index)
    }
    return names.enumerated().sorted { key($0.element, $0.offset) < key($1.element, $1.offset) }
      .map(\.element)
  }

  /// Tasks as they first appeared, except that a group's children (`name[2]`) are kept together in
  /// index order where the first of them appeared.
  static func siblingsInOrder(_ names: [String]) -> [String] {
    func split(_ name: String) -> (String, Int)? {
      guard name.hasSuffix("]"), let open = name.lastIndex(of: "["),
        let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
      else { return nil }
      return (String(name[..<open]), index)
    }
    var out: [String] = []
    var placed: Set<String> = []
    for name in names where !placed.contains(name) {
      guard let (group, _) = split(name) else {
        out.append(name)
        placed.insert(name)
        continue
      }
      let siblings = names.filter { split($0)?.0 == group }.sorted { split($0)!.1 < split($1)!.1 }
      out += siblings
      placed.formUnion(siblings)
    }
    return out
  }

  /// The stretches the main thread was held by blocking work: blocks joined when main stayed held
  /// between them (a live run records a little work between one block and the next).
  static func stalls(_ spans: [Span]) -> [(start: Double, end: Double)] {
    let blocks = spans.filter { $0.state == .blocked }
    return merge(spans.map { ($0.start, $0.end) }).compactMap { held in
      let inside = blocks.filter { $0.start >= held.start && $0.end <= held.end }
      guard let first = inside.map(\.start).min(), let last = inside.map(\.end).max() else {
        return nil
      }
      return (first, last)
    }
  }

  /// Joins overlapping or touching intervals.
  static func merge(_ intervals: [(Double, Double)]) -> [(start: Double, end: Double)] {
    var merged: [(start: Double, end: Double)] = []
    for (start, end) in intervals.sorted(by: { $0.0 < $1.0 }) {
      if let last = merged.last, start <= last.end {
        merged[merged.count - 1].end = max(last.end, end)
      } else {
        merged.append((start, end))
      }
    }
    return merged
  }

  /// What is left of `interval` outside the sorted, disjoint `holes`.
  static func subtract(
    _ holes: [(start: Double, end: Double)], from interval: (Double, Double)
  ) -> [(start: Double, end: Double)] {
    var pieces: [(start: Double, end: Double)] = []
    var start = interval.0
    for hole in holes where hole.end > start && hole.start < interval.1 {
      if hole.start > start { pieces.append((start, hole.start)) }
      start = max(start, hole.end)
    }
    if interval.1 > start { pieces.append((start, interval.1)) }
    return pieces
  }
}
