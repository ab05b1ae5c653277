/// Tasks by name: a `task` step's handle is a local of the code that starts it, which
/// `awaitTask` and `cancel` reach after it, in that code or inside it (NameChecker+Scope).
extension NameChecker {
  /// A task's handle is a local of the code that starts it (`let t = Task { … }`): it is awaited
  /// or cancelled there, or in a block or task inside it.
  /// In its own closure a task cancels itself (`withUnsafeCurrentTask { $0?.cancel() }`) but
  /// cannot await itself.
  mutating func checkTaskName(
    _ name: String, _ scope: Scope, _ step: Step, awaits: Bool
  ) {
    if name == scope.ownTask {
      guard awaits else { return }
      report(
        "task '\(name)' awaits itself: its closure cannot capture its own handle (Swift: "
          + "'closure captures '\(name)' before it is declared'), and it would wait forever; "
          + "await it from the code that started it", at: step.origin)
      return
    }
    if scope.storedTasks.contains(name), !scope.tasks.contains(name) {
      guard awaits else { return }
      // The view model keeps a handler's task to cancel it (`t?.cancel()`); awaiting it would
      // read `await viewModel.t?.value`, nil before any handler started it, which the lab does
      // not model.
      report(
        "task '\(name)' is started by another handler: the view model keeps it so that any "
          + "handler can cancel it, but awaiting it would be Swift's optional "
          + "(`await viewModel.\(name)?.value`, nothing when no handler started it yet), which "
          + "the lab does not run; await it in the handler that starts it, or have its steps "
          + "set a state variable that this handler reads", at: step.origin)
      return
    }
    if taskNames.contains(name), !scope.tasks.contains(name) {
      report(Self.taskOutOfScope(name, scope.endedTasks[name]), at: step.origin)
      return
    }
    guard !taskNames.contains(name), !unsure.names.contains(name) else { return }
    let tasks = taskNames
    report(
      "no task named '\(name)'\(didYouMean(name, inAnyOrder: tasks)); "
        + "start one with {\"task\": \"\(name)\", …}",
      at: step.origin)
  }
}
