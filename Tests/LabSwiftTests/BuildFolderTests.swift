import Foundation
import Testing

@testable import LabSwift

/// Programs are built in the user's cache, never in the course's folder, where a course could
/// ship a binary for `--native` to take as a cached build (docs/security.md).
@Suite struct BuildFolderTests {
  static func scratch() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("lab-cache-\(UUID().uuidString)")
  }

  @Test func theBuildFolderIsTheUsersCacheNeverTheWorkingFolder() throws {
    let cache = Self.scratch()
    defer { try? FileManager.default.removeItem(at: cache) }
    let folder = try BuildFolder.folder("native", environment: ["XDG_CACHE_HOME": cache.path])
    #expect(folder.path == cache.appendingPathComponent("concurrency-lab/native").path)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    let home = BuildFolder.root(environment: ["HOME": "/home/learner"])
    #expect(home.path == "/home/learner/.cache/concurrency-lab")
    // Relative settings are no folder of the user's: the course's folder would be the base.
    let relative = BuildFolder.root(environment: ["XDG_CACHE_HOME": ".build", "HOME": "/h"])
    #expect(relative.path == "/h/.cache/concurrency-lab")
  }

  /// A LAB_CACHE the user names is made only in a folder that exists: a mistyped path is said,
  /// not made folder by folder (`mkdir -p` made a chain, an escape in its name included).
  @Test func aNamedCacheIsMadeOnlyInAFolderThatExists() throws {
    let scratch = Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let deep = scratch.appendingPathComponent("a/b/c")
    #expect {
      try BuildFolder.folder("native", environment: ["LAB_CACHE": deep.path])
    } throws: { error in
      "\(error)".contains("does not exist; make that folder first")
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.path))
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let one = scratch.appendingPathComponent("cache")
    let folder = try BuildFolder.folder("native", environment: ["LAB_CACHE": one.path])
    #expect(folder.path == one.appendingPathComponent("native").path)
  }

  /// A relative LAB_CACHE would be a folder of whatever course the lab runs in: refused with
  /// what to set, not passed over for the default.
  @Test func aRelativeCacheIsRefusedNotIgnored() {
    #expect(throws: BuildFolderError.self) {
      try BuildFolder.folder("native", environment: ["LAB_CACHE": "relative/cache"])
    }
    do {
      _ = try BuildFolder.folder("native", environment: ["LAB_CACHE": "relative/cache"])
    } catch {
      #expect("\(error)".contains("a relative path; set it to an absolute folder"), "\(error)")
    }
  }

  @Test func aFolderOthersCanWriteToIsRefused() throws {
    let cache = Self.scratch()
    defer { try? FileManager.default.removeItem(at: cache) }
    let shared = cache.appendingPathComponent("swift")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    #expect(chmod(shared.path, 0o777) == 0)
    #expect(throws: BuildFolderError.self) {
      try BuildFolder.folder("swift", environment: ["LAB_CACHE": cache.path])
    }
    // A link in the folder's place is refused too: the compiler would write through it.
    try FileManager.default.removeItem(at: shared)
    try FileManager.default.createSymbolicLink(
      at: shared, withDestinationURL: FileManager.default.temporaryDirectory)
    #expect(throws: BuildFolderError.self) {
      try BuildFolder.folder("swift", environment: ["LAB_CACHE": cache.path])
    }
  }

  /// The records of what the lab built live under LAB_CACHE: in the course the lab runs in, the
  /// course could ship records for its own "builds". A cache in the course, or a link into it,
  /// is refused, and nothing is made there; a folder beside the course is a cache like any.
  @Test func aCacheInsideTheCourseIsRefused() throws {
    let scratch = Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let course = scratch.appendingPathComponent("course")
    try FileManager.default.createDirectory(
      at: course.appendingPathComponent("Scenarios/.build"), withIntermediateDirectories: true)
    let link = scratch.appendingPathComponent("into-course")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: course)
    for named in [
      course.path, course.appendingPathComponent("cache").path,
      course.appendingPathComponent("Scenarios/.build/cache").path,
      link.appendingPathComponent("cache").path,
    ] {
      do {
        _ = try BuildFolder.folder(
          "native", environment: ["LAB_CACHE": named, "LAB_ROOT": course.path])
        Issue.record("\(named) was taken as a cache")
      } catch {
        #expect("\(error)".contains("inside the course at"), "\(error)")
        #expect("\(error)".contains("set it to a folder outside every course"), "\(error)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: course.appendingPathComponent("cache").path))
    let beside = scratch.appendingPathComponent("cache")
    let folder = try BuildFolder.folder(
      "native", environment: ["LAB_CACHE": beside.path, "LAB_ROOT": course.path])
    #expect(folder.path == beside.appendingPathComponent("native").path)
  }

  /// XDG_CACHE_HOME moves the cache as LAB_CACHE does, and is held to the same rules: a folder
  /// of the user's only they can write to, not a link, made only in a folder that exists, and
  /// outside the course (a round found each of these accepted, and a chain of folders made).
  @Test func xdgCacheHomeIsHeldToTheSameRules() throws {
    let scratch = Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let course = scratch.appendingPathComponent("course")
    try FileManager.default.createDirectory(
      at: course.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
    let shared = scratch.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    #expect(chmod(shared.path, 0o777) == 0)
    let link = scratch.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: scratch.appendingPathComponent("elsewhere"))
    try FileManager.default.createDirectory(
      at: scratch.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    for (named, says) in [
      (shared.path, "only you can write to"), (link.path, "only you can write to"),
      (scratch.appendingPathComponent("typo/cache").path, "does not exist; make that folder"),
      (course.appendingPathComponent(".cache").path, "inside the course at"),
    ] {
      do {
        _ = try BuildFolder.folder(
          "native", environment: ["XDG_CACHE_HOME": named, "LAB_ROOT": course.path])
        Issue.record("\(named) was taken as a cache")
      } catch {
        #expect("\(error)".contains(says), "\(named): \(error)")
        #expect("\(error)".contains("XDG_CACHE_HOME"), "\(error)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("typo").path))
    #expect(!FileManager.default.fileExists(atPath: course.appendingPathComponent(".cache").path))
    // The home folder's cache too, when the home folder is the course's.
    do {
      _ = try BuildFolder.folder(
        "native", environment: ["HOME": course.path, "LAB_ROOT": course.path])
      Issue.record("a cache inside the course was taken")
    } catch {
      #expect("\(error)".contains("is inside the course at"), "\(error)")
      #expect("\(error)".contains("set LAB_CACHE to a folder outside every course"), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: course.appendingPathComponent(".cache").path))
  }

  /// LAB_NATIVE_CACHE, named outright, is held to the same rule: inside the course it is
  /// refused (a course shipped a link there, and the lab wrote a program's source and binary
  /// wherever it led). And a compile writes only into a folder of the user's own, never
  /// through a link in a build folder's place.
  @Test func aNativeCacheInsideTheCourseIsRefusedAndNoBuildGoesThroughALink() throws {
    let scratch = Self.scratch()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let course = scratch.appendingPathComponent("course")
    let shipped = course.appendingPathComponent("shipped-cache")
    try FileManager.default.createDirectory(
      at: course.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: shipped, withIntermediateDirectories: true)
    do {
      _ = try BuildFolder.chosen(
        shipped, variable: "LAB_NATIVE_CACHE", environment: ["LAB_ROOT": course.path])
      Issue.record("a cache inside the course was taken")
    } catch {
      #expect("\(error)".contains("LAB_NATIVE_CACHE names"), "\(error)")
      #expect("\(error)".contains("inside the course at"), "\(error)")
    }
    let beside = scratch.appendingPathComponent("native")
    #expect(
      try BuildFolder.chosen(
        beside, variable: "LAB_NATIVE_CACHE", environment: ["LAB_ROOT": course.path]) == beside)
    let victim = scratch.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
    let linked = beside.appendingPathComponent("hello-1234")
    try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: victim)
    let compiler = try #require(
      SwiftCompiler.find(environment: ProcessInfo.processInfo.environment))
    #expect(throws: BuildFolderError.self) {
      _ = try compiler.compile("print(1)", name: "hello", mode: 6, in: linked)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path).isEmpty)
  }
}
