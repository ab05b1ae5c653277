import LabModel
import Testing

@testable import LabNative

/// A native program reports a list as Swift prints it (`[String].description`, each item its
/// `debugDescription`): read back, every text is the one the program had. A tab, a line break, a
/// NUL or an escape in a list came back as `\t`, `\n`, `\0`, `\u{1B}`, and `--native` failed a
/// check the lab passed.
struct NativeValueReadingTests {
  static let texts = [
    "plain", "a\tb", "a\nb", "a\0b", "a\u{1B}b", "q\"x", "b\\s", "it's", "\u{7F}", "\u{202E}z",
    "é", "\u{85}", "\r", "\\u{41}", "a, b", "[x]", "\\", "\u{1}\u{2}\u{9F}", "",
  ]

  @Test func everyTextInAListReadsBackAsTheProgramHadIt() {
    let printed = "\(Self.texts)"
    #expect(NativeRunner.parse(printed, like: .list([])) == .list(Self.texts.map(Value.string)))
    for text in Self.texts {
      #expect(NativeRunner.parse("\([text])", like: .list([])) == .list([.string(text)]), "\(text)")
    }
  }

  @Test func aBackslashNotFollowedByAnEscapeIsKept() {
    #expect(NativeRunner.literalText(#"a\qb\u{zz}\"#) == #"a\qb\u{zz}\"#)
  }
}
