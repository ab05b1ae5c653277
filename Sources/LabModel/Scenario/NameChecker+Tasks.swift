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
    if !awaits, scope.storedTasks.contains(name) { return }
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
