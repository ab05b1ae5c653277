import Foundation
import Testing

@testable import LabSwift

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A module cache's lock whose builder is gone, or that is older than any build, is removed
/// before a compile: with process IDs reused, a killed builder's lock stalled compiles 90 s a
/// module while another process had its ID.
struct ModuleCacheLockTests {
  /// The ID of a process that has ended and been reaped.
  static func goneID() throws -> pid_t {
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { for word in argv { free(word) } }
    try #require(posix_spawn(&pid, "/bin/true", nil, nil, argv, nil) == 0)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return pid
  }

  @Test func staleLocksGoAndLiveOnesStay() throws {
    let cache = FileManager.default.temporaryDirectory
      .appendingPathComponent("module-cache-\(UUID().uuidString)")
    let hashed = cache.appendingPathComponent("2S57F1FP5L1DY")
    try FileManager.default.createDirectory(at: hashed, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: cache) }
    let host = ModuleCacheLocks.hostName
    let locks: [(name: String, text: String, age: TimeInterval, stays: Bool)] = [
      ("Gone.pcm.lock", "\(host) \(try Self.goneID())", 0, false),
      ("Live.pcm.lock", "\(host) \(getpid())", 0, true),
      ("LiveButOld.pcm.lock", "\(host) \(getpid())", 600, false),
      ("OtherHost.pcm.lock", "elsewhere 1", 0, true),
      ("Unreadable.pcm.lock", "not a lock", 0, true),
      ("Glibc-X.pcm", "\(host) 1", 600, true),
    ]
    for lock in locks {
      let file = (lock.name.hasPrefix("Gone") ? cache : hashed).appendingPathComponent(lock.name)
      try Data(lock.text.utf8).write(to: file)
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-lock.age)], ofItemAtPath: file.path)
    }
    #expect(ModuleCacheLocks.clearStale(in: cache) == 2)
    for lock in locks {
      let file = (lock.name.hasPrefix("Gone") ? cache : hashed).appendingPathComponent(lock.name)
      #expect(FileManager.default.fileExists(atPath: file.path) == lock.stays, "\(lock.name)")
    }
  }

  /// The form Clang writes, read back; anything else is no owner.
  @Test func aLockNamesItsHostAndProcess() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("lock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("vm 7664".utf8).write(to: file)
    let owner = try #require(ModuleCacheLocks.owner(of: file))
    #expect(owner.host == "vm" && owner.pid == 7664)
    try Data("vm -3".utf8).write(to: file)
    #expect(ModuleCacheLocks.owner(of: file) == nil)
  }
}
