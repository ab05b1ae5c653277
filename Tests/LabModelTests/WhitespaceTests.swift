import Foundation
import LabModel
import Testing

/// The lesson and fact parsers trim each line without bridging it through `NSString`; what they
/// keep must be what `trimmingCharacters(in: .whitespaces)` kept, or a lesson would read
/// differently: tab and every space separator go, line breaks and a combining mark stay.
@Suite struct WhitespaceTests {
  static let samples = [
    "", " ", "\t\t", "a", "  a b  ", "\u{A0}x\u{3000}", "\u{2003}\t \u{202F}", " \u{301}x ",
    "x\n", "\n x \r", " \u{FEFF}x", "é ", "\u{1F600} \u{200B}", "a\u{2028}", "\u{1680}y\u{205F}",
  ]

  @Test(arguments: samples) func trimsWhatFoundationTrims(_ text: String) {
    #expect(trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces))
    #expect(trimmingWhitespace(Substring(text)) == text.trimmingCharacters(in: .whitespaces))
    #expect(isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty)
  }

  @Test func everySpaceSeparatorAndNoOtherScalarBelowTheSupplementaryPlanes() {
    for value in 0..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      #expect(
        isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty,
        "U+\(String(value, radix: 16, uppercase: true))")
    }
  }
}
