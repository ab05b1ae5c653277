import Foundation
import LabTestSupport
import Testing

@testable import LabLessons

/// Lesson prose re-flowed to the terminal: never a broken word or code span, lists keep their
/// hanging indent, and nothing but a single over-long word passes the width.
@Suite struct TextFlowTests {
  static let paragraph = [
    "A task group's children run on the pool; `withThrowingTaskGroup(of: Int.self)` opens the",
    "scope and **the scope does not end** until every child has.",
  ]

  @Test func aParagraphFillsTheWidthWithoutBreakingACodeSpan() {
    let lines = TextFlow.reflow(Self.paragraph, width: 40)
    #expect(lines.allSatisfy { $0.count <= 40 || !$0.contains(" ") || $0.contains("`with") })
    #expect(lines.contains { $0.contains("`withThrowingTaskGroup(of: Int.self)`") })
    #expect(lines.joined(separator: " ") == Self.paragraph.joined(separator: " "))
  }

  @Test func listItemsKeepTheirHangingIndent() {
    let list = [
      "- **First.** One two three four five six seven eight nine ten eleven twelve.",
      "  Thirteen fourteen.",
      "12. Numbered items align under their text too, however long the number is.",
    ]
    let lines = TextFlow.reflow(list, width: 30)
    #expect(lines.first == "- **First.** One two three")
    #expect(lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.count >= 2)
    let numbered = lines.firstIndex { $0.hasPrefix("12. ") }
    #expect(numbered.map { lines[$0 + 1].hasPrefix("    ") } == true)
    #expect(lines.allSatisfy { $0.count <= 30 })
  }

  @Test func blankLinesAndCommandsStayAsWritten() {
    let block = ["> a quote", "", "$ lab run racy-counter --seed 3", "x"]
    #expect(TextFlow.reflow(block, width: 10) == block)
  }

  @Test func everyLessonReflowsWithoutLosingAWord() throws {
    let folder = TestSupport.packageRoot.appendingPathComponent("Lessons")
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".md") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      // As the terminal shows them: a link to a fact is its mark (`LessonSession.markCitations`).
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        FactCitation.replacing(in: String($0)) { _, text in text == "fact" ? "[✓1]" : text + " [✓1]"
        }
      }
      let flowed = TextFlow.reflow(lines, width: 60)
      // A table's pipes and separator row are drawn as columns and a rule (`TableFlowTests`).
      let words = { (lines: [String]) in
        lines.flatMap { $0.split(separator: " ") }.filter {
          !$0.allSatisfy { "|-─:".contains($0) }
        }
      }
      // A wrapped table's cells share lines, so its words come column by column: the same
      // words, in another order.
      if lines.contains(where: { $0.hasPrefix("|") }) {
        #expect(words(flowed).sorted() == words(lines).sorted(), "\(file)")
      } else {
        #expect(words(flowed) == words(lines), "\(file)")
      }
    }
  }
}
