import Foundation
import LabModel
import Testing

/// A path that reaches the lab starting with `~` was quoted (a shell expands `~` before): it names
/// a folder `~`, as it does for `cat` or `ls`, never the account's home, where Foundation's
/// `URL(fileURLWithPath:)` put it on Linux (reading and writing under `/root`).
@Suite struct WrittenPathTests {
  @Test(arguments: ["~/t.json", "~", "~other/x", "~/"])
  func aLeadingTildeIsAFolderOfThatName(_ path: String) {
    let base = URL(fileURLWithPath: "/tmp/course", isDirectory: true)
    let url = URL(writtenPath: path, relativeTo: base)
    #expect(url.standardizedFileURL.path.hasPrefix("/tmp/course/~"), "\(url.path)")
  }

  @Test func otherPathsAreReadAsFoundationReadsThem() {
    #expect(URL(writtenPath: "/a/~/b").path == "/a/~/b")
    #expect(URL(writtenPath: "a/b.json", isDirectory: false).lastPathComponent == "b.json")
    #expect(URL(writtenPath: "/x", isDirectory: true).hasDirectoryPath)
  }
}
