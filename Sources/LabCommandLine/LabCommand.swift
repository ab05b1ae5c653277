import LabChecks

/// How the user starts the lab, for every command it prints to be pasted (replays, next lessons,
/// hints): `lab` when it is on the PATH, `swift run lab` when it was started through `swift run`
/// — a learner following the README pastes what works where they are.
///
/// The command line decides the words from how the process was started (`detect`) and sets them
/// once around a command (`$name.withValue`); reports below it are given them as a value
/// (`hint`). A task-local, so in-process tests, which run in parallel, each see the default
/// `lab` or set their own.
public enum LabCommand {
  /// The words that start the lab, as the user would type them.
  @TaskLocal public static var name = "lab"

  /// The words as the value a report is given to print its hints with.
  public static var hint: HintCommand { HintCommand(name) }

  /// `arguments` as a command to paste: `lab run racy-counter` or `swift run lab run …`.
  public static func line(_ arguments: String) -> String { hint.line(arguments) }
}
