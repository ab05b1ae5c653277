import Foundation
import LabSwift
import LabTestSupport
import Testing

/// A cached build is run only when the lab built it, wherever the cache is: a course that ships
/// a "cached build" — or names a folder of its own as the cache — gets it rebuilt, never run;
/// and every cache location is held to the build folder's rules.
@Suite(.serialized) struct NativeCacheTrustTests {
  static let hasSwiftc = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  static func folder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url
  }

  @Test func aRecordTrustsOnlyTheBinaryTheLabNoted() throws {
    let root = try Self.folder("records")
    defer { try? FileManager.default.removeItem(at: root) }
    let records = BuildRecords(folder: root.appendingPathComponent("built"))
    try FileManager.default.createDirectory(at: records.folder, withIntermediateDirectories: true)
    let binary = root.appendingPathComponent("program")
    try Data("one".utf8).write(to: binary)
    #expect(!records.trusts(binary), "never noted")
    records.note(binary)
    #expect(records.trusts(binary))
    // The same path, another program: not the lab's.
    try FileManager.default.removeItem(at: binary)
    try Data("two".utf8).write(to: binary)
    #expect(!records.trusts(binary))
  }

  /// A refused cache location is a usage error (64), as a LAB_ROOT naming no folder is — it
  /// ended with 1, the status of a check that failed — and says what to set.
  @Test func everyCacheLocationIsHeldToTheBuildFoldersRules() throws {
    let course = try Self.folder("cache-course")
    defer { try? FileManager.default.removeItem(at: course) }
    let shared = course.appendingPathComponent("shared")
    try FileManager.default.createDirectory(
      at: shared, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
    let link = course.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: course)
    for (value, says) in [
      ("relative/cache", "is not an absolute path"), (shared.path, "only you can write to"),
      (link.path, "only you can write to"),
    ] {
      let run = InProcessLab.run(
        ["run", "async-property", "--native"],
        environment: [
          "LAB_NATIVE_CACHE": value, "LAB_CACHE": course.appendingPathComponent("c").path,
        ])
      #expect(run.status == 64, "\(value)")
      #expect(run.err.contains(says), "\(value): \(run.err)")
    }
    // LAB_CACHE itself, not only the folders made in it.
    for (value, says) in [
      (shared.path, "only you can write to"), (link.path, "only you can write to"),
      ("/dev/null", "cannot be made a folder"),
      (course.appendingPathComponent("typo/cache").path, "does not exist; make that folder first"),
    ] {
      let run = InProcessLab.run(
        ["run", "async-property", "--native"], environment: ["LAB_CACHE": value])
      #expect(run.status == 64, "\(value)")
      #expect(run.err.contains(says), "\(value): \(run.err)")
    }
    // Every command that builds says so alike: a Swift file, a fact, a native comparison.
    let missing = course.appendingPathComponent("typo/native").path
    for words in [
      ["facts", "string-equality-is-canonical"],
      ["compare", "async-property", "--vs", "--native"],
    ] {
      let run = InProcessLab.run(words, environment: ["LAB_NATIVE_CACHE": missing])
      #expect(run.status == 64, "\(words): \(run.err)")
      #expect(run.err.contains("does not exist; make that folder first"), "\(words): \(run.err)")
    }
    #expect(!FileManager.default.fileExists(atPath: course.appendingPathComponent("typo").path))
  }

  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func aBuildTheCourseShippedIsBuiltAgainNotRun() throws {
    let home = try Self.folder("cache-home")
    defer { try? FileManager.default.removeItem(at: home) }
    // The cache in a folder the course could write to, as a teacher's course might name it.
    let cache = home.appendingPathComponent("course/.build/lab-native")
    // A named cache is made only in a folder that exists: the course's `.build`, as shipped.
    try FileManager.default.createDirectory(
      at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
    let environment = [
      "LAB_NATIVE_CACHE": cache.path, "LAB_CACHE": home.appendingPathComponent("cache").path,
    ]
    // Each run compiles and runs the program; its timing check may miss on a busy machine (exit
    // 1), which says nothing of the cache.
    let first = InProcessLab.run(["run", "async-property", "--native"], environment: environment)
    #expect(first.status == 0 || first.status == 1, "\(first.out)\(first.err)")
    #expect(first.err.contains("compiled in Swift 6 mode"), "\(first.err)")
    let binaries = try FileManager.default.subpathsOfDirectory(atPath: cache.path)
      .filter { $0.hasSuffix("-swift6") }
    let binary = cache.appendingPathComponent(try #require(binaries.first))
    // The course replaces the build with its own program, in place.
    try FileManager.default.removeItem(at: binary)
    try TestSupport.writeExecutable("#!/bin/sh\necho pwned > \(home.path)/pwned\n", to: binary)
    let second = InProcessLab.run(["run", "async-property", "--native"], environment: environment)
    #expect(second.status == 0 || second.status == 1, "\(second.out)\(second.err)")
    #expect(second.err.contains("compiled in Swift 6 mode"), "built again: \(second.err)")
    #expect(second.out.contains("root      start"), "the lab's program ran: \(second.out)")
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("pwned").path))
  }
}
