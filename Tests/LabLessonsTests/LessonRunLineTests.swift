import LabLessons
import Testing

/// A lesson's `lab run` line that a teacher got slightly wrong says what to write instead
/// (held-out round 35): the nearest listed name, the name without quotes, one run a line.
struct LessonRunLineTests {
  static func problems(_ lines: String) -> [String] {
    LessonTests.problems("```lab\n\(lines)\n```" + LessonTests.questions)
  }

  @Test func aMistypedNameGetsTheNearestListedOne() {
    #expect(
      Self.problems("lab run sync-downlod").contains {
        $0.contains("'sync-downlod' is run here") && $0.contains("did you mean 'sync-download'?")
      })
  }

  @Test func aQuotedNameIsToBeWrittenWithoutQuotes() {
    #expect(
      Self.problems("lab run 'sync-download'").contains {
        $0.contains("write the scenario's name without quotes: 'sync-download'")
      })
  }

  @Test func aCommentAfterTheNameIsNotASecondScenario() {
    #expect(
      Self.problems("lab run sync-download # see above").contains {
        $0.contains("'#' is a second: put each run on a line of its own")
      })
  }
}
