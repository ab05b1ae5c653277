/// One problem found in an input file, rendered like a compiler message so editors can jump to it.
public struct Diagnostic: Sendable, Hashable {
  /// How serious a diagnostic is; only errors stop a scenario from loading.
  public enum Severity: String, Sendable, Hashable {
    case error
    case warning
    case note
  }

  /// How serious the problem is.
  public var severity: Severity
  /// The path of the file as it should be shown to the user.
  public var file: String
  /// Where in the file the problem is, or `nil` when it concerns the file as a whole.
  public var location: SourceLocation?
  /// The JSON path of the offending value, such as `steps[2].asyncLet`, when one is known.
  public var path: String?
  /// What is wrong and what to do about it, written as `what is wrong; what to do`.
  public var message: String

  /// Creates a diagnostic; most callers only report errors, hence the default severity.
  public init(
    _ severity: Severity = .error, file: String, location: SourceLocation?, path: String? = nil,
    message: String
  ) {
    self.severity = severity
    self.file = file
    self.location = location
    self.path = path
    self.message = message
  }
}

// MARK: - Error

extension Diagnostic: Error {}

// MARK: - CustomStringConvertible

extension Diagnostic: CustomStringConvertible {
  /// The diagnostic as `FILE:LINE:COLUMN: SEVERITY: MESSAGE (at PATH)`.
  public var description: String {
    // A file or folder name can hold control characters too.
    var text = terminalSafe(file)
    if let location {
      text += ":\(location.line):\(location.column)"
    }
    // Messages quote names from the file: control characters in them are shown, not obeyed.
    text += ": \(severity.rawValue): \(terminalSafe(message))"
    if let path {
      // A path repeats the file's keys: shown safe and short, like the names in messages.
      let parts = path.split(separator: ".", omittingEmptySubsequences: false).map {
        $0.count > 64 ? $0.prefix(20) + "…" : String($0)
      }
      text += " (at \(terminalSafe(parts.joined(separator: "."))))"
    }
    return text
  }
}
