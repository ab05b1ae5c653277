import LabChecks
import LabCommandLine
import LabRuntime

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

  /// The seeds made, as a report's heading says them: `seeds 0…9` for one policy, `seeds 0…9
  /// under each policy, random and pct` when each made them all, else each policy's own
  /// (`random: seeds 0…17, pct: none`) — the budget may stop the runs within the first.
  static func seeds(_ made: [(SchedulingPolicy, Int)]) -> String {
    func range(_ count: Int) -> String { count == 0 ? "none" : "seeds 0…\(count - 1)" }
    guard made.count > 1 else { return range(made.first?.1 ?? 0) }
    if Set(made.map(\.1)).count == 1, let count = made.first?.1, count > 0 {
      return "\(range(count)) under each policy, "
        + made.map(\.0.rawValue).joined(separator: " and ")
    }
    return made.map { "\($0.0.rawValue): \(range($0.1))" }.joined(separator: ", ")
  }

  /// What the report adds when the budget stopped the runs before `count`.
  func stopped(made: Int, of count: Int) -> String {
    made < count
      ? "; stopped by --max-seconds \(PlainNumber.text(budget.seconds)) after \(made) of \(count)"
      : ""
  }
}
