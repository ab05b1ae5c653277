import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

/// A fold compares events by their text with each number read as `#`, walked over the text's
/// bytes: names keep their digits, in any script.
struct TraceFoldShapeTests {
  @Test(arguments: [
    (
      "stream p: yield(5) → .enqueued(remaining: Int.max)",
      "stream p: yield(#) → .enqueued(remaining: Int.max)"
    ),
    ("num1 = 12 (read 3)", "num1 = # (read #)"), ("é1 2", "é1 #"), ("日本7 8", "日本7 #"),
    ("_x9 -10", "_x9 -#"), ("", ""), ("12 34", "# #"), ("→1 🙂2 x🙂3", "→# 🙂# x🙂#"),
    ("\u{212A}7 ٣4 K7", "\u{212A}7 ٣# K7"), ("@1 [2 `3 {4 Z5 z6", "@# [# `# {# Z5 z6"),
  ])
  func numbersOutsideNamesBecomeOneMark(text: String, shape: String) {
    #expect(Array(TraceText.shape(text).utf8) == Array(shape.utf8))
  }

  /// The rule as it reads, scalar by scalar: what the byte walk must agree with.
  static func shapeByScalars(_ text: String) -> String {
    var shape = ""
    var inNumber = false
    var inName = false
    for scalar in text.unicodeScalars {
      let digit = scalar >= "0" && scalar <= "9"
      if digit, !inName {
        if !inNumber { shape.unicodeScalars.append("#") }
        inNumber = true
        continue
      }
      shape.unicodeScalars.append(scalar)
      inNumber = false
      let letter = scalar.properties.isAlphabetic
      inName = letter || scalar == "_" || (inName && digit)
    }
    return shape
  }

  /// Random texts over ASCII, two-, three- and four-byte scalars, letters and not.
  @Test func theByteWalkAgreesWithTheRuleOnRandomTexts() {
    let pieces: [Unicode.Scalar] = [
      "a", "Z", "_", "0", "5", "9", " ", "-", "@", "[", "`", "{", "é", "ß", "\u{0301}", "→", "日",
      "\u{212A}", "😀", "𝒜", "٣",
    ]
    var generator = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<Int(generator.next() % 12) {
        text.unicodeScalars.append(pieces[Int(generator.next() % UInt64(pieces.count))])
      }
      #expect(
        Array(TraceText.shape(text).utf8) == Array(Self.shapeByScalars(text).utf8), "\(text)")
    }
  }

  /// A cut keeps whole scalars, counted as scalars, and says nothing was cut where nothing was.
  @Test func aPrefixCountsScalarsNotBytes() {
    var generator = SplitMix64(seed: 3)
    let pieces: [Unicode.Scalar] = ["a", "a", "a", "é", "日", "😀", "\u{0301}"]
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int(generator.next() % 9) {
        text.unicodeScalars.append(pieces[Int(generator.next() % UInt64(pieces.count))])
      }
      let count = Int(generator.next() % 7)
      let scalars = Array(text.unicodeScalars)
      let expected =
        scalars.count > count ? scalars[..<count].map { $0.utf8.count }.reduce(0, +) : nil
      #expect(text.utf8Offset(ofScalar: count) == expected, "\(text) \(count)")
    }
    #expect("\u{212A}".hasSameBytes(as: "K") == false)
    #expect("\u{212A}" == "K")
    #expect("é".hasSameBytes(as: "é"))
    #expect("".hasSameBytes(as: ""))
  }

  /// Rounds are alike when their texts are the same bytes: a round that logs the Kelvin sign is
  /// not one that logs "K", though Swift's `==` calls the two equal.
  @Test func roundsFoldOnlyWhereTheirTextsAreTheSameBytes() {
    func events(_ texts: [String]) -> [TraceEvent] {
      texts.enumerated().map {
        TraceEvent(
          time: Double($0.offset), thread: "main", task: "root", kind: .log, text: $0.element)
      }
    }
    let alike = TraceText.folded(events(["K 1", "K 2", "K 3", "K 4"]))
    #expect(alike.contains { if case .rounds = $0 { true } else { false } })
    let kelvin = TraceText.folded(events(["K 1", "\u{212A} 2", "K 3", "\u{212A} 4"]))
    #expect(kelvin == (0..<4).map(TraceText.FoldedPart.event))
  }
}
