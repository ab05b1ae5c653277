import LabModel

/// A Markdown table drawn for a terminal: columns aligned, the separator row drawn as a rule,
/// and, when the table is wider than the line, the widest columns narrowed and their cells'
/// words wrapped inside them, so no line is cut or wrapped by the terminal mid-word.
package enum TableFlow {
  /// Space between two columns.
  static let gap = "  "

  /// Whether `line` is a row of a Markdown table.
  static func isRow(_ line: String) -> Bool { line.drop { $0 == " " }.hasPrefix("|") }

  /// The table's rows drawn within `width` columns.
  package static func render(_ lines: [String], width: Int) -> [String] {
    var rows = lines.map(cells)
    let header = rows.count > 1 && rows[1].allSatisfy(isRule) ? rows.removeFirst() : nil
    if header != nil { rows.removeFirst() }
    let all = (header.map { [$0] } ?? []) + rows
    let count = all.map(\.count).max() ?? 0
    guard count > 0 else { return lines }
    let padded = all.map { $0 + Array(repeating: "", count: count - $0.count) }
    let widths = columnWidths(padded, width: width)
    let wraps = padded.contains { row in zip(row, widths).contains { $0.count > $1 } }
    var out: [String] = []
    for (index, row) in padded.enumerated() {
      if wraps, index > (header == nil ? 0 : 1) { out.append("") }
      out += draw(row, widths)
      if index == 0, header != nil {
        out.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: gap))
      }
    }
    return out
  }

  /// Each column's width: as wide as its widest cell when the table fits; else the widest
  /// columns give up room, one column at a time, down to the width of their longest word (or
  /// less, when even that does not fit).
  static func columnWidths(_ rows: [[String]], width: Int) -> [Int] {
    let count = rows.first?.count ?? 0
    var widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    let words = (0..<count).map { column in
      rows.map { WordWrap.longestWord(in: $0[column]) }.max() ?? 0
    }
    let room = max(count * 4, width - gap.count * (count - 1))
    for floor in [words, Array(repeating: 4, count: count)] {
      while widths.reduce(0, +) > room {
        guard
          let widest = widths.indices.filter({ widths[$0] > floor[$0] })
            .max(by: { widths[$0] < widths[$1] })
        else { break }
        widths[widest] -= 1
      }
    }
    return widths
  }

  /// One row, its cells wrapped to their columns, as many lines as its tallest cell.
  static func draw(_ row: [String], _ widths: [Int]) -> [String] {
    let columns = zip(row, widths).map { cell, width in
      guard cell.count > width else { return [cell] }
      // Code spans stay whole while they fit; one wider than its column is closed and opened
      // again at each break, and those two backticks need room.
      let lines = balancedCode(WordWrap.lines(cell, width: width, codeSpans: true))
      guard lines.contains(where: { $0.count > width }) else { return lines }
      return balancedCode(WordWrap.lines(cell, width: max(1, width - 2), codeSpans: true))
    }
    let height = columns.map(\.count).max() ?? 1
    return (0..<height).map { line in
      let pieces = zip(columns, widths).map { lines, width in
        let text = line < lines.count ? lines[line] : ""
        return text + String(repeating: " ", count: max(0, width - text.count))
      }
      return String(pieces.joined(separator: gap).reversed().drop { $0 == " " }.reversed())
    }
  }

  /// A cell's lines with each code span closed at the end of a line and opened again on the
  /// next, so the terminal's Markdown never pairs a backtick with one in another cell.
  static func balancedCode(_ lines: [String]) -> [String] {
    var inCode = false
    return lines.map { line in
      var text = line
      var prefix = ""
      if inCode {
        // A span broken just before its closing backtick: that backtick closes nothing here.
        if text.hasPrefix("`") {
          text.removeFirst()
          inCode = false
        } else {
          prefix = "`"
        }
      }
      if text.filter({ $0 == "`" }).count % 2 == 1 { inCode.toggle() }
      return prefix + text + (inCode ? "`" : "")
    }
  }

  /// A row's cells, trimmed: split at `|` outside code spans, without the outer pipes.
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var inCode = false
    for character in line.drop(while: { $0 == " " }).dropFirst() {
      if character == "`" { inCode.toggle() }
      if character == "|", !inCode {
        cells.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.allSatisfy({ $0 == " " }) { cells.append(current) }
    return cells.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
  }

  /// A separator row's cell: `---`, `:--`, `--:`.
  static func isRule(_ cell: String) -> Bool {
    !cell.isEmpty && cell.allSatisfy { $0 == "-" || $0 == ":" }
  }
}
