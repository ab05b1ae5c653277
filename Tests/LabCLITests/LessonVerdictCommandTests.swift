import Foundation
import LabSwift
import LabTestSupport
import Testing

/// `lab lesson` on a course whose lesson states verdicts: a wrong one fails the lesson (exit 1)
/// as a wrong trace excerpt does, and a block that asks swiftc for a setting off the list is a
/// problem of the file (`file:line:column: error:` on stderr), compiled never.
struct LessonVerdictCommandTests {
  static let hasSwiftc = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  static func lesson(_ body: String) -> String {
    """
    ---
    name: first-steps
    title: Verdicts
    concepts: [sending]
    scenarios: [two-downloads]
    ---

    ```lab
    lab swift two-downloads --check
    ```

    \(body)

    ## Questions

    1. Why?

    """
  }

  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func aWrongVerdictOrAWrongQuoteOfOneFailsTheLesson() throws {
    let course = CourseFolderTests.Course()
    let file = course.root.appendingPathComponent("Lessons/01-first-steps.md")
    let right = Self.lesson(
      """
      ```trace
      compiles in Swift 6 mode (-swift-version 6)
      ```

      ```swift-verdict
      expect: error: sending 'counter' risks causing data races
      ---
      \(TestSupport.usedAfterSending)
      ```
      """)
    try right.write(to: file, atomically: true, encoding: .utf8)
    let passed = course.lab(["lesson", "1"])
    #expect(passed.status == 0, "\(passed.out)\(passed.err)")
    #expect(passed.out.contains("verdict: error: sending 'counter' risks causing data races ("))
    let wrong =
      right
      .replacingOccurrences(of: "compiles in Swift 6 mode", with: "compiles in Swift 5 mode")
      .replacingOccurrences(of: "expect: error: sending", with: "expect: error: passing")
    try wrong.write(to: file, atomically: true, encoding: .utf8)
    let failed = course.lab(["lesson", "1"])
    #expect(failed.status == 1)
    #expect(
      failed.out.contains("Lessons/01-first-steps.md:12:1: error: the lesson's excerpt of this run")
    )
    #expect(
      failed.out.contains(
        "Lessons/01-first-steps.md:16:1: error: swiftc's verdict is 'error: sending 'counter' risks "
          + "causing data races', but the lesson expects 'error: passing 'counter' risks causing "
          + "data races'"))
  }

  @Test func aSettingOffTheListIsAProblemOfTheFile() throws {
    let course = CourseFolderTests.Course()
    let file = course.root.appendingPathComponent("Lessons/01-first-steps.md")
    try Self.lesson(
      """
      ```swift-verdict
      flags: -default-isolation MainActor -load-plugin-library /tmp/evil.so
      expect: compiles
      ---
      let x = 1
      ```
      """
    ).write(to: file, atomically: true, encoding: .utf8)
    let refused = course.lab(["lesson", "1"])
    #expect(refused.status == 1)
    #expect(
      refused.err.contains(
        "01-first-steps.md:13:37: error: '-load-plugin-library' is not a setting a lesson may give "
          + "swiftc"), Comment(rawValue: refused.err))
    #expect(!refused.out.contains("$ swiftc"))
  }
}
