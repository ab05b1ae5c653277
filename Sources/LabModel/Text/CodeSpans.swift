/// Markdown's code spans, as CommonMark reads them: a run of N backticks opens one and the next
/// run of exactly N closes it, so ```` ```swift-verdict ```` (four around three) is one span
/// holding three backticks. The code is the text between, one space dropped from each end when
/// both ends are spaces and it is not all spaces. A run that nothing closes is text. Declared
/// once for the terminal, the site and the word wrap, which all read lessons' prose.
package enum CodeSpans {
  package struct Span: Equatable {
    /// The span in the text's characters, its backticks included.
    package var range: Range<Int>
    /// What is between the backticks, as the reader sees it.
    package var code: String
    /// How many backticks open and close it.
    package var fence: Int
  }

  /// The code spans of `text`, in order; with `paragraph`, a span never reaches past a blank line.
  package static func find(in text: [Character], paragraph: Bool = true) -> [Span] {
    var spans: [Span] = []
    var index = 0
    while index < text.count {
      guard text[index] == "`" else {
        index += 1
        continue
      }
      let fence = run(at: index, in: text)
      guard let close = closing(fence, in: text, from: index + fence, paragraph: paragraph) else {
        // No run of this length closes it: the whole run is text.
        index += fence
        continue
      }
      var code = Array(text[(index + fence)..<close])
      if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
        code = Array(code.dropFirst().dropLast())
      }
      spans.append(Span(range: index..<(close + fence), code: String(code), fence: fence))
      index = close + fence
    }
    return spans
  }

  /// The length of the backtick run that starts at `index`.
  static func run(at index: Int, in text: [Character]) -> Int {
    var end = index
    while end < text.count, text[end] == "`" { end += 1 }
    return end - index
  }

  /// Where the next run of exactly `fence` backticks starts, from `start`; nil when none does
  /// (before a blank line, with `paragraph`).
  static func closing(_ fence: Int, in text: [Character], from start: Int, paragraph: Bool)
    -> Int?
  {
    var index = start
    while index < text.count {
      if paragraph, text[index] == "\n", index + 1 < text.count, text[index + 1] == "\n" {
        return nil
      }
      guard text[index] == "`" else {
        index += 1
        continue
      }
      let length = run(at: index, in: text)
      if length == fence { return index }
      index += length
    }
    return nil
  }

  /// `code` written back as a span: fenced with one backtick more than its longest run, padded
  /// with spaces when it starts or ends with a backtick.
  package static func written(_ code: String) -> (open: String, close: String) {
    var longest = 0
    var current = 0
    for character in code {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let pad = code.hasPrefix("`") || code.hasSuffix("`") ? " " : ""
    return (fence + pad, pad + fence)
  }
}
