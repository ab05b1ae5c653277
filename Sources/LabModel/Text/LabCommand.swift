/// How the user starts the lab, for every command it prints to be pasted (replays, next lessons,
/// hints): `lab` when it is on the PATH, `swift run lab` when it was started through `swift run`
/// — a learner following the README pastes what works where they are.
///
/// Only the words, a plain value every layer that writes a pasteable command reads: the command
/// line decides them from how the process was started (`LabCommand.detect` in `LabCommandLine`).
/// A task-local, so the command line sets it once around a command (`$name.withValue`), and
/// in-process tests, which run in parallel, each see the default `lab` or set their own.
public enum LabCommand {
  /// The words that start the lab, as the user would type them.
  @TaskLocal public static var name = "lab"

  /// `arguments` as a command to paste: `lab run racy-counter` or `swift run lab run …`.
  public static func line(_ arguments: String) -> String { "\(name) \(arguments)" }
}
