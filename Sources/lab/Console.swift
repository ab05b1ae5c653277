import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the CLI writes: results to stdout, errors and progress to stderr, colour only on a
/// terminal and never with NO_COLOR.
struct Console {
  let colorOut: Bool
  let colorErr: Bool

  static let current = Console()

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let allowed = environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    colorOut = allowed && isatty(STDOUT_FILENO) != 0
    colorErr = allowed && isatty(STDERR_FILENO) != 0
  }

  /// Whether stderr is a terminal, where progress lines may redraw themselves.
  var errIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

  func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  func err(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  enum Style: String {
    case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"
  }

  func paint(_ text: String, _ style: Style, forErr: Bool = false) -> String {
    (forErr ? colorErr : colorOut) ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// Colours the marks of a text report: ✓ green, ✗ and `problem:` red, `#` headings dim.
  func highlight(_ report: String) -> String {
    guard colorOut else { return report }
    return report.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      if line.hasPrefix("✓") { return paint(String(line), .green) }
      if line.hasPrefix("✗") || line.hasPrefix("problem:") { return paint(String(line), .red) }
      if line.hasPrefix("#") { return paint(String(line), .bold) }
      return String(line)
    }.joined(separator: "\n")
  }
}

/// The exit statuses of `lab`.
enum ExitStatus {
  static let ok: Int32 = 0
  /// A check failed: an expectation, a trace diff, a scenario that does not validate.
  static let failure: Int32 = 1
  /// The command line was wrong (EX_USAGE).
  static let usage: Int32 = 64
}
