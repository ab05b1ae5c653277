/// Several diagnostics reported together, kept in file order so output is deterministic.
public struct DiagnosticList: Sendable, Hashable {
  /// The diagnostics sorted by file, then line and column; those without a location come first.
  public private(set) var diagnostics: [Diagnostic]
  /// Errors found beyond `collectLimit`, counted but not described.
  public var omitted = 0
  /// The most diagnostics a file collects: `lab` shows `shownLimit`, and building each message
  /// (with its did-you-mean search) is what made a file of 300,000 mistakes take seconds to
  /// validate.
  public static let collectLimit = 100

  /// The most errors shown for one file, a scenario or a lesson: a file with thousands of
  /// mistakes is usually one mistake repeated, and its first lines say what it is.
  public static let shownLimit = 50

  /// The longest line a diagnostic is shown as: what it quotes of a file past that is cut, so a
  /// mistake of a megabyte is not a line of a megabyte.
  public static let longestLine = 1_000

  /// The line that follows the first `shownLimit` errors of `file`: how many more it has.
  public static func notShown(_ hidden: Int, file: String) -> String {
    "\(file): note: \(hidden) more error\(hidden == 1 ? "" : "s") not shown; fix these first"
  }

  /// Creates a list, sorting the diagnostics while keeping the given order among equal positions.
  public init(_ diagnostics: some Sequence<Diagnostic>) {
    self.diagnostics = Self.sorted(diagnostics)
  }

  /// Whether the list holds no diagnostics at all.
  public var isEmpty: Bool { diagnostics.isEmpty && omitted == 0 }

  /// Whether any diagnostic is an error, which means the input must be rejected.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// Adds diagnostics, keeping the list sorted.
  public mutating func append(contentsOf more: some Sequence<Diagnostic>) {
    diagnostics = Self.sorted(diagnostics + Array(more))
  }

  /// Sorts by position; the original index breaks ties because `sort` does not promise stability.
  private static func sorted(_ diagnostics: some Sequence<Diagnostic>) -> [Diagnostic] {
    diagnostics.enumerated()
      .sorted { lhs, rhs in
        let (left, right) = (lhs.element, rhs.element)
        if left.file != right.file { return left.file < right.file }
        switch (left.location, right.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (let l?, let r?) where (l.line, l.column) != (r.line, r.column):
          return (l.line, l.column) < (r.line, r.column)
        default: return lhs.offset < rhs.offset
        }
      }
      .map(\.element)
  }
}

// MARK: - Error

extension DiagnosticList: Error {}

// MARK: - CustomStringConvertible

extension DiagnosticList: CustomStringConvertible {
  /// Every diagnostic on its own line, in sorted order.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
