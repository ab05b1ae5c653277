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
    final class Box: @unchecked Sendable { var text = "" }
    let output = Box()
    var session = LessonSession(
      lesson: lesson,
      surroundings: LessonSession.Surroundings(
        write: { output.text += $0 }, style: TextStyle(color: false),
        load: { name in
          Result { try TestSupport.scenario(named: name) }.mapError { _ in .init(nil) }
        },
        timeline: { _, _ in Timeline.Options() }, pause: nil, budget: .zero),
      ascii: true)
    session.play()
    #expect(
      session.failures == [
        "Lessons/01-sample.md: the lesson used its 0 s and stops here, before the rest of its "
          + "blocks; raise the bound with --max-seconds 0"
      ])
    #expect(!output.text.contains("$ lab run racy-counter"), "nothing ran: \(output.text)")
    #expect(!session.playedToTheEnd)
  }
}
