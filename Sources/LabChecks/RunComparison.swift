import LabInterpreter
import LabModel
import LabRuntime

/// Two runs side by side (`lab compare`): of one scenario run two ways — other threads, another
/// schedule, virtual against native — or of two variants of a scenario. Their events are aligned
/// by a shortest edit script over what each event is (task, kind and details, not when or where),
/// so the same step of the same task stands on one row however far the runs drift in time; each
/// row says how its two events differ, if they do. Pure: prints nothing.
public struct RunComparison: Sendable {
  /// How the two events of a row differ, the first way that applies.
  public enum Difference: Sendable, Equatable, CaseIterable {
    /// Another task ran at this point.
    case task
    /// The same task did something else (another kind of event).
    case kind
    /// The same task's same kind of event with other details: another value, another wait.
    case details
    /// The same event on another thread (perhaps at another time too).
    case thread
    /// The same event on the same thread, at another time: only the time differs.
    case time
    /// Only run A has an event here.
    case onlyA
    /// Only run B has an event here.
    case onlyB
  }

  /// One aligned row: an event of each run (an index into its events), or of one only.
  public struct Row: Sendable, Equatable {
    public var a: Int?
    public var b: Int?
    /// Nil when the two events are the same in every column.
    public var difference: Difference?

    public init(a: Int?, b: Int?, difference: Difference?) {
      self.a = a
      self.b = b
      self.difference = difference
    }
  }

  /// Run A, left.
  public let a: RunRecord
  /// Run B, right.
  public let b: RunRecord
  /// Every event of both runs, in order, aligned.
  public let rows: [Row]
  /// How far apart two times may be and count as the same; nil: not at all.
  public let tolerance: Tolerance?

  /// Aligns `a`'s events with `b`'s. Times closer than `tolerance` count as the same (a live or
  /// native run's measured times); nil: only equal times are the same.
  /// Past `deadline` (a lesson's time), what is not yet aligned is shown as A's events, then
  /// B's, as when the runs differ in more than `SequenceDiff.maxEdits` places.
  public init(
    _ a: RunRecord, _ b: RunRecord, tolerance: Tolerance? = nil,
    deadline: ContinuousClock.Instant? = nil
  ) {
    self.a = a
    self.b = b
    self.tolerance = tolerance
    rows = Self.align(a.events, b.events, tolerance: tolerance, deadline: deadline)
  }

  /// The index in `rows` of the first row that differs; nil when the runs are the same.
  public var firstDifference: Int? { rows.firstIndex { $0.difference != nil } }

  /// Where the runs part: the first row that differs, and what each run did next from there.
  public struct Divergence: Sendable, Equatable {
    /// The row, an index into `rows`.
    public var row: Int
    /// How the two next events differ; `onlyA` when B had ended, `onlyB` when A had.
    public var difference: Difference
    /// A's next event from that row on, an index into its events; nil when A had ended.
    public var a: Int?
    /// B's next event from that row on; nil when B had ended.
    public var b: Int?
  }

  /// The runs' first parting. Before it every event is the same, so each run's next event is
  /// well defined: compared as a pair, they say what happened — another task ran where the
  /// alignment alone shows one run's event with nothing beside it.
  public var divergence: Divergence? {
    guard let row = firstDifference else { return nil }
    let next = rows[row...]
    let a = next.lazy.compactMap(\.a).first
    let b = next.lazy.compactMap(\.b).first
    let difference: Difference
    switch (a, b) {
    case (let x?, let y?):
      difference = Self.classify(self.a.events[x], self.b.events[y], tolerance: tolerance) ?? .time
    case (_?, nil): difference = .onlyA
    case (nil, _): difference = .onlyB
    }
    return Divergence(row: row, difference: difference, a: a, b: b)
  }

