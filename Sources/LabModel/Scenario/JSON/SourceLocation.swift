/// A position in a source file, expressed both for people (line, column) and for tools (offset).
///
/// Columns count Unicode scalars rather than bytes, so "é" or "😀" advance the column by one, which
/// matches what teachers see in their editors for almost every character they type.
public struct SourceLocation: Sendable, Hashable {
  /// The 1-based line number; "\n", "\r\n" and a lone "\r" each end a line.
  public var line: Int
  /// The 1-based column, counted in Unicode scalars from the start of the line.
  public var column: Int
  /// The 0-based UTF-8 byte offset from the start of the file (a byte-order mark included).
  public var offset: Int

  /// Creates a location from its already-computed parts.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }
}

// MARK: - Comparable

extension SourceLocation: Comparable {
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column, lhs.offset) < (rhs.line, rhs.column, rhs.offset)
  }
}

// MARK: - CustomStringConvertible

extension SourceLocation: CustomStringConvertible {
  /// The location as `LINE:COLUMN`, the form used inside diagnostic messages.
  public var description: String { "\(line):\(column)" }
}
