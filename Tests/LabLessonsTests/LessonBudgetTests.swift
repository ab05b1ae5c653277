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
        "Lessons/01-sample.md:7:1: error: the lesson used its 0 s and stops here, before the rest of its "
          + "runs and blocks; raise the bound with --max-seconds 1"
      ])
    #expect(!output.contains("$ lab run racy-counter"), "nothing ran: \(output)")
    #expect(!session.playedToTheEnd)
  }

  /// The bound holds between the runs of one block too: a block of many slow runs went on for
  /// 74 s past a bound of 5 s, each run given a second of its own.
  @Test func aBlockOfRunsStopsAtTheBoundBetweenItsRuns() throws {
    let lesson = try LessonTests.parse(
      """
      ```lab
      lab run slow --seed 1
      lab run slow --seed 2
      lab run slow --seed 3
      ```

      ## Questions

      1. Why?
      """,
      frontMatter: "---\nname: sample\ntitle: Sample\nscenarios: [slow]\n---"
    ).get()
    // One run takes longer than the whole bound (tens of thousands of steps).
    let slow = """
      {"format": 1, "name": "slow", "title": "Slow", "state": {"n": 0},
       "steps": [{"repeat": 40000, "steps": [{"add": "n"}]}]}
      """
    let (session, output) = LessonPlay.play(
      lesson,
      load: { _ in Result { try TestSupport.scenario(json: slow) }.mapError { _ in .init(nil) } },
      budget: .milliseconds(100))
    #expect(output.contains("$ lab run slow --seed 1"), "\(output)")
    #expect(!output.contains("$ lab run slow --seed 2"), "the bound stopped the block: \(output)")
    #expect(
      session.failures.contains { $0.contains("the lesson used its 0 s and stops here") },
      "\(session.failures)")
  }
}
