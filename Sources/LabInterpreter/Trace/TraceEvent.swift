import LabModel
import LabRuntime

/// One thing that happened in a run: when, on which thread, in which task, what.
///
/// What happened is a typed `Payload` (which variable was set to what after reading what, which
/// task ended how, which wait ended and why); `text`, the trace's details column, is rendered
/// from it in one place (`TraceEvent+Text.swift`) when the event is made. Consumers read the
/// payload, never the text.
public struct TraceEvent: Sendable, Equatable {
  /// Scenario time in milliseconds (whole numbers in virtual runs; measured in live runs).
  public var time: Double
  /// The thread: `main`, `worker-1`, ….
  public var thread: String
  /// The scenario task: `root`, an `async let` name, `group[2]`, a task's name.
  public var task: String
  /// What happened, as data.
  public let payload: Payload
  /// The details column of the trace, rendered from `payload` (clipped in interpreted runs).
  /// Set within the lab only to edit an event by hand: the new text is read into the payload.
  public internal(set) var text: String {
    get { rendered }
    set {
      self = TraceEvent(
        time: time, thread: thread, task: task, kind: kind, text: newValue, joins: joins)
    }
  }
  private let rendered: String
  /// The tasks whose end this event waited for: on a `resume` after awaiting them, on the `collect`
  /// of a group child. Each is a happens-before edge from that task's `end`; pictures draw it as an
  /// arrow. Not part of the text rendering.
  public var joins: [String]

  public var kind: Kind { payload.kind }

  public init(
    time: Double, thread: String, task: String, payload: Payload, joins: [String] = []
  ) {
    self.init(time: time, thread: thread, task: task, payload: payload, joins: joins, clip: .max)
  }

  /// An event whose details are only known as text (written by hand, or read from a trace): the
  /// payload is read from the text, or kept as `.text` when it has no shape the lab renders.
  public init(
    time: Double, thread: String, task: String, kind: Kind, text: String, joins: [String] = []
  ) {
    self.init(
      time: time, thread: thread, task: task, payload: Payload(kind, text: text), joins: joins)
  }

  /// `clip`: the longest text kept, in Unicode scalars, once its UTF-8 is longer than that.
  package init(
    time: Double, thread: String, task: String, payload: Payload, joins: [String], clip: Int
  ) {
    self.time = time
    self.thread = thread
    self.task = task
    self.payload = payload
    self.rendered = Self.clipped(payload.text, to: clip)
    self.joins = joins
  }

  /// The longest event text an interpreted run keeps, in Unicode scalars: a trace line shows a
  /// value, not megabytes of it, and a million events of a huge value would exhaust memory.
  package static let maxText = 1_000

  /// The text cut to `limit` scalars and marked `…` where it was longer; whole where not (a
  /// text past ASCII may have more bytes than `limit` and no more scalars).
  static func clipped(_ text: String, to limit: Int) -> String {
    guard let cut = text.utf8Offset(ofScalar: limit) else { return text }
    // A text cut before to this limit (a payload's value, `bounded`) is its own clip: shared,
    // not copied again — a run of long log lines held each twice.
    let mark = "…".utf8
    if text.utf8.count == cut + mark.count, text.utf8.suffix(mark.count).elementsEqual(mark) {
      return text
    }
    return String(decoding: text.utf8.prefix(cut), as: UTF8.self) + "…"
  }

  /// A value or text a payload keeps: cut to `maxText` scalars when longer, so an event does not
  /// hold megabytes. The rendered text clipped to `maxText` is the same with or without the cut.
  package static func bounded(_ text: String) -> String { clipped(text, to: maxText) }

  /// The kinds of events, named after what a reader sees happen. Each has its payload
  /// (`TraceEvent.Payload`); a `sleep` is followed by the task's `wake`, an `await` by its
  /// `resume`. New kinds may be added; renderers should show unknown ones plainly.
  public enum Kind: String, Sendable, CaseIterable, Codable {
    /// A task was created: `async let`, a group child, an unstructured task.
    case spawn
    /// A task's body began to run.
    case start
    /// A task's body ended: returned, threw, or was cancelled.
    case end
    /// Blocking work began; the thread is held for the given time.
    case block
    /// A sleep began; the thread is free.
    case sleep
    /// A sleep ended.
    case wake
    case yield
    /// The task arrived on another actor (main, a scenario actor).
    case hop
    /// The task began to wait for other tasks.
    case await
    /// The task continued after waiting.
    case resume
    case log
    /// A variable changed.
    case set
    /// A non-atomic `add` read a shared variable, and other work ran before its write: shown
    /// only in runs that record their schedule.
    case read
    case cancel
    /// A group child's result was collected.
    case collect
    /// An error was thrown.
    case `throw`
    /// An error was caught by a `try` step.
    case `catch`
    /// Two tasks touched the same variable without ordering, one of them writing: a data race.
    case race
    /// A UI input (a tap, a keystroke) arrived on main, was dropped, or reached its handler.
    case input
    /// Awaiting a task of lower priority raised it to the awaiting task's priority.
    case escalate
    /// A continuation was let go of unresumed: its waiter stays suspended for good.
    case leak
  }
}
