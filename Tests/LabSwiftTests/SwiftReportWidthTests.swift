import Foundation
import Testing

@testable import LabSwift

/// `lab swift NAME --check` on a terminal: the compiler's diagnostics and the lab's sentences
/// wrap at word boundaries, short lines (a source excerpt's columns) stay as written.
struct SwiftReportWidthTests {
  static let diagnostics = """
    /tmp/racy-counter/main.swift:25:9: error: mutation of captured var 'counter' in concurrently-executing code
    23 |   await withTaskGroup(of: Void.self) { group in
       |         `- error: mutation of captured var 'counter' in concurrently-executing code

    """

  @Test(arguments: [60, 80]) func theReportFitsAndKeepsEveryWord(_ columns: Int) {
    let refused = SwiftCompiler.Verdict(
      compiled: false, diagnostics: Self.diagnostics, executable: nil)
    let built = SwiftCompiler.Verdict(compiled: true, diagnostics: "", executable: nil)
    var check = SwiftCheck(
      scenario: "racy-counter", showsRace: true, swift6: refused, swift5: built)
    check.swift5Run = "counter = 2"
    let fitted = check.report(columns: columns)
    let lines = fitted.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count < columns }, "\(fitted)")
    #expect(lines.contains("23 |   await withTaskGroup(of: Void.self) { group in"))
    let words = { (text: String) in text.split(whereSeparator: \.isWhitespace) }
    #expect(words(fitted) == words(check.report), "the same words, only the breaks moved")
    #expect(check.report(columns: Int?.none) == check.report)
  }
}
