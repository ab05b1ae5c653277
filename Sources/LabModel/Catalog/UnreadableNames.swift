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
  /// paths from the course's root — and every lesson or fact file whose name the lab cannot
  /// take as one (`03-a b.md`, `f\u{1B}.swift`): each was passed over without a word, and the
  /// bundled lesson of its number played in its place. (A scenario so named, or in a folder so
  /// named, is reported where the scenarios are loaded: `BoundedFile.missing`.)
  public static func problems(inCourse root: URL) -> [String] {
    let unreadable = ["Lessons", "Tests/NativeFacts", "docs"].flatMap { folder in
      find(in: root.appendingPathComponent(folder)).map {
        "\(terminalSafe("\(folder)/\($0)")):1:1: error: \(problem)"
      }
    }
    let lesson = "a number up to \(Int.max), '-', then letters, digits, '-' and '_'"
    let fact = "letters, digits, '-' and '_'"
    return unreadable
      + misnamed(in: root, "Lessons", kind: "lesson", form: lesson, ".md") { stem in
        // `NN-name`: a file that starts as a lesson's name does — a digit of any script, or a
        // sign before one (`06.md`, `+4-a.md`, `١-a.md`) — and whose name is not one. Any
        // other (`README.md`) is the course's own note, not a lesson.
        let sign = stem.first == "+" || stem.first == "-"
        guard stem.dropFirst(sign ? 1 : 0).first?.isNumber == true else { return true }
        let digits = stem.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, stem.dropFirst(digits.count).first == "-" else { return false }
        return Int(digits) != nil && isSimpleName(String(stem.dropFirst(digits.count + 1)))
      }
      + misnamed(in: root, "Tests/NativeFacts", kind: "fact", form: fact, ".swift") {
        isSimpleName($0)
      }
  }

  /// The files of `folder` ending in `suffix` whose stems `isName` refuses, named with what to do.
  private static func misnamed(
    in root: URL, _ folder: String, kind: String, form: String, _ suffix: String,
    isName: (String) -> Bool
  ) -> [String] {
    let files =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)) ?? []
    return files.filter { $0.hasSuffix(suffix) && !isName(String($0.dropLast(suffix.count))) }
      .sorted().prefix(100).map {
        "\(terminalSafe("\(folder)/\($0)")):1:1: error: the file's name is not a \(kind) name "
          + "(\(form)), so the lab passes it over; rename it"
      }
  }

  /// What is wrong with such a name, and what to do.
  public static let problem =
    "the file's name is not UTF-8 text (shown with \u{FFFD}), so the lab cannot open it by "
    + "name; rename it in UTF-8"
}
