import LabModel
import LabRuntime

/// One thing that happened in a run: when, on which thread, in which task, what.
public struct TraceEvent: Sendable, Equatable {
  /// Scenario time in milliseconds (whole numbers in virtual runs; measured in live runs).
  public var time: Double
  /// The thread: `main`, `worker-1`, ….
  public var thread: String
  /// The scenario task: `root`, an `async let` name, `group[2]`, a task's name.
  public var task: String
  public var kind: Kind
  public var text: String
  /// The tasks whose end this event waited for: on a `resume` after awaiting them, on the `collect`
  /// of a group child. Each is a happens-before edge from that task's `end`; pictures draw it as an
  /// arrow. Not part of the text rendering.
  public var joins: [String]

  public init(
    time: Double, thread: String, task: String, kind: Kind, text: String, joins: [String] = []
  ) {
    self.time = time
    self.thread = thread
    self.task = task
    self.kind = kind
    self.text = text
    self.joins = joins
  }

  /// The kinds of events, named after what a reader sees happen. Conventions renderers rely on:
  /// `block` text starts with the duration (`300 ms`); `end` text is `returned V`, `threw NAME`,
  /// `cancelled`, `stopped` or empty; a `sleep` is followed by the task's `wake`, an `await` by its
  /// `resume`. New kinds may be added; renderers should show unknown ones plainly.
  public enum Kind: String, Sendable, CaseIterable {
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
    /// An error was thrown (`text` names it).
    case `throw`
    /// An error was caught by a `try` step.
    case `catch`
    /// Two tasks touched the same variable without ordering, one of them writing: a data race.
    case race
    /// A UI input (a tap, a keystroke) arrived on main; `text` says how long it waited.
    case input
    /// Awaiting a task of lower priority raised it to the awaiting task's priority.
    case escalate
  }

}
