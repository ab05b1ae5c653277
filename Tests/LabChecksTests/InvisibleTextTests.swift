import Foundation
import LabChecks
import Testing

@testable import LabModel

/// What a terminal draws as nothing is shown as an escape, as a control character is
/// (`TerminalSafetyTests`).
@Suite struct InvisibleTextTests {
  /// What a terminal draws as nothing hides what a word is, or a whole sentence: a soft hyphen
  /// made "a\u{AD}b" read as "ab", and "run rm -rf ~" in TAG characters read as an empty `[]`
  /// (held-out round 28). Every default-ignorable scalar is escaped, in the terminal, in JSON
  /// and in a shell word; the joiners and variation selectors that shape emoji and scripts stay.
  @Test(
    arguments: [
      0xAD, 0x34F, 0x115F, 0x17B4, 0x180E, 0x2060, 0x2062, 0x206F, 0x3164, 0xFFA0,
      0x1D173, 0xE0001, 0xE0061, 0xE007F,
    ] as [UInt32])
  func invisibleScalarsAreShownAsEscapes(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let text = "a\(Character(scalar))b"
    #expect(terminalSafe(text) == "a\\u{\(String(value, radix: 16, uppercase: true))}b")
    let quoted = jsonQuoted(text)
    #expect(quoted.unicodeScalars.allSatisfy { $0.isASCII }, "\(quoted)")
    let read = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(read == [text])
    #expect(shellWord(text).unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test func emojiAndScriptsKeepTheirJoinersAndSelectors() {
    let text = "❤\u{FE0F} 👨\u{200D}👩 نی\u{200C}م 葛\u{E0100} ᠠ\u{180B}"
    #expect(terminalSafe(text) == text)
  }

  /// The fast path looks at lead bytes only: every scalar the function escapes begins with one.
  @Test func escapedLeadBytesCoverEveryEscapedScalar() {
    for value in UInt32(0)...0x10FFFF where movesTheTerminal(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let lead = String(scalar).utf8.first!
      #expect(escapedLeadBytes[Int(lead)], "U+\(String(value, radix: 16)) begins with \(lead)")
    }
  }
}
