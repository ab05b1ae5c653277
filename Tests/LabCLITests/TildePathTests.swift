import Foundation
import LabTestSupport
import Testing

/// A path typed as `~/…` in quotes names the folder `~` where the lab runs, as it does for `cat`:
/// the lab read and wrote such paths under the account's home instead (Foundation's tilde
/// expansion), though a shell had already expanded every `~` it meant.
@Suite struct TildePathTests {
  @Test func aQuotedTildePathIsReadAndWrittenWhereTheLabRuns() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-tilde-\(UUID().uuidString)")
    let tilde = folder.appendingPathComponent("~")
    try FileManager.default.createDirectory(
      at: tilde.appendingPathComponent("out"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = TestSupport.packageRoot.appendingPathComponent(
      "Scenarios/02-async-await/async-download.json")
    try FileManager.default.copyItem(at: source, to: tilde.appendingPathComponent("t.json"))
    let validate = try TestSupport.runLab(["validate", "~/t.json"], directory: folder)
    #expect(validate.status == 0, "\(validate.err)")
    let run = try TestSupport.runLab(
      ["run", "~/t.json", "--html", "~/out/o.html"], directory: folder)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      FileManager.default.fileExists(atPath: tilde.appendingPathComponent("out/o.html").path))
  }
}
