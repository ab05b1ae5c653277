import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

extension Timeline {
  /// How to draw a timeline: how wide, with which characters, in colour or not, which rows.
  public struct Options: Sendable, Equatable {
    /// The whole picture's width in columns, names included.
    public var width: Int
    /// Unicode block characters; plain ASCII when false.
    public var unicode: Bool
    /// ANSI colours; only for a terminal, never with NO_COLOR (the caller decides).
    public var color: Bool
    /// A row per task below the thread rows.
    public var taskRows: Bool

    public init(
      width: Int = 80, unicode: Bool = true, color: Bool = false, taskRows: Bool = false
    ) {
      self.width = width
      self.unicode = unicode
      self.color = color
      self.taskRows = taskRows
    }

    /// Options for a console: `COLUMNS` when set, else the terminal's width, else 80; ASCII when
    /// asked or when the locale is not UTF-8.
    ///
    /// - Parameters:
    ///   - environment: the process environment (`COLUMNS`, `LC_ALL`, `LC_CTYPE`, `LANG`).
    ///   - terminalColumns: the width `ioctl(TIOCGWINSZ)` reports, nil when stdout is no terminal.
    public init(
      environment: [String: String], terminalColumns: Int?, ascii: Bool, color: Bool,
      taskRows: Bool
    ) {
      let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
      self.init(
        width: min(400, max(40, columns ?? terminalColumns ?? 80)),
        unicode: !ascii && Self.localeIsUTF8(environment), color: color, taskRows: taskRows)
    }

    /// Whether the locale the environment selects for characters is UTF-8: the first of `LC_ALL`,
    /// `LC_CTYPE` and `LANG` that is set decides, as POSIX says; none set means the C locale.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
      let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
        .first { !$0.isEmpty }
      guard let locale else { return false }
      return locale.lowercased().filter { $0 != "-" }.contains("utf8")
    }
  }
}
