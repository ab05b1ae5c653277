import Foundation
import LabChecks
import LabModel

/// `lab init DIR`: writes a new course into a folder that does not exist or is empty, never over
/// anything (each file is created with O_EXCL).
package enum CourseInit {
  /// Why a course was not written, with what to do.
  package struct Refusal: Error {
    package var message: String
    /// The folder above the course's is missing: a mistyped path, a usage error.
    package var missingFolder = false
  }

  /// Writes the course's files into `folder` (shown as `shown`); returns their paths.
  @discardableResult
  package static func write(to folder: URL, shown: String, lab: LabSource)
    throws(Refusal) -> [String]
  {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    let parent = folder.deletingLastPathComponent()
    // A path the user typed may hold a line break or an escape: shown, never obeyed.
    let shown = terminalSafe(shown)
    // A link in the folder's place, to anything or to nothing, is someone's: named, never
    // followed (fileExists follows it, and a link to nothing would read as no file at all).
    if let target = try? manager.destinationOfSymbolicLink(atPath: folder.path) {
      let to = manager.fileExists(atPath: folder.path) ? "to '\(target)'" : "to nothing"
      throw Refusal(
        message: "'\(shown)' is a symbolic link \(terminalSafe(to)); give a new folder, such as "
          + "'my-course'")
    }
    if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw Refusal(message: "'\(shown)' is a file; give a new folder, such as 'my-course'")
      }
      let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? ["?"]
      guard contents.isEmpty else {
        throw Refusal(
          message: "'\(shown)' is not empty; lab init writes only into a new or empty folder, "
            + "so nothing is ever overwritten")
      }
    } else if !manager.fileExists(atPath: parent.path, isDirectory: &isFolder)
      || !isFolder.boolValue
    {
      // The folder itself is made, never the folders above it: a missing one is a mistyped path.
      throw Refusal(
        message:
          "no folder '\(terminalSafe(parent.path))': lab init makes '\(shown)' but not the folders "
          + "above it; check the path", missingFolder: true)
    }
    if let problem = insideAnotherCourse(folder, shown: shown) { throw Refusal(message: problem) }
    var written: [String] = []
    for (path, text) in CourseTemplate.files(lab: lab) {
      let url = folder.appendingPathComponent(path)
      do {
        try manager.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        // The system's words say what failed, not what to do: the lab says that.
        throw Refusal(
          message: "cannot create '\(shown)/\(path)' (\(error.localizedDescription)); give lab "
            + "init a folder you can write in, under your home or your projects")
      }
      do throws(FileError) {
        try AtomicFile.create(text, at: url.path, shown: "\(shown)/\(path)")
      } catch {
        throw Refusal(message: error.description)
      }
      written.append(path)
    }
    return written
  }

  /// The folders of a course whose files it reads as its own, each file under them.
  static let readFolders = ["Scenarios", "Lessons"]

  /// Why `folder` is no place for a course: inside the scenarios or lessons of another, which
  /// would read the new course's files as its own (its starter scenario and its schema, a
  /// `.json` too, as scenarios of the outer course).
  static func insideAnotherCourse(_ folder: URL, shown: String) -> String? {
    // Links resolved, as far as the path exists: the outer course is where the files would land.
    var existing = folder.standardizedFileURL
    var missing: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      missing.insert(existing.lastPathComponent, at: 0)
      existing = existing.deletingLastPathComponent()
    }
    guard let resolved = realpath(existing.path, nil) else { return nil }
    let real = missing.reduce(URL(fileURLWithPath: String(cString: resolved))) {
      $0.appendingPathComponent($1)
    }
    free(resolved)
    guard let root = ScenarioCatalog.locateRoot(from: real.deletingLastPathComponent()) else {
      return nil
    }
    let inside = real.path.dropFirst(root.path.count).split(separator: "/").first.map(String.init)
    guard isPath(real.path, within: root.path), let inside, readFolders.contains(inside) else {
      return nil
    }
    return "'\(shown)' is inside the \(inside) folder of the course at "
      + "'\(terminalSafe(root.path))', which would read the new course's files as its own; make "
      + "the course outside it, or add a scenario to that course with 'lab new NAME'"
  }
}
