// fact: In main-actor code, a Task {} inherits the main actor, but a Task(executorPreference:) {} does not: its closure is nonisolated, so it cannot touch main-actor state without await.
// checked: Swift 6.3.1, Linux
// verdict: error: main actor-isolated property 'count' can not be mutated from a nonisolated context
@MainActor final class Model { var count = 0 }

@MainActor func tap(_ model: Model) {
  Task { model.count += 1 }  // inherits the main actor: compiles
  Task(executorPreference: globalConcurrentExecutor) { model.count += 1 }
}
