import Foundation
import LabChecks
import LabCommandLine
import LabModel
import LabSwift

/// A sentence's link to the fact that shows it: `[fact](../Tests/NativeFacts/NAME.swift)`, a
/// Markdown link to the program, relative to the file it is in. On GitHub it opens the program;
/// `lab lesson` and `lab site` show it as a mark and a note, `checked: NAME, Swift 6.3.1,
/// Linux`; `lab facts` runs the program and names the places that cite a fact that fails.
public struct FactCitation: Sendable, Equatable {
  /// The fact's name: its file name without `.swift`.
  public var name: String
  /// The link's text (`fact`).
  public var text: String
  /// Where the link starts in its file, 1-based.
  public var line: Int
  public var column: Int
  /// What is wrong with the link itself (a path that does not lead to the course's facts), or
  /// nil.
  public var problem: String?

  public init(name: String, text: String, line: Int, column: Int, problem: String? = nil) {
    self.name = name
    self.text = text
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// The link's text that is only a mark (`[fact](…)`): the terminal and the site show the mark
  /// alone; any other text stays, with the mark after it.
  public static let markText = "fact"

  /// The path from a Markdown file `depth` folders below the course's root to the fact `name`:
  /// `../Tests/NativeFacts/NAME.swift` from `Lessons/` or `docs/`.
  public static func path(to name: String, depth: Int) -> String {
    String(repeating: "../", count: depth) + Fact.folder + "/" + name + ".swift"
  }

  /// A link in one line of Markdown: its text, its target, and where it spans.
  struct Link {
    var text: String
    var target: String
    var range: Range<String.Index>
  }

  /// The links of a line outside its code spans, in order. In one pass: where the next `]`,
  /// `(` … `)` and `[` are is known for every position beforehand, so a line of 50,000 `[` (a
  /// fuzzer's) costs what any other line of its length does, not 50,000 scans to its end.
  static func links(in line: String) -> [Link] {
    // Most lines hold no link: they cost one byte scan, not the tables below.
    guard line.utf8.contains(UInt8(ascii: "[")) else { return [] }
    let indices = Array(line.indices) + [line.endIndex]
    let characters = Array(line)
    let count = characters.count
    // next[c][i]: the first position at or after i holding c, or `count`.
    func nextOf(_ wanted: Character) -> [Int] {
      var next = [Int](repeating: count, count: count + 1)
      for position in stride(from: count - 1, through: 0, by: -1) {
        next[position] = characters[position] == wanted ? position : next[position + 1]
      }
      return next
    }
    let (nextClose, nextParen, nextOpen) = (nextOf("]"), nextOf(")"), nextOf("["))
    var links: [Link] = []
    var position = 0
    var inCode = false
    while position < count {
      let character = characters[position]
      if character == "`" {
        inCode.toggle()
        position += 1
        continue
      }
      // `[text](target)`: text up to the first `]`, holding no `[`, then `(` at once.
      guard !inCode, character == "[" else {
        position += 1
        continue
      }
      let close = nextClose[position + 1]
      guard close + 1 < count, characters[close + 1] == "(", nextOpen[position + 1] > close,
        nextParen[close + 2] < count
      else {
        position += 1
        continue
      }
      let end = nextParen[close + 2]
      links.append(
        Link(
          text: String(characters[(position + 1)..<close]),
          target: String(characters[(close + 2)..<end]),
          range: indices[position]..<indices[end + 1]))
      position = end + 1
    }
    return links
  }

  /// The fact a link's target names, if it names one: a path to a Swift file in the facts'
  /// folder, `Tests/NativeFacts/NAME.swift`, with what comes before the folder. Any such target
  /// is a citation: one with a title (`"t"`), an anchor (`#x`), `..` or a doubled `/` gives a
  /// name or a prefix `scan` refuses, never a link that passes unchecked. (The folder's other
  /// files, its README and scenarios, are plain links.)
  public static func factName(_ target: String) -> (name: String, prefix: Substring)? {
    let folderName = Fact.folder.split(separator: "/").last.map(String.init) ?? Fact.folder
    guard let folder = target.range(of: folderName + "/", options: .backwards),
      target[folder.upperBound...].contains(".swift")
    else { return nil }
    let rest = target[folder.upperBound...]
    let name = rest.hasSuffix(".swift") ? String(rest.dropLast(".swift".count)) : String(rest)
    return (name, target[..<folder.lowerBound])
  }

  /// Every citation in `lines` of a Markdown file `depth` folders below the course's root,
  /// outside code blocks; `firstLine` is the file's line number of `lines[0]`.
  public static func scan(_ lines: [String], depth: Int, firstLine: Int = 1) -> [FactCitation] {
    var citations: [FactCitation] = []
    var fence: String?
    for (offset, line) in lines.enumerated() {
      if let open = fence {
        if MarkdownFence.closes(line, open) { fence = nil }
        continue
      }
      if let opened = MarkdownFence.open(line) {
        fence = opened.marker
        continue
      }
      citations += scan(line: line, number: firstLine + offset, depth: depth)
    }
    return citations
  }

  /// The citations of one line of prose.
  static func scan(line: String, number: Int, depth: Int) -> [FactCitation] {
    links(in: line).compactMap { link in
      guard let (name, prefix) = factName(link.target) else { return nil }
      let column = line.distance(from: line.startIndex, to: link.range.lowerBound) + 1
      var problem: String?
      // What comes before the facts' folder: `../` for each level, then its parent, `Tests/`.
      let parent = Fact.folder.split(separator: "/").dropLast().map { $0 + "/" }.joined()
      let expected = String(repeating: "../", count: depth) + parent
      if !isSimpleName(name) {
        problem =
          "'\(terminalSafe(link.target))' is not a fact's path: link to "
          + path(to: "NAME", depth: depth)
          + ", a name of letters, digits, '-' and '_' with no title or #anchor"
      } else if prefix != expected {
        problem =
          "a fact is linked by its path from this file, \(path(to: name, depth: depth)), "
          + "not '\(link.target)'"
      }
      return FactCitation(
        name: name, text: link.text, line: number, column: column, problem: problem)
    }
  }

  /// `line` with each citation replaced by what `mark` makes of it (its name and text).
  static func replacing(in line: String, _ mark: (_ name: String, _ text: String) -> String)
    -> String
  {
    var result = ""
    var rest = line.startIndex
    for link in links(in: line) {
      guard let (name, _) = factName(link.target) else { continue }
      result += line[rest..<link.range.lowerBound]
      result += mark(name, link.text)
      rest = link.range.upperBound
    }
    return result + line[rest...]
  }

  /// The problems of `citations` against the facts a course has (`facts`, by name): a link
  /// that leads elsewhere, a fact that is not there (with the nearest name), a fact whose
  /// header does not read.
  public static func problems(
    _ citations: [FactCitation], facts: [String: Result<Fact, FactProblems>]
  ) -> [LessonProblem] {
    citations.compactMap { citation in
      if let problem = citation.problem {
        return LessonProblem(line: citation.line, column: citation.column, message: problem)
      }
      switch facts[citation.name] {
      case nil:
        return LessonProblem(
          line: citation.line, column: citation.column,
          message:
            "cites the fact '\(citation.name)', which is not in \(Fact.folder)/"
            + didYouMean(citation.name, in: facts.keys.sorted())
            + "; write it there (\(LabCommand.hint.doc("lessons.md")), \"Facts\") or cite one "
            + "that is")
      case .failure(let problems)?:
        return LessonProblem(
          line: citation.line, column: citation.column,
          message:
            "cites the fact '\(citation.name)', whose header has problems: "
            + (problems.problems.first.map(\.description) ?? ""))
      case .success?:
        return nil
      }
    }
  }
}

/// Fenced code blocks in Markdown: three or more backticks or tildes open one, and a line of at
/// least as many of the same character closes it.
enum MarkdownFence {
  /// The fence a line opens and its info words, or nil.
  static func open(_ line: String) -> (marker: String, info: [String])? {
    guard let first = line.first, first == "`" || first == "~" else { return nil }
    let marker = String(line.prefix(while: { $0 == first }))
    guard marker.count >= 3 else { return nil }
    let info = line.dropFirst(marker.count).split(whereSeparator: \.isWhitespace).map(String.init)
    return (marker, info)
  }

  /// Whether `line` closes a block opened with `marker`: the same character, at least as many.
  static func closes(_ line: String, _ marker: String) -> Bool {
    let trimmed = trimmingWhitespace(line)
    return trimmed.count >= marker.count && trimmed.allSatisfy { $0 == marker.first }
  }
}
