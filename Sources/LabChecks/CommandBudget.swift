import LabInterpreter
import LabRuntime

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

  /// `options`, their run's real time bounded by what is left: a run begun near the deadline
  /// would otherwise take its whole `--timeout` past it (a program that never ends, 37 s).
  public func bounding(_ options: RunOptions) -> RunOptions {
    var bounded = options
    bounded.limits.runtime.wallClockSeconds = min(
      options.limits.runtime.wallClockSeconds, max(0.001, (deadline - .now).inSeconds))
    return bounded
  }

  /// What `make` made with `options`' real time bounded by what is left; nil when the budget
  /// cut it short (`timedOut` says it stopped at its real-time limit, which was the budget's):
  /// no outcome of the program's, and the last run — a program that never ends took a run to
  /// its CPU limit, 37 s past a budget of 3.
  public func run<Run, Failure: Error>(
    _ options: RunOptions, timedOut: (Run) -> Bool,
    _ make: (RunOptions) throws(Failure) -> Run
  ) throws(Failure) -> Run? {
    let bounded = bounding(options)
    let run = try make(bounded)
    let cut =
      timedOut(run)
      && bounded.limits.runtime.wallClockSeconds < options.limits.runtime.wallClockSeconds
    return cut ? nil : run
  }
}
