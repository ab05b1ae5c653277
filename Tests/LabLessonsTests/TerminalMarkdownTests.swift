import LabCommandLine
import LabModel
import LabTestSupport
import Testing

@testable import LabLessons

/// Lesson Markdown on a terminal: bold across a line break, code inside bold, and plain text
/// without colour that shows no `**`.
struct TerminalMarkdownTests {
  static let bold = "\u{1B}[1m"
  static let cyan = "\u{1B}[36m"
  static let reset = "\u{1B}[0m"

  @Test func boldThatCrossesALineBreakIsBoldOnBothLines() {
    let lines = ["A **bold phrase that", "goes on** here."]
    let colour = TerminalMarkdown.render(lines, TextStyle(color: true))
    #expect(
      colour == [
        "A \(Self.bold)bold phrase that\(Self.reset)", "\(Self.bold)goes on\(Self.reset) here.",
      ])
    #expect(
      TerminalMarkdown.render(lines, TextStyle(color: false)) == [
        "A bold phrase that", "goes on here.",
      ])
  }

  @Test func codeInsideBoldIsBoldCodeWithoutBackticks() {
    let colour = TerminalMarkdown.render(["- **`x`** is it"], TextStyle(color: true))
    #expect(colour == ["- \(Self.bold)\(Self.cyan)x\(Self.reset)\(Self.reset) is it"])
    #expect(!colour[0].contains("`") && !colour[0].contains("**"))
    #expect(
      TerminalMarkdown.render(["- **`x`** is it"], TextStyle(color: false)) == ["- `x` is it"])
  }

  @Test func anUnmatchedMarkStaysAndABlankLineEndsBold() {
    let lines = ["2 ** 3 is not bold", "", "**nor this", "", "after**"]
    #expect(TerminalMarkdown.render(lines, TextStyle(color: true)) == lines)
  }

  @Test func aCodeSpanWrappedAcrossLinesHasItsBackticksAtItsEnds() {
    let lines = ["see `one two", "  three` here"]
    #expect(TerminalMarkdown.render(lines, TextStyle(color: false)) == lines)
    let colour = TerminalMarkdown.render(lines, TextStyle(color: true))
    #expect(colour[1] == "  \(Self.cyan)three\(Self.reset) here")
  }

  /// Every bold mark the lessons write disappears, wherever the reflow breaks its line.
  @Test(arguments: [60, 80]) func everyBundledLessonPrintsNoBoldMarks(_ width: Int) throws {
    let catalog = LessonCatalog(root: TestSupport.packageRoot)
    for entry in catalog.entries() {
      let lesson = try catalog.load(entry)
      for section in lesson.sections {
        for case .text(let lines) in section.blocks {
          for colour in [true, false] {
            let shown = TerminalMarkdown.render(
              TextFlow.reflow(lines, width: width - 1), TextStyle(color: colour))
            let left = shown.filter { $0.contains("**") }
            #expect(left.isEmpty, "lesson \(lesson.number), colour \(colour): \(left)")
          }
        }
      }
    }
  }

  /// A span fenced by more backticks holds backticks (CommonMark): lesson 21's
  /// ```` ```swift-verdict ```` is one span of three backticks and a word, and the paragraph
  /// after it is plain text again, on a terminal, without colour and on the site.
  @Test func aSpanFencedByMoreBackticksHoldsBackticks() {
    let line = ["own, ```` ```swift-verdict ````: and `-o /dev/null` here; a lone ` stays."]
    #expect(
      TerminalMarkdown.render(line, TextStyle(color: true)) == [
        "own, \(Self.cyan)```swift-verdict\(Self.reset): and \(Self.cyan)-o /dev/null"
          + "\(Self.reset) here; a lone ` stays."
      ])
    #expect(TerminalMarkdown.render(line, TextStyle(color: false)) == line)
    #expect(
      CodeSpans.find(in: Array(line[0])).map(\.code) == ["```swift-verdict", "-o /dev/null"])
    #expect(WordWrap.words(line[0], codeSpans: true).contains("`-o /dev/null`"))
  }
}
