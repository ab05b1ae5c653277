import Foundation
import LabChecks
import LabModel
import Testing

/// An output plan tells its paths apart by their bytes, as the file system does: two spellings
/// Swift's `==` calls equal (`café` composed and decomposed) are two files and two folders.
@Suite struct OutputPlanBytePathTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  static func scratch() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
    return root
  }

  @Test func twoFilesSpelledAlikeAreTwoFiles() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(Self.composed == Self.decomposed)
    var plan = OutputPlan()
    plan.file(root.path + "/" + Self.composed + ".html", replaces: .nothing)
    plan.file(root.path + "/" + Self.decomposed + ".html", replaces: .nothing)
    #expect(plan.refusal() == nil)
  }

  @Test func aFolderSpelledLikeAPlannedOneIsNotPlanned() throws {
    let root = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: root) }
    var plan = OutputPlan()
    plan.folder(root.path + "/" + Self.composed)
    plan.file(root.path + "/" + Self.decomposed + "/x.html", replaces: .nothing)
    let refusal = try #require(plan.refusal())
    #expect(refusal.contains("no folder"), "\(refusal)")
  }

  @Test func aPathIsItsBytes() {
    #expect(BytePath(Self.composed) != BytePath(Self.decomposed))
    #expect(BytePath("\u{212A}") != BytePath("K"))
    #expect(BytePath(standardized: URL(fileURLWithPath: "/a/./b")) == BytePath("/a/b"))
  }
}
