import Foundation
import LabTestSupport
import Testing

/// A path is its bytes to the commands too: two topic folders spelled `café` apart — composed and
/// decomposed, which Swift's `==` calls equal — are two folders, and each file in them is read.
@Suite struct CanonicalPathCommandTests {
  @Test func validateReadsBothOfTwoFoldersSpelledAlike() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-canonical-cli-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let text = #"{"format": 1, "title": "t", "threads": 1, "steps": [{"log": "hi"}]}"#
    for folder in ["caf\u{E9}", "cafe\u{301}"] {
      let url = root.appendingPathComponent("Scenarios/\(folder)/x.json")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    let result = try TestSupport.runLab(["validate", "Scenarios/"], directory: root)
    // Both read: the second is named as the first's twin, where it was never read at all.
    #expect(result.status == 1, "\(result.out)")
    #expect(result.out.hasSuffix("1 valid, 1 invalid\n"), "\(result.out)")
    #expect(result.err.contains("the scenario 'x' is also"), "\(result.err)")
  }
}
