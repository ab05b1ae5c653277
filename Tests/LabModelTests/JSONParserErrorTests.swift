import Testing

@testable import LabModel

// MARK: - Malformed documents

/// One malformed input with where the error must point and words its message must contain.
struct ErrorCase: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var line: Int
  var column: Int
  var words: [String]

  init(_ name: String, _ text: String, _ at: (Int, Int), _ words: [String]) {
    self.init(name, bytes: Array(text.utf8), at, words)
  }

  init(_ name: String, bytes: [UInt8], _ at: (Int, Int), _ words: [String]) {
    self.name = name
    self.bytes = bytes
    (line, column) = at
    self.words = words
  }

  var testDescription: String { name }
}

let errorCases: [ErrorCase] = [
  // End of input.
  ErrorCase("empty file", "", location(1, 1), ["the file is empty"]),
  ErrorCase("whitespace only", "  \n  ", location(1, 1), ["the file is empty"]),
  ErrorCase(
    "unclosed array", "[1, 2", location(1, 6),
    ["unexpected end of file", "'[' opened at 1:1", "add a matching ']'"]),
  ErrorCase(
    "unclosed inner array", "{\n  \"a\": [1,\n", location(3, 1),
    ["'[' opened at 2:8 is never closed", "']'"]),
  ErrorCase(
    "unclosed object after colon", "{\"a\":", location(1, 6),
    ["'{' opened at 1:1", "add a matching '}'"]),
  ErrorCase(
    "unterminated string", "[\"abc", location(1, 6),
    ["end of file inside the string that starts at 1:2", "closing '\"'"]),
  // Commas, colons and keys.
  ErrorCase(
    "trailing comma in array", "[1, 2,]", location(1, 6),
    ["trailing comma", "remove the comma before ']'"]),
  ErrorCase(
    "trailing comma in object", "{\n  \"a\": 1,\n}", location(2, 9),
    ["remove the comma before '}'"]),
  ErrorCase(
    "trailing comma after multi-byte key", "{\"é\": 1,}", location(1, 8), ["trailing comma"]),
  ErrorCase(
    "missing comma in array", "[1 2]", location(1, 4), ["missing ','", "array elements"]),
  ErrorCase(
    "missing comma in object", "{\"a\": 1\n \"b\": 2}", location(2, 2),
    ["missing ','", "before this key"]),
  ErrorCase("missing colon", "{\"a\" 1}", location(1, 6), ["missing ':'", "key 'a'"]),
  ErrorCase("equals for colon", "{\"a\" = 1}", location(1, 6), ["found '='", "':'"]),
  ErrorCase(
    "unquoted key", "{name: 1}", location(1, 2),
    ["key 'name'", "double quotes", "write \"name\""]),
  ErrorCase("single-quoted key", "{'a': 1}", location(1, 2), ["single quotes", "double quotes"]),
  ErrorCase("single-quoted string", "{\"a\": 'x'}", location(1, 7), ["single quotes"]),
  ErrorCase(
    "duplicate key", "{\n  \"x\": 1,\n  \"x\": 2\n}", location(3, 3),
    ["duplicate key 'x' (first at 2:3)"]),
  ErrorCase("missing value for key", "{\"a\": }", location(1, 7), ["missing value for key 'a'"]),
  ErrorCase("missing array value", "[1,,2]", location(1, 4), ["missing value before ','"]),
  ErrorCase(
    "mismatched brace", "[1}", location(1, 3), ["mismatched '}'", "'[' opened at 1:1", "']'"]),
  ErrorCase(
    "mismatched bracket", "{\"a\": 1]", location(1, 8), ["mismatched ']'", "'{' opened at 1:1"]),
  ErrorCase("stray bracket in object", "{]", location(1, 2), ["mismatched ']'"]),
  // Comments.
  ErrorCase(
    "line comment", "{\n  // note\n  \"a\": 1\n}", location(2, 3),
    ["JSON has no comments", "\"summary\" field"]),
  ErrorCase("block comment", "[1, /* x */ 2]", location(1, 5), ["JSON has no comments"]),
  ErrorCase("hash comment", "# hi\n{}", location(1, 1), ["JSON has no comments"]),
  ErrorCase("comment after value", "{} // done", location(1, 4), ["JSON has no comments"]),
  // Strings.
  ErrorCase(
    "invalid escape", #"{"path": "C:\Users"}"#, location(1, 13),
    [#"invalid escape '\U'"#, #"write \\ for a backslash"#]),
  ErrorCase(
    "line break in string", "{\"a\": \"abc\n\"}", location(1, 11),
    ["line break inside the string that starts at 1:7", #"\n"#]),
  ErrorCase("tab in string", "[\"a\tb\"]", location(1, 4), ["tab character", #"\t"#]),
  ErrorCase("control character", "[\"a\u{1}\"]", location(1, 4), ["U+0001", #"\u0001"#]),
  ErrorCase(
    "lone high surrogate", #"["\uD83D x"]"#, location(1, 3),
    ["lone surrogate", #"'\uD83D'"#]),
  ErrorCase("lone low surrogate", #"["ab\uDE00"]"#, location(1, 5), [#"lone surrogate '\uDE00'"#]),
  ErrorCase("short unicode escape", #"["\u12G4"]"#, location(1, 3), ["four hex digits"]),
  ErrorCase(
    "quote inside string", #"{"a": "say "hi" now"}"#, location(1, 13), [#"write \""#]),
  // Numbers and literals.
  ErrorCase(
    "leading zeros", "[007]", location(1, 2),
    ["leading zeros are not allowed", "write 7 instead of 007"]),
  ErrorCase(
    "negative leading zero", "-012.5", location(1, 1), ["write -12.5 instead of -012.5"]),
  ErrorCase("NaN", "[NaN]", location(1, 2), ["NaN or Infinity"]),
  ErrorCase("Infinity", "[Infinity]", location(1, 2), ["NaN or Infinity"]),
  ErrorCase("negative Infinity", "{\"a\": -Infinity}", location(1, 7), ["NaN or Infinity"]),
  ErrorCase("capitalised literal", "[True]", location(1, 2), ["write 'true' in lowercase"]),
  ErrorCase("Python None", "[None]", location(1, 2), ["write null"]),
  ErrorCase("misspelt literal", "[ture]", location(1, 2), ["did you mean 'true'?"]),
  ErrorCase("literal prefix", "[trueish]", location(1, 2), ["unexpected word 'trueish'"]),
  ErrorCase(
    "bare word", "{\"a\": hello}", location(1, 7), [#"put text in double quotes: "hello""#]),
  ErrorCase("plus sign", "[+1]", location(1, 2), ["cannot start with '+'"]),
  ErrorCase("leading dot", "[.5]", location(1, 2), ["write 0.5 instead of .5"]),
  ErrorCase("bare minus", "[-]", location(1, 2), ["invalid number '-'", "write digits after '-'"]),
  ErrorCase(
    "trailing dot", "1.", location(1, 1), ["invalid number '1.'", "write digits after '.'"]),
  ErrorCase(
    "empty exponent", "[1e]", location(1, 2), ["invalid number '1e'", "after the exponent"]),
  ErrorCase("number with unit", "{\"ms\": 10ms}", location(1, 8), ["invalid number '10ms'"]),
  ErrorCase("hex number", "[0x1F]", location(1, 2), ["invalid number '0x1F'"]),
  ErrorCase("two dots", "[1.2.3]", location(1, 2), ["invalid number '1.2.3'"]),
  ErrorCase("huge number", "[1e999]", location(1, 2), ["too large"]),
  // Digits no Int64 holds are a whole number out of range, not a fraction (10^20 as an argument
  // was "not a whole number" and then "missing").
  ErrorCase(
    "whole number past Int64", "[9223372036854775808]", location(1, 2),
    ["whole number '9223372036854775808' is out of range", "use a smaller one"]),
  ErrorCase(
    "whole number below Int64", "[-9223372036854775809]", location(1, 2),
    ["whole number '-9223372036854775809' is out of range"]),
  // Trailing content.
  ErrorCase("extra word", "{} x", location(1, 4), ["after the end of the JSON value"]),
  ErrorCase("extra brace", "{}}", location(1, 3), ["unmatched '}'", "remove it"]),
  ErrorCase("two documents", "{}\n{}", location(2, 1), ["wrap several values in an array"]),
  // Unusual characters, with columns counted in scalars.
  ErrorCase("curly quotes", "{\u{201C}a\u{201D}: 1}", location(1, 2), ["curly quote"]),
  ErrorCase("no-break space", "{\u{A0}}", location(1, 2), ["invisible character U+00A0"]),
  ErrorCase("stray letter", "[é]", location(1, 2), ["'é' (U+00E9)"]),
  ErrorCase("after emoji", "[\"😀\", x]", location(1, 7), ["unexpected word 'x'"]),
  ErrorCase(
    "after byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8), location(1, 3),
    ["trailing comma"]),
  ErrorCase("CRLF lines", "[\r\n1,\r\n]", location(2, 2), ["trailing comma"]),
  // Invalid UTF-8.
  ErrorCase(
    "0xFF in string", bytes: [0x5B, 0x22, 0xFF, 0x22, 0x5D], location(1, 3),
    ["not valid UTF-8", "byte 0xFF at offset 2", "save it as UTF-8"]),
  ErrorCase(
    "Latin-1 é", bytes: Array(#"{"a": "caf"#.utf8) + [0xE9, 0x22, 0x7D], location(1, 11),
    ["not valid UTF-8", "0xE9"]),
  ErrorCase("bad byte outside strings", bytes: [0xC3, 0x28], location(1, 1), ["0xC3"]),
  ErrorCase("overlong encoding", bytes: [0x22, 0xC0, 0x80, 0x22], location(1, 2), ["0xC0"]),
  ErrorCase("encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], location(1, 2), ["0xED"]),
  ErrorCase("truncated sequence", bytes: [0x22, 0xE2, 0x82], location(1, 2), ["0xE2"]),
]

@Test(arguments: errorCases)
func reportsMalformedInput(_ errorCase: ErrorCase) throws {
  let error = try #require(diagnostic(for: errorCase.bytes))
  #expect(error.severity == .error)
  #expect(error.file == "bad.json")
  #expect(error.location?.line == errorCase.line, "\(error)")
  #expect(error.location?.column == errorCase.column, "\(error)")
  for word in errorCase.words {
    #expect(error.message.contains(word), "\(error)")
  }
  // Every message says what is wrong, then what to do.
  #expect(error.message.contains("; "), "\(error)")
  #expect(error.description.hasPrefix("bad.json:\(errorCase.line):\(errorCase.column): error: "))
}
