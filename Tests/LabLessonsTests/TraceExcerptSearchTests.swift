import Testing

@testable import LabLessons

/// An excerpt is found in a run's output by Knuth–Morris–Pratt (trying every start in turn took
/// a minute for 11,000 alike lines): the same answer as trying every start, on every small case.
@Suite struct TraceExcerptSearchTests {
  /// Trying every start in turn: the first full match at or after `from`, else the earliest of
  /// the longest partial ones.
  static func everyStart(_ pattern: [Int], in text: [Int], from: Int) -> (Int, Int) {
    var best = (-1, 0)
    for start in from..<max(from, text.count) {
      var matched = 0
      while matched < pattern.count, start + matched < text.count,
        text[start + matched] == pattern[matched]
      {
        matched += 1
      }
      if matched == pattern.count { return (start, matched) }
      if matched > best.1 { best = (start, matched) }
    }
    return best
  }

  @Test func findsWhatTryingEveryStartFinds() {
    var generator = SplitMix(seed: 7)
    for _ in 0..<20_000 {
      let text = (0..<Int(generator.next() % 12)).map { _ in Int(generator.next() % 3) }
      let pattern = (0..<Int(1 + generator.next() % 5)).map { _ in Int(generator.next() % 3) }
      let from = Int(generator.next() % UInt64(text.count + 1))
      let found = TraceExcerpt.search(pattern, in: text, from: from)
      let expected = Self.everyStart(pattern, in: text, from: from)
      #expect(
        found.start == expected.0 && found.matched == expected.1,
        "\(pattern) in \(text) from \(from)")
    }
  }

  @Test func aMismatchAfterManyAlikeLinesNamesTheLineAfterThem() {
    let output = (Array(repeating: "0 main root log x", count: 500) + ["0 main root end"])
      .joined(separator: "\n")
    let excerpt = TraceExcerpt(
      lines: Array(repeating: "0 main root log x", count: 300) + ["0 main root log y"], line: 1,
      run: 0)
    #expect(
      excerpt.mismatch(in: output)
        == "line 302: after '0 main root log x' the run prints '0 main root log x', not "
        + "'0 main root log y'")
  }
}

/// A small seeded generator, so the cases are the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
