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

  /// Every sequence of up to 7 lines of two kinds, searched for every pattern of up to 4 such
  /// lines, from every start.
  @Test func findsWhatTryingEveryStartFinds() {
    func all(upTo length: Int) -> [[Int]] {
      (0...length).flatMap { count in
        (0..<(1 << count)).map { bits in (0..<count).map { (bits >> $0) & 1 } }
      }
    }
    let patterns = all(upTo: 4).filter { !$0.isEmpty }
    for text in all(upTo: 7) {
      for pattern in patterns {
        for from in 0...text.count {
          let found = TraceExcerpt.search(pattern, in: text, from: from)
          let expected = Self.everyStart(pattern, in: text, from: from)
          #expect(
            found.start == expected.0 && found.matched == expected.1,
            "\(pattern) in \(text) from \(from)")
        }
      }
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
