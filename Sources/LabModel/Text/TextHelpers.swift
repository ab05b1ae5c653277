/// Small text helpers shared by the decoders, the checks and the pictures.

/// A suggestion if there is one, else the list of choices.
package func or(_ suggestion: String, _ choices: String) -> String {
  suggestion.isEmpty ? choices : suggestion
}

/// The lines of a text file as an editor shows them: split at each "\n", a "\r" before it
/// dropped, and a byte-order mark at the start left out. Windows' "\r\n" is one `Character` in
/// Swift, so splitting the characters at "\n" never splits it: a lesson saved with Windows line
/// ends read as one line. Split below the characters instead, so lines are numbered as the
/// file's are.
package func textLines(_ text: String) -> [String] {
  var bytes = Substring(text).utf8
  if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
  // Split as bytes: "\n" and "\r" are never part of another scalar's UTF-8, so each slice is
  // whole scalars — and this is every lesson's and fact's first step, done for each line.
  return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
    String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
  }
}

/// Text without trailing spaces or tabs.
package func trimmingTrailingBlanks(_ text: some StringProtocol) -> String {
  var text = Substring(text)
  while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
  return String(text)
}

/// Text without leading or trailing spaces or tabs: an event's details as a trace line shows them.
package func trimmingBlanks(_ text: String) -> String {
  guard text.first == " " || text.first == "\t" || text.last == " " || text.last == "\t" else {
    return text
  }
  return trimmingTrailingBlanks(text.drop { $0 == " " || $0 == "\t" })
}

/// Text without leading or trailing whitespace as Foundation's `CharacterSet.whitespaces` counts
/// it (tab and Unicode's space separators, not line breaks), scalar by scalar as it trims, but
/// without bridging each line through `NSString`: lesson and fact parsers call it on every line.
package func trimmingWhitespace(_ text: some StringProtocol) -> String {
  let scalars = Substring(text).unicodeScalars
  guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
    let last = scalars.lastIndex(where: { !isWhitespace($0) })
  else { return "" }
  return String(scalars[first...last])
}

/// Whether text holds only whitespace as `trimmingWhitespace` counts it (or nothing).
package func isBlank(_ text: some StringProtocol) -> Bool {
  Substring(text).unicodeScalars.allSatisfy(isWhitespace)
}

/// Foundation on Linux counts the zero-width space (U+200B, a format character since Unicode
/// 4.0.1) as whitespace too; `WhitespaceTests` holds the two to the same set.
private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
  scalar == " " || scalar == "\t" || scalar == "\u{200B}"
    || scalar.properties.generalCategory == .spaceSeparator
}

/// Text safe to print on a terminal: every control character (C0, DEL, C1) written as Swift
/// writes it in a string literal, `\u{1B}`, so a scenario from someone else cannot clear the
/// screen, retitle the window or hide a link in what the lab prints. Tabs and line breaks are
/// escaped too: one event is one line. So are the bidirectional overrides and isolates, which
/// would make a name or a line read in another order than it is written.
package func terminalSafe(_ text: String) -> String {
  // The lead bytes of every scalar `movesTheTerminal` names (`escapedLeadBytes`); text without
  // them is returned as it is.
  guard text.utf8.contains(where: { escapedLeadBytes[Int($0)] }) else {
    return text
  }
  var out = ""
  out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x0A: out += "\\n"
    case 0x09: out += "\\t"
    case 0x0D: out += "\\r"
    case let value where movesTheTerminal(value):
      out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// Whether a byte may begin a scalar `movesTheTerminal` names: C0 and DEL; C2 (C1, U+00AD); CD
/// (U+034F); D8 (U+061C); E1 (U+115F, U+1160, U+17B4, U+17B5, U+180E); E2 (U+200B–U+206F); E3
/// (U+3164); EF (U+FEFF, U+FFA0); F0 (U+1BCA0–U+1BCA3, U+1D173–U+1D17A); F3 (U+E0000–U+E0FFF).
/// `escapedLeadBytesCoverEveryEscapedScalar` holds the table to the function.
package let escapedLeadBytes: [Bool] = (0..<256).map { byte in
  byte < 0x20 || byte == 0x7F
    || [0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3].contains(byte)
}

/// Text from a course shown as one line of the lab's output: escaped, and cut at `columns`
/// (and its scalars), so a value of megabytes — a shared string, an outcome built of them —
/// is never printed whole, once per choice or row.
package func shownLine(_ text: String, columns: Int = 1_000) -> String {
  cut(terminalSafe(text), toWidth: columns)
}

/// Text of several lines, each made `terminalSafe` and the line breaks between them kept: for a
/// message whose lines are the lab's own but whose words are anyone's (a usage error quoting
/// what was typed, a JUnit report's failure).
package func terminalSafeLines(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { terminalSafe(String($0)) }.joined(separator: "\n")
}

/// Whether a scalar acts on a terminal instead of showing: a control character (C0, DEL, C1),
/// a line or paragraph separator, or a default-ignorable code point — what a terminal draws as
/// nothing: the bidirectional overrides, isolates and marks (they reorder what is around them),
/// invisible spaces, the soft hyphen, word joiners, Hangul fillers and the TAG characters, which
/// can hide a whole sentence in a line that reads as empty. The joiners U+200C and U+200D and the
/// variation selectors shape letters and emoji, and stay. Declared once for the terminal's text,
/// for JSON (which a terminal shows as often as a program reads it) and for pages.
package func movesTheTerminal(_ value: UInt32) -> Bool {
  switch value {
  case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029: true
  case 0xA0..<0xAD, 0x200C, 0x200D, 0x180B...0x180D, 0x180F, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
    false
  case 0xAD...: Unicode.Scalar(value)?.properties.isDefaultIgnorableCodePoint ?? false
  default: false
  }
}

/// A JSON string literal, escaping what RFC 8259 requires and what `movesTheTerminal` (as
/// `\uXXXX`, which every JSON reader turns back into the same text); other text stays as
/// written (UTF-8).
package func jsonQuoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case let c where movesTheTerminal(c.value):
      // Past U+FFFF, JSON writes the scalar as its two UTF-16 halves.
      for unit in String(c).utf16 {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

/// `line` cut to `width` columns with `…` as its last, when it is longer: how a trace or a table
/// fits a terminal — cut, not wrapped, so its columns stay columns. Each character keeps at most
/// `WordWrap.maxScalarsPerCharacter` scalars, as wrapped text does: a letter with 200,000
/// combining marks is one character, one column wide, and was once printed whole (400 KB).
package func cut(_ line: String, toWidth width: Int) -> String {
  guard width > 1 else { return line }
  let head = line.prefix(width)
  guard head.endIndex < line.endIndex else { return WordWrap.boundingCharacters(line) }
  return WordWrap.boundingCharacters(String(head.dropLast())) + "…"
}
