import LabLessons
import Testing

/// A lesson prints the part of a run its excerpt shows, with the lines left out counted;
/// `--full` prints every line.
struct ExcerptCutTests {
  let output = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"

  func excerpt(_ lines: [String]) -> TraceExcerpt {
    TraceExcerpt(lines: lines, line: 10, run: 0)
  }

  @Test func gapsBecomeCountsAndShortGapsStay() throws {
    let cut = try #require(
      excerpt(["line 2", "…", "line 4", "…", "line 9", "…"]).cut(output) { "[\($0) left out]" })
    // Before the first line the excerpt shows: kept (it does not start with a gap). Line 3 is a
    // gap of one line: shown, a note would be as long. 5–8: counted. 10–12: counted.
    #expect(cut == "line 1\nline 2\nline 3\nline 4\n[4 left out]\nline 9\n[3 left out]\n")
  }

  @Test func aLeadingGapHidesTheStartAndNoTrailingGapKeepsTheEnd() throws {
    let cut = try #require(excerpt(["…", "line 6", "line 7"]).cut(output) { "[\($0)]" })
    #expect(cut == "[5]\nline 6\nline 7\nline 8\nline 9\nline 10\nline 11\nline 12\n")
  }

  @Test func anExcerptTheRunDoesNotPrintCutsNothing() {
    #expect(excerpt(["line 3", "line 5"]).cut(output) { "\($0)" } == nil)
    #expect(excerpt(["line 3", "line 5"]).mismatch(in: output) != nil)
  }

  @Test func lessonFourShowsItsExcerptAndFullShowsEveryLine() {
    let cut = InProcessLab.run(["lesson", "4"])
    #expect(cut.status == 0, "\(cut.err)")
    #expect(cut.out.contains("… 63 more lines · every line: lab lesson 4 --full\n"))
    let full = InProcessLab.run(["lesson", "4", "--full"])
    #expect(full.status == 0)
    #expect(!full.out.contains("more line"))
    #expect(!full.out.contains("rounds like this"), "--full does not fold repeats either")
    let lines = (cut.out.split(separator: "\n").count, full.out.split(separator: "\n").count)
    #expect(lines.0 < 300 && lines.1 > 400, "lesson 4: \(lines.0) lines cut, \(lines.1) in full")
  }
}
