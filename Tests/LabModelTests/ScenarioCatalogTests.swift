import Foundation
import LabModel
import Testing

/// How a report names each scenario file of a course: by the name `resolve` finds it by, else by
/// its path — worked out for every file at once (`arguments(for:)`), as `lab check` does.
@Suite struct ScenarioCatalogTests {
  @Test func aNameSharedByTwoFilesIsGivenAsPathsAndAUniqueOneAsTheName() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-catalog-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    for path in ["a/twin.json", "b/twin.json", "c/only.json", "c/odd.json.json"] {
      let url = root.appendingPathComponent("Scenarios/\(path)")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: url)
    }
    let catalog = ScenarioCatalog(root: root)
    let files = catalog.allScenarioFiles()
    let arguments = catalog.arguments(for: files)
    #expect(
      arguments == [
        "Scenarios/a/twin.json", "Scenarios/b/twin.json", "Scenarios/c/odd.json.json", "only",
      ])
    // The same as resolving each name one at a time.
    for (file, argument) in zip(files, arguments) where !argument.hasPrefix("Scenarios/") {
      #expect(catalog.resolve(argument) == .file(file))
    }
    // A file outside the folder is named by its path.
    let outside = URL(fileURLWithPath: "/tmp/only.json")
    #expect(catalog.arguments(for: [outside]) == ["/tmp/only.json"])
  }
}
