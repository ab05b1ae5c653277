import Foundation
import Testing

/// A lesson's `lab swift NAME` lines as `lab lesson` shows them; how a lesson reads them is
/// LabLessonsTests' LessonSwiftTests.
struct LessonSwiftTests {
  @Test func lessonEightShowsTheProgramCutAndTheCompilersVerdict() {
    let (status, out, err) = InProcessLab.run(["lesson", "8"])
    #expect(status == 0, "\(err)")
    #expect(out.contains("$ lab swift racy-counter\n// … "))
    #expect(out.contains("          counter += 1\n"))
    #expect(out.contains("more lines · the whole program: lab swift racy-counter\n"))
    #expect(
      out.contains(
        "$ lab swift racy-counter --check\nrejected as a race in Swift 6 mode, as expected: "
          + "passing closure as a 'sending' parameter risks causing data races"))
  }
}
