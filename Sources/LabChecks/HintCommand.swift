/// The words a report prints before a subcommand in a command to paste (`lab`, `swift run lab`,
/// or a course's own `LAB_COMMAND`): a plain value its renderer is given, so the checks know
/// nothing of how the process was started — the command line decides it (`LabCommand`).
public struct HintCommand: Sendable, Hashable {
  /// The words that start the lab, as the user would type them.
  public var words: String
  /// Where the lab's own documentation is, as the user can open it: `docs/` inside the lab's
  /// folder; elsewhere — in a course, which has no `docs/` — the path of the lab's.
  public var docs: String

  public init(_ words: String, docs: String = "docs/") {
    self.words = words
    self.docs = docs
  }

  /// A page of the lab's documentation, with its anchor: `docs/outcomes.md#grades`.
  public func doc(_ page: String) -> String { docs + page }

  /// A page of the lab's documentation as a file the lab writes for a course names it: `docs/…`
  /// inside the lab, else "ConcurrencyLab's docs/…". The file is committed and read on other
  /// machines, where the path of the lab on this one means nothing.
  public func docInFile(_ page: String) -> String {
    docs == "docs/" ? docs + page : "ConcurrencyLab's docs/" + page
  }

  /// `lab`, on the PATH: what reports say when no command line named another.
  public static let lab = HintCommand("lab")

  /// `arguments` as a command to paste: `lab run racy-counter` or `swift run lab run …`.
  public func line(_ arguments: String) -> String { "\(words) \(arguments)" }

  /// `lab COMMAND SCENARIO OPTIONS` to paste: the scenario as the user gave it — a name, or a path
  /// that may hold anything, `$(…)` too — as one shell word, then the lab's own options.
  public func command(_ command: String, _ scenario: String, _ options: String = "") -> String {
    // A path that starts with `-` would be read as options: `./-d/x.json` is the same file. (A
    // scenario's name never starts with `-`.)
    let scenario = scenario.hasPrefix("-") ? "./" + scenario : scenario
    return line("\(command) \(shellWord(scenario))" + (options.isEmpty ? "" : " \(options)"))
  }
}
