/// A lexer for Swift source, for tests only: it splits a generated program into tokens and says
/// which text is a comment, which is inside a string literal and which is code, the way `swiftc`
/// does (Swift 6.3, measured: docs/swift-programs.md, "What reaches the program's source").
///
/// It is the referee of `ProgramInjectionTests`: a scenario's text may change what a comment or a
/// literal says, never the code. So it must draw the borders of comments and literals exactly
/// where the compiler does; inside code it only needs to be deterministic, since two programs are
/// compared token by token. Where swiftc would refuse the text (an unterminated literal, a control
/// character in a literal, `*/` outside a comment), it records an issue instead of guessing.
///
/// - Only LF and CR (and CRLF) end a line: U+0085, U+2028 and U+2029 do not end a `//` comment,
///   are allowed raw in a literal and are invalid characters in code. VT, FF and NUL are
///   whitespace between tokens (NUL with a warning).
/// - Block comments nest: `/* /* */ */` is one comment.
/// - The code inside `\( … )` (`\#( … )` in a raw literal) is code: its tokens are code tokens,
///   between `interpolationOpen` and `interpolationClose`.
struct SwiftLexer {
  enum Kind: Equatable {
    case lineComment, blockComment
    /// The delimiters of a literal (`"`, `"""`, `#"`, `"#`…) and the text between them.
    case stringOpen, stringText, stringClose
    case interpolationOpen, interpolationClose
    /// A name: plain, backticked (`` `class` ``) or `$`-prefixed.
    case identifier
    case keyword, number
    /// `#isolation`, `#if` and their kin.
    case poundKeyword
    case `operator`, punctuation
  }

  struct Token: Equatable {
    var kind: Kind
    var text: String
    /// 1-based, counting LF, CR and CRLF as swiftc does.
    var line: Int

    /// Whether the token is what swiftc compiles: not a comment, not a literal's text.
    var isCode: Bool { ![.lineComment, .blockComment, .stringText].contains(kind) }

    /// The name an identifier token declares or uses: backticks name the same thing without them.
    var name: String { kind == .identifier ? text.trimmingBackticks : text }
  }

