import LabChecks
import LabCommandLine

/// How long seeded runs of a Swift program may go on (`--max-seconds`, 60 s unless given): no
/// run starts past it, and the report says how many were made of how many asked for.
struct SeedBudget {
  private let budget: CommandBudget

  init(_ arguments: Arguments) throws(UsageError) {
    budget = CommandBudget(
      seconds: try arguments.number(.maxSeconds, in: 0.001...86_400) ?? 60,
      hints: LabCommand.hint)
  }

  /// Whether no more runs start, `made` being made: the first always does.
  func spent(after made: Int) -> Bool { made > 0 && budget.isSpent }

  /// What the report adds when the budget stopped the runs before `count`.
  func stopped(made: Int, of count: Int) -> String {
    made < count
      ? "; stopped by --max-seconds \(PlainNumber.text(budget.seconds)) after \(made) of \(count)"
      : ""
  }
}
