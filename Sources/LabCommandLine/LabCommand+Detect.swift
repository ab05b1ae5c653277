import LabModel

extension LabCommand {
  /// The name to print, from how this process was started: `LAB_COMMAND` when set (for a
  /// course that documents its own way to run the lab), `swift run lab` when `argv[0]` is the
  /// product path `swift run` uses (`.build/<target triple>/<configuration>/lab`, or another
  /// `.build…` scratch folder: a path users rarely type), else `lab`.
  package static func detect(argument0: String, environment: [String: String]) -> String {
    // Printed before every command to paste: shown, never able to move the terminal.
    if let given = environment["LAB_COMMAND"], !given.isEmpty { return terminalSafe(given) }
    let parts = argument0.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count >= 4, parts[parts.count - 4].hasPrefix(".build"),
      parts[parts.count - 3].split(separator: "-").count >= 3,
      ["debug", "release"].contains(parts[parts.count - 2])
    {
      return "swift run lab"
    }
    return "lab"
  }
}
