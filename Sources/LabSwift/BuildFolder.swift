import Foundation
import LabModel

/// Where the lab compiles scenarios' programs: the user's own cache, never the course's folder.
/// A course is someone else's files: a binary it shipped under `.build/lab-native/` would have
/// been taken for a cached build and run, and a link it shipped under `.build/lab-swift/` would
/// have had the compiler write through it (docs/security.md).
public enum BuildFolder {
  /// `$LAB_CACHE` when set; else `$XDG_CACHE_HOME/concurrency-lab`, else
  /// `~/.cache/concurrency-lab`; else the temporary folder's `concurrency-lab-UID`.
  public static func root(environment: [String: String]) -> URL {
    if let chosen = environment["LAB_CACHE"], chosen.hasPrefix("/") {
      return URL(writtenPath: chosen, isDirectory: true)
    }
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(writtenPath: cache, isDirectory: true)
        .appendingPathComponent("concurrency-lab", isDirectory: true)
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(writtenPath: home, isDirectory: true)
        .appendingPathComponent(".cache/concurrency-lab", isDirectory: true)
    }
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("concurrency-lab-\(getuid())", isDirectory: true)
  }

  /// The variable that names the cache's root, when one does: nil for the home folder's.
  static func naming(_ environment: [String: String]) -> String? {
    if environment["LAB_CACHE"]?.hasPrefix("/") == true { return "LAB_CACHE" }
    if environment["XDG_CACHE_HOME"]?.hasPrefix("/") == true { return "XDG_CACHE_HOME" }
    return nil
  }

  /// The folder `kind` (`native`, `swift`) under the root, made if missing: only the user may
  /// write in it (0700), and it must be a folder of the user's, not a link to one.
  public static func folder(_ kind: String, environment: [String: String])
    throws(BuildFolderError) -> URL
  {
    // A relative LAB_CACHE would name a folder inside whatever course the lab runs in: refused,
    // rather than passed over for the default without a word.
    if let chosen = environment["LAB_CACHE"], !chosen.isEmpty, !chosen.hasPrefix("/") {
      throw BuildFolderError(
        "LAB_CACHE is '\(terminalSafe(chosen))', a relative path; set it to an absolute folder of "
          + "yours, or unset it for ~/.cache/concurrency-lab", variable: "LAB_CACHE")
    }
    // The root is held to the same rules as each folder in it: a world-writable root, or a link,
    // would let another user swap the folders under the lab. A folder a variable names —
    // LAB_CACHE, or XDG_CACHE_HOME that holds it — is held to them too, is made only in a folder
    // that exists, and is never in the course the lab runs in.
    let variable = naming(environment)
    let root = root(environment: environment)
    if let variable {
      let named = variable == "LAB_CACHE" ? root : root.deletingLastPathComponent()
      if let course = course(holding: named, environment) {
        throw BuildFolderError(
          "\(variable) names \(terminalSafe(named.path)), inside the course at "
            + "\(terminalSafe(course)), which could ship the records of what the lab built; set "
            + "it to a folder outside every course, or unset it for ~/.cache/concurrency-lab",
          variable: variable)
      }
      if variable != "LAB_CACHE" { _ = try checked(named, variable: variable, makesParents: false) }
    } else if let course = course(holding: root, environment) {
      // The home folder's cache, inside the course (HOME set to the course's folder, or a
      // course made in the home folder itself): named so, with the way out.
      throw BuildFolderError(
        "the lab's cache \(terminalSafe(root.path)) is inside the course at "
          + "\(terminalSafe(course)), which could ship the records of what the lab built; set "
          + "LAB_CACHE to a folder outside every course", variable: "LAB_CACHE")
    }
    let checkedRoot = try checked(
      root, variable: variable ?? "LAB_CACHE", makesParents: variable == nil)
    return try checked(
      checkedRoot.appendingPathComponent(kind, isDirectory: true), variable: variable ?? "LAB_CACHE"
    )
  }

  /// `folder`, made if missing (0700), when it is one a cache may be: a folder of the user's,
  /// not a link, that no one else may write to. Every cache location is checked so, however it
  /// is named (`variable` is what moves it, for the message). A folder the user named
  /// (`makesParents` false) is made only in a folder that exists: a mistyped path is said, not
  /// made, folder by folder.
  public static func checked(_ folder: URL, variable: String, makesParents: Bool = true)
    throws(BuildFolderError) -> URL
  {
    let parent = folder.deletingLastPathComponent()
    var parentInfo = stat()
    if !makesParents, stat(parent.path, &parentInfo) != 0 {
      throw BuildFolderError(
        "\(variable) names \(terminalSafe(folder.path)), and \(terminalSafe(parent.path)) does "
          + "not exist; make that folder first, or set \(variable) to a folder that exists",
        variable: variable)
    }
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw BuildFolderError(
        "\(folder.path) cannot be made a folder (something else is in its place, or its parent "
          + "is not writable); set \(variable) to another folder", variable: variable)
    }
    guard isOwnFolder(folder) else {
      // Not "remove it": the place may be a shared folder (/tmp) or a course's, not the lab's.
      throw BuildFolderError(
        "\(folder.path) is not a folder of yours that only you can write to (it is a link, "
          + "another user's, or others may write in it), so the lab keeps no builds there; set "
          + "\(variable) to a folder of your own, such as "
          + (variable == "XDG_CACHE_HOME" ? "~/.cache" : "~/.cache/concurrency-lab"),
        variable: variable)
    }
    return folder
  }

  /// The course the lab runs in — `LAB_ROOT`, or the folder with `Scenarios/` at or above the
  /// working directory — when `folder` is that course or inside it; links resolved, so a link
  /// out of the course, or into it, is judged by where it leads. The records of what the lab
  /// built live in the cache: kept in a course, they could be the course's.
  /// Whether `folder` is a folder, not a link, of the user's, that no one else may write in:
  /// the only kind the lab builds or keeps records in.
  package static func isOwnFolder(_ folder: URL) -> Bool {
    var info = stat()
    return lstat(folder.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      && info.st_uid == getuid() && info.st_mode & 0o022 == 0
  }

  /// A cache folder a variable names outright (`LAB_NATIVE_CACHE`): an absolute path outside
  /// every course, held to `checked`'s rules, its parent made by no one but the user.
  public static func chosen(_ folder: URL, variable: String, environment: [String: String])
    throws(BuildFolderError) -> URL
  {
    if let course = course(holding: folder, environment) {
      throw BuildFolderError(
        "\(variable) names \(terminalSafe(folder.path)), inside the course at "
          + "\(terminalSafe(course)), which could ship what the lab would run as its builds; set "
          + "it to a folder outside every course, or unset it", variable: variable)
    }
    return try checked(folder, variable: variable, makesParents: false)
  }

  package static func course(holding folder: URL, _ environment: [String: String]) -> String? {
    // The folder with its links resolved, as far as it exists: the rest is appended as named.
    func real(_ url: URL) -> String {
      var missing: [String] = []
      var existing = url
      while existing.path != "/" {
        if let resolved = realpath(existing.path, nil) {
          defer { free(resolved) }
          let base = String(cString: resolved)
          return ([base == "/" ? "" : base] + missing.reversed()).joined(separator: "/")
        }
        missing.append(existing.lastPathComponent)
        existing = existing.deletingLastPathComponent()
      }
      return "/" + missing.reversed().joined(separator: "/")
    }
    let here = URL(writtenPath: FileManager.default.currentDirectoryPath)
    let courses = [
      environment["LAB_ROOT"].flatMap { $0.isEmpty ? nil : URL(writtenPath: $0) },
      ScenarioCatalog.locateRoot(from: here),
    ]
    let cache = real(folder.standardizedFileURL)
    for case let course? in courses {
      guard let resolved = realpath(course.standardizedFileURL.path, nil) else { continue }
      defer { free(resolved) }
      let root = String(cString: resolved)
      if isPath(cache, within: root) { return root }
    }
    return nil
  }

  /// FNV-1a, 64 bits, of `url`'s standardized path, in hex: a file name for what belongs to
  /// that path alone.
  static func digest(ofPath url: URL) -> String {
    FNV1a.of(url.standardizedFileURL.path).hex
  }

  /// The module cache for compiles in `folder`, named by the folder's path. Clang's cache keeps
  /// the path it was made at: copied or moved with its folder, it failed every compile there
  /// ("was compiled with module cache path …"), and the lab said swiftc refused the program.
  /// Named by its path, a copy starts a cache of its own; none is deleted under a compile.
  public static func moduleCache(in folder: URL) -> URL {
    folder.appendingPathComponent("module-cache", isDirectory: true)
      .appendingPathComponent(digest(ofPath: folder), isDirectory: true)
  }
}

