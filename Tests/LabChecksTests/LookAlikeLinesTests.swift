import Foundation
import LabChecks
import LabChecksTestSupport
import Testing

extension ExpectationsTests {
  @Suite struct LookAlikeLines {
    /// Lines that differ by a character that looks like another (a no-break space, a figure
    /// space, a Cyrillic letter) print alike: the report names the first such character.
    @Test(arguments: [
      ("returned 2", "returned\u{A0}2", "character 47: U+00A0 in the file, U+0020 in the run"),
      ("returned 2", "returned\u{2007}2", "character 47: U+2007 in the file, U+0020 in the run"),
      ("worker-2  b", "worker-2  b", nil),
      ("returned 2", "returnеd 2", "character 45: U+0435 in the file, U+0065 in the run"),
    ])
    func linesThatLookAlikeNameWhereTheyDiffer(
      _ original: String, _ replacement: String, _ note: String?
    ) throws {
      var expected = ExpectedTrace.render(smallRun)
      let lines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let index = lines.firstIndex { $0.contains("b         end") }!
      var changed = lines.map(String.init)
      changed[index] = changed[index].replacingOccurrences(of: original, with: replacement)
      expected = changed.joined(separator: "\n")
      let report = TraceComparison(expected: try parse(expected), events: smallRun).report(
        expectedName: "s.expected", actualName: "run")
      if let note {
        #expect(report.contains("  the lines differ at " + note + "\n"), "\(report)")
      } else {
        #expect(report.isEmpty || !report.contains("the lines differ at"), "\(report)")
      }
    }
  }
}
