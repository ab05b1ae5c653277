/// Parses strict RFC 8259 JSON, keeping the source location of every value and object key.
///
/// Every malformed input is reported as a `Diagnostic` pointing at the offending byte; nothing in
/// the input can crash the parser or exhaust the stack, because nesting is tracked on the heap and
/// bounded by `Limits.maxDepth`.
public struct JSONParser: Sendable {
  /// Bounds that keep hostile or accidental input from exhausting memory or time.
  public struct Limits: Sendable, Hashable {
    /// The deepest allowed nesting of arrays and objects; the top-level container is level 1.
    public var maxDepth: Int
    /// The largest accepted file, in bytes.
    public var maxBytes: Int
    /// The longest accepted string or key, in UTF-8 bytes as written in the file.
    public var maxStringBytes: Int

    /// Creates limits; the defaults (64 levels, 4 MiB files, 64 KiB strings) are generous for
    /// scenario files yet small enough to stop hostile input.
    public init(maxDepth: Int = 64, maxBytes: Int = 4 << 20, maxStringBytes: Int = 64 << 10) {
      self.maxDepth = maxDepth
      self.maxBytes = maxBytes
      self.maxStringBytes = maxStringBytes
    }
  }

  /// Parses `bytes` as one JSON document, or throws the first problem as a diagnostic for `file`.
  public static func parse(
    _ bytes: [UInt8], file: String, limits: Limits = .init()
  ) throws(Diagnostic) -> JSONNode {
    // A raw buffer keeps debug builds fast: no retain, release or copy-on-write check per byte.
    try bytes.withUnsafeBufferPointer { buffer throws(Diagnostic) -> JSONNode in
      var reader = JSONReader(bytes: buffer, file: file, limits: limits)
      return try reader.parseDocument()
    }
  }

  /// Parses the UTF-8 encoding of `text`; convenient for tests and inline documents.
  public static func parse(
    _ text: String, file: String, limits: Limits = .init()
  ) throws(Diagnostic) -> JSONNode {
    try parse(Array(text.utf8), file: file, limits: limits)
  }
}
