import LabCommandLine
import LabModel

/// A lesson's inline Markdown for a terminal: `**bold**` in bold and `` `code` `` in cyan, the
/// marks dropped. A block is read whole, not line by line, so bold that the lesson (or the
/// reflow) breaks across lines is bold on each of them, and code inside bold is bold code
/// without its backticks. Without colour, bold's `**` simply disappear; a code span keeps its
/// backticks, the only sign left that it is code.
package enum TerminalMarkdown {
  /// A run of text and how it is marked.
  struct Span: Equatable {
    var text: String
    var bold = false
    var code = false
    /// A code span's backticks (`` ` ``, or more and a space around code with a backtick).
    var open = "`"
    var close = "`"
    /// Whether this piece of a code span starts it, or ends it: a span the reflow wrapped across
    /// lines has its backticks only at its two ends.
    var opens = true
    var closes = true
  }

  /// `lines` (one block: a paragraph or a list, already filled to its width) as they print.
  package static func render(_ lines: [String], _ style: TextStyle) -> [String] {
    lineSpans(lines).map { spans in
      spans.map { span in
        if style.color {
          // A continued span's indent is margin, not text: left unpainted.
          let margin = String(span.text.prefix { $0 == " " })
          var text = String(span.text.dropFirst(margin.count))
          if span.code { text = style.paint(text, .cyan) }
          return margin + (span.bold ? style.paint(text, .bold) : text)
        }
        guard span.code else { return span.text }
        return (span.opens ? span.open : "") + span.text + (span.closes ? span.close : "")
      }.joined()
    }
  }

  /// The spans of each line. A mark opens only when it closes later in the same paragraph (a
  /// blank line ends one); an unmatched `**` or backtick is text.
  static func lineSpans(_ lines: [String]) -> [[Span]] {
    let text = Array(lines.joined(separator: "\n"))
    var codeSpans = CodeSpans.find(in: text)[...]
    var spans: [Span] = []
    var bold = false
    var index = 0
    func add(_ piece: String, code: Bool = false) {
      if !code, let last = spans.last, last.bold == bold, !last.code {
        spans[spans.count - 1].text += piece
      } else {
        spans.append(Span(text: piece, bold: bold, code: code))
      }
    }
    while index < text.count {
      if let code = codeSpans.first, code.range.lowerBound == index {
        add(code.code, code: true)
        (spans[spans.count - 1].open, spans[spans.count - 1].close) = CodeSpans.written(code.code)
        codeSpans.removeFirst()
        index = code.range.upperBound
      } else if text[index] == "*", index + 1 < text.count, text[index + 1] == "*",
        bold || (closing(["*", "*"], in: text, after: index + 2).map { $0 > index + 2 } ?? false)
      {
        bold.toggle()
        index += 2
      } else {
        add(String(text[index]))
        index += 1
      }
    }
    // Split at the line breaks: each line's spans stand alone, painted and reset on that line.
    var lines: [[Span]] = [[]]
    for span in spans {
      let pieces = span.text.split(separator: "\n", omittingEmptySubsequences: false)
      for (number, piece) in pieces.enumerated() {
        if number > 0 { lines.append([]) }
        var part = span
        part.text = String(piece)
        part.opens = number == 0
        part.closes = number == pieces.count - 1
        if !piece.isEmpty { lines[lines.count - 1].append(part) }
      }
    }
    return lines
  }

  /// Where `mark` next starts after `start`, within the paragraph (before a blank line).
  static func closing(_ mark: [Character], in text: [Character], after start: Int) -> Int? {
    var index = start
    while index + mark.count <= text.count {
      if text[index] == "\n", index + 1 < text.count, text[index + 1] == "\n" { return nil }
      if Array(text[index..<(index + mark.count)]) == mark { return index }
      index += 1
    }
    return nil
  }
}
