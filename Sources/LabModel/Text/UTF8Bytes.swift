#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text read as its UTF-8 bytes, for the work done on every event of a trace: walking a
/// `String`'s views costs a call per scalar or byte, where a loop over its contiguous bytes costs
/// a few instructions (a 1,000-character line: about 4 µs through the scalar view to find where
/// to cut it, against well under 1 µs here).
extension String {
  /// Whether two texts are the same bytes. Swift's `==` calls "K" and the Kelvin sign equal
  /// (canonical equivalence, which also makes any text past ASCII slow to compare); a run that
  /// printed one did not print the other.
  package func hasSameBytes(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var a = self
    var b = other
    return a.withUTF8 { x in
      b.withUTF8 { y in
        x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
      }
    }
  }

  /// Where the scalar after the first `count` begins, in bytes; nil when the text has no more
  /// than `count` scalars. A scalar begins at every byte that is not a UTF-8 continuation byte
  /// (`10xxxxxx`), and a `String`'s bytes are always valid UTF-8.
  package func utf8Offset(ofScalar count: Int) -> Int? {
    // No more bytes than scalars: a text of at most `count` bytes has nothing past them.
    guard count >= 0, utf8.count > count else { return nil }
    var text = self
    return text.withUTF8 { bytes -> Int? in
      // Most texts are ASCII where they are cut: with no continuation byte among the first
      // `count` bytes nor right after them, each of those bytes begins a scalar and the cut is at
      // byte `count` (a loop the compiler can run many bytes at a time). A lead byte last among
      // them has its continuation right after: that is why the byte after is read too.
      var continuations = 0
      for byte in UnsafeBufferPointer(rebasing: bytes[..<count]) {
        continuations &+= byte & 0xC0 == 0x80 ? 1 : 0
      }
      if continuations == 0, bytes[count] & 0xC0 != 0x80 { return count }
      var seen = 0
      for offset in bytes.indices where bytes[offset] & 0xC0 != 0x80 {
        if seen == count { return offset }
        seen += 1
      }
      return nil
    }
  }
}
