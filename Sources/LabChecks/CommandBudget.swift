/// The time a command spends on its items in all (`lab snippets`' blocks, `lab facts`' facts):
/// each item keeps to its own limits, but a course may hold thousands; past `deadline` no item
/// starts, and each one left says so (`seconds`, the budget as the command's option gave it).
public struct CommandBudget: Sendable {
  public var deadline: ContinuousClock.Instant
  public var seconds: Double
  /// How its message writes a command: made where the command starts, since the checks run on
  /// threads of their own, which see no task-local.
  public var hints: HintCommand

  public init(seconds: Double, hints: HintCommand, from start: ContinuousClock.Instant = .now) {
    self.seconds = seconds
    self.hints = hints
    deadline = start + .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }

  /// Whether the time is spent: an item not started yet is not started.
  public var isSpent: Bool { ContinuousClock.now >= deadline }
}
