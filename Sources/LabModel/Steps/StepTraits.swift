/// What a step kind means to the rest of the lab, beyond its shape: the questions the name
/// checker, the decoder's closure rules, the Swift writer and (later) the exploration of schedules
/// ask of every step. Each row of the step table answers all of them, with no default, so a new
/// kind cannot be added without saying what it is.
public struct StepTraits: Sendable, Equatable {
  /// The step itself is a suspension point: Swift writes `await` before it. No synchronous
  /// closure may hold it (a `withLock` body, a continuation's body, `assumeIsolated`, a
  /// cancellation or termination handler), and a function or method holding one is `async`.
  public var suspends: Bool
  /// The step may stand in an `onCancel` or `onTermination` handler, which the runtime calls at
  /// once inside another task's `cancel()` or `finish()`: it neither suspends, throws, returns,
  /// holds its thread nor loops.
  public var inHandler: Bool
  /// The step's nested steps run in a task of their own, or in a closure run elsewhere and later
  /// (a work item, a handler), not in the closure around the step.
  public var nestedRunElsewhere: Bool
  /// The step may hold its thread while it waits (a blocking wait, not a suspension): on the
  /// cooperative pool such waits can starve the work that would end them. `dispatch` does with
  /// `"sync": true`.
  public var mayBlockThread: Bool
  /// What the step acts on, beyond the names its expressions read (any expression may read
  /// shared state). Two steps that touch nothing in common commute: the exploration of
  /// schedules builds its dependency relation on this.
  public var touches: Set<Touch>

  public init(
    suspends: Bool, inHandler: Bool, nestedRunElsewhere: Bool, mayBlockThread: Bool,
    touches: Set<Touch>
  ) {
    self.suspends = suspends
    self.inHandler = inHandler
    self.nestedRunElsewhere = nestedRunElsewhere
    self.mayBlockThread = mayBlockThread
    self.touches = touches
  }

  /// Something a step acts on, which another step acting on the same thing may not commute with.
  public enum Touch: Hashable, Sendable, CaseIterable {
    /// Reads a variable of `state` (or an actor's state) as a step of its own, such as `add`'s
    /// read before its write.
    case sharedStateRead
    /// Writes a variable of `state` (or an actor's state).
    case sharedStateWrite
    /// Hops to an actor's executor (or a function's isolation) and back.
    case actor
    /// Runs on, or hops to, the main actor.
    case mainActor
    /// A `Mutex` from `withLock`.
    case lock
    /// An `Atomic<Int>` from `atomicAdd`.
    case atomic
    /// A `DispatchSemaphore` from `"semaphores"`.
    case semaphore
    /// A checked continuation: its creation, or its resume.
    case continuation
    /// An `AsyncStream` from `"streams"`: a yield, the finish, the loop, the termination handler.
    case stream
    /// A task's lifecycle: its start, or the wait for its end.
    case taskLifecycle
    /// A task's cancellation: setting it, reading it, or a handler it runs.
    case cancellation
    /// A Dispatch queue (or main) given a work item.
    case dispatchQueue
    /// A `DispatchGroup`: its count, its waiters, its notify blocks.
    case dispatchGroup
    /// The clock: a timer that wakes the step.
    case clock
    /// A task-local binding.
    case taskLocal
  }
}

extension StepTraits {
  /// Dispatch's own constructs: work items and groups. A program holding one imports Dispatch.
  public var isDispatch: Bool { !touches.isDisjoint(with: [.dispatchQueue, .dispatchGroup]) }
  /// Work a `DispatchGroup` counts or waits for.
  public var isGroupWork: Bool { touches.contains(.dispatchGroup) }
  /// A lock, an atomic or a semaphore: it orders shared state where the compiler cannot see it.
  public var isSynchronization: Bool {
    !touches.isDisjoint(with: [.lock, .atomic, .semaphore])
  }
}
