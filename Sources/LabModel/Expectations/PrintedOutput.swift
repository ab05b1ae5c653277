/// What a program printed, whole: one text, read line by line where a rule grades it, never split
/// into a list of lines (64 MB of one-letter lines is 32 million of them: a list of them took
/// 1.1 GB and minutes). Where runs are collected by outcome, each keeps only `shown`: at most
/// `shownLines` lines of at most `shownColumns`, and a digest of the whole when that cut any.
public struct PrintedOutput: Sendable, Hashable {
  /// Everything printed: lines end with a line feed, the last one may not.
  public let text: String
  /// How many lines: a line feed at the very end starts none.
  public let lineCount: Int

  /// The most lines an outcome shows.
  public static let shownLines = 1_000
  /// The widest an outcome shows a line; the rest is cut, and the digest tells runs apart.
  public static let shownColumns = 1_000

  public init(_ text: String) {
    self.text = text
    var count = 0
    var copy = text
    let endsLine = copy.withUTF8 { bytes in
      for byte in bytes where byte == Self.lineFeed { count += 1 }
      return bytes.last.map { $0 == Self.lineFeed } ?? true
    }
    lineCount = count + (endsLine ? 0 : 1)
  }

  /// Output of these lines, each ended.
  public init(lines: [String]) {
    self.init(lines.map { $0 + "\n" }.joined())
  }

  private static let lineFeed = UInt8(ascii: "\n")

  /// Calls `body` with each line's bytes, in order, until it returns false.
  private func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
    var copy = text
    copy.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        let end = bytes[start...].firstIndex(of: Self.lineFeed) ?? bytes.count
        guard body(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return }
        start = end + 1
      }
    }
  }

  /// The first `limit` lines, whole.
  public func lines(upTo limit: Int = .max) -> [String] {
    var lines: [String] = []
    forEachLine { bytes in
      guard lines.count < limit else { return false }
      lines.append(String(decoding: bytes, as: UTF8.self))
      return true
    }
    return lines
  }

  /// What an outcome keeps of it: its first `shownLines` lines, each cut at `shownColumns`, and
  /// then — when that left anything out — a line counting what is not shown, with the digest
  /// of the whole, so that outputs that differ only there are still different outcomes.
  public var shown: [String] {
    var lines: [String] = []
    var cutAny = false
    forEachLine { bytes in
      guard lines.count < Self.shownLines else { return false }
      let (line, wasCut) = Self.shownLine(bytes)
      cutAny = cutAny || wasCut
      lines.append(line)
      return true
    }
    let more = lineCount - lines.count
    guard cutAny || more > 0 else { return lines }
    let left = more > 0 ? "and \(more) more line\(more == 1 ? "" : "s")" : "lines cut"
    return lines + ["… \(left) (digest \(digest))"]
  }

  /// A line of output as it is shown: cut at `shownColumns` with `…`, read from its first bytes
  /// only — a character is at most a few scalars here (`cut`), each at most 4 bytes — so a line
  /// of 64 MB is not made text whole. Whether it was cut.
  package static func shownLine(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, cut: Bool) {
    let widest = shownColumns * 16
    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(widest)), as: UTF8.self)
    let kept = cut(line, toWidth: shownColumns)
    guard bytes.count > widest else { return (kept, kept != line) }
    return (kept == line ? line + "…" : kept, true)
  }

  /// What tells two runs' outputs apart, with `problem` (how the run ended badly, if it did):
  /// their bytes, by digest — not Swift's `==`, which calls "K" and the Kelvin sign equal.
  public func outcomeKey(problem: String?) -> String {
    "\(lineCount) \(digest)" + (problem.map { "\u{0}" + $0 } ?? "")
  }

  /// FNV-1a, 64 bits, of the whole text, in hex: the same on every machine.
  public var digest: String { FNV1a.of(text).fixedHex }

  /// Whether its lines are what `match` asks for, read from the whole text: `{"count": N}` by
  /// the count, `{"contains": LINE}` line by line, a list or `{"anyOrder": […]}` only when it
  /// has as many lines as the rule (a rule's lines are few). A line is its bytes, as a terminal
  /// shows it: "K" and the Kelvin sign, "é" and "e" with a combining accent, are other lines,
  /// though Swift's `==` calls them equal.
  public func matches(_ match: ValueMatch) -> Bool {
    switch match {
    case .count(let count): return Int64(lineCount) == count
    case .contains(.string(let wanted)): return contains(wanted)
    case .contains: return false
    case .equals(.list(let items)):
      guard items.count == lineCount, let wanted = Self.texts(items) else { return false }
      return zip(lines(), wanted).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    case .anyOrder(let items):
      guard items.count == lineCount, let wanted = Self.texts(items) else { return false }
      var left: [[UInt8]: Int] = [:]
      for line in wanted { left[Array(line.utf8), default: 0] += 1 }
      for line in lines() {
        let bytes = Array(line.utf8)
        guard let count = left[bytes], count > 0 else { return false }
        left[bytes] = count - 1
      }
      return true
    case .equals: return false
    }
  }

  /// A rule's items as text; nil when one is not text.
  private static func texts(_ items: [Value]) -> [String]? {
    var texts: [String] = []
    for item in items {
      guard case .string(let text) = item else { return nil }
      texts.append(text)
    }
    return texts
  }

  /// Whether a line's bytes are `wanted`'s.
  private func contains(_ wanted: String) -> Bool {
    let wantedBytes = Array(wanted.utf8)
    var found = false
    forEachLine { bytes in
      found = bytes.elementsEqual(wantedBytes)
      return !found
    }
    return found
  }
}
