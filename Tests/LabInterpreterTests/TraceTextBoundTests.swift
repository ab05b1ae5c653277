import Testing

@testable import LabInterpreter

/// An event keeps at most `TraceEvent.maxText` Unicode scalars of its text, cut by scalar, never
/// inside one: the same cut, byte for byte, as rebuilding the text's first scalars one by one.
struct TraceTextBoundTests {
  /// What the cut must give: the first `count` scalars, rebuilt one by one.
  static func rebuilt(_ text: String, _ count: Int) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(count)))
  }

  static let limit = TraceEvent.maxText
  static let texts: [String] = [
    "", "short", String(repeating: "x", count: limit), String(repeating: "x", count: limit + 1),
    String(repeating: "é", count: limit), String(repeating: "é", count: limit + 1),
    // A combining accent as the 1,001st scalar: the cut keeps the bare letter before it.
    String(repeating: "x", count: limit - 1) + "e\u{301}tc",
    String(repeating: "🧵", count: limit + 7), String(repeating: "ab→", count: 700),
  ]

  @Test(arguments: texts)
  func aTextIsCutAtItsThousandthScalar(text: String) {
    let kept = TraceEvent.bounded(text)
    if text.unicodeScalars.count > Self.limit {
      #expect(kept == Self.rebuilt(text, Self.limit) + "…")
      #expect(Array(kept.utf8) == Array((Self.rebuilt(text, Self.limit) + "…").utf8))
      #expect(kept.unicodeScalars.count == Self.limit + 1)
    } else {
      #expect(kept == text)
    }
  }

  @Test(arguments: texts)
  func aClippedTextKeepsItsFirstScalars(text: String) {
    for count in [0, 1, 3, Self.limit] {
      let clipped = TraceEvent.clipped(text, to: count)
      // Marked only where something was cut: a thousand "é" are 2,000 bytes and no more than a
      // thousand scalars, and were once shown with a "…" that stood for nothing.
      let expected = text.unicodeScalars.count > count ? Self.rebuilt(text, count) + "…" : text
      #expect(Array(clipped.utf8) == Array(expected.utf8), "\(count)")
    }
  }
}
