import Foundation
import LabModel

/// Swift source the program writer has built. Its text comes from four places only, each safe by
/// construction, so no text of a scenario can become code of its program (docs/security.md):
/// - the writer's own source, as string literals of `StaticString` — fixed when the lab is built;
/// - names, as `Identifier`s, which are always one identifier token;
/// - text, as `SwiftCode.string(_:)` or `\(inLiteral:)`, escaped into a string literal;
/// - prose, as `SwiftCode.comment(_:)`, a `//` comment with every line terminator made visible;
/// and numbers and types, which print as themselves. There is no way to make one from a `String`:
/// an interpolation of a `String` does not compile.
struct SwiftCode: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  private(set) var text: String

  init(stringLiteral literal: StaticString) { text = literal.description }

  init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

  private init(verbatim text: String) { self.text = text }

  /// A name on its own, as code.
  init(_ name: Identifier) { text = name.token }

  var description: String { text }
  var isEmpty: Bool { text.isEmpty }

  static let empty: SwiftCode = ""

  static func + (left: SwiftCode, right: SwiftCode) -> SwiftCode {
    SwiftCode(verbatim: left.text + right.text)
  }

  static func += (left: inout SwiftCode, right: SwiftCode) { left.text += right.text }

  /// `text` as a Swift string literal: every character that could end or change the literal is
  /// escaped (`"`, `\`, line ends, control and format characters), so `\(` stays text.
  static func string(_ text: String) -> SwiftCode {
    SwiftCode(verbatim: "\"" + SwiftEscaping.literalContent(text) + "\"")
  }

  /// `// text`: a line comment whose every line terminator swiftc knows (LF, CR — and NEL, the
  /// line and paragraph separators, control and bidirectional characters, shown though harmless)
  /// is written as a visible escape, so the comment ends where the line does.
  static func comment(_ text: String) -> SwiftCode {
    SwiftCode(verbatim: "// " + SwiftEscaping.commentContent(text))
  }

  /// Whether the code starts with `prefix`: the writer reads back its own lines' shape.
  func hasPrefix(_ prefix: StaticString) -> Bool { text.hasPrefix(prefix.description) }

  func hasSuffix(_ suffix: StaticString) -> Bool { text.hasSuffix(suffix.description) }

  func contains(_ part: StaticString) -> Bool { text.contains(part.description) }

  /// The code without its first `prefix` characters, when it starts with them.
  func droppingPrefix(_ prefix: StaticString) -> SwiftCode {
    hasPrefix(prefix) ? SwiftCode(verbatim: String(text.dropFirst(prefix.description.count))) : self
  }

  /// The code indented by `depth` levels of two spaces.
  func indented(_ depth: Int) -> SwiftCode {
    isEmpty ? self : SwiftCode(verbatim: String(repeating: "  ", count: depth) + text)
  }

  /// The lines of a block of the writer's own source, such as a helper's declaration.
  static func lines(_ block: StaticString) -> [SwiftCode] {
    block.description.split(separator: "\n", omittingEmptySubsequences: false).map {
      SwiftCode(verbatim: String($0))
    }
  }

  struct Interpolation: StringInterpolationProtocol {
    typealias StringLiteralType = StaticString
    fileprivate var text = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + interpolationCount * 8)
    }

    mutating func appendLiteral(_ literal: StaticString) { text += literal.description }
    mutating func appendInterpolation(_ code: SwiftCode) { text += code.text }
    mutating func appendInterpolation(_ name: Identifier) { text += name.token }
    mutating func appendInterpolation(_ type: SwiftType) { text += type.description }
    mutating func appendInterpolation<Number: FixedWidthInteger>(_ number: Number) {
      text += String(number)
    }
    /// Text inside a string literal the surrounding code opens and closes: escaped.
    mutating func appendInterpolation(inLiteral content: String) {
      text += SwiftEscaping.literalContent(content)
    }
  }
}

extension Sequence<SwiftCode> {
  func joined(separator: SwiftCode = .empty) -> SwiftCode {
    var result = SwiftCode.empty
    for (index, code) in enumerated() {
      if index > 0 { result += separator }
      result += code
    }
    return result
  }
}

/// A name of the scenario as one Swift identifier token. The decoder has refused every name that
/// is not one (`SwiftIdentifier.problem`); whatever else reaches here is still written as one
/// token: a keyword back-ticked, anything else spelt with `_uXXXX_` for each character Swift's
/// grammar does not allow — never as the text itself.
struct Identifier: Hashable, Sendable, CustomStringConvertible {
  let name: String
  let token: String

  init(_ name: String) {
    self.name = name
    // In Unicode's composed form: the lab's names compare as Swift's strings do, so "é" typed
    // as one letter or as "e" and an accent is one name, and swiftc, which compares a token's
    // bytes, is given one spelling of it ("cannot find 'é' in scope" otherwise).
    token = Self.token(for: name.precomposedStringWithCanonicalMapping)
  }

  var description: String { token }

  /// `name` followed by `suffix`: `num1Value`, `searchPipeline`.
  func suffixed(_ suffix: StaticString) -> Identifier { Identifier(name + suffix.description) }

  /// `name` after `prefix`, its first letter capitalized: `setCount`, `SearchPipeline`.
  func capitalized(after prefix: StaticString) -> Identifier {
    Identifier(prefix.description + name.prefix(1).uppercased() + name.dropFirst())
  }

  /// The name with its first letter lowercased: an actor's instance.
  var lowercasedFirst: Identifier { Identifier(name.prefix(1).lowercased() + name.dropFirst()) }

  private static func token(for name: String) -> String {
    switch SwiftIdentifier.problem(name) {
    case nil, .programName: return name
    case .keyword: return "`\(name)`"
    case .grammar:
      var token = name.unicodeScalars.first.map(SwiftIdentifier.isHead) == true ? "" : "_"
      for scalar in name.unicodeScalars {
        if SwiftIdentifier.isCharacter(scalar) {
          token.unicodeScalars.append(scalar)
        } else {
          token += "_u\(String(scalar.value, radix: 16, uppercase: true))_"
        }
      }
      return token
    }
  }
}

/// How text of a scenario is written inside a literal or a comment.
enum SwiftEscaping {
  /// The content of a `"…"` literal: quotes, backslashes and every character swiftc refuses
  /// raw or a reader could misread (controls, DEL, line and paragraph separators, format
  /// characters such as bidirectional overrides) escaped.
  static func literalContent(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if isInvisible(scalar) {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// The text of a `//` comment: on one line, every invisible character as `\u{…}`.
  static func commentContent(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if isInvisible(scalar) || scalar == "\t" {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Controls (C0, DEL, C1 — LF, CR and NEL among them), the line and paragraph separators and
  /// format characters (zero-width and bidirectional ones), and whatever else the terminal's
  /// text escapes (`movesTheTerminal`: the combining grapheme joiner and the Hangul fillers are
  /// letters and marks to Unicode, yet draw nothing: `lab swift` printed them raw).
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if movesTheTerminal(scalar.value) { return true }
    return switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
      .unassigned:
      true
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
      .modifierSymbol, .otherSymbol, .spaceSeparator:
      false
    @unknown default: true
    }
  }
}
