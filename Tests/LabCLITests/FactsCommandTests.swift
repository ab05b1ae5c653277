import Foundation
import LabChecks
import LabLessons
import LabNative
import LabSwift
import LabTestSupport
import Testing

@testable import lab

/// `lab facts`, `lab check` and `lab snippets` on a course of a teacher's own: a fact that does
/// not hold fails, naming where it is cited; a citation of no fact fails the lesson; a Swift
/// block that does not compile fails at its line.
@Suite(.serialized) struct FactsCommandTests {
  static let hasSwiftc = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  /// A course made by `lab init`, with facts written into its Tests/NativeFacts.
  static func course(facts: [String: String]) throws -> CourseFolderTests.Course {
    let course = CourseFolderTests.Course()
    let folder = course.root.appendingPathComponent("Tests/NativeFacts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, source) in facts {
      try source.write(
        to: folder.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
    }
    return course
  }

  static let holds = """
    // fact: A program prints what it prints.
    // checked: Swift 6.3.1, Linux
    // compare: sequence
    // log: one
    // log: two
    print("log: one")
    print("not compared")
    print("log: two")
    """

  static let differs = """
    // fact: A claim the program does not bear out.
    // checked: Swift 6.3.1, Linux
    // compare: sequence
    // log: yes
    // runs: 2
    print("log: no")
    """

  static let traps = """
    // fact: A program that traps.
    // checked: Swift 6.3.1, Linux
    // compare: sequence
    // log: before
    // runs: 1
    print("log: before")
    let values: [Int] = []
    print(values[CommandLine.arguments.count])
    """

  static let verdict = """
    // fact: Thread.sleep is unavailable in async code.
    // checked: Swift 6.3.1, Linux
    // verdict: error: class method 'sleep' is unavailable from asynchronous contexts
    import Foundation
    func f() async { Thread.sleep(forTimeInterval: 1) }
    """

  static let escapes = """
    // fact: A scenario outside the course is refused.
    // checked: Swift 6.3.1, Linux
    // scenario: ../outside.json
    // compare: sequence
    print("log: x")
    """

  /// Adds `text` to the course's first lesson, before its questions.
  static func cite(_ text: String, in course: CourseFolderTests.Course) throws {
    let file = course.root.appendingPathComponent("Lessons/01-first-steps.md")
    let lesson = try String(contentsOf: file, encoding: .utf8)
    try lesson.replacingOccurrences(of: "## Questions", with: text + "\n\n## Questions")
      .write(to: file, atomically: true, encoding: .utf8)
  }

  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func aFactThatDoesNotHoldFailsAndNamesWhereItIsCited() throws {
    let course = try Self.course(facts: [
      "holds": Self.holds, "differs": Self.differs, "traps": Self.traps, "verdict": Self.verdict,
      "escapes": Self.escapes,
    ])
    try Self.cite(
      "It holds [fact](../Tests/NativeFacts/holds.swift); it does not "
        + "[fact](../Tests/NativeFacts/differs.swift).",
      in: course)
    let result = course.lab(["facts", "--runs", "2"])
    #expect(result.status == 1)
    #expect(result.out.contains("✓ holds: A program prints what it prints.\n"))
    #expect(result.out.contains("✓ verdict: Thread.sleep is unavailable in async code.\n"))
    #expect(
      result.out.contains(
        """
        ✗ differs: A claim the program does not bear out.
            native run 1 of 2 printed other lines:
              line 1: native: 'no'
              line 1: expected: 'yes'
            cited by Lessons/01-first-steps.md:
        """), "\(result.out)")
    #expect(
      result.out.contains(
        "✗ traps: A program that traps.\n    native run 1 of 2 was killed by SIGILL"))
    #expect(
      result.out.contains(
        "✗ escapes: A scenario outside the course is refused.\n    its scenario '../outside.json' "
          + "is not a .json file inside the course"))
    #expect(
      result.out.hasSuffix("facts: 2 held, 3 failed · Swift 6.3.1 · cited 2 times in 1 files\n"))
    let one = course.lab(["facts", "holds"])
    #expect(one.status == 0, "\(one.out)\(one.err)")
  }

  /// A fact's scenario is held to the course once links are followed: a path inside the course
  /// by its text, through `Scenarios/linked -> /outside`, was read.
  @Test func aFactsScenarioThroughALinkedFolderIsOutsideTheCourse() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-fact-link-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let root = base.appendingPathComponent("course")
    let outside = base.appendingPathComponent("outside")
    let scenarios = root.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    let scenario = #"{"format": 1, "name": "x", "steps": [{"log": "x"}]}"#
    try scenario.write(
      to: outside.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
    try scenario.write(
      to: scenarios.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: scenarios.appendingPathComponent("linked"), withDestinationURL: outside)
    let load = FactsCommand.scenarioLoader(root: root)
    guard case .failure(let failure) = load("Scenarios/linked/x.json") else {
      Issue.record("a scenario outside the course was read")
      return
    }
    #expect(failure.text.contains("is not a .json file inside the course"), "\(failure.text)")
    guard case .success = load("Scenarios/x.json") else {
      Issue.record("a scenario inside the course was refused")
      return
    }
  }

  /// A fact or a lesson that is a link to a file outside the course is not read: a fact page
  /// published what a linked file held when it began with `// fact:`.
  @Test func aFactOrLessonLinkedOutOfTheCourseIsNotRead() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-course-link-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let root = base.appendingPathComponent("course")
    let facts = root.appendingPathComponent("Tests/NativeFacts")
    let lessons = root.appendingPathComponent("Lessons")
    for folder in [facts, lessons, base.appendingPathComponent("outside")] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let secret = base.appendingPathComponent("outside/secret.swift")
    try Self.holds.write(to: secret, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: facts.appendingPathComponent("leak.swift"), withDestinationURL: secret)
    try FileManager.default.createSymbolicLink(
      at: lessons.appendingPathComponent("01-leak.md"), withDestinationURL: secret)
    let catalog = FactCatalog(root: root)
    guard case .failure(let problems) = catalog.load("leak", display: "leak.swift") else {
      Issue.record("a fact outside the course was read")
      return
    }
    #expect(problems.description.contains("a link to a file outside the course"))
    let lessonCatalog = LessonCatalog(root: root)
    let entry = try #require(lessonCatalog.entries().first)
    let refusal = #expect(throws: LessonFileError.self) { try lessonCatalog.load(entry) }
    #expect(refusal?.description.contains("a link to a file outside the course") == true)
  }

  /// A course's scenario file that links out of the course is refused wherever scenarios are
  /// read (by name, by path, by `lab check` and `lab validate`); a link inside the course, and a
  /// file of the user's own that is in no course, are read.
  @Test func aScenarioLinkedOutOfTheCourseIsNotRead() throws {
    let course = try Self.course(facts: [:])
    let base = course.root.deletingLastPathComponent()
    let outside = base.appendingPathComponent("outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    let secret = outside.appendingPathComponent("secret.json")
    let scenario = #"{"format": 1, "name": "x", "title": "SECRET-TITLE", "steps": [{"log": "hi"}]}"#
    try scenario.write(to: secret, atomically: true, encoding: .utf8)
    let scenarios = course.root.appendingPathComponent("Scenarios/01-x")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: scenarios.appendingPathComponent("leak.json"), withDestinationURL: secret)
    try scenario.write(
      to: scenarios.appendingPathComponent("inside.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: scenarios.appendingPathComponent("alias.json"),
      withDestinationURL: scenarios.appendingPathComponent("inside.json"))
    let byPath = scenarios.appendingPathComponent("leak.json").path
    for arguments in [["run", "leak"], ["run", byPath], ["validate"], ["check"]] {
      let result = course.lab(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(
        (result.out + result.err).contains("a link to a file outside the course"), "\(arguments)")
      #expect(!(result.out + result.err).contains("SECRET-TITLE"), "\(arguments)")
    }
    #expect(course.lab(["run", "alias"]).status == 0)
    #expect(course.lab(["run", secret.path]).status == 0)
  }

  /// A fact whose text is not UTF-8 is refused at its line, as a lesson is: it passed with
  /// U+FFFD shown in its claim.
  @Test func aFactThatIsNotUTF8IsRefusedAtItsLine() throws {
    let course = try Self.course(facts: [:])
    let file = course.root.appendingPathComponent("Tests/NativeFacts/bytes.swift")
    let source = "// fact: x\n// checked: Swift 6.3.1, Linux\n// verdict: compiles\nlet a = 1\n"
    var bytes = Array(source.utf8)
    bytes.insert(0xFF, at: "// fact: x".utf8.count)
    try Data(bytes).write(to: file)
    let result = course.lab(["facts", "bytes"])
    #expect(result.status == 1)
    #expect(
      (result.out + result.err).contains(
        "Tests/NativeFacts/bytes.swift:1:1: error: this line is not UTF-8 text"),
      "\(result.out)\(result.err)")
  }

  @Test func aFactNameThatIsNoFactIsAUsageErrorWithTheNearest() throws {
    let course = try Self.course(facts: ["holds": Self.holds])
    let result = course.lab(["facts", "hold"])
    #expect(result.status == 64)
    #expect(
      result.err.contains("no fact named 'hold' in Tests/NativeFacts/; did you mean 'holds'?"))
  }

  @Test func aLessonThatCitesNoFactFailsLabCheckAndLabLesson() throws {
    let course = try Self.course(facts: ["holds": Self.holds])
    try Self.cite("A claim [fact](../Tests/NativeFacts/hold.swift).", in: course)
    let check = course.lab(["check"])
    #expect(check.status == 1)
    #expect(
      check.out.contains(
        "FAIL  lesson 1 first-steps  Lessons/01-first-steps.md:"), "\(check.out)")
    #expect(
      check.out.contains(
        "cites the fact 'hold', which is not in Tests/NativeFacts/; did you mean 'holds'?"))
    #expect(check.out.hasSuffix("lessons: 0 passed, 1 failed\n"))
    let lesson = course.lab(["lesson", "1"])
    #expect(lesson.status == 1)
    #expect(lesson.err.contains("cites the fact 'hold'"))
    // The reports a CI reads say so too: the lesson is a test case that failed, and the JSON
    // counts it (they said every test passed while the job failed; held-out round 33).
    let junit = course.root.appendingPathComponent("check.xml").path
    let reported = course.lab(["check", "--junit", junit])
    #expect(reported.status == 1)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.contains(#"failures="1""#), "\(xml)")
    #expect(
      xml.contains(#"<testcase classname="Lessons" name="lesson 1 first-steps" time="0.000">"#),
      "\(xml)")
    let json = course.lab(["check", "--format", "json"])
    #expect(json.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(document["lessons_failed"] as? Int == 1, "\(json.out)")
    let entry = try #require((document["lessons"] as? [[String: Any]])?.first)
    #expect(entry["status"] as? String == "failed")
    #expect((entry["problem"] as? String)?.contains("cites the fact 'hold'") == true)
  }

  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func labCheckFactsFailsTheLessonThatCitesAFactThatDoesNotHold() throws {
    let course = try Self.course(facts: ["holds": Self.holds, "differs": Self.differs])
    try Self.cite("It does not [fact](../Tests/NativeFacts/differs.swift).", in: course)
    let plain = course.lab(["check"])
    #expect(plain.status == 0, "\(plain.out)\(plain.err)")
    #expect(plain.out.contains("PASS  lesson 1 first-steps  cites 1 fact\n"))
    let checked = course.lab(["check", "--facts"])
    #expect(checked.status == 1)
    #expect(
      checked.out.contains(
        "FAIL  lesson 1 first-steps  Lessons/01-first-steps.md:"), "\(checked.out)")
    #expect(checked.out.contains("the fact 'differs' it cites does not hold: native run 1 of 2"))
  }

  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func aSwiftBlockThatDoesNotCompileFailsUntilItsContextIsGiven() throws {
    let course = try Self.course(facts: [:])
    try Self.cite("```swift\nlet total = await downloadFile(3)\n```", in: course)
    let failed = course.lab(["snippets", course.root.appendingPathComponent("Lessons").path])
    #expect(failed.status == 1)
    #expect(failed.err.contains("cannot find 'downloadFile' in scope"), "\(failed.err)")
    #expect(failed.out.hasSuffix("snippets: 0 compiled, 0 verdicts, 1 failed\n"))
    let file = course.root.appendingPathComponent("Lessons/01-first-steps.md")
    let lesson = try String(contentsOf: file, encoding: .utf8)
    try lesson.replacingOccurrences(
      of: "```swift\n",
      with:
        "<!-- swift-context\nfunc downloadFile(_ size: Int) async -> Int { size }\n-->\n```swift\n"
    ).write(to: file, atomically: true, encoding: .utf8)
    let passed = course.lab(["snippets", course.root.appendingPathComponent("Lessons").path])
    #expect(passed.status == 0, "\(passed.err)")
    #expect(passed.out == "snippets: 1 compiled, 0 verdicts, 0 failed\n")
    // The reader sees the block, not its context.
    let played = course.lab(["lesson", "1"])
    #expect(played.out.contains("let total = await downloadFile(3)"))
    #expect(!played.out.contains("swift-context"))
  }

  /// A Markdown file that cannot be read — a FIFO, a link to nothing — is that file's error: the
  /// other files' blocks are still compiled and their failures shown (it was a usage error, exit
  /// 64, that compiled nothing).
  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func aFileThatCannotBeReadIsItsOwnErrorAndTheOthersAreStillCompiled() throws {
    let course = try Self.course(facts: [:])
    try Self.cite("```swift\nlet total: Int = \"s\"\n```", in: course)
    let lessons = course.root.appendingPathComponent("Lessons")
    #expect(mkfifo(lessons.appendingPathComponent("02-pipe.md").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: lessons.appendingPathComponent("03-gone.md").path, withDestinationPath: "/no/such")
    let run = course.lab(["snippets", lessons.path])
    #expect(run.status == 1, "\(run.err)")
    #expect(run.err.contains("02-pipe.md:1:1: error: "), "\(run.err)")
    #expect(run.err.contains("03-gone.md:1:1: error: "), "\(run.err)")
    #expect(run.err.contains("cannot convert value of type 'String'"), "\(run.err)")
  }

  /// `lab facts` bounded each compile and run but not the command: a course of thousands of
  /// facts ran on for hours. Past its budget no fact starts, and each says why.
  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func factsLeftWhenTheCommandsTimeIsSpentFailSayingSo() throws {
    let course = try Self.course(facts: ["holds": Self.holds])
    let fact = try FactCatalog(root: course.root).load("holds", display: "holds").get()
    let compiler = try #require(
      SwiftCompiler.find(environment: ProcessInfo.processInfo.environment))
    var runner = FactRunner(
      compiler: compiler, cache: course.root.appendingPathComponent("cache"),
      records: BuildRecords(folder: course.root.appendingPathComponent("built")),
      environment: [:], loadScenario: { _ in .failure(FactFailure("no scenario")) })
    runner.budget = CommandBudget(seconds: 0, hints: .lab)
    let results = runner.check([fact])
    #expect(
      results.map(\.outcome) == [
        .failed(
          "not checked: the 0 s 'lab facts' spends in all ran out; raise it with --max-seconds, "
            + "or check this fact alone: lab facts holds")
      ])
    #expect(
      !FileManager.default.fileExists(atPath: course.root.appendingPathComponent("cache").path))
  }

  /// A fact that started in time stops with the budget: twenty runs of a second each took 62 s
  /// under `--max-seconds 5` (only a fact's start was held to it). Now each run gets what is
  /// left, none starts after it, and the fact fails saying why.
  @Test(.enabled(if: hasSwiftc, "needs swiftc"))
  func aFactThatStartedInTimeStopsWithTheBudget() throws {
    let slow = """
      // fact: A slow program.
      // checked: Swift 6.3.1, Linux
      // compare: sequence
      // log: done
      // runs: 20
      import Foundation
      Thread.sleep(forTimeInterval: 1)
      print("log: done")
      """
    let course = try Self.course(facts: ["slow": slow])
    _ = course.lab(["facts", "slow", "--runs", "1"])  // built, so the budget is the runs'
    let began = ContinuousClock.now
    let result = course.lab(["facts", "slow", "--max-seconds", "2.5"])
    #expect(ContinuousClock.now - began < .seconds(8))
    #expect(result.status == 1)
    #expect(
      result.out.contains(
        "not checked: the 2.5 s 'lab facts' spends in all ran out; raise it with --max-seconds"),
      "\(result.out)")
  }
}
