/// How the user starts the lab, for every command it prints to be pasted (replays, next lessons,
/// hints): `lab` when it is on the PATH, `swift run lab` when it was started through `swift run`
/// — a learner following the README pastes what works where they are.
///
/// A task-local, so the command line sets it once around a command (`$name.withValue`), and
/// in-process tests, which run in parallel, each see the default `lab` or set their own.
public enum LabCommand {
  /// The words that start the lab, as the user would type them.
  @TaskLocal public static var name = "lab"

  /// The name to print, from how this process was started: `LAB_COMMAND` when set (for a
  /// course that documents its own way to run the lab), `swift run lab` when `argv[0]` is the
  /// product path `swift run` uses (`.build/<target triple>/<configuration>/lab`, or another
  /// `.build…` scratch folder: a path users rarely type), else `lab`.
  public static func detect(argument0: String, environment: [String: String]) -> String {
    if let given = environment["LAB_COMMAND"], !given.isEmpty { return given }
    let parts = argument0.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count >= 4, parts[parts.count - 4].hasPrefix(".build"),
      parts[parts.count - 3].split(separator: "-").count >= 3,
      ["debug", "release"].contains(parts[parts.count - 2])
    {
      return "swift run lab"
    }
    return "lab"
  }

  /// `arguments` as a command to paste: `lab run racy-counter` or `swift run lab run …`.
  public static func line(_ arguments: String) -> String { "\(name) \(arguments)" }
}
