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
    if target == base || target.hasPrefix(base == "/" ? "/" : base + "/") { return nil }
    return "a link to a file outside the course, which the lab does not read; copy the file "
      + "into the course"
  }
}
