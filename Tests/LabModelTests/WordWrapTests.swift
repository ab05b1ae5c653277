import LabModel
import Testing

/// The one word-boundary wrapper: lines never pass the width, words are never split unless one
/// is wider than a whole line, and a code span stays whole while it fits.
struct WordWrapTests {
  static let text =
    "the schedule that replays it was found by the search, which stopped at its budget "
    + "before every interleaving was tried"

  @Test(arguments: [20, 33, 60, 80]) func linesFitAndKeepEveryWordWhole(_ width: Int) {
    let lines = WordWrap.lines(Self.text, width: width, first: "FAIL  x  ", hanging: "    ")
    #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
    let words = lines.flatMap { $0.split(separator: " ") }.map(String.init)
    #expect(words == ["FAIL", "x"] + Self.text.split(separator: " ").map(String.init))
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
  }

  @Test func onlyAWordWiderThanTheLineIsBroken() {
    let url = String(repeating: "abcdefghij", count: 5)
    let lines = WordWrap.lines("see \(url) now", width: 20, hanging: "  ")
    #expect(lines.allSatisfy { $0.count <= 20 }, "\(lines)")
    #expect(lines.first == "see")
    #expect(lines.map { $0.drop { $0 == " " } }.joined().contains(url))
    #expect(lines.last == "  ghijabcdefghij now")
  }

  @Test func aCodeSpanStaysWholeUntilItIsWiderThanALine() {
    let fits = WordWrap.lines(
      "run `lab run racy-counter --seed 3` to see", width: 40, codeSpans: true)
    #expect(fits.first?.contains("`lab run racy-counter --seed 3`") == true, "\(fits)")
    let wide = WordWrap.lines(
      "then `cancelButton handles the tap (… waited 2000 ms for main)` at 3000", width: 30,
      codeSpans: true)
    #expect(wide.allSatisfy { $0.count <= 30 }, "\(wide)")
    #expect(wide.joined(separator: " ").split(separator: " ").contains("2000"))
  }

  @Test func fitLeavesALineThatFitsAsWrittenAndWrapsOneThatDoesNot() {
    #expect(WordWrap.fit("  12 |   let  x = 1", width: 30) == ["  12 |   let  x = 1"])
    let long = "    warning: main actor-isolated property 'count' can not be mutated from a task"
    let lines = WordWrap.fit(long, width: 40)
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("      ") })
  }
}

@Suite struct CodeWrapTests {
  @Test func aLongCommentGoesOnAsAComment() {
    let line = "  // priority-escalation: Awaiting a lower-priority task escalates it — but a job"
    let lines = WordWrap.fitCode(line, width: 40)
    #expect(lines.allSatisfy { $0.hasPrefix("  // ") && $0.count <= 40 }, "\(lines)")
    #expect(WordWrap.fitCode("let x = 1", width: 40) == ["let x = 1"])
  }
}

/// A word longer than many lines is broken in one pass: 250,000 letters at 30 columns took 6 s
/// on a terminal, the word counted again at every line.
@Suite struct WordWrapLongWordTests {
  @Test func aVeryLongWordIsBrokenIntoWholeLinesInOnePass() {
    let word = String(repeating: "a", count: 250_000)
    let lines = WordWrap.lines("x " + word + " y", width: 30, hanging: "  ")
    #expect(lines.first == "x")
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 30 })
    #expect(lines.map { $0.count(where: { $0 == "a" }) }.reduce(0, +) == 250_000)
    #expect(lines.last?.hasSuffix(" y") == true)
  }

  /// A letter with 30,000 combining marks is one character: wrapped whole, it was a line of
  /// 60 KB. It keeps 16 scalars and says it was cut; a family's emoji (7 scalars) stays whole.
  @Test func aCharacterOfThousandsOfMarksIsCut() {
    let flood = "e" + String(repeating: "\u{301}", count: 30_000)
    let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    let lines = WordWrap.lines("x \(flood) \(family) y", width: 30)
    #expect(
      lines.allSatisfy { $0.unicodeScalars.count <= 60 }, "\(lines.map(\.unicodeScalars.count))")
    #expect(lines.joined(separator: " ").contains(family))
    let joined = lines.joined(separator: " ")
    #expect(joined.unicodeScalars.filter { $0 == "\u{301}" }.count == 15 && joined.contains("…"))
  }
}
