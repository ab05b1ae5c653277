import Foundation
import Testing

@testable import LabLessons

/// A lesson is read in time linear in its size, whatever a course writes in it: `lab list` reads
/// every lesson of a course. No time limit: beside 900 other tests on two cores this 2 s test
/// once took 500 s of wall time; its size keeps a quadratic reading out of any suite's time.
@Suite struct LessonScaleTests {
  /// The front matter's names were compared with every run, and every run with every name: a
  /// lesson of 16,000 names and 9,000 runs (240 KB) took 21 s to read, and this one about 8 min
  /// (2.4 s now, in a debug build).
  @Test func manyScenariosAndRunsAreMatchedOnce() throws {
    let names = (0..<40_000).map { "s\($0)" }
    let text = """
      ---
      name: many
      title: Many
      concepts: [a]
      scenarios: [\(names.joined(separator: ", "))]
      ---

      ## Runs

      ```lab
      \(names.map { "lab run \($0)" }.joined(separator: "\n"))
      ```

      ## Questions

      1. Which ran first?
      """
    let lesson = try LessonParser.parse(text, file: "many.md", number: 1, name: "many")
    #expect(lesson.scenarios.count == names.count)
    #expect(lesson.runs.count == names.count)
  }
}
