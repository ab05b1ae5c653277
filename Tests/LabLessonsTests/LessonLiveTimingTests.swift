import Foundation
import LabCommandLine
import LabLessons
import LabModel
import LabPictures
import LabTestSupport
import Testing

/// A lesson's live run that misses only times — which a busy machine does to real threads — says
/// so and does not fail the lesson; a wrong value still does. A tolerance of 0 makes every live
/// time a miss, as a loaded machine would.
@Suite(.serialized) struct LessonLiveTimingTests {
  static let sleeper = """
    {"format": 1, "name": "sleeper", "title": "One sleep", "state": {"x": 0},
     "steps": [{"sleep": 100}, {"set": "x", "to": 1}],
     "expect": {"duration": 100, "values": {"x": VALUE}}}
    """

  static func play(expecting value: Int) throws -> (failures: [String], output: String) {
    let lesson = try LessonTests.parse(
      """
      ```lab
      lab run sleeper --live --tolerance 0+0
      ```

      ## Questions

      1. Why?
      """,
      frontMatter: "---\nname: sample\ntitle: Sample\nscenarios: [sleeper]\n---"
    ).get()
    let scenario = try TestSupport.scenario(
      json: sleeper.replacingOccurrences(of: "VALUE", with: "\(value)"))
    let (session, output) = LessonPlay.play(lesson, load: { _ in .success(scenario) })
    return (session.failures, output)
  }

  @Test func aLiveRunThatMissesOnlyTimesSaysSoAndPasses() throws {
    let (failures, output) = try Self.play(expecting: 1)
    #expect(output.contains("✗ duration: expected 100 ms ± (0 ms + 0%)"), "\(output)")
    #expect(output.contains("note: a busy machine stretches the times of real threads"))
    #expect(output.contains("allow more with --tolerance 100+20"))
    #expect(output.contains("(only times were missed"), "\(output)")
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func aLiveRunWithAWrongValueStillFails() throws {
    let (failures, output) = try Self.play(expecting: 2)
    #expect(!output.contains("(only times were missed"), "\(output)")
    #expect(
      failures == [
        "Lessons/01-sample.md:7:1: error: lab run sleeper --live --tolerance 0+0 failed a check; "
          + "its checks are above"
      ])
  }
}
