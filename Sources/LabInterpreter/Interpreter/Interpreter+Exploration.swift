import LabModel
import LabRuntime

/// What the exhaustive search needs to know of each turn: where a step another task can see
/// begins, and which tasks' ends each task has seen (`TurnFootprint`).
extension Interpreter {
  /// Step kinds whose effects on other tasks no footprint object describes: a turn that begins
  /// one conflicts with every other turn, so every order of it is explored.
  static let unmodelledTouches: Set<StepTraits.Touch> = [
    .cancellation, .semaphore, .continuation, .stream, .dispatchQueue, .dispatchGroup,
  ]

  /// Before each step of a task: a step that may act on what other tasks see begins a turn of its
  /// own once the turn has done so already (or started a task, which runs beside it at once), so
  /// a search can run another task's step between the two, as another thread could. On an actor
  /// or main too: their own state no other task reaches, but top-level state any task may write;
  /// the actor or main stays held meanwhile.
  func beginStep(_ step: Step, isolation: isolated (any Actor)?) async {
    // A task this one just started may start first, in a seeded run too (`SpawnCoin`).
    if runtime.startedTaskMayGoFirst { await runtime.newTaskMayStartFirst(isolation: isolation) }
    guard let chooser else { return }
    if chooser.turnIsVisible {
      await runtime.preemptionPoint(isolation: isolation)
    }
    if !step.kind.traits.touches.isDisjoint(with: Self.unmodelledTouches) {
      chooser.touchUnknown()
    }
  }

  /// An error leaves a group or an `async let`'s scope: Swift cancels the children still running
  /// there, in this turn, which changes what their next turns do.
  func cancelledByError() { chooser?.touchUnknown() }

  /// A task ended: whoever awaits it sees everything it did. When the outcome names the task
  /// that finished first, the order of all ends counts.
  func ended(_ context: Context) {
    races.finished(context)
    chooser?.touch(.task(context.id), .write)
    if chooser?.ordersTaskEnds == true { chooser?.touch(.completionOrder(""), .write) }
  }

  /// A child of a group that takes results in the order they come (`order`, naming the group)
  /// ended: the order of its children's ends is the order of the results.
  func endedInOrder(_ order: String?) {
    if let order { chooser?.touch(.completionOrder(order), .write) }
  }

  /// `context`'s task awaited the end of task `task`, and now knows everything it did.
  func joined(_ task: Int, by context: inout Context) {
    races.awaited(task, by: &context)
    chooser?.touch(.task(task), .wait)
  }
}
