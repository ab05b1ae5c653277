import Foundation
import LabCommandLine
import LabTestSupport
import Testing

/// `lab lesson`, `lab list` and `lab new`, in-process; one lesson through the built binary.
@Suite(.serialized) struct LessonCommandTests {
  @Test func lessonByNumberNameAndPrefixPrintTheSameLesson() throws {
    let byNumber = InProcessLab.run(["lesson", "4"])
    #expect(byNumber.status == 0, "\(byNumber.err)")
    #expect(byNumber.err.isEmpty)
    for argument in ["async-let", "async"] {
      let other = InProcessLab.run(["lesson", argument])
      #expect(other.status == 0)
      #expect(
        Self.withoutNativeRuns(other.out) == Self.withoutNativeRuns(byNumber.out),
        "lab lesson \(argument)")
    }
  }

  /// A lesson's output without what its predictions' native runs gave, which differs from run
  /// to run: the `Native:` line and the histogram rows under it.
  static func withoutNativeRuns(_ out: String) -> String {
    var inHistogram = false
    return out.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("Native: ") {
        inHistogram = true
        return false
      }
      if inHistogram, line.hasPrefix("  ") { return false }
      inHistogram = false
      return true
    }.joined(separator: "\n")
  }

  /// Two lessons of one number: `lab lesson 2` asked for "more of the name, or the number",
  /// which is what was typed, and nothing named the shared number.
  @Test func lessonsThatShareANumberAreNamed() throws {
    let course = CourseFolderTests.Course()
    let lessons = course.root.appendingPathComponent("Lessons")
    let first = try String(
      contentsOf: lessons.appendingPathComponent("01-first-steps.md"), encoding: .utf8)
    for name in ["a", "b"] {
      try first.replacingOccurrences(of: "name: first-steps", with: "name: \(name)").write(
        to: lessons.appendingPathComponent("02-\(name).md"), atomically: true, encoding: .utf8)
    }
    let played = course.lab(["lesson", "2"])
    #expect(played.status == 64)
    #expect(
      played.err.contains("2 lessons are numbered 2: a (2), b (2); give one's name"),
      "\(played.err)")
    let list = course.lab(["list", "--lessons"])
    #expect(list.status == 1)
    #expect(
      list.err.contains("Lessons/02-b.md: shares its number: lesson 2 is also"), "\(list.err)")
  }

  @Test func aLessonPrintsItsSectionsRunsChecksAndQuestions() throws {
    let (status, out, err) = try TestSupport.runLab(["lesson", "async-let", "--step"])
    #expect(status == 0, "\(err)")
    #expect(out.hasPrefix("Lesson 4 · async-let — async let — start now, await later\nconcepts: "))
    #expect(out.contains("\n## What to notice\n"))
    #expect(
      out.contains(
        "$ lab run async-let-downloads\n# async-let-downloads — Three downloads in parallel"))
    #expect(out.contains("✓ duration: 6000 ms"))
    #expect(out.contains("$ lab run async-let-downloads --threads 2\n"))
    #expect(out.contains("✗ duration: expected 6000 ms, got 6600 ms"))
    #expect(out.contains("(this run fails on purpose"))
    #expect(out.contains("\n## Questions\n\n1. Why is the parallel total 6000 ms"))
    #expect(
      out.contains(
        "✓ lesson 4 (async-let): 4 runs and 1 prediction went as the lesson says\nnext: lab lesson 5"
      ))
    // Excerpts are for GitHub: the terminal shows the whole run instead, once.
    #expect(!out.contains("```"))
    // No terminal: no colour and no prompt, even with --step.
    #expect(!out.contains("\u{1B}["))
    #expect(err.isEmpty)
  }

  /// A name given on the command line is quoted escaped: a line break in it cannot make the
  /// error a second line of the lab's own ("error: forged").
  @Test(arguments: [["lesson"], ["run"], ["facts"], ["swift"]])
  func anUnknownNameIsQuotedOnOneLine(_ command: [String]) {
    let run = InProcessLab.run(command + ["x\nerror: forged"])
    #expect(run.status == 64)
    #expect(run.err.contains("'x\\nerror: forged'"), "\(run.err)")
    #expect(!run.err.split(separator: "\n").contains { $0.hasPrefix("error: forged") })
  }

  @Test func unknownLessonsSuggestOrList() throws {
    let typo = InProcessLab.run(["lesson", "asynclet"])
    #expect(typo.status == 64)
    #expect(typo.err.contains("no lesson named 'asynclet'; did you mean 'async-let'?"))
    let number = InProcessLab.run(["lesson", "99"])
    #expect(number.status == 64)
    #expect(number.err.contains("no lesson 99: lessons are numbered 1–"))
    let ambiguous = InProcessLab.run(["lesson", "s"])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.err.contains("'s' could be sequential-awaits (3), serial-tasks (11)"))
    let two = InProcessLab.run(["lesson", "1", "2"])
    #expect(two.status == 64)
    #expect(two.err.contains("lesson takes one lesson"))
  }

  @Test func aLessonsNameGivenToRunPointsToTheLesson() throws {
    let run = InProcessLab.run(["run", "async-let"])
    #expect(run.status == 64)
    #expect(
      run.err.hasPrefix(
        "error: no scenario named 'async-let' under Scenarios/; that's a lesson: "
          + "'lab lesson async-let'\n"), "\(run.err)")
    // The command is written as the user started the lab, like every other hint.
    let swiftRun = LabCommand.$name.withValue("swift run lab") {
      InProcessLab.run(["run", "Async-Let"])
    }
    #expect(swiftRun.err.contains("; that's a lesson: 'swift run lab lesson async-let'\n"))
  }

  @Test func aScenariosNameGivenToLessonPointsToTheScenario() throws {
    let lesson = InProcessLab.run(["lesson", "racy-counter"])
    #expect(lesson.status == 64)
    #expect(
      lesson.err.hasPrefix(
        "error: no lesson named 'racy-counter'; that's a scenario: 'lab run racy-counter'\n"),
      "\(lesson.err)")
    // Only an exact scenario name is taken for one; a near miss is still a lesson typo.
    #expect(
      InProcessLab.run(["lesson", "racy-countr"]).err.hasPrefix(
        "error: no lesson named 'racy-countr'; 'lab list' lists the lessons\n"))
  }

  @Test func listShowsLessonsThenScenariosByTopic() throws {
    let (status, out, err) = InProcessLab.run(["list"])
    #expect(status == 0, "\(err)")
    #expect(out.hasPrefix("LESSONS"))
    // The name column is as wide as the longest name (locks-atomics-semaphores) and two more.
    #expect(out.contains("\n   1  blocking-main             Blocking the main thread\n"))
    #expect(out.contains("\n  16  locks-atomics-semaphores  Locks"))
    #expect(out.contains("\n  15  where-async-runs"))
    // The course's parts head the lessons they begin.
    #expect(
      out.contains("LESSONS   take one with 'lab lesson N'\nFirst steps: async/await\n   1  "))
    #expect(
      out.contains("\n  20  priorities")
        && out.contains("\nIsolation and Sendable in Swift 6\n  21  "))
    let scenarios = try #require(out.range(of: "\nSCENARIOS"))
    let topics = [
      "01-blocking", "02-async-await", "07-task-groups", "14-starvation", "15-isolation",
    ]
    let positions = topics.compactMap {
      out.range(of: "\n\($0)\n", range: scenarios.upperBound..<out.endIndex)?.lowerBound
    }
    #expect(
      positions.count == topics.count && positions == positions.sorted(), "topics in folder order")
    #expect(out.contains("  sync-download"))
    #expect(
      out.contains(
        "from \"Use async let to run background tasks in parallel in Swift\" — "
          + "DataFileViewModel.downloadFile() with usleep(300000) · lesson 1\n"))
    let lessonsOnly = InProcessLab.run(["list", "--lessons"])
    #expect(lessonsOnly.status == 0 && !lessonsOnly.out.contains("SCENARIOS"))
    let scenariosOnly = InProcessLab.run(["list", "--scenarios"])
    #expect(scenariosOnly.status == 0 && !scenariosOnly.out.contains("LESSONS"))
  }

  // MARK: - A project of one's own

  /// A temporary project folder with `Scenarios/` and `Lessons/`, removed by the caller.
  static func project() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-lessons-\(UUID())")
    for folder in ["Scenarios", "Lessons"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    return root
  }

  @Test func newWritesAStarterThatRunsAndNeverOverwrites() throws {
    let root = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = ["LAB_ROOT": root.path]
    let first = InProcessLab.run(["new", "my-race"], environment: environment)
    #expect(first.status == 0, "\(first.err)")
    let file = root.appendingPathComponent("Scenarios/my-race.json")
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(written.contains("\"$schema\": \"../schema/scenario.schema.json\""))
    #expect(first.out.contains("lab run my-race"))
    let run = InProcessLab.run(["run", "my-race"], environment: environment)
    #expect(run.status == 0, "\(run.out)\(run.err)")

    try Data("{}".utf8).write(to: file)
    let again = InProcessLab.run(["new", "my-race"], environment: environment)
    #expect(again.status == 1)
    #expect(again.err.contains("a scenario named 'my-race' already exists"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "{}", "the file must be left alone")

    let elsewhere = InProcessLab.run(
      ["new", "my-race", "--path", root.appendingPathComponent("Scenarios/08-mine").path],
      environment: environment)
    #expect(elsewhere.status == 1, "one name, one file: 'lab run my-race' must stay unambiguous")
  }

  @Test func newWritesIntoAFolderInsideTheProjectOnly() throws {
    let root = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = ["LAB_ROOT": root.path]
    let topic = root.appendingPathComponent("Scenarios/16-mine")
    let inside = InProcessLab.run(
      ["new", "lost-update", "--path", topic.path], environment: environment)
    #expect(inside.status == 0, "\(inside.err)")
    let text = try String(
      contentsOf: topic.appendingPathComponent("lost-update.json"), encoding: .utf8)
    #expect(text.contains("\"$schema\": \"../../schema/scenario.schema.json\""))

    let outside = InProcessLab.run(
      ["new", "escape", "--path", root.deletingLastPathComponent().path], environment: environment)
    #expect(outside.status == 64)
    #expect(outside.err.contains("--path must be a folder inside the project"))
    #expect(
      !FileManager.default.fileExists(
        atPath: root.deletingLastPathComponent().appendingPathComponent("escape.json").path))

    // Inside the project but outside Scenarios/, no command finds a scenario by name, nor did
    // the check that names are unique: refused, and nothing written.
    for folder in [".", "Lessons", "Scenarios/.."] {
      let beside = InProcessLab.run(
        ["new", "demo", "--path", root.appendingPathComponent(folder).path],
        environment: environment)
      #expect(beside.status == 64, "\(folder): \(beside.err)")
      #expect(beside.err.contains("--path must be Scenarios/ or a folder inside it"), "\(folder)")
    }
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("demo.json").path))
  }

  /// Something already in the file's place that is not a scenario (a folder named NAME.json) is
  /// refused with what is there, not with Foundation's "(LabModel.FileError error 1.)".
  @Test func newNamesWhatIsInTheFilesPlace() throws {
    let root = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Scenarios/taken.json"), withIntermediateDirectories: true)
    let result = InProcessLab.run(["new", "taken"], environment: ["LAB_ROOT": root.path])
    #expect(result.status == 1)
    #expect(result.err.contains("Scenarios/taken.json': it already exists"), "\(result.err)")
    #expect(!result.err.contains("FileError"))
  }

  @Test func newRefusesNamesThatAreNotSimple() throws {
    let root = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["../x", "a/b", "x.json", "é"] {
      let result = InProcessLab.run(["new", name], environment: ["LAB_ROOT": root.path])
      #expect(result.status == 64, "\(name)")
      #expect(result.err.contains("cannot be a scenario name"), "\(name)")
    }
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("x.json").path))
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("Scenarios").path
      ).isEmpty)
  }

  @Test func aLessonFailsWhenARunDoesNotDoWhatItSays() throws {
    let root = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = ["LAB_ROOT": root.path]
    #expect(InProcessLab.run(["new", "starter"], environment: environment).status == 0)
    let lesson = """
      ---
      name: broken
      title: A lesson whose runs surprise it
      concepts: [testing]
      scenarios: [starter]
      ---

      ## Runs

      ```lab
      lab run starter --threads 1
      ```

      ```lab fails
      lab run starter
      ```

      ```trace
      …
      duration 500 ms · main thread stalled at most 7 ms
      ```

      ## Questions

      1. Why?
      """
    try Data(lesson.utf8).write(to: root.appendingPathComponent("Lessons/01-broken.md"))
    let (status, out, _) = InProcessLab.run(["lesson", "1"], environment: environment)
    #expect(status == 1)
    #expect(out.contains("✗ lesson 1 (broken): 3 things did not go as the lesson says:"))
    #expect(
      out.contains("Lessons/01-broken.md:11:1: error: lab run starter --threads 1 failed a check"))
    #expect(
      out.contains(
        "Lessons/01-broken.md:15:1: error: the lesson expects this run to fail a check, but every check "
          + "passed"))
    #expect(
      out.contains(
        "Lessons/01-broken.md:18:1: error: the lesson's excerpt of this run does not match"))
  }

  @Test func aLessonFileWithProblemsIsReportedOnStderr() throws {
    let root = try Self.project()
    defer { try? FileManager.default.removeItem(at: root) }
    try Data("---\nname: bad\ntitle: Bad\n---\n\nNo runs.\n".utf8)
      .write(to: root.appendingPathComponent("Lessons/02-bad.md"))
    let (status, out, err) = InProcessLab.run(
      ["lesson", "bad"], environment: ["LAB_ROOT": root.path])
    #expect(status == 1)
    #expect(out.isEmpty)
    #expect(err.contains("Lessons/02-bad.md:"))
    #expect(err.contains("error: a lesson ends with a '## Questions' section"))
    let list = InProcessLab.run(["list"], environment: ["LAB_ROOT": root.path])
    #expect(list.status == 1)
    #expect(list.out.contains("   2  bad"))
  }

  /// A lesson that runs a program scenario (one that names a Swift file of the course's) runs
  /// nothing, and says why: it said "scenario 'NAME' does not validate", of a file that does.
  @Test func aLessonRunOfAProgramScenarioSaysALessonRunsNoProgram() throws {
    let course = CourseFolderTests.Course()
    let folder = course.root.appendingPathComponent("Scenarios/01-first-steps")
    try #"{ "format": 1, "threads": 2, "program": "own.swift" }"#.write(
      to: folder.appendingPathComponent("own.json"), atomically: true, encoding: .utf8)
    try #"print("ran")"#.write(
      to: folder.appendingPathComponent("own.swift"), atomically: true, encoding: .utf8)
    #expect(course.lab(["validate", "own"]).status == 0)
    let lesson = course.root.appendingPathComponent("Lessons/01-first-steps.md")
    let text = try String(contentsOf: lesson, encoding: .utf8)
    try text.replacingOccurrences(of: "lab run two-downloads --threads 1", with: "lab run own")
      .replacingOccurrences(
        of: "scenarios: [two-downloads]", with: "scenarios: [two-downloads, own]"
      )
      .write(to: lesson, atomically: true, encoding: .utf8)
    let played = course.lab(["lesson", "1"])
    #expect(played.status == 1)
    #expect(!played.out.contains("does not validate"), "\(played.out)")
    #expect(
      played.out.contains(
        "'own' runs a Swift program of the course's own, which a lesson never compiles or runs"),
      "\(played.out)\(played.err)")
  }
}
