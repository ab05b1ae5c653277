import LabChecks
import LabCommandLine
import LabInterpreter
import LabRuntime

/// How long seeded runs of a Swift program may go on (`--max-seconds`, 60 s unless given): no
/// run starts past it, none runs past it, and the report says how many were made of how many
/// asked for.
struct SeedBudget {
  private let budget: CommandBudget

  /// The seconds `--max-seconds` gives, read before a build so that a bad value is a usage
  /// error first; the budget itself starts after the build (`init(seconds:)`), which a
  /// compile of many seconds would otherwise spend.
  static func seconds(_ arguments: Arguments) throws(UsageError) -> Double {
    try arguments.number(.maxSeconds, in: 0.001...86_400) ?? 60
  }

  init(seconds: Double) {
    budget = CommandBudget(seconds: seconds, hints: LabCommand.hint)
  }

  /// The option as a report names it: `--max-seconds 2`.
  var option: String { "--max-seconds \(PlainNumber.text(budget.seconds))" }

  /// Whether no more runs start, `made` being made: the first always does.
  func spent(after made: Int) -> Bool { made > 0 && budget.isSpent }

  /// One run, its real time bounded by what is left (`CommandBudget.run`); nil when the budget
  /// cut it short, and no run follows.
  func run<Run, Failure: Error>(
    _ options: RunOptions, timedOut: (Run) -> Bool,
    _ make: (RunOptions) throws(Failure) -> Run
  ) throws(Failure) -> Run? {
    try budget.run(options, timedOut: timedOut, make)
  }

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
    guard made < count else { return "" }
    return made == 0
      ? "; stopped by \(option) before its first run ended: a program that does not end, or one "
        + "slower than that — make it end, or raise --max-seconds"
      : "; stopped by \(option) after \(made) of \(count)"
  }
}
