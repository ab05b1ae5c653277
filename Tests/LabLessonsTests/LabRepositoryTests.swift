import Foundation
import Testing

@testable import LabLessons

/// The repository a course's CI clones reaches YAML and a shell: only a validated URL gets there.
@Suite struct LabRepositoryTests {
  @Test(arguments: [
    ("https://github.com/me/concurrency-lab", "https://github.com/me/concurrency-lab"),
    ("https://github.com/me/concurrency-lab.git/", "https://github.com/me/concurrency-lab.git"),
    ("git@github.com:me/concurrency-lab.git", "https://github.com/me/concurrency-lab.git"),
    ("https://git.example.org/teaching/swift/lab", "https://git.example.org/teaching/swift/lab"),
  ])
  func aCloneableURLIsKeptInItsHttpsForm(text: String, url: String) {
    #expect(LabRepository(validating: text)?.url == url)
    #expect(LabRepository.problem(text) == nil)
  }

  @Test(arguments: [
    "", "github.com/me/lab", "http://github.com/me/lab", "file:///etc/passwd", "/work/lab",
    "https://github.com/me/lab\n    - run: curl evil", "https://github.com/$(touch pwned)/lab",
    "https://github.com/me/lab`id`", "https://github.com/me/lab'", "https://github.com/me/lab\"",
    "https://github.com/me/lab # comment", "https://github.com:22/me/lab", "https://github.com",
    "https://-oProxyCommand=x/me/lab", "https://github.com/../etc", "https://localhost/me/lab",
    "https://github.com/me/${{ secrets.TOKEN }}", "git@github.com:", "https://github.com//lab",
  ])
  func anythingElseIsRefusedWithWhatToGive(text: String) {
    #expect(LabRepository(validating: text) == nil)
    #expect(
      LabRepository.problem(text)?.hasSuffix(
        "give an https URL such as https://github.com/OWNER/concurrency-lab (letters, digits "
          + "and . _ ~ - / only)") == true)
  }

  /// A package folder with a `.git` folder (a clone) or a `.git` file (a worktree of one).
  static func package(origin: String, worktree: Bool) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-git-\(UUID())")
    let clone = root.appendingPathComponent("clone/.git")
    try FileManager.default.createDirectory(
      at: clone.appendingPathComponent("worktrees/side"), withIntermediateDirectories: true)
    try """
    [core]
    \tbare = false
    [remote "upstream"]
    \turl = https://github.com/someone-else/lab
    [remote "origin"]
    \turl = \(origin)
    \tfetch = +refs/heads/*:refs/remotes/origin/*

    """.write(to: clone.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    guard worktree else { return clone.deletingLastPathComponent() }
    let side = root.appendingPathComponent("side")
    try FileManager.default.createDirectory(at: side, withIntermediateDirectories: true)
    try "gitdir: \(clone.path)/worktrees/side\n".write(
      to: side.appendingPathComponent(".git"), atomically: true, encoding: .utf8)
    try "../..\n".write(
      to: clone.appendingPathComponent("worktrees/side/commondir"), atomically: true,
      encoding: .utf8)
    return side
  }

  @Test(arguments: [false, true])
  func theOriginOfTheCloneTheLabWasBuiltFromIsFound(worktree: Bool) throws {
    let found = try Self.package(origin: "git@github.com:me/lab.git", worktree: worktree)
    #expect(LabRepository.origin(ofPackage: found)?.url == "https://github.com/me/lab.git")
    let local = try Self.package(origin: "/home/me/lab", worktree: worktree)
    #expect(LabRepository.origin(ofPackage: local) == nil)
    let none = FileManager.default.temporaryDirectory.appendingPathComponent("lab-none-\(UUID())")
    #expect(LabRepository.origin(ofPackage: none) == nil)
  }
}
