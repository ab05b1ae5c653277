import Foundation
import LabChecks
import LabCommandLine
import LabModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the CLI writes: results to stdout, errors and progress to stderr, colour only on a
/// terminal and never with NO_COLOR. A capturing console keeps the text instead, so tests run
/// commands in-process.
struct Console: Sendable {
  let colorOut: Bool
  let colorErr: Bool
  /// Whether stdout is a terminal: lessons pause and timelines fit its width only there.
  let outIsTerminal: Bool
  /// Whether stderr is a terminal, where progress lines may redraw themselves.
  let errIsTerminal: Bool
  /// The width to fit: `COLUMNS` when set (as the timeline reads it, and how a test or a script
  /// asks for a width), else the terminal's, or nil when stdout is not a terminal; read once,
  /// before a pager takes stdout over.
  let terminalColumns: Int?
  /// The terminal's height, or nil when stdout is not a terminal: a paused lesson pages by it.
  let terminalRows: Int?
  private let capture: Capture?

  static let current = Console()

  init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    color choice: ColorChoice = .auto
  ) {
    outIsTerminal = isatty(STDOUT_FILENO) != 0
    errIsTerminal = isatty(STDERR_FILENO) != 0
    colorOut = choice.colors(terminal: outIsTerminal, environment: environment)
    colorErr = choice.colors(terminal: errIsTerminal, environment: environment)
    let size = Self.size()
    terminalColumns = Self.columns(environment) ?? size.map { min($0.columns, Self.maxColumns) }
    terminalRows = size?.rows
    capture = nil
  }

  /// A console that writes into `capture`, as a pipe would: no terminal, and colour only when
  /// asked for (`--color always`, `FORCE_COLOR`).
  init(
    capturing capture: Capture, color choice: ColorChoice = .auto,
    environment: [String: String] = [:]
  ) {
    colorOut = choice.colors(terminal: false, environment: environment)
    colorErr = colorOut
    outIsTerminal = false
    errIsTerminal = false
    terminalColumns = Self.columns(environment)
    terminalRows = nil
    self.capture = capture
  }

  /// The same console with colour decided again by `--color`.
  func with(color choice: ColorChoice, environment: [String: String]) -> Console {
    if let capture { return Console(capturing: capture, color: choice, environment: environment) }
    return Console(environment: environment, color: choice)
  }

  func out(_ text: String) {
    if let capture { return capture.append(text, toErr: false) }
    if let failure = Self.writeAll(text, to: STDOUT_FILENO) {
      // The results are lost: the command cannot have done its work, so it ends here, saying
      // why where it still can.
      _ = Self.writeAll(
        "error: cannot write the output: \(failure); check where standard output goes (a full "
          + "disk, a closed file)\n", to: STDERR_FILENO)
      exit(ExitStatus.failure)
    }
  }

  func err(_ text: String) {
    if let capture { return capture.append(text, toErr: true) }
    // A message that cannot be written is lost, as `print`'s would be; the command goes on and
    // its exit status still says how it ended.
    _ = Self.writeAll(text, to: STDERR_FILENO)
  }

  /// Writes all of `text` to `descriptor`, or says why it could not. Foundation's
  /// `FileHandle.write(_:)` traps when a write fails: standard output on a full disk
  /// (`> /dev/full`) or closed (`>&-`) ended the lab with a stack trace and status 132.
  private static func writeAll(_ text: String, to descriptor: Int32) -> String? {
    let bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + done, buffer.count - done)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return String(cString: strerror(written < 0 ? errno : EIO)) }
      done += written
    }
    return nil
  }

  /// `line` fitted for reading: at most 80 columns (fewer on a narrower terminal), each line it
  /// wraps onto under a two-space indent, ended by a line break.
  func fitted(_ line: String) -> String {
    fitted(line, indent: "")
  }

  /// `line` as `fitted(_:)` wraps it, each of its lines after `indent`.
  func fitted(_ line: String, indent: String) -> String {
    let width = min(80, terminalColumns ?? 80) - 1 - indent.count
    return WordWrap.lines(line, width: max(20, width), hanging: "  ").map { indent + $0 }
      .joined(separator: "\n") + "\n"
  }

  typealias Style = TextStyle.Style

  /// `--color auto|always|never`. The option wins; then NO_COLOR turns colour off, FORCE_COLOR
  /// turns it on (for CI logs that render ANSI), and otherwise only a terminal gets colour.
  enum ColorChoice: String, CaseIterable {
    case auto, always, never

    func colors(terminal: Bool, environment: [String: String]) -> Bool {
      switch self {
      case .always: return true
      case .never: return false
      case .auto:
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
        return terminal && environment["TERM"] != "dumb"
      }
    }
  }

  func paint(_ text: String, _ style: Style, forErr: Bool = false) -> String {
    (forErr ? errStyle : outStyle).paint(text, style)
  }

  /// How text bound for stdout and stderr is coloured, for renderers in the libraries.
  var outStyle: TextStyle { TextStyle(color: colorOut) }
  var errStyle: TextStyle { TextStyle(color: colorErr) }

  /// Colours the marks of a text report: ✓ green, ✗ and `problem:` red, `#` headings dim.
  func highlight(_ report: String) -> String {
    outStyle.highlight(report)
  }

  /// The widest a line is fitted to: no terminal is wider, and `COLUMNS=100000000000` made `lab
  /// compare` pad each row to it (65 MB of spaces at 10⁷; at 10¹¹ an allocation that trapped).
  static let maxColumns = 1_000

  /// `COLUMNS` when it is a positive number, at most `maxColumns`.
  private static func columns(_ environment: [String: String]) -> Int? {
    environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? min($0, maxColumns) : nil }
  }

  private static func size() -> (columns: Int, rows: Int?)? {
    var size = winsize()
    guard isatty(STDOUT_FILENO) != 0,
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0
    else { return nil }
    return (Int(size.ws_col), size.ws_row > 0 ? Int(size.ws_row) : nil)
  }

  /// What a capturing console was given: stdout's text and stderr's, each in order.
  final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    init() {}

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }

    func append(_ text: String, toErr: Bool) {
      lock.withLock {
        if toErr { errText += text } else { outText += text }
      }
    }
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
