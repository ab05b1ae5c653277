import Foundation
import LabModel
import LabSwift

/// A Swift block of a lesson or a doc, as `lab snippets` compiles it: a ```` ```swift ```` block
/// with the context its reader does not see, a ```` ```swift-verdict ```` block, or a block the
/// lab does not compile (an excerpt of a scenario's program, which its lesson checks; code for
/// Apple platforms only).
///
/// The context is an HTML comment right before the block — GitHub hides it, and so does the
/// lab — with, optionally, `flags:` and `platform:` lines and a `---`, then Swift: the
/// declarations the block uses, around a line `// snippet goes here` that the block takes the
/// place of (or before the block, without that line).
///
/// ````markdown
/// <!-- swift-context
/// flags: -default-isolation MainActor
/// ---
/// func downloadFile(_ index: Int) async -> Int { index }
/// func downloadFiles() async {
/// // snippet goes here
/// }
/// -->
/// ```swift
/// let num = await downloadFile(0)
/// ```
/// ````
public struct SwiftSnippet: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// Compiled in Swift 6 mode: it must compile.
    case program(Program)
    /// Compiled: swiftc must say what the block expects.
    case verdict(VerdictBlock)
    /// Right after `lab swift NAME`: an excerpt of a scenario's program, which the lesson
    /// checks against the program.
    case excerpt
    /// `platform: apple`: code for Apple's platforms only (Combine, SwiftUI), shown, not compiled.
    case applePlatforms
  }

  /// The source swiftc reads for a ```swift block, and where each of its lines came from.
  public struct Program: Sendable, Equatable {
    public var source: String
    public var settings: [SwiftSetting]
    /// The file's line of each of the source's lines, 1-based, in order.
    public var fileLines: [Int]

    /// The file's line that the source's `line` (1-based) came from.
    public func fileLine(_ line: Int) -> Int? {
      fileLines.indices.contains(line - 1) ? fileLines[line - 1] : nil
    }
  }

  public var kind: Kind
  /// The line of the block's opening fence.
  public var line: Int

  /// The comment that opens a context.
  public static let contextOpening = "<!-- swift-context"
  /// The line in a context that the block takes the place of.
  public static let placeholder = "// snippet goes here"
  static let contextKeys = ["flags", "platform"]
}

extension SwiftSnippet {
  /// Every Swift block of a Markdown file's `text`, in order, and every problem of their
  /// contexts and verdict blocks (a context not followed by a ```swift block, an unknown
  /// setting).
  public static func scan(_ text: String) -> (snippets: [SwiftSnippet], problems: [LessonProblem]) {
    let lines = textLines(text)
    var snippets: [SwiftSnippet] = []
    var problems: [LessonProblem] = []
    /// The context waiting for its block: the comment's first line and its lines.
    var context: (line: Int, lines: ArraySlice<String>)?
    /// Whether the last block was a `lab swift NAME` run, whose program the next block quotes.
    var afterProgram = false
    var index = 0
    while index < lines.count {
      let line = lines[index]
      if isBlank(line) {
        index += 1
        continue
      }
      if let waiting = context, MarkdownFence.open(line)?.info.first != "swift" {
        problems.append(
          LessonProblem(
            line: waiting.line,
            message: "a swift-context comment completes the ```swift block right after it; "
              + "this one is followed by something else"))
        context = nil
      }
      if line.hasPrefix(contextOpening) {
        guard let end = lines[index...].firstIndex(where: { $0.contains("-->") }), end > index
        else {
          problems.append(
            LessonProblem(
              line: index + 1, message: "this swift-context comment never ends with '-->'"))
          return (snippets, problems)
        }
        context = (index + 1, lines[(index + 1)..<end])
        index = end + 1
        continue
      }
      guard let fence = MarkdownFence.open(line) else {
        afterProgram = false
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, !MarkdownFence.closes(lines[end], fence.marker) { end += 1 }
      let body = Array(lines[min(index + 1, lines.count)..<min(end, lines.count)])
      let language = fence.info.first ?? ""
      switch language {
      case "swift":
        let kind =
          afterProgram
          ? .excerpt
          : program(body, line: index + 1, context: context, problems: &problems)
        if let kind { snippets.append(SwiftSnippet(kind: kind, line: index + 1)) }
      case "swift-verdict":
        if let block = VerdictBlock.parse(body, line: index + 1, problems: &problems) {
          snippets.append(SwiftSnippet(kind: .verdict(block), line: index + 1))
        }
      default:
        break
      }
      context = nil
      afterProgram = language == "lab" && showsProgram(body)
      index = end + 1
    }
    if let waiting = context {
      problems.append(
        LessonProblem(
          line: waiting.line,
          message: "a swift-context comment completes the ```swift block right after it; "
            + "none follows"))
    }
    return (snippets, problems)
  }

  /// Whether a ```lab block's last run is `lab swift NAME`, whose program a ```swift block
  /// after it quotes.
  static func showsProgram(_ body: [String]) -> Bool {
    guard let last = body.last(where: { !isBlank($0) }),
      let run = try? LessonRun.parse(last, line: 0)
    else { return false }
    return run.swift == .program
  }

  /// A ```swift block's program: its context around it (or before it), with the settings the
  /// context names; nil when the context has problems.
  static func program(
    _ body: [String], line: Int, context: (line: Int, lines: ArraySlice<String>)?,
    problems: inout [LessonProblem]
  ) -> Kind? {
    var settings: [SwiftSetting] = []
    var code: [(text: String, line: Int)] = []
    if let context {
      var codeStart = context.lines.startIndex
      if let divider = context.lines.firstIndex(where: {
        trimmingWhitespace($0) == "---"
      }) {
        let before = problems.count
        let head = BlockHead(
          context.lines[..<divider], firstLine: context.line + 1, keys: contextKeys,
          what: "a swift-context comment", problems: &problems)
        if let flags = head["flags"] {
          switch SwiftSetting.parse(flags.text) {
          case .success(let parsed): settings = parsed
          case .failure(let error):
            problems.append(
              LessonProblem(
                line: flags.line, column: flags.column + error.offset,
                message: error.description.replacingOccurrences(of: "a lesson", with: "a snippet")))
          }
        }
        if let platform = head["platform"] {
          guard platform.text == "apple" else {
            problems.append(
              LessonProblem(
                line: platform.line, column: platform.column,
                message: "platform: takes 'apple' (code for Apple's platforms only, not "
                  + "compiled here), not '\(platform.text)'"))
            return nil
          }
          if problems.count == before { return .applePlatforms }
        }
        guard problems.count == before else { return nil }
        codeStart = divider + 1
      }
      // The comment's first line is the opening; its lines follow from the next.
      code = context.lines[codeStart...].enumerated().map {
        ($0.element, context.line + 1 + (codeStart - context.lines.startIndex) + $0.offset)
      }
    }
    let block = body.enumerated().map { ($0.element, line + 1 + $0.offset) }
    if let marker = code.firstIndex(where: {
      trimmingWhitespace($0.text) == placeholder
    }) {
      let indent = String(code[marker].text.prefix { $0 == " " })
      code.replaceSubrange(
        marker...marker, with: block.map { ($0.0.isEmpty ? "" : indent + $0.0, $0.1) })
    } else {
      code += block
    }
    return .program(
      Program(
        source: code.map(\.text).joined(separator: "\n") + "\n", settings: settings,
        fileLines: code.map(\.line)))
  }
}
