/// The messages `JSONReader` reports, each written as `what is wrong; what to do`.
///
/// Diagnostics without an explicit location point at `index`, the first offending byte.
extension JSONReader {
  // MARK: - Limits and whole-file problems

  func fileTooLarge() -> Diagnostic {
    error(
      "the file is \(bytes.count) bytes, more than the \(size(limits.maxBytes)) limit (maxBytes); "
        + "split it into smaller files", at: nil)
  }

  func emptyFile() -> Diagnostic {
    error(
      "the file is empty; it must contain one JSON value, such as an object { ... }",
      at: SourceLocation(line: 1, column: 1, offset: 0))
  }

  mutating func nestingTooDeep() -> Diagnostic {
    error(
      "arrays and objects are nested more than \(limits.maxDepth) levels deep (maxDepth); "
        + "flatten the structure")
  }

  func stringTooLong(at start: SourceLocation, isKey: Bool) -> Diagnostic {
    error(
      "\(isKey ? "key" : "string") is longer than \(size(limits.maxStringBytes)) "
        + "(maxStringBytes); shorten it", at: start)
  }

  mutating func invalidUTF8() -> Diagnostic {
    error(
      "the file is not valid UTF-8 (byte \(hex(bytes[index])) at offset \(index)); "
        + "save it as UTF-8")
  }

  // MARK: - Structure

  /// End of input inside an array or object: names the innermost bracket left open.
  mutating func endOfInput() -> Diagnostic {
    guard !parents.isEmpty else { return emptyFile() }
    let (opener, closer) = container.isObject ? ("{", "}") : ("[", "]")
    return error(
      "unexpected end of file: '\(opener)' opened at \(container.open) is never closed; "
        + "add a matching '\(closer)'", at: location(onCurrentLineAt: bytes.count))
  }

  mutating func endOfInput(inStringAt start: SourceLocation) -> Diagnostic {
    error(
      "unexpected end of file inside the string that starts at \(start); add the closing '\"'",
      at: location(onCurrentLineAt: bytes.count))
  }

  func trailingComma(at comma: Mark) -> Diagnostic {
    let closer = container.isObject ? "}" : "]"
    return error(
      "JSON does not allow a trailing comma; remove the comma before '\(closer)'",
      at: location(of: comma))
  }

  func duplicateKey(
    _ key: String, at location: SourceLocation, first: SourceLocation
  ) -> Diagnostic {
    error(
      "duplicate key \(quoted(key)) (first at \(first)); remove or rename one of them",
      at: location)
  }

