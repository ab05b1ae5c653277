import Foundation
import LabModel
import LabTestSupport
import Testing

@testable import LabSwift

/// Text of a scenario reaches its Swift program only as an `Identifier`, an escaped literal or a
/// comment (`SwiftCode`): these pin what each makes of hostile text (docs/security.md).
@Suite struct SwiftSourceSafetyTests {
  /// What ends a `//` comment for swiftc (LF and CR, measured), and what else is invisible there.
  static let lineEnds: [Character] = ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"]

  @Test(arguments: lineEnds)
  func aCommentEndsWhereItsLineDoes(_ end: Character) {
    let comment = SwiftCode.comment("title\(end)exit(1)\(end)// more").text
    #expect(comment.hasPrefix("// title"))
    #expect(!comment.unicodeScalars.contains { SwiftEscaping.isInvisible($0) })
    #expect(comment.contains("exit(1)"), "the text stays, as text")
  }

  @Test func aLiteralEscapesEverythingThatCouldEndOrChangeIt() {
    let hostile = "a\"b\\(exit(1))\"\"\"#\"\n\r\t\u{0}\u{7F}\u{2028}\u{202E}é"
    let literal = SwiftCode.string(hostile).text
    #expect(literal == ##""a\"b\\(exit(1))\"\"\"#\"\n\r\t\u{0}\u{7f}\u{2028}\u{202e}é""##)
    // One literal: the only unescaped quotes are the first and the last character.
    var unescapedQuotes = 0
    var escaped = false
    for character in literal {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        unescapedQuotes += 1
      }
    }
    #expect(unescapedQuotes == 2)
  }

  /// What the terminal's text escapes, the program's does too: the combining grapheme joiner
  /// and the Hangul fillers are marks and letters to Unicode, yet draw nothing, and `lab swift`
  /// printed them raw (held-out round 31).
  @Test func everyScalarTheTerminalEscapesIsEscapedInTheProgram() {
    for value in UInt32(0)...0x10FFFF where movesTheTerminal(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(SwiftEscaping.isInvisible(scalar), "U+\(String(value, radix: 16))")
    }
    let text = "a\u{34F}b\u{3164}c\u{115F}d\u{FFA0}e"
    #expect(SwiftCode.string(text).text == #""a\u{34f}b\u{3164}c\u{115f}d\u{ffa0}e""#)
    #expect(SwiftCode.comment(text).text == #"// a\u{34f}b\u{3164}c\u{115f}d\u{ffa0}e"#)
  }

  @Test func aKeywordIsBacktickedAndAnythingElseIsOneToken() {
    #expect(Identifier("count").token == "count")
    #expect(Identifier("class").token == "`class`")
    #expect(Identifier("café").token == "café")
    for name in ["a\nb", "x); exit(1); (y", "`x`", "1st", "", "a b", "count\u{202E}", "$0", "a.b"] {
      let token = Identifier(name).token
      #expect(SwiftIdentifier.problem(token) != .grammar, "\(name.debugDescription) → \(token)")
    }
  }

  /// Random text, every character class Swift knows, always one identifier token.
  @Test func randomNamesAreAlwaysOneToken() {
    var generator = SystemRandomNumberGenerator()
    let pool = Array("aZ_09 \n\r\t\"\\`#(){}.;:/*$é\u{300}\u{200D}\u{202E}\u{2028}\u{85}😀")
    for _ in 0..<2_000 {
      let name = String(
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in
          pool.randomElement(using: &generator)!
        })
      let token = Identifier(name).token
      let bare = token.hasPrefix("`") ? String(token.dropFirst().dropLast()) : token
      #expect(
        bare.unicodeScalars.first.map(SwiftIdentifier.isHead) == true
          && bare.unicodeScalars.allSatisfy(SwiftIdentifier.isCharacter),
        "\(name.debugDescription) → \(token)")
    }
  }

  /// The names the decoder accepts are exactly those `Identifier` writes as they are.
  @Test(arguments: ["count", "class", "log", "Task", "a\nb", "名前", "x\u{202E}", "_", "n1"])
  func theDecoderAndTheWriterAgree(_ name: String) {
    let accepted = SwiftIdentifier.isValid(name)
    #expect(accepted == (Identifier(name).token == name && SwiftIdentifier.problem(name) == nil))
  }

  /// A title and a summary with every line end, and log text with every delimiter: the program
  /// keeps them in comments and literals, and its code is that of a plain scenario.
  @Test func hostileTextStaysInCommentsAndLiterals() throws {
    let scenario = try TestSupport.scenario(
      "Tests/BadInputs/title-with-line-breaks-stays-a-comment.json")
    let program = try SwiftProgram.generate(scenario)
    for line in program.split(separator: "\n", omittingEmptySubsequences: false)
    where line.contains("exit(") {
      // Every line that mentions exit( is a comment, or a log call whose literal escapes it.
      #expect(
        line.hasPrefix("// ") || line.contains(##"log("\"\"\" #\" \\(exit(7)) \r\n")"##), "\(line)")
    }
    #expect(!program.unicodeScalars.contains { $0 == "\r" || $0 == "\u{2028}" })
  }
}
