import LabModel

/// Task-local values as Swift writes them: `@TaskLocal static var`s in an enum, bound with
/// `TaskLocals.$NAME.withValue(value) { … }` and read as `TaskLocals.NAME`.
extension ProgramWriter {
  /// `enum TaskLocals { @TaskLocal static var requestID = 0 }`.
  func taskLocalDeclarations() {
    guard !scenario.taskLocals.isEmpty else { return }
    line("/// Task-local values: each task reads the binding of the task that created it.")
    line("enum TaskLocals {")
    for (name, value) in scenario.taskLocals {
      line("  @TaskLocal static \(variable(name, value))")
    }
    line("}")
    line("")
  }

  /// `await TaskLocals.$NAME.withValue(value) { … }`; in a synchronous closure (a `withLock`
  /// body), the synchronous `withValue`.
  func withValue(_ binding: TaskLocalBinding, _ context: Context) throws(NotExpressible) {
    let value = try expression(binding.value, context)
    let tries = context.isAsync && Self.throwsIn(binding.steps, throwsKeys)
    let prefix: SwiftCode = (tries ? "try " : "") + (context.isAsync ? "await " : "" as SwiftCode)
    var inner = context
    try block("\(prefix)TaskLocals.$\(Identifier(binding.name)).withValue(\(value.code)) {") {
      () throws(NotExpressible) in try steps(binding.steps, &inner)
    }
  }

  /// `TaskLocals.NAME` for a task-local no local variable hides; nil for any other name.
  func taskLocalReference(_ name: String, _ context: Context) -> SwiftExpression? {
    guard context.locals[name] == nil,
      let declared = scenario.taskLocals.first(where: { $0.name == name })
    else { return nil }
    return SwiftExpression(
      code: "TaskLocals.\(Identifier(name))", type: SwiftType.of(declared.value))
  }
}
