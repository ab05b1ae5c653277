import Foundation
import LabModel

/// The head of a block a teacher writes — a ```` ```swift-verdict ```` block, a ```swift
/// block's hidden context — `key: value` lines above a `---` line: each value with the column
/// it starts at, every problem (a line that is no pair, an unknown key with the nearest one, a
/// key given twice) added to the file's.
struct BlockHead {
  struct Value {
    var text: String
    /// The 1-based column of the value's first character.
    var column: Int
    /// The value's line in the file.
    var line: Int
  }

  var values: [String: Value] = [:]

  /// Reads `lines`, the first of them at `firstLine` of the file; `what` names the block in
  /// messages (`a ```swift-verdict block`).
  init(
    _ lines: ArraySlice<String>, firstLine: Int, keys: [String], what: String,
    problems: inout [LessonProblem]
  ) {
    for (offset, text) in lines.enumerated()
    where !isBlank(text) {
      let line = firstLine + offset
      guard let colon = text.firstIndex(of: ":") else {
        problems.append(
          LessonProblem(
            line: line, message: "\(what)'s head holds 'key: value' lines, not '\(text)'"))
        continue
      }
      let key = trimmingWhitespace(text[..<colon])
      let afterColon = text[text.index(after: colon)...]
      let column =
        text.distance(from: text.startIndex, to: afterColon.startIndex)
        + afterColon.prefix(while: \.isWhitespace).count + 1
      guard keys.contains(key) else {
        problems.append(
          LessonProblem(
            line: line,
            message: "unknown key '\(key)'\(didYouMean(key, in: keys)); \(what) takes "
              + keys.map { "\($0):" }.joined(separator: " and ")))
        continue
      }
      guard values[key] == nil else {
        problems.append(LessonProblem(line: line, message: "'\(key)' is given twice; keep one"))
        continue
      }
      values[key] = Value(
        text: trimmingWhitespace(afterColon), column: column, line: line)
    }
  }

  subscript(key: String) -> Value? { values[key] }
}