/// What the lab built, noted where a course cannot write: a cached binary is run only when the
/// lab built it. A cache folder named by the environment passes `BuildFolder.checked` when it is
/// the user's own — and so does a folder of a course the user cloned, which could ship a
/// "cached build"; its binary matches no record, and is built again.
public struct BuildRecords: Sendable {
  /// `built/` in the user's build folder: one record per binary the lab built.
  public var folder: URL

  public init(environment: [String: String]) throws(BuildFolderError) {
    folder = try BuildFolder.folder("built", environment: environment)
  }

  public init(folder: URL) { self.folder = folder }

  /// The record of `binary`: its file's identity and its bytes' digest.
  static func identity(of binary: URL) -> String? {
    var info = stat()
    guard lstat(binary.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_uid == getuid(), let data = FileManager.default.contents(atPath: binary.path)
    else { return nil }
    // FNV-1a, 64 bits: not against a forger (one who can write here can write the record), but
    // so that a binary replaced in place, at the same size and time, is not taken for ours.
    var digest = FNV1a()
    data.withUnsafeBytes { digest.add($0) }
    return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec)."
      + "\(info.st_mtim.tv_nsec) \(digest.hex)"
  }

  /// The record's file for `binary`, named by a digest of its path.
  func record(_ binary: URL) -> URL {
    folder.appendingPathComponent(BuildFolder.digest(ofPath: binary))
  }

  /// Notes that the lab has just built `binary`.
  public func note(_ binary: URL) {
    guard let identity = Self.identity(of: binary) else { return }
    let text = binary.standardizedFileURL.path + "\n" + identity + "\n"
    let partial = folder.appendingPathComponent(".\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: partial.path, contents: Data(text.utf8)) else {
      return
    }
    if rename(partial.path, record(binary).path) != 0 {
      try? FileManager.default.removeItem(at: partial)
    }
  }

  /// Whether `binary` is one the lab built, unchanged since.
  public func trusts(_ binary: URL) -> Bool {
    guard let identity = Self.identity(of: binary),
      let data = FileManager.default.contents(atPath: record(binary).path)
    else { return false }
    return String(decoding: data, as: UTF8.self)
      == binary.standardizedFileURL.path + "\n" + identity + "\n"
  }
}

public struct BuildFolderError: Error, CustomStringConvertible {
  public var description: String
  /// The variable that moves the refused folder (`LAB_CACHE`, `LAB_NATIVE_CACHE`,
  /// `XDG_CACHE_HOME`): where the environment sets it, the error is that setting's.
  public var variable: String?
  /// The path it names is from a variable the user set: kept terminal-safe.
  public init(_ description: String, variable: String? = nil) {
    self.description = terminalSafe(description)
    self.variable = variable
  }
}
