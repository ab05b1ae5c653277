import Foundation
import LabCommandLine
import LabLessons
import LabPictures
import LabTestSupport
import Testing

/// A lesson is bounded as a whole: past its budget it stops before its next block and says so,
/// naming the bound and how to raise it, rather than running (or compiling) on in silence.
@Suite struct LessonBudgetTests {
  @Test func aLessonPastItsBudgetStopsAndSaysSo() throws {
    let lesson = try LessonTests.parse(
      """
      ```lab
      lab run racy-counter
      ```

      ## Second

      ```lab
      lab run racy-counter --seed 2
      ```

      ## Questions

      1. Why?
      """,
      frontMatter: "---\nname: sample\ntitle: Sample\nscenarios: [racy-counter]\n---"
    ).get()
    let (session, output) = LessonPlay.play(
      lesson,
      load: { name in Result { try TestSupport.scenario(named: name) }.mapError { _ in .init(nil) }
      },
      budget: .zero)
    #expect(
      session.failures == [
        "Lessons/01-sample.md: the lesson used its 0 s and stops here, before the rest of its "
          + "blocks; raise the bound with --max-seconds 0"
      ])
    #expect(!output.contains("$ lab run racy-counter"), "nothing ran: \(output)")
    #expect(!session.playedToTheEnd)
  }
}
