import Foundation
import LabModel
import LabSwift

/// A ```` ```swift-verdict ```` block: a short Swift program and what Swift 6 says of it, for
/// what a scenario cannot express (a `sending` parameter, a value used after it was sent, an
/// isolated conformance). `lab lesson` compiles it and fails when swiftc says otherwise.
///
/// ````markdown
/// ```swift-verdict
/// flags: -enable-upcoming-feature NonisolatedNonsendingByDefault
/// expect: error: sending 'counter' risks causing data races
/// ---
/// final class Counter { var value = 0 }
/// …
/// ```
/// ````
///
/// Above the `---`, `key: value` lines: `expect:` (required) is `compiles` or `error: MESSAGE`,
/// swiftc's first error; `flags:` (optional) names settings from `SwiftSetting`'s fixed list.
public struct VerdictBlock: Sendable, Equatable {
  public var settings: [SwiftSetting]
  public var expected: SwiftVerdict
  /// The program's lines, as the page and the terminal show them.
  public var source: [String]
  /// The block's opening line in the lesson file, for messages.
  public var line: Int

  /// The keys a block's head may hold.
  static let keys = ["flags", "expect"]

  /// Reads a block's body (the lines between its fences); `line` is the opening fence's line.
  /// Nil, with every problem found added to `problems`, when it is not a block.
  static func parse(
    _ body: [String], line: Int, problems: inout [LessonProblem]
  ) -> VerdictBlock? {
    let before = problems.count
    func problem(_ offset: Int, column: Int? = nil, _ message: String) {
      problems.append(LessonProblem(line: line + 1 + offset, column: column, message: message))
    }
    guard let divider = body.firstIndex(where: { trimmingWhitespace($0) == "---" })
    else {
      problem(
        -1,
        "a ```swift-verdict block is 'expect: …' (and 'flags: …'), a '---' line, then the "
          + "program; this one has no '---'")
      return nil
    }
    let head = BlockHead(
      body[..<divider], firstLine: line + 1, keys: keys, what: "a ```swift-verdict block",
      problems: &problems)
    var settings: [SwiftSetting] = []
    var expected: SwiftVerdict?
    if let flags = head["flags"] {
      switch SwiftSetting.parse(flags.text) {
      case .success(let parsed): settings = parsed
      case .failure(let error):
        problems.append(
          LessonProblem(
            line: flags.line, column: flags.column + error.offset, message: error.description))
      }
    }
    if let expect = head["expect"] {
      expected = SwiftVerdict(expected: expect.text)
      if expected == nil {
        problems.append(
          LessonProblem(
            line: expect.line, column: expect.column,
            message: "expect: is 'compiles', 'error: ' and swiftc's first error message, or "
              + "'warning: ' and its first warning, not '\(expect.text)'"))
      }
    } else {
      problem(
        divider,
        "say what swiftc says of the program above the '---': expect: compiles, or "
          + "expect: error: MESSAGE")
    }
    let source = Array(body[(divider + 1)...])
    if source.allSatisfy({ isBlank($0) }) {
      problem(divider, "there is no program after the '---'")
    }
    if source.joined(separator: "\n").utf8.count > SwiftVerdictCheck.maxSourceBytes {
      problem(
        divider,
        "the program is over \(SwiftVerdictCheck.maxSourceBytes / 1024) KiB; a verdict block "
          + "holds a short program")
    }
    guard problems.count == before, let expected else { return nil }
    return VerdictBlock(settings: settings, expected: expected, source: source, line: line)
  }

  /// The program as swiftc reads it.
  public var program: String { source.joined(separator: "\n") + "\n" }

  /// The command a reader can run to see the verdict themselves.
  public var command: String {
    (["swiftc", "-swift-version", "6", "-parse-as-library", "-emit-sil", "-o", "/dev/null"]
      + settings.map(\.spelling) + ["\(SwiftVerdictCheck.fileName).swift"]).joined(separator: " ")
  }
}
