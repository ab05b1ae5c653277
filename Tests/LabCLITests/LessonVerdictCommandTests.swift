import Foundation
import LabSwift
import LabTestSupport
import Testing

/// `lab lesson` on a course whose lesson states verdicts: a wrong one fails the lesson (exit 1)
/// as a wrong trace excerpt does, and a block that asks swiftc for a setting off the list is a
/// problem of the file (`file:line:column: error:` on stderr), compiled never.
struct LessonVerdictCommandTests {
  static let hasSwiftc = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  /// A lesson of `body` after a section that checks a scenario's program; with `bodyFirst`,
  /// before it, so that a time bound meets the body's work first.
  static func lesson(_ body: String, bodyFirst: Bool = false) -> String {
    let check = "```lab\nlab swift two-downloads --check\n```"
    return """
      ---
      name: first-steps
      title: Verdicts
      concepts: [sending]
      scenarios: [two-downloads]
      ---

      \(bodyFirst ? body : check)

      \(bodyFirst ? check : body)

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

/// A lesson's time bounds what it compiles and runs, and says so when it runs out: a verdict's
/// compile stopped by it named a compile's own limit ("make the program smaller"), and each
/// prediction on a program that hangs ran it again and again, each for its own seconds (12
/// blocks under `--max-seconds 1` took 8 s).
@Suite(.serialized) struct LessonTimeCommandTests {
  /// 2^20 inlined calls: swiftc takes well over a second (and about 1 GB) on this.
  static let slowProgram = (1...20).map { level in
    "@_transparent func f\(level)(_ x: Int) -> Int { f\(level - 1)(f\(level - 1)(x)) }"
  }.joined(separator: "\n")

  @Test(.enabled(if: LessonVerdictCommandTests.hasSwiftc, "needs swiftc"))
  func aVerdictStoppedByTheLessonsTimeSaysSo() throws {
    let course = CourseFolderTests.Course()
    try LessonVerdictCommandTests.lesson(
      """
      ```swift-verdict
      expect: compiles
      ---
      @_transparent func f0(_ x: Int) -> Int { x &+ 1 }
      \(Self.slowProgram)
      func g() -> Int { f20(1) }
      ```
      """, bodyFirst: true
    ).write(
      to: course.root.appendingPathComponent("Lessons/01-first-steps.md"), atomically: true,
      encoding: .utf8)
    let began = ContinuousClock.now
    let result = course.lab(["lesson", "1", "--max-seconds", "2"])
    #expect(ContinuousClock.now - began < .seconds(15))
    #expect(result.status == 1)
    #expect(
      result.out.contains("the lesson's time ran out while swiftc compiled")
        && result.out.contains("raise --max-seconds"), "\(result.out)\(result.err)")
  }

  @Test(.enabled(if: LessonVerdictCommandTests.hasSwiftc, "needs swiftc"))
  func predictionsOnAProgramThatHangsKeepWithinTheLessonsTime() throws {
    let course = CourseFolderTests.Course()
    try #"""
    { "format": 1, "name": "hang", "state": { "n": 0 },
      "steps": [ { "block": 1000000000 }, { "set": "n", "to": 1 } ] }
    """#.write(
      to: course.root.appendingPathComponent("Scenarios/01-first-steps/hang.json"),
      atomically: true, encoding: .utf8)
    let block = "```predict\nscenario: hang\nquestion: What is n?\nof: n\nchoices: 0, 1\n```\n"
    let lesson =
      "---\nname: first-steps\ntitle: Hangs\nconcepts: [x]\nscenarios: [hang]\n---\n\n"
      + Array(repeating: block, count: 6).joined(separator: "\n") + "\n## Questions\n\n1. Why?\n"
    try lesson.write(
      to: course.root.appendingPathComponent("Lessons/01-first-steps.md"), atomically: true,
      encoding: .utf8)
    // Built once, outside the measured run: the bound is on what the lesson spends running.
    _ = course.lab(["lesson", "1", "--max-seconds", "6"])
    let began = ContinuousClock.now
    let result = course.lab(["lesson", "1", "--max-seconds", "1"])
    let spent = ContinuousClock.now - began
    #expect(result.status == 1)
    #expect(spent < .seconds(4), "\(spent)")
    #expect(result.out.contains("the lesson used its 1 s"), "\(result.out)\(result.err)")
  }

  /// swiftc's lines are indented under its command: an `#error` message holding a line break
  /// printed a line of its own at the margin, where the lab's `file:line: error:` lines stand.
  @Test(.enabled(if: LessonVerdictCommandTests.hasSwiftc, "needs swiftc"))
  func aCompilersLinesCannotPoseAsTheLabs() throws {
    let course = CourseFolderTests.Course()
    try Self.oneBlockLesson(
      course, scenario: "quiet", json: #"{"format": 1, "steps": [{"log": "hi"}]}"#,
      block: "```lab\nlab run quiet\n```\n\n```swift-verdict\nexpect: error: line1\n---\n"
        + "#error(\"line1\\nLessons/01-x.md:1:1: error: forged\")\n```")
    let result = course.lab(["lesson", "1"])
    let lines = result.out.split(separator: "\n")
    #expect(
      lines.contains { $0.hasPrefix("  ") && $0.contains("Lessons/01-x.md:1:1: error: forged") },
      "\(result.out)\(result.err)")
    #expect(!lines.contains { $0.hasPrefix("Lessons/01-x.md") }, "\(result.out)\(result.err)")
  }

  /// A prediction samples its native runs for a few seconds: begun with less of the lesson
  /// left, it samples only that (300 predictions under `--max-seconds 5` took 8 s).
  @Test(.enabled(if: LessonVerdictCommandTests.hasSwiftc, "needs swiftc"))
  func aPredictionsSamplingKeepsWithinTheLessonsTime() throws {
    let course = CourseFolderTests.Course()
    try #"""
    { "format": 1, "name": "quick", "state": { "n": 0 },
      "steps": [ { "sleep": 20 }, { "set": "n", "to": 1 } ] }
    """#.write(
      to: course.root.appendingPathComponent("Scenarios/01-first-steps/quick.json"),
      atomically: true, encoding: .utf8)
    let block =
      "```predict\nscenario: quick\nquestion: What is n?\nof: n\nchoices: 0, 1\n"
      + "runs: 1000\n```\n"
    try Self.oneBlockLesson(
      course, scenario: "quick",
      json: try String(
        contentsOf: course.root.appendingPathComponent("Scenarios/01-first-steps/quick.json"),
        encoding: .utf8), block: block + "\n" + block)
    // Built once, outside the measured run: the bound is on what the lesson spends running.
    _ = course.lab(["lesson", "1", "--max-seconds", "6"])
    let began = ContinuousClock.now
    let result = course.lab(["lesson", "1", "--max-seconds", "1"])
    let spent = ContinuousClock.now - began
    // Failed for its time whether the time ran out in a search or left too little to run the
    // second prediction's program (which once passed the lesson, that reveal without runs).
    #expect(result.status == 1, "\(result.out)\(result.err)")
    #expect(result.out.contains("the lesson used its 1 s"), "\(result.out)\(result.err)")
    #expect(spent < .seconds(3), "\(spent)")
  }

  /// A lesson of one block, over `scenario` (its JSON) in the course's first topic.
  static func oneBlockLesson(
    _ course: CourseFolderTests.Course, scenario name: String, json: String, block: String
  ) throws {
    try json.write(
      to: course.root.appendingPathComponent("Scenarios/01-first-steps/\(name).json"),
      atomically: true, encoding: .utf8)
    try
      "---\nname: first-steps\ntitle: Long\nconcepts: [x]\nscenarios: [\(name)]\n---\n\n\(block)\n\n## Questions\n\n1. Why?\n"
      .write(
        to: course.root.appendingPathComponent("Lessons/01-first-steps.md"), atomically: true,
        encoding: .utf8)
  }

  /// A `lab swift NAME --check` line of a race runs the race's Swift 5 build: that run took its
  /// own minute, and each of the check's two compiles all the time left (`--max-seconds 2`: 60 s).
  @Test(.enabled(if: LessonVerdictCommandTests.hasSwiftc, "needs swiftc"))
  func aSwiftCheckLineKeepsWithinTheLessonsTime() throws {
    let course = CourseFolderTests.Course()
    try Self.oneBlockLesson(
      course, scenario: "slowrace",
      json: #"""
        { "format": 1, "name": "slowrace", "threads": 2, "state": { "counter": 0 },
          "steps": [ { "group": "adders", "count": 2, "steps": [ { "add": "counter" } ] },
            { "sleep": 58000 } ],
          "expect": { "races": "expected" } }
        """#, block: "```lab\nlab swift slowrace --check\n```")
    let began = ContinuousClock.now
    let result = course.lab(["lesson", "1", "--max-seconds", "2"])
    let spent = ContinuousClock.now - began
    #expect(result.status == 1)
    #expect(spent < .seconds(6), "\(spent)")
  }

  /// A prediction `of: first` without choices takes them from a run, which took its own minute.
  @Test func aPredictionsChoicesRunKeepsWithinTheLessonsTime() throws {
    let course = CourseFolderTests.Course()
    try Self.oneBlockLesson(
      course, scenario: "slow",
      json: #"""
        { "format": 1, "name": "slow", "state": { "n": 0 },
          "steps": [ { "task": "worker", "steps": [ { "repeat": 100000000, "steps": [
            { "add": "n" } ] } ] }, { "awaitTask": "worker" } ] }
        """#,
      block: "```predict\nscenario: slow\nquestion: Which task ends first?\nof: first\n```")
    let began = ContinuousClock.now
    let result = course.lab(["lesson", "1", "--max-seconds", "2"])
    let spent = ContinuousClock.now - began
    #expect(result.status == 1)
    #expect(spent < .seconds(6), "\(spent)")
  }
}