  /// Something swiftc would refuse: the program does not say what the lexer says it does.
  struct Issue: Equatable, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
  }

  private(set) var tokens: [Token] = []
  private(set) var issues: [Issue] = []
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var line = 1

  /// The tokens and issues of `source`.
  static func lex(_ source: String) -> (tokens: [Token], issues: [Issue]) {
    var lexer = SwiftLexer(scalars: Array(source.unicodeScalars))
    lexer.lexCode(inInterpolation: false, singleLine: false)
    return (lexer.tokens, lexer.issues)
  }

  private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

  // MARK: - Code

  /// Code up to the end, or inside an interpolation up to its unmatched `)`.
  private mutating func lexCode(inInterpolation: Bool, singleLine: Bool) {
    var depth = 0
    while let scalar = peek() {
      let start = index
      switch scalar {
      case "\n", "\r":
        if inInterpolation && singleLine {
          issue("a line break inside the interpolation of a one-line string literal")
          return
        }
        skipLineBreak()
      case " ", "\t", "\u{0B}", "\u{0C}", "\u{00}": index += 1
      case "/" where peek(1) == "/":
        while let next = peek(), next != "\n", next != "\r" { index += 1 }
        add(.lineComment, from: start)
      case "/" where peek(1) == "*": lexBlockComment()
      case "\"": lexString(hashes: 0)
      case "#":
        let hashes = count("#", from: index)
        if peek(hashes) == "\"" {
          index += hashes
          lexString(hashes: hashes)
        } else if let next = peek(1), Self.isIdentifierHead(next) {
          index += 1
          lexIdentifierCharacters()
          add(.poundKeyword, from: start)
        } else {
          index += 1
          add(.punctuation, from: start)
        }
      case "`": lexBacktickedIdentifier()
      case "(", "[", "{":
        depth += 1
        index += 1
        add(.punctuation, from: start)
      case ")" where inInterpolation && depth == 0: return
      case ")", "]", "}", ",", ":", ";", "@", "\\":
        depth -= [")", "]", "}"].contains(scalar) ? 1 : 0
        index += 1
        add(.punctuation, from: start)
      case "." where peek(1) != ".":
        index += 1
        add(.punctuation, from: start)
      case "$":
        index += 1
        lexIdentifierCharacters()
        add(.identifier, from: start)
      case "0"..."9": lexNumber()
      case "\u{85}", "\u{2028}", "\u{2029}":
        issue("U+\(hex(scalar)) is an invalid character in code")
        index += 1
      default:
        if Self.isOperatorCharacter(scalar) || scalar == "." {
          lexOperator()
        } else if Self.isIdentifierHead(scalar) {
          lexIdentifierCharacters()
          addWord(from: start)
        } else {
          issue("U+\(hex(scalar)) cannot start a token")
          index += 1
        }
      }
    }
    if inInterpolation { issue("an interpolation without its closing ')'") }
  }

  private mutating func lexBlockComment() {
    let start = index
    var depth = 0
    while index < scalars.count {
      if peek() == "/" && peek(1) == "*" {
        depth += 1
        index += 2
      } else if peek() == "*" && peek(1) == "/" {
        depth -= 1
        index += 2
        if depth == 0 {
          add(.blockComment, from: start)
          return
        }
      } else if peek() == "\n" || peek() == "\r" {
        skipLineBreak()
      } else {
        index += 1
      }
    }
    issue("a block comment without its closing */")
    add(.blockComment, from: start)
  }

  /// A run of operator characters; `.` starts a dot operator such as `..<`. Stops before a
  /// comment, and `*/` inside one is swiftc's "unexpected end of block comment".
  private mutating func lexOperator() {
    let start = index
    let dotted = peek() == "."
    while let scalar = peek(), Self.isOperatorCharacter(scalar) || (dotted && scalar == ".") {
      if scalar == "/" && (peek(1) == "/" || peek(1) == "*") && index > start { break }
      if scalar == "*" && peek(1) == "/" { issue("*/ outside a block comment") }
      index += 1
    }
    add(.operator, from: start)
  }

  private mutating func lexNumber() {
    let start = index
    while let scalar = peek() {
      let fraction = scalar == "." && peek(1).map { ("0"..."9").contains($0) } == true
      guard fraction || Self.isIdentifierCharacter(scalar) else { break }
      index += 1
    }
    add(.number, from: start)
  }

  private mutating func lexIdentifierCharacters() {
    while let scalar = peek(), Self.isIdentifierCharacter(scalar) { index += 1 }
  }

  /// A plain word: a reserved keyword, or after a `.` one of the members Swift reserves
  /// (`x.Type` is a metatype, not a property named Type), else an identifier.
  private mutating func addWord(from start: Int) {
    let word = String(String.UnicodeScalarView(scalars[start..<index]))
    let afterDot = tokens.last.map { $0.kind == .punctuation && $0.text == "." } ?? false
    let reserved =
      Self.keywords.contains(word) || (afterDot && Self.reservedMembers.contains(word))
    add(reserved ? .keyword : .identifier, from: start)
  }

  /// `` `name` ``: any text on one line but a backslash or a backtick, not empty, not all
  /// operator characters (Swift 6.2's raw identifiers, SE-0451).
  private mutating func lexBacktickedIdentifier() {
    let start = index
    index += 1
    while let scalar = peek(), scalar != "`", scalar != "\n", scalar != "\r" { index += 1 }
    let inside = scalars[(start + 1)..<index]
    if peek() == "`" { index += 1 } else { issue("a backticked name without its closing `") }
    if inside.isEmpty || inside.allSatisfy(Self.isOperatorCharacter)
      || inside.contains(where: { $0 == "\\" || Self.isLineBreakLike($0) })
    {
      issue("swiftc refuses the backticked name \(String(String.UnicodeScalarView(inside)))")
    }
    add(.identifier, from: start)
  }

  // MARK: - String literals

  /// A literal opened by `hashes` `#` and a quote (at `index`): `"…"`, `"""…"""`, `#"…"#`.
  private mutating func lexString(hashes: Int) {
    let openStart = index - hashes
    let multiLine = peek(1) == "\"" && peek(2) == "\""
    let quotes = multiLine ? 3 : 1
    index += quotes
    add(.stringOpen, from: openStart)
    var textStart = index
    while let scalar = peek() {
      if scalar == "\"" && count("\"", from: index) >= quotes
        && count("#", from: index + quotes) >= hashes
      {
        add(.stringText, from: textStart, skipEmpty: true)
        let closeStart = index
        index += quotes + hashes
        add(.stringClose, from: closeStart)
        return
      }
      if scalar == "\\" && count("#", from: index + 1) >= hashes {
        if peek(1 + hashes) == "(" {
          add(.stringText, from: textStart, skipEmpty: true)
          let interpolationStart = index
          index += 2 + hashes
          add(.interpolationOpen, from: interpolationStart)
          lexCode(inInterpolation: true, singleLine: !multiLine)
          guard peek() == ")" else { return }
          index += 1
          add(.interpolationClose, from: index - 1)
          textStart = index
          continue
        }
        index += 1 + hashes
        lexEscape(multiLine: multiLine)
        continue
      }
      if scalar == "\n" || scalar == "\r" {
        if !multiLine {
          issue("a line break inside a one-line string literal")
          add(.stringText, from: textStart, skipEmpty: true)
          return
        }
        skipLineBreak()
        continue
      }
      if Self.isRefusedInLiteral(scalar, multiLine: multiLine) {
        issue("swiftc refuses the raw control character U+\(hex(scalar)) in a string literal")
      }
      index += 1
    }
    issue("a string literal without its closing quote")
    add(.stringText, from: textStart, skipEmpty: true)
  }

  /// What follows a backslash: `\0 \\ \t \n \r \" \'`, `\u{1…8 hex digits}`, or in a
  /// multi-line literal a line break (the line goes on).
  private mutating func lexEscape(multiLine: Bool) {
    guard let scalar = peek() else { return }
    switch scalar {
    case "0", "\\", "t", "n", "r", "\"", "'": index += 1
    case "u" where peek(1) == "{":
      index += 2
      var digits = 0
      while let digit = peek(), digit.properties.isASCIIHexDigit {
        digits += 1
        index += 1
      }
      if peek() == "}" && (1...8).contains(digits) { index += 1 } else { issue("a bad \\u{…}") }
    case "\n" where multiLine, "\r" where multiLine: skipLineBreak()
    default: issue("the escape \\\(scalar) is not one swiftc knows")
    }
  }

  // MARK: - Characters

  /// The words swiftc refuses as a name (measured: `let W`, a parameter, a property), with
  /// `await`, which it lets a constant declare but not be read in async code, and `_`. Contextual
  /// keywords (`async`, `actor`, `open`, `some`…) are names outside their context, so they lex
  /// as identifiers here.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
    "public", "static", "struct", "subscript", "typealias", "var", "break", "case",
    "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
    "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
  ]

  /// The contextual keywords the generated programs use as keywords (`func f() async`,
  /// `nonisolated(unsafe)`, `@concurrent`), which are names anywhere else.
  static let contextualKeywords: Set<String> = [
    "async", "actor", "nonisolated", "unsafe", "concurrent", "isolated", "sending", "some",
    "any", "final", "mutating", "get", "set", "lazy", "weak", "unowned", "override", "package",
  ]

  /// Members that mean something else after a dot: `x.Type`, `x.Protocol`, `x.self`, `x.init`.
  static let reservedMembers: Set<String> = ["Type", "Protocol", "self", "init"]

  /// Swift's operator characters (The Swift Programming Language, "Operators"), `.` aside.
  static func isOperatorCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return "/=-+!*%<>&|^~?".unicodeScalars.contains(scalar) }
    switch scalar.value {
    case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
      0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
      0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
      0x3008...0x3020, 0x3030, 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF,
      0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
      return true
    default: return false
    }
  }

  /// A letter, `_`, or any other non-ASCII character that is not an operator, whitespace or a
  /// line break: swiftc accepts far more in names than letters (bidi controls and U+200B
  /// included, measured), and a generated program must never lean on that.
  static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return scalar == "_" || scalar.properties.isAlphabetic
    }
    return !isOperatorCharacter(scalar) && !isLineBreakLike(scalar) && scalar.value > 0xA0
  }

  static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isIdentifierHead(scalar) || ("0"..."9").contains(scalar)
      || (0x0300...0x036F).contains(scalar.value) || (0x20D0...0x20FF).contains(scalar.value)
  }

  /// Characters Unicode calls line or paragraph breaks that swiftc does not (NEL, LS, PS).
  static func isLineBreakLike(_ scalar: Unicode.Scalar) -> Bool {
    ["\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
  }

  /// ASCII controls swiftc refuses raw in a literal ("unprintable ASCII character"): all of
  /// them but NUL, which it only warns about, and in a multi-line literal the tab.
  static func isRefusedInLiteral(_ scalar: Unicode.Scalar, multiLine: Bool) -> Bool {
    guard scalar.value < 0x20 || scalar.value == 0x7F, scalar.value != 0 else { return false }
    return !(multiLine && scalar == "\t")
  }

  // MARK: - Reading

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private func count(_ scalar: Unicode.Scalar, from start: Int) -> Int {
    var end = start
    while end < scalars.count && scalars[end] == scalar { end += 1 }
    return end - start
  }

  private mutating func skipLineBreak() {
    if peek() == "\r" && peek(1) == "\n" { index += 1 }
    index += 1
    line += 1
  }

  private mutating func add(_ kind: Kind, from start: Int, skipEmpty: Bool = false) {
    guard !(skipEmpty && start == index) else { return }
    let text = String(String.UnicodeScalarView(scalars[start..<index]))
    // The line it starts on: the lines it spans end before `line`, CRLF counting once.
    let breaks = (start..<index).filter {
      scalars[$0] == "\n" || (scalars[$0] == "\r" && ($0 + 1 == index || scalars[$0 + 1] != "\n"))
    }
    tokens.append(Token(kind: kind, text: text, line: line - breaks.count))
  }

  private mutating func issue(_ message: String) {
    issues.append(Issue(line: line, message: message))
  }

  private func hex(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension String {
  /// The name a backticked identifier spells.
  fileprivate var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
  }
}
