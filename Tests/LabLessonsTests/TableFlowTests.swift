import Foundation
import Testing

@testable import LabLessons

/// Markdown tables on a terminal: columns aligned, and a table wider than the line narrowed, its
/// cells wrapped at words inside their columns, never cut by the terminal.
@Suite struct TableFlowTests {
  /// Lesson 12's table: 127 columns as written.
  static let table = [
    "| | Combine pipeline | async/await task |",
    "| --- | --- | --- |",
    "| fewer requests | `debounce`, `removeDuplicates`: one operator each "
      + "| a sleep at the start of the task, a comparison by hand |",
    "| only the latest answer | `switchToLatest` "
      + "| cancel the previous task, and check for cancellation before writing |",
  ]

  static func words(_ lines: [String]) -> [String] {
    lines.joined(separator: " ").split(separator: " ").map(String.init)
      .filter { !$0.allSatisfy { $0 == "|" || $0 == "-" || $0 == "─" } }
      .map { $0.replacingOccurrences(of: "`", with: "") }
  }

  @Test func aTableThatFitsIsAlignedWithItsSeparatorDrawn() {
    let lines = TextFlow.reflow(["| a | bb |", "| --- | --- |", "| ccc | d |"], width: 80)
    #expect(lines == ["a    bb", "───  ──", "ccc  d"])
  }

  @Test(arguments: [40, 60, 80])
  func aWideTableWrapsItsCellsWithinTheWidth(width: Int) {
    let lines = TextFlow.reflow(Self.table, width: width)
    #expect(lines.allSatisfy { $0.count <= width }, "\(lines.joined(separator: "\n"))")
    // Every word is still whole when the columns have room for the longest ones.
    if width >= 60 { #expect(Set(Self.words(lines)) == Set(Self.words(Self.table))) }
    // A code span never spans two lines: the terminal's Markdown pairs backticks per line.
    #expect(lines.allSatisfy { $0.filter { $0 == "`" }.count % 2 == 0 }, "\(lines)")
    // Rows are apart when cells wrap, so a reader tells one row from the next.
    #expect(lines.contains(""))
  }

  @Test func pipesInsideCodeSpansAreNotColumns() {
    let lines = TextFlow.reflow(["| `a | b` | c |", "| --- | --- |"], width: 80)
    #expect(lines == ["`a | b`  c", "───────  ─"])
  }

  @Test func aCodeSpanBrokenBeforeItsClosingBacktickStaysBalanced() {
    #expect(
      TableFlow.balancedCode(["`removeDuplicates", "`: one"]) == ["`removeDuplicates`", ": one"])
    #expect(TableFlow.balancedCode(["`a b", "c` d"]) == ["`a b`", "`c` d"])
  }
}