  /// How two events differ, the first way that applies; nil when they are the same.
  static func classify(_ a: TraceEvent, _ b: TraceEvent, tolerance: Tolerance? = nil)
    -> Difference?
  {
    if a.task != b.task { return .task }
    if a.kind != b.kind { return .kind }
    if !a.text.hasSameBytes(as: b.text) { return .details }
    return placeDifference(a, b, tolerance)
  }

  /// Whether every event is the same in both runs, times and threads included.
  public var identical: Bool { firstDifference == nil }

  /// How many rows differ in this way.
  public func count(_ difference: Difference) -> Int {
    rows.count(where: { $0.difference == difference })
  }

  /// The rows: events that are the same step (task, kind, details) are paired by a shortest edit
  /// script; between two such pairs, what is left of each run is paired again by task and kind
  /// (the same step with other details), and what is left after that side by side in order.
  public static func align(
    _ a: [TraceEvent], _ b: [TraceEvent], tolerance: Tolerance? = nil,
    deadline: ContinuousClock.Instant? = nil
  ) -> [Row] {
    let steps = SequenceDiff.steps(a.count, b.count, deadline: deadline) {
      sameStep(a[$0], b[$1])
    }
    var rows: [Row] = []
    var gap: (a: [Int], b: [Int]) = ([], [])
    func closeGap() {
      rows += alignGap(gap.a, gap.b, a, b, deadline: deadline)
      gap = ([], [])
    }
    for step in steps {
      switch step {
      case .same(let left, let right):
        closeGap()
        rows.append(
          Row(a: left, b: right, difference: placeDifference(a[left], b[right], tolerance)))
      case .removed(let left): gap.a.append(left)
      case .added(let right): gap.b.append(right)
      }
    }
    closeGap()
    return rows
  }

  /// Whether two events are the same step of the same task, wherever and whenever they ran.
  static func sameStep(_ a: TraceEvent, _ b: TraceEvent) -> Bool {
    a.task == b.task && a.kind == b.kind && a.text.hasSameBytes(as: b.text)
  }

  /// How two events of the same step differ: thread, else time, else not at all.
  static func placeDifference(_ a: TraceEvent, _ b: TraceEvent, _ tolerance: Tolerance?)
    -> Difference?
  {
    if a.thread != b.thread { return .thread }
    let sameTime =
      tolerance.map { $0.allows(b.time, around: a.time) && $0.allows(a.time, around: b.time) }
      ?? (a.time == b.time)
    return sameTime ? nil : .time
  }

  /// The rows of a stretch where the runs did different things: the same task's same kind of
  /// event paired first (another value), the rest side by side in order.
  private static func alignGap(
    _ left: [Int], _ right: [Int], _ a: [TraceEvent], _ b: [TraceEvent],
    deadline: ContinuousClock.Instant?
  ) -> [Row] {
    guard !left.isEmpty || !right.isEmpty else { return [] }
    let steps = SequenceDiff.steps(left.count, right.count, deadline: deadline) {
      a[left[$0]].task == b[right[$1]].task && a[left[$0]].kind == b[right[$1]].kind
    }
    var rows: [Row] = []
    var rest: (a: [Int], b: [Int]) = ([], [])
    func pairRest() {
      for offset in 0..<max(rest.a.count, rest.b.count) {
        let x = offset < rest.a.count ? rest.a[offset] : nil
        let y = offset < rest.b.count ? rest.b[offset] : nil
        let difference: Difference =
          switch (x, y) {
          case (let x?, let y?): a[x].task == b[y].task ? .kind : .task
          case (_?, nil): .onlyA
          case (nil, _): .onlyB
          }
        rows.append(Row(a: x, b: y, difference: difference))
      }
      rest = ([], [])
    }
    for step in steps {
      switch step {
      case .same(let x, let y):
        pairRest()
        rows.append(Row(a: left[x], b: right[y], difference: .details))
      case .removed(let x): rest.a.append(left[x])
      case .added(let y): rest.b.append(right[y])
      }
    }
    pairRest()
    return rows
  }
}