  mutating func unexpectedInsteadOfKey() -> Diagnostic {
    if let problem = commonProblem() { return problem }
    let found = bytes[index]
    switch found {
    case ASCII.apostrophe:
      return error(#"object keys need double quotes, not single quotes; replace ' with ""#)
    case ASCII.comma:
      return error("unexpected ',' where a key should be; remove the extra comma")
    case ASCII.closeBracket:
      return mismatched("]")
    case _ where ASCII.isWordByte(found):
      let word = word(at: index)
      return error(#"object key '\#(word)' is not in double quotes; write "\#(word)""#)
    default:
      return error(
        #"expected a key in double quotes but found \#(describe(at: index)); write keys as "name""#)
    }
  }

  mutating func missingColon(after key: String) -> Diagnostic {
    if let problem = commonProblem() { return problem }
    if bytes[index] == ASCII.equals {
      return error(
        "expected ':' after key \(quoted(key)) but found '='; "
          + "JSON separates keys and values with ':'")
    }
    return error(
      "missing ':' after key \(quoted(key)); add a colon between the key and its value")
  }

  /// A problem where a value should start, which is after `[`, `,` or `:` or at the top level.
  mutating func unexpectedInsteadOfValue() -> Diagnostic {
    if let problem = commonProblem() { return problem }
    let found = bytes[index]
    let inObject = !parents.isEmpty && container.isObject
    switch found {
    case ASCII.apostrophe:
      return error(#"JSON strings need double quotes, not single quotes; replace ' with ""#)
    case ASCII.plus:
      return error("JSON numbers cannot start with '+'; remove the '+'")
    case ASCII.dot:
      let text = numberText(at: index)
      return error("a number must start with a digit; write 0\(text) instead of \(text)")
    case _ where ASCII.isWordByte(found):
      return unexpectedWord(word(at: index))
    case ASCII.comma, ASCII.closeBrace, ASCII.closeBracket:
      guard !parents.isEmpty else { break }
      if container.isObject {
        if found == ASCII.closeBracket { return mismatched("]") }
        return error("missing value for key \(quoted(container.key)); write a value after ':'")
      }
      if found == ASCII.comma {
        return error("missing value before ','; remove the extra comma or add a value")
      }
      if found == ASCII.closeBrace { return mismatched("}") }
    default:
      break
    }
    let context = inObject ? " for key \(quoted(container.key))" : ""
    return error(
      "expected a value\(context) but found \(describe(at: index)); "
        + "write an object, array, string, number, true, false or null")
  }

  /// A bare word where a value should be: a misspelt literal, NaN, or text missing its quotes.
  mutating func unexpectedWord(_ word: String) -> Diagnostic {
    let literals = ["true", "false", "null"]
    switch word {
    case "NaN", "Infinity", "nan", "inf", "infinity":
      return nonFiniteNumber(at: currentLocation())
    case "None", "nil", "undefined", "Nil":
      return error("'\(word)' is not JSON; write null")
    case _ where literals.contains(word.lowercased()):
      return error("'\(word)' is not a JSON literal; write '\(word.lowercased())' in lowercase")
    default:
      if let literal = nearestName(to: word, in: literals) {
        return error("unexpected word '\(word)'; did you mean '\(literal)'?")
      }
      return error(#"unexpected word '\#(word)'; put text in double quotes: "\#(word)""#)
    }
  }

  /// A problem where `,` or `]` should follow an array element.
  mutating func unexpectedAfterElement() -> Diagnostic {
    if let problem = commonProblem() ?? quoteInsideString() { return problem }
    let found = bytes[index]
    if found == ASCII.closeBrace { return mismatched("}") }
    if startsValue(found) {
      return error("missing ',' between array elements; add a comma before this value")
    }
    return error(
      "expected ',' or ']' after an array element but found \(describe(at: index)); "
        + "separate elements with commas")
  }

  /// A problem where `,` or `}` should follow an object member.
  mutating func unexpectedAfterMember() -> Diagnostic {
    if let problem = commonProblem() ?? quoteInsideString() { return problem }
    switch bytes[index] {
    case ASCII.closeBracket:
      return mismatched("]")
    case ASCII.quote:
      return error("missing ',' between object members; add a comma before this key")
    default:
      return error(
        "expected ',' or '}' after the value of \(quoted(container.key)) but found "
          + "\(describe(at: index)); separate members with commas")
    }
  }

  mutating func trailingContent() -> Diagnostic {
    if let problem = commonProblem() { return problem }
    switch bytes[index] {
    case ASCII.closeBrace, ASCII.closeBracket:
      return error(
        "unmatched \(describe(at: index)) after the end of the JSON value; remove it")
    default:
      return error(
        "unexpected \(describe(at: index)) after the end of the JSON value; remove it, "
          + "or wrap several values in an array [ ... ]")
    }
  }

  /// A closing bracket of the wrong kind for the innermost open container.
  mutating func mismatched(_ found: String) -> Diagnostic {
    let (opener, closer) = container.isObject ? ("{", "}") : ("[", "]")
    return error(
      "mismatched '\(found)': the '\(opener)' opened at \(container.open) is still open; "
        + "close it with '\(closer)' first")
  }

  // MARK: - Strings

  mutating func controlCharacterInString(startingAt start: SourceLocation) -> Diagnostic {
    switch bytes[index] {
    case ASCII.lineFeed, ASCII.carriageReturn:
      return error(
        "line break inside the string that starts at \(start); close the string with '\"' "
          + #"on the same line, or write \n for a line break"#)
    case ASCII.tab:
      return error(#"tab character inside a string; write \t instead"#)
    default:
      let code = String(bytes[index], radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: 4 - code.count) + code
      return error(#"control character U+\#(padded) inside a string; write it as \u\#(padded)"#)
    }
  }

  /// An unknown escape at the backslash at `index`; usually a Windows path or a regex.
  mutating func invalidEscape() -> Diagnostic {
    let escaped = bytes[index + 1]
    let shown =
      escaped >= 0x20 && escaped < 0x7F
      ? #"'\\#(Character(Unicode.Scalar(escaped)))'"#
      : "'\\' followed by \(describe(at: index + 1))"
    return error(
      #"invalid escape \#(shown) in a string; write \\ for a backslash "#
        + #"(valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX)"#)
  }

  mutating func invalidUnicodeEscape() -> Diagnostic {
    error(
      #"'\u' must be followed by four hex digits; write it as in \u00E9, or type the character"#)
  }

  mutating func loneSurrogate(_ value: UInt32) -> Diagnostic {
    let code = String(value, radix: 16, uppercase: true)
    return error(
      #"lone surrogate '\u\#(code)' in a string; write the character itself, "#
        + #"or a full pair such as \uD83D\uDE00"#)
  }

  /// An unescaped `"` inside a string ends it early; the rest then shows up as stray text.
  mutating func quoteInsideString() -> Diagnostic? {
    guard index > 0, bytes[index - 1] == ASCII.quote, ASCII.isWordByte(bytes[index]) else {
      return nil
    }
    return error(
      #"unexpected text right after a string; to put a double quote inside a string, write \""#)
  }

  // MARK: - Numbers

  func nonFiniteNumber(at location: SourceLocation) -> Diagnostic {
    error("JSON has no NaN or Infinity; use a finite number, or null", at: location)
  }

  /// A number that breaks the grammar; `fix` is specific when one thing is clearly missing.
  func malformedNumber(
    at location: SourceLocation,
    fix: String =
      "write a plain decimal number such as 42, -3.5 or 1e6, or put text in double quotes"
  ) -> Diagnostic {
    error("invalid number '\(numberText(at: location.offset))'; \(fix)", at: location)
  }

  func leadingZero(at location: SourceLocation) -> Diagnostic {
    let text = numberText(at: location.offset)
    let sign = text.hasPrefix("-") ? "-" : ""
    let unsigned = text.dropFirst(sign.count)
    let digits = unsigned.prefix { $0.isASCII && $0.isNumber }
    let trimmed = digits.drop { $0 == "0" }
    let fixed = sign + (trimmed.isEmpty ? "0" : trimmed) + unsigned.dropFirst(digits.count)
    return error(
      "leading zeros are not allowed in JSON numbers; write \(fixed) instead of \(text)",
      at: location)
  }

  func numberOutOfRange(_ text: String, at location: SourceLocation) -> Diagnostic {
    error(
      "number '\(text)' is too large to represent; use a smaller number, or a string",
      at: location)
  }

  func wholeNumberOutOfRange(_ text: String, at location: SourceLocation) -> Diagnostic {
    error(
      "whole number '\(text)' is out of range: a whole number is from \(Int64.min) to "
        + "\(Int64.max); use a smaller one", at: location)
  }

  // MARK: - Helpers

  /// Problems that read the same in every context: comments and unusual characters.
  mutating func commonProblem() -> Diagnostic? {
    let byte = bytes[index]
    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
    if byte == ASCII.hash
      || (byte == ASCII.slash && (next == ASCII.slash || next == ASCII.asterisk))
    {
      return error(#"JSON has no comments; put notes in a "summary" field"#)
    }
    guard byte >= 0x80 else { return nil }
    guard let end = Self.endOfUTF8Sequence(in: bytes, at: index) else { return invalidUTF8() }
    let scalar = scalar(from: index, to: end)
    switch scalar.value {
    case 0x00A0, 0x200B, 0x2060, 0xFEFF, 0x2000...0x200A, 0x202F, 0x3000:
      return error(
        "invisible character \(codePoint(scalar)) is not allowed here; "
          + "delete it or replace it with a plain space")
    case 0x201C, 0x201D, 0x201E, 0x2018, 0x2019:
      return error(
        #"curly quote '\#(scalar)' is not valid JSON; use straight double quotes (")"#)
    default:
      return nil
    }
  }

  /// Whether `byte` can begin a JSON value, used to spot a missing comma.
  func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case ASCII.quote, ASCII.openBrace, ASCII.openBracket, ASCII.minus: true
    default: ASCII.isWordByte(byte)
    }
  }

  func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
    Diagnostic(file: file, location: location, message: message)
  }

  /// A diagnostic at `index`.
  mutating func error(_ message: String) -> Diagnostic {
    error(message, at: currentLocation())
  }
}
