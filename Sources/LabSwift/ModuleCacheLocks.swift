import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock files a module cache holds while a compiler builds a module into it (Clang's and
/// Swift's, `NAME.pcm.lock`: `HOST PID`, the builder). Every other compile that needs the module
/// waits while the builder lives — measured here, 90 s per module before it gives up and builds
/// it itself. A builder the lab killed (a compile past its limits, an interrupted run) leaves its
/// lock, and process IDs come round again quickly here (`pid_max` is 32,768 on this machine kind),
/// so another process soon has the dead builder's ID and every compile of the cache waits: a
/// three-line program stalled past the 300 s a compile may take. So before each compile the lab
/// removes the locks whose builder is gone, and those older than any module's build takes; the
/// cache stays correct either way, as Clang writes each module whole and renames it into place.
enum ModuleCacheLocks {
  /// Older than this, a lock is stale whoever has its ID now: building one of the cache's
  /// modules takes a few seconds, a minute under the slowest sanitizer.
  static let oldest: TimeInterval = 120

  /// Removes the stale locks of the cache at `folder` and its hash-named subfolders; returns how
  /// many it removed.
  @discardableResult
  static func clearStale(in folder: URL, now: Date = Date()) -> Int {
    var removed = 0
    for directory in [folder] + subfolders(of: folder) {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
      else { continue }
      for name in names where name.hasSuffix(".lock") {
        let lock = directory.appendingPathComponent(name)
        if isStale(lock, now: now), unlink(lock.path) == 0 { removed += 1 }
      }
    }
    return removed
  }

  private static func subfolders(of folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.map { folder.appendingPathComponent($0, isDirectory: true) }.filter { url in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        && isFolder.boolValue
    }
  }

  /// Whether the lock at `file` is left by a builder that is gone (this host's, whose ID no
  /// process has), or is older than `oldest`. A lock of another host's (a shared folder) is
  /// judged by its age alone.
  static func isStale(_ file: URL, now: Date) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
      attributes[.type] as? FileAttributeType == .typeRegular
    else { return false }
    if let modified = attributes[.modificationDate] as? Date,
      now.timeIntervalSince(modified) > oldest
    {
      return true
    }
    guard let owner = owner(of: file) else { return false }
    return owner.host == hostName && kill(owner.pid, 0) != 0 && errno == ESRCH
  }

  /// `HOST PID` as the lock file says it; nil for anything else.
  static func owner(of file: URL) -> (host: String, pid: pid_t)? {
    guard let data = FileManager.default.contents(atPath: file.path), data.count < 1_024
    else { return nil }
    let words = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard words.count == 2, let pid = pid_t(words[1]), pid > 0 else { return nil }
    return (String(words[0]), pid)
  }

  static let hostName: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()
}
