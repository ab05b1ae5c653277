import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entries of a course's folder whose names are not UTF-8. Foundation lists such a name with
/// U+FFFD in place of its bytes, a name no file has: a lesson, a fact or a snippet so named was
/// left out without a word, or called "gone", and the bundled lesson of its number played in its
/// place. Read from the bytes `readdir` gives, each is named as what it is.
public enum UnreadableNames {
  /// The names in `folder` (not below it) that are not UTF-8, as Foundation would show them, at
  /// most `limit`; empty when the folder cannot be read.
  public static func find(in folder: URL, limit: Int = 100) -> [String] {
    guard let directory = opendir(folder.path) else { return [] }
    defer { closedir(directory) }
    var found: [String] = []
    while found.count < limit, let entry = readdir(directory) {
      let readable = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name in
          (String(validatingCString: name), String(cString: name))
        }
      }
      if readable.0 == nil { found.append(readable.1) }
    }
    return found.sorted()
  }

  /// Every such name among a course's lessons, facts and docs, as `PATH:1:1: error: …` lines,
  /// paths from the course's root. (A scenario so named, or in a folder so named, is reported
  /// where the scenarios are loaded: `BoundedFile.missing`.)
  public static func problems(inCourse root: URL) -> [String] {
    ["Lessons", "Tests/NativeFacts", "docs"].flatMap { folder in
      find(in: root.appendingPathComponent(folder)).map {
        "\(terminalSafe("\(folder)/\($0)")):1:1: error: \(problem)"
      }
    }
  }

  /// What is wrong with such a name, and what to do.
  public static let problem =
    "the file's name is not UTF-8 text (shown with \u{FFFD}), so the lab cannot open it by "
    + "name; rename it in UTF-8"
}
