import Foundation

/// Where the lab compiles scenarios' programs: the user's own cache, never the course's folder.
/// A course is someone else's files: a binary it shipped under `.build/lab-native/` would have
/// been taken for a cached build and run, and a link it shipped under `.build/lab-swift/` would
/// have had the compiler write through it (docs/security.md).
public enum BuildFolder {
  /// `$LAB_CACHE` when set; else `$XDG_CACHE_HOME/concurrency-lab`, else
  /// `~/.cache/concurrency-lab`; else the temporary folder's `concurrency-lab-UID`.
  public static func root(environment: [String: String]) -> URL {
    if let chosen = environment["LAB_CACHE"], chosen.hasPrefix("/") {
      return URL(fileURLWithPath: chosen, isDirectory: true)
    }
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache, isDirectory: true)
        .appendingPathComponent("concurrency-lab", isDirectory: true)
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".cache/concurrency-lab", isDirectory: true)
    }
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("concurrency-lab-\(getuid())", isDirectory: true)
  }

  /// The folder `kind` (`native`, `swift`) under the root, made if missing: only the user may
  /// write in it (0700), and it must be a folder of the user's, not a link to one.
  public static func folder(_ kind: String, environment: [String: String]) throws -> URL {
    let folder = root(environment: environment).appendingPathComponent(kind, isDirectory: true)
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var info = stat()
    guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
      info.st_uid == getuid(), info.st_mode & 0o022 == 0
    else {
      throw BuildFolderError(
        "\(folder.path) is not a folder of yours that only you can write to; remove it, or set "
          + "LAB_CACHE to another folder")
    }
    return folder
  }
}

public struct BuildFolderError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
