import LabModel
import LabRuntime

/// Every task-local of a scenario, by name, in one real `@TaskLocal`: a binding is inherited by
/// exactly the tasks Swift's runtime copies it into (`async let`, group children, `Task {}`), and
/// by no detached task, because the runtime decides (docs/runtimes.md, "Task-local values,
/// measured"). A name not bound reads its default from "taskLocals".
enum TaskLocalStore {
  @TaskLocal static var bindings: [String: Value] = [:]
}

extension Interpreter {
  /// `TaskLocals.$NAME.withValue(value) { steps }`: binds NAME on top of the task's other
  /// bindings for the steps, then the binding ends, whatever the steps' child tasks still do.
  func runWithValue(
    _ binding: TaskLocalBinding, _ context: inout Context, origin: StepOrigin,
    isolation: isolated (any Actor)?
  ) async throws -> BlockExit {
    let value = try read(binding.value, &context, origin: origin, isolation: isolation)
    var bindings = TaskLocalStore.bindings
    bindings[binding.name] = value
    record(.set(.taskLocalBound(TraceEvent.Binding(binding.name, Self.shown(value)))), context)
    let result = try await TaskLocalStore.$bindings.withValue(bindings) {
      try await runNested(binding.steps, &context, isolation: isolation)
    }
    let now = taskLocal(binding.name).map(Self.shown) ?? "?"
    record(.set(.taskLocalRestored(TraceEvent.Binding(binding.name, now))), context)
    return result
  }

  /// What the running task reads for task-local `name`: its binding, or its default; nil when
  /// the scenario declares no such task-local.
  func taskLocal(_ name: String) -> Value? {
    if let bound = TaskLocalStore.bindings[name] { return bound }
    return scenario.taskLocals.first { $0.name == name }?.value
  }

  /// Work a Dispatch queue runs belongs to no task, so it reads every task-local's default (as a
  /// `DispatchQueue.async` closure does, measured): its task is made with no bindings.
  func outsideTaskLocals<Made>(_ make: () throws -> Made) rethrows -> Made {
    try TaskLocalStore.$bindings.withValue([:], operation: make)
  }
}
