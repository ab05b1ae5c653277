import Foundation
import LabCommandLine
import LabModel

/// Where a course's `Scenarios/` and `Lessons/` are: the folder `LAB_ROOT` names, or the one the
/// working directory is in.
package enum CourseRoot {
  /// The folder `LAB_ROOT` names, which must exist: a root that does not is an error, never
  /// created, so a mistyped path cannot grow folders where nobody looks.
  package static func existing(_ path: String, variable: String = "LAB_ROOT") throws(UsageError)
    -> URL
  {
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    guard exists, isFolder.boolValue else {
      throw UsageError(
        "\(variable) names " + (exists ? "a file, not a folder" : "no folder") + "; set it to "
          + (variable == "LAB_ROOT"
            ? "a course folder (one with Scenarios/, such as 'lab init' makes) or unset it to "
              + "use the folder you are in"
            : "the lab's own folder (the one with Package.swift and Lessons/), or to nothing "
              + "for no bundled curriculum"),
        location: "\(variable)=\(path)")
    }
    return URL(writtenPath: path).standardizedFileURL
  }
}
