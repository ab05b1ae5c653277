import Foundation
import LabLessons
import LabModel

/// The Markdown of a lesson's prose as HTML: headings, paragraphs, lists, quotes, rules, code
/// blocks; inline code spans, `**strong**`, `*emphasis*` and links. Every character of the text
/// is escaped before any markup is added, so the only elements in the output are the ones this
/// writes; a link goes only to an `http(s)`/`mailto` address, a fragment, or a relative path
/// (never `javascript:`).
package struct MarkdownHTML {
  /// Rewrites a relative link (`05-errors.md` → `lesson-05-errors.html`); nil keeps it.
  var rewrite: (String) -> String?
  /// The page a code span's text links to (`lab challenge racy-counter` → its challenge page),
  /// or nil to leave it as code only.
  var codeLink: (String) -> String?
  /// A link to a fact (`FactCitation`): its page and the note its mark shows, or nil for a
  /// link that names no fact (kept as a link).
  var factLink: (String) -> (page: String, note: String)?

  package init(
    rewrite: @escaping (String) -> String? = { _ in nil },
    codeLink: @escaping (String) -> String? = { _ in nil },
    factLink: @escaping (String) -> (page: String, note: String)? = { _ in nil }
  ) {
    self.rewrite = rewrite
    self.codeLink = codeLink
    self.factLink = factLink
  }

  /// The most block quotes one holds inside another: past it, the rest of the `>` are text. A
  /// line of 5,000 `>` recursed once per `>` and overflowed the stack (`lab site` crashed); 240,000
  /// took minutes, each level copying the line again.
  static let maxQuoteDepth = 16

  /// The HTML of Markdown `lines`.
  package func html(_ lines: [String]) -> String { html(lines, depth: 0) }

  /// `lines` inside `depth` block quotes.
  private func html(_ lines: [String], depth: Int) -> String {
    var out: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty {
        index += 1
      } else if let (level, text) = Self.heading(trimmed) {
        out.append("<h\(level)>\(inline(text))</h\(level)>")
        index += 1
      } else if trimmed.hasPrefix("```") {
        let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
        let code = lines[(index + 1)..<end].joined(separator: "\n")
        out.append("<pre><code>\(Markup.escape(code))</code></pre>")
        index = end + 1
      } else if ["---", "***", "___"].contains(trimmed) {
        out.append("<hr/>")
        index += 1
      } else if trimmed.hasPrefix(">") {
        var quoted: [String] = []
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(">")
        {
          let text = lines[index].trimmingCharacters(in: .whitespaces).dropFirst()
          quoted.append(String(text.hasPrefix(" ") ? text.dropFirst() : text))
          index += 1
        }
        out.append(
          depth < Self.maxQuoteDepth
            ? "<blockquote>\(html(quoted, depth: depth + 1))</blockquote>"
            : "<blockquote><p>\(inline(quoted.joined(separator: "\n")))</p></blockquote>")
      } else if let (ordered, _) = Self.listItem(trimmed) {
        index = list(lines, from: index, ordered: ordered, into: &out)
      } else {
        var paragraph: [String] = []
        while index < lines.count {
          let next = lines[index].trimmingCharacters(in: .whitespaces)
          if next.isEmpty || Self.startsBlock(next) { break }
          paragraph.append(next)
          index += 1
        }
        out.append("<p>\(inline(paragraph.joined(separator: "\n")))</p>")
      }
    }
    return out.joined(separator: "\n")
  }

  /// A list from `start`: its items, each with the indented or continued lines after it.
  func list(_ lines: [String], from start: Int, ordered: Bool, into out: inout [String]) -> Int {
    var items: [String] = []
    var index = start
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let (isOrdered, text) = Self.listItem(trimmed), isOrdered == ordered,
        line.first?.isWhitespace != true
      {
        items.append(text)
      } else if !trimmed.isEmpty, !items.isEmpty,
        line.first?.isWhitespace == true || !Self.startsBlock(trimmed)
      {
        items[items.count - 1] += "\n" + trimmed
      } else if trimmed.isEmpty, index + 1 < lines.count,
        lines[index + 1].first?.isWhitespace == true
          || Self.listItem(lines[index + 1])?.0 == ordered
      {
        // A blank line between items (or before an indented continuation) keeps the list.
      } else {
        break
      }
      index += 1
    }
    let tag = ordered ? "ol" : "ul"
    out.append("<\(tag)>" + items.map { "<li>\(inline($0))</li>" }.joined() + "</\(tag)>")
    return index
  }

  /// `## Text` → (2, Text).
  static func heading(_ line: String) -> (Int, String)? {
    let hashes = line.prefix { $0 == "#" }.count
    guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
    return (hashes, line.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces))
  }

  /// `- text`, `* text` (unordered) or `1. text` (ordered).
  static func listItem(_ line: String) -> (Bool, String)? {
    for bullet in ["- ", "* ", "+ "] where line.hasPrefix(bullet) {
      return (false, String(line.dropFirst(2)))
    }
    let digits = line.prefix(while: \.isNumber)
    let rest = line.dropFirst(digits.count)
    guard !digits.isEmpty, digits.count < 10, rest.hasPrefix(". ") || rest.hasPrefix(") ") else {
      return nil
    }
    return (true, String(rest.dropFirst(2)))
  }

  static func startsBlock(_ trimmed: String) -> Bool {
    heading(trimmed) != nil || listItem(trimmed) != nil || trimmed.hasPrefix(">")
      || trimmed.hasPrefix("```")
  }

  /// Inline Markdown: code spans verbatim (escaped), then in the rest — escaped first — strong,
  /// emphasis and links. The patterns never match across a tag, so every element closes.
  package func inline(_ text: String) -> String {
    let characters = Array(text)
    var out = ""
    var start = 0
    for code in CodeSpans.find(in: characters, paragraph: false) {
      out += spans(Markup.escape(String(characters[start..<code.range.lowerBound])))
      let span = "<code>\(Markup.escape(code.code))</code>"
      out += codeLink(code.code).map { "<a href=\"\(Markup.escape($0))\">\(span)</a>" } ?? span
      start = code.range.upperBound
    }
    return out + spans(Markup.escape(String(characters[start...])))
  }

  /// Strong, emphasis and links in text that is already escaped.
  func spans(_ escaped: String) -> String {
    var text = escaped.replacing(#/\*\*([^*<>]+?)\*\*/#) { "<strong>\($0.output.1)</strong>" }
    text = text.replacing(#/(^|[^\w*])\*([^*<>\s](?:[^*<>]*?[^*<>\s])?)\*(?![\w*])/#) {
      "\($0.output.1)<em>\($0.output.2)</em>"
    }
    // A link's text holds no `[` (as the lesson reader has it), so each `[` is tried up to the
    // next one only: a line of 20,000 `[` took 35 s when each was tried to the line's end.
    return text.replacing(#/\[([^\[\]<>]+)\]\(([^()\s<>]+)\)/#) { match in
      let (label, target) = (String(match.output.1), String(match.output.2))
      if let fact = factLink(target) {
        // A claim's mark: ✓ after the claim, its note on hover, its program a click away.
        let mark =
          "<sup class=\"fact\"><a href=\"\(Markup.escape(fact.page))\" "
          + "title=\"\(Markup.escape(fact.note))\">✓</a></sup>"
        return label == FactCitation.markText ? mark : label + mark
      }
      guard let href = link(target) else { return label }
      return "<a href=\"\(href)\">\(label)</a>"
    }
  }

  /// The address a link may have (already escaped), or nil to drop the link and keep its text.
  func link(_ target: String) -> String? {
    let lower = target.lowercased()
    if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:")
      || lower.hasPrefix("#")
    {
      return target
    }
    // A scheme (`javascript:`, `data:`) before any slash: not a relative path.
    if let colon = target.firstIndex(of: ":"), !target[..<colon].contains("/") { return nil }
    return rewrite(target) ?? target
  }
}
