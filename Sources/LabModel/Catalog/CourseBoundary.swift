import Foundation

/// A course is read from its own folder. Links inside it are followed, but a file that a link
/// leads to outside the course is not the course's: a lesson or a fact linked to any file of the
/// reader's was read, and a fact page published what it held.
public enum CourseBoundary {
  /// Why `file` is not read as a file of the course at `root`, or nil when it lies inside the
  /// course once links are followed. The target is not named: a page could publish it.
  public static func problem(_ file: URL, root: URL) -> String? {
    let base = root.standardizedFileURL.resolvingSymlinksInPath().path
    let target = file.standardizedFileURL.resolvingSymlinksInPath().path
    if isPath(target, within: base) { return nil }
    return "a link to a file outside the course, which the lab does not read; copy the file "
      + "into the course"
  }

  /// Why `file`, which lies in a course's folders, is not read: it links out of that course. The
  /// course is the nearest folder above the file with a `Scenarios/` folder; a file in no course
  /// (one the user keeps elsewhere and names by its path) is the user's own and always read.
  /// Checked where every scenario file is read (`ScenarioLoader.load(path:)`), so a course's
  /// `Scenarios/x.json` that links to a file of the reader's is refused by every command and page.
  public static func problem(inCourseOf file: URL) -> String? {
    guard let root = ScenarioCatalog.locateRoot(from: file.deletingLastPathComponent()) else {
      return nil
    }
    return problem(file, root: root)
  }
}
