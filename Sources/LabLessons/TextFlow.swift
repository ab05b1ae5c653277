import LabModel

/// Lesson prose re-flowed to a width: paragraphs and list items are filled greedily, a word or a
/// `code span` is broken only when it is wider than the line (`WordWrap`), and list items keep
/// their hanging indent. Tables are drawn as aligned columns that fit (`TableFlow`); quotes and
/// lines that start with a command stay as written.
package enum TextFlow {
  /// The widest a lesson's prose is drawn, whatever the terminal: longer lines are hard to read.
  package static let readingWidth = 100

  /// `lines` (one block of a lesson: paragraphs or a list) filled to `width` columns; a blank
  /// line ends a paragraph.
  package static func reflow(_ lines: [String], width: Int) -> [String] {
    var out: [String] = []
    var table: [String] = []
    for item in items(lines) {
      if item.verbatim, item.lines.count == 1, TableFlow.isRow(item.lines[0]) {
        table += item.lines
        continue
      }
      if !table.isEmpty { out += TableFlow.render(table, width: max(20, width)) }
      table = []
      if item.verbatim {
        out += item.lines
      } else {
        out += fill(item.lines, width: max(20, width))
      }
    }
    if !table.isEmpty { out += TableFlow.render(table, width: max(20, width)) }
    return out
  }

  /// Help text filled to `width`: paragraphs that start at the margin are filled; indented lines
  /// (examples, commands to paste) and blank lines stay as written.
  package static func reflowHelp(_ lines: [String], width: Int) -> [String] {
    var out: [String] = []
    var paragraph: [String] = []
    for line in lines + [""] {
      if !line.isEmpty, !line.hasPrefix(" ") {
        paragraph.append(line)
        continue
      }
      if !paragraph.isEmpty { out += fill(paragraph, width: max(20, width)) }
      paragraph = []
      out.append(line)
    }
    return Array(out.dropLast())
  }

  /// A list item, a paragraph, or verbatim lines, as written.
  struct Item {
    var lines: [String]
    var verbatim: Bool
  }

  static func items(_ lines: [String]) -> [Item] {
    var items: [Item] = []
    for line in lines {
      let trimmed = line.drop { $0 == " " }
      if trimmed.isEmpty || trimmed.hasPrefix("|") || trimmed.hasPrefix(">")
        || trimmed.hasPrefix("$ ")
      {
        items.append(Item(lines: [line], verbatim: true))
      } else if listMarker(line) != nil || items.last?.verbatim != false {
        items.append(Item(lines: [line], verbatim: false))
      } else {
        items[items.count - 1].lines.append(line)
      }
    }
    return items
  }

  /// The marker that starts a list item, with the spaces before and after it: `"- "`, `"2. "`.
  static func listMarker(_ line: String) -> String? {
    let indent = line.prefix { $0 == " " }
    let rest = line.dropFirst(indent.count)
    if rest.hasPrefix("- ") || rest.hasPrefix("* ") { return String(indent + rest.prefix(2)) }
    let digits = rest.prefix { $0.isNumber }
    if !digits.isEmpty, digits.count <= 3, rest.dropFirst(digits.count).hasPrefix(". ") {
      return indent + digits + ". "
    }
    return nil
  }

  /// One item's words, filled: the first line starts with the item's marker, the others with as
  /// many spaces.
  static func fill(_ lines: [String], width: Int) -> [String] {
    guard let first = lines.first else { return [] }
    let marker = listMarker(first) ?? String(first.prefix { $0 == " " })
    let hanging = String(repeating: " ", count: marker.count)
    let text = ([String(first.dropFirst(marker.count))] + lines.dropFirst())
      .map { $0.trimmingCharacters(in: " ") }.joined(separator: " ")
    return WordWrap.lines(text, width: width, first: marker, hanging: hanging, codeSpans: true)
  }
}

extension String {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
  }
}
