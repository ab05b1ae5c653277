import Foundation
import LabModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a command is about to write, checked as a whole before the first byte is written:
/// a command that refuses leaves every file as it was, where one that decided file by file had
/// already replaced some pages when it refused the next. Then each file is written atomically
/// (`AtomicFile`).
package struct OutputPlan {
  /// What may already be where a file is to be written.
  package enum Replaces: Sendable {
    /// Nothing: the file is new (`lab new`).
    case nothing
    /// A page the lab wrote, and nothing else: in a folder whose file names come from a course's
    /// scenario and lesson names (`lab check --html DIR`, `lab site DIR`).
    case labPage
    /// A report the lab wrote, its first 4 KB holding `marker`, and nothing else: the user named
    /// the file (`--junit FILE`, `--html FILE`), and a slip of the hand named a scenario or a
    /// lesson, which was replaced by a report.
    case report(marker: String)
    /// Any regular file: what the lab keeps there is its own (`lab record`'s expected traces).
    case anyFile
  }

  struct File {
    var path: String
    var replaces: Replaces
    /// Folders whose inside the file must be in once symbolic links are followed, if any.
    var within: [URL]
  }

  /// Folders to create before writing; each one's parent must exist.
  private(set) var folders: [String] = []
  private var files: [File] = []
  /// Whether the file at a path is a page the lab wrote (`HTMLReport.isLabPage`).
  private let isLabPage: (String) -> Bool

  package init(isLabPage: @escaping (String) -> Bool = { _ in false }) {
    self.isLabPage = isLabPage
  }

  /// A folder to create if it is missing. Only the folder itself: a missing parent is a path
  /// mistyped, so it is refused, not created.
  package mutating func folder(_ path: String) { folders.append(path) }

  /// A file to write at `path`, over what `replaces` allows; with `within`, only inside those
  /// folders, symbolic links followed (a name from the command line never escapes them).
  package mutating func file(_ path: String, replaces: Replaces, within: [URL] = []) {
    files.append(File(path: path, replaces: replaces, within: within))
  }

  /// The paths of the files, in the order they were added.
  package var paths: [String] { files.map(\.path) }

  /// Why nothing may be written — the first reason found, naming the path and what to do — or
  /// nil when every folder and file may be.
  package func refusal() -> String? {
    // The paths it names are the user's words: shown terminal-safe.
    firstRefusal().map { terminalSafe($0.message) }
  }

  /// Whether the first refusal is of a path mistyped on the command line — empty, or under a
  /// folder that does not exist — so a usage error (exit 64), rather than the lab declining to
  /// write (exit 1).
  package var refusesATypedPath: Bool { firstRefusal()?.usage ?? false }

  private func firstRefusal() -> (message: String, usage: Bool)? {
    if files.contains(where: \.path.isEmpty) { return (Self.emptyPath, true) }
    for folder in folders {
      if let refusal = Self.folderRefusal(folder) { return (refusal, Self.isMistyped(folder)) }
    }
    // By bytes: two spellings Swift's `==` calls equal are two files.
    var seen: Set<BytePath> = []
    for file in files {
      guard seen.insert(BytePath(standardized: URL(writtenPath: file.path))).inserted else {
        return (
          "two files would be written to '\(file.path)'; rename one of what they are made from",
          false
        )
      }
      if let refusal = fileRefusal(file) { return (refusal, folderIsMissing(file)) }
    }
    return nil
  }

  /// Why an empty path is refused: it names nothing. Taken for the working folder, the run or
  /// the check was made and only its writing failed ("cannot replace '': Is a directory"),
  /// with the status of a failed check.
  static let emptyPath = "an empty path names no file or folder; give one, such as 'report'"

  /// Whether `folder` is a path mistyped on the command line — empty, or under a folder that
  /// does not exist — so that refusing it is a usage error.
  package static func isMistyped(_ folder: String) -> Bool {
    folder.isEmpty || parentIsMissing(folder)
  }

  /// Whether the folder above `folder` is missing (or no folder).
  package static func parentIsMissing(_ folder: String) -> Bool {
    var isFolder: ObjCBool = false
    let parent = URL(writtenPath: folder).deletingLastPathComponent().path
    let exists = FileManager.default.fileExists(atPath: folder)
    return !exists
      && !(FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder)
        && isFolder.boolValue)
  }

  /// Whether `file`'s folder is neither planned nor there.
  func folderIsMissing(_ file: File) -> Bool {
    let folder = URL(writtenPath: file.path).deletingLastPathComponent()
    let planned = folders.contains {
      BytePath(standardized: URL(writtenPath: $0)) == BytePath(standardized: folder)
    }
    var isFolder: ObjCBool = false
    return !planned
      && !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
        && isFolder.boolValue)
  }

  /// Creates the folders that are missing; call after `refusal()` said nil.
  package func createFolders() throws(FileError) {
    for folder in folders where !FileManager.default.fileExists(atPath: folder) {
      guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
        throw FileError("cannot create '\(folder)': \(String(cString: strerror(errno)))")
      }
    }
  }

  /// Why `folder` cannot be made or written into: a file in its place, or a missing folder above
  /// it (the lab makes a folder, never the folders above it).
  package static func folderRefusal(_ folder: String) -> String? {
    if folder.isEmpty { return emptyPath }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      return isFolder.boolValue ? nil : "'\(folder)' is a file, not a folder; name a folder"
    }
    let parent = URL(writtenPath: folder).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      return "no folder '\(parent)': the lab creates '\(folder)' but not the folders above it; "
        + "check the path"
    }
    // Whether it can be made at all, tried now (and undone): a folder the system refuses
    // (`/proc/x`, a read-only disk) was said only after a minute of building the pages.
    guard mkdir(folder, 0o755) == 0 else {
      return "'\(folder)' cannot be made (\(String(cString: strerror(errno)))); name a folder "
        + "in a place you can write to"
    }
    rmdir(folder)
    return nil
  }

  func fileRefusal(_ file: File) -> String? {
    let url = URL(writtenPath: file.path)
    let folder = url.deletingLastPathComponent().path
    let planned = folders.contains {
      BytePath(standardized: URL(writtenPath: $0))
        == BytePath(standardized: URL(writtenPath: folder))
    }
    var isFolder: ObjCBool = false
    if !planned {
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
        isFolder.boolValue
      else { return "cannot write '\(file.path)': no folder '\(folder)'; check the path" }
      guard access(folder, W_OK) == 0 else {
        return "cannot write '\(file.path)': the folder '\(folder)' is not writable; name a "
          + "folder you can write in"
      }
    }
    if !file.within.isEmpty, !Self.isInside(url, file.within) {
      return "'\(file.path)' is outside the project once its symbolic links are followed; "
        + "the lab writes a name's files only inside it: replace the link with a file or a "
        + "folder of the project's own"
    }
    var status = stat()
    guard lstat(file.path, &status) == 0 else {
      return errno == ENOENT
        ? nil : "cannot write '\(file.path)': \(String(cString: strerror(errno)))"
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      switch file.replaces {
      case .anyFile: return nil
      case .labPage where isLabPage(file.path): return nil
      case .labPage:
        return "'\(file.path)' is not a page the lab wrote, and the lab overwrites only its "
          + "own; move it away or choose another folder"
      case .report(let marker)
      where BoundedFile.prefix(file.path, count: 4096).map {
        String(decoding: $0, as: UTF8.self).contains(marker)
      } == true:
        return nil
      case .report:
        return "'\(file.path)' exists and is not a report the lab wrote, so the lab does not "
          + "replace it; name a new file, or move that one away first"
      case .nothing:
        return "'\(file.path)' already exists, and the lab never overwrites it; choose another name"
      }
    case S_IFDIR: return "cannot write '\(file.path)': it is a folder; name a file"
    case S_IFLNK:
      return "cannot write '\(file.path)': it is a symbolic link, and the lab replaces only a "
        + "regular file; remove the link, or name another file"
    default: return "cannot write '\(file.path)': it is not a regular file; name a regular file"
    }
  }

  /// Whether `url`, its symbolic links followed as far as the path exists, is inside one of
  /// `folders` (theirs followed too).
  package static func isInside(_ url: URL, _ folders: [URL]) -> Bool {
    let path = resolved(url)
    return folders.contains {
      isPath(path, within: resolved($0))
    }
  }

  /// `url`'s real path: the longest part of it that exists with its links followed
  /// (`realpath(3)`), then the rest as written.
  package static func resolved(_ url: URL) -> String {
    var existing = url.standardizedFileURL
    var rest: [String] = []
    while existing.path != "/" {
      if let real = realpath(existing.path, nil) {
        defer { free(real) }
        var result = URL(writtenPath: String(cString: real))
        for part in rest.reversed() { result.appendPathComponent(part) }
        return result.path
      }
      rest.append(existing.lastPathComponent)
      existing.deleteLastPathComponent()
    }
    return "/" + rest.reversed().joined(separator: "/")
  }
}
