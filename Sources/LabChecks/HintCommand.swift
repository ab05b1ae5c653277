/// The words a report prints before a subcommand in a command to paste (`lab`, `swift run lab`,
/// or a course's own `LAB_COMMAND`): a plain value its renderer is given, so the checks know
/// nothing of how the process was started — the command line decides it (`LabCommand`).
public struct HintCommand: Sendable, Hashable {
  /// The words that start the lab, as the user would type them.
  public var words: String

  public init(_ words: String) { self.words = words }

  /// `lab`, on the PATH: what reports say when no command line named another.
  public static let lab = HintCommand("lab")

  /// `arguments` as a command to paste: `lab run racy-counter` or `swift run lab run …`.
  public func line(_ arguments: String) -> String { "\(words) \(arguments)" }
}
