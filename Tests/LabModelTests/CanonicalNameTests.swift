import Foundation
import LabModel
import LabTestSupport
import Testing

/// Names and paths are bytes. Swift compares text by canonical equivalence: the Kelvin sign
/// (U+212A) is `K`, and `é` composed is `e` with a combining accent, though a file system keeps
/// each apart. Compared as text, a file named with the Kelvin sign passed as an ASCII name and made
/// the course's `K.json` ambiguous, a link to a folder beside the course spelled with it was read
/// as the course's own, and `lab validate` dropped one of two folders spelled apart.
@Suite struct CanonicalNameTests {
  static let kelvin = "\u{212A}"

  /// A course of `files` (path and text): pairs, since a dictionary's keys compare canonically.
  private func course(_ files: [(String, String)]) throws -> URL {
    try TestSupport.folder("canonical", files: files.map { (path: $0.0, text: $0.1) })
  }

  @Test func aNameIsASCIIScalarByScalar() {
    #expect(isSimpleName("K"))
    #expect(!isSimpleName(Self.kelvin))
    #expect(!isScenarioName("a\(Self.kelvin)b"))
  }

  @Test func aFileSpelledAlikeNeitherHidesNorSharesAName() throws {
    let root = try course([
      ("Scenarios/t/K.json", "{}"), ("Scenarios/t/\(Self.kelvin).json", "{}"),
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let catalog = ScenarioCatalog(root: root)
    let ascii = root.appendingPathComponent("Scenarios/t/K.json").standardizedFileURL
    #expect(catalog.resolve("K") == .file(ascii))
    #expect(catalog.sameNameProblems().isEmpty)
    #expect(catalog.arguments(for: [ascii]) == ["K"])
  }

  @Test func aLinkToAFolderSpelledLikeTheCourseIsOutsideIt() throws {
    let parent = try course([("\(Self.kelvin)/secret.json", "{}"), ("K/Scenarios/t/.keep", "")])
    defer { try? FileManager.default.removeItem(at: parent) }
    let link = parent.appendingPathComponent("K/Scenarios/t/leak.json")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: parent.appendingPathComponent("\(Self.kelvin)/secret.json"))
    #expect(CourseBoundary.problem(inCourseOf: link) != nil)
    #expect(!isPath("/a/\(Self.kelvin)/x", within: "/a/K"))
    #expect(isPath("/a/K/x", within: "/a/K"))
    #expect(isPath("/a/K", within: "/a/K"))
    #expect(isPath("/x", within: "/"))
    #expect(!isPath("/a/Kx", within: "/a/K"))
  }
}
