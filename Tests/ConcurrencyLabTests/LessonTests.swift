@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabPictures
@testable import LabRuntime
import Foundation
import Testing


/// The lessons: every bundled lesson parses, names scenarios that exist, and shows only what the
/// lab really prints; the parser, the name resolution and the excerpt matching; and `lab lesson`,
/// `lab list` and `lab new`, run in-process.
@Suite struct LessonTests {
  static let catalog = LessonCatalog(root: TestSupport.packageRoot)

  /// Every lesson file, by name (a readable test argument): adding a lesson adds test cases.
  static let lessonFiles: [String] = catalog.entries().map { $0.url.lastPathComponent }

  static func lesson(_ file: String) throws -> Lesson {
    let entry = try #require(catalog.entries().first { $0.url.lastPathComponent == file })
    return try catalog.load(entry)
  }

  // MARK: - The bundled lessons

  @Test(arguments: lessonFiles)
  func lessonParsesAndItsScenariosExist(_ file: String) throws {
    let lesson = try Self.lesson(file)
    #expect(!lesson.title.isEmpty)
    #expect(!lesson.concepts.isEmpty, "say what the lesson teaches in concepts:")
    #expect(!lesson.questions.isEmpty)
    #expect(!lesson.runs.isEmpty)
    for scenario in lesson.scenarios {
      guard case .file(let url) = TestSupport.catalog.resolve(scenario) else {
        Issue.record("\(file) names scenario '\(scenario)', which is not one file under Scenarios/")
        continue
      }
      #expect(throws: Never.self, "\(scenario) must validate") {
        try ScenarioLoader.load(path: url.path)
      }
    }
  }

  /// Each virtual run does what the lesson says (passes, or fails on purpose), and every excerpt
  /// shows lines the run really prints. Live runs are left out: their times vary.
  @Test(arguments: lessonFiles)
  func lessonRunsAndExcerptsMatchTheLab(_ file: String) throws {
    let lesson = try Self.lesson(file)
    var reports: [Int: String] = [:]
    for (index, run) in lesson.runs.enumerated() where !run.live {
      let scenario = try TestSupport.scenario(named: run.scenario)
      let result = ScenarioRunner.runAndCheck(scenario, options: run.options)
      #expect(
        result.passed != run.expectsFailure,
        "\(file):\(run.line): \(run.command) \(run.expectsFailure ? "passed" : "failed a check")")
      reports[index] = TraceText.report(result)
    }
    for section in lesson.sections {
      for case .excerpt(let excerpt) in section.blocks {
        let report = try #require(reports[excerpt.run])
        #expect(
          excerpt.mismatch(in: report) == nil,
          "\(file):\(excerpt.line): \(excerpt.mismatch(in: report) ?? "")")
      }
    }
  }

  @Test func theCurriculumIsInOrder() {
    let names = Self.catalog.entries().map(\.name)
    #expect(
      Array(names.prefix(15)) == [
        "blocking-main", "await-and-main", "sequential-awaits", "async-let", "errors", "tasks",
        "task-groups", "data-races", "actors", "main-actor", "serial-tasks", "search-as-you-type",
        "dispatch-group", "starvation", "where-async-runs",
      ])
    #expect(Self.catalog.entries().map(\.number) == Array(1...Self.catalog.entries().count))
  }

  // MARK: - Finding a lesson

  static let entries = ["blocking-main", "await-and-main", "async-let", "actors", "async"]
    .enumerated().map {
      LessonCatalog.Entry(number: $0 + 1, name: $1, url: URL(fileURLWithPath: "/\($1).md"))
    }

  static func resolved(_ argument: String) -> String? {
    if case .lesson(let entry) = LessonCatalog.resolve(argument, in: entries) { return entry.name }
    return nil
  }

  @Test func resolvesByNumberNameAndPrefix() {
    #expect(Self.resolved("3") == "async-let")
    #expect(Self.resolved("03") == "async-let")
    #expect(Self.resolved("actors") == "actors")
    #expect(Self.resolved("ACTORS") == "actors")
    #expect(Self.resolved("await") == "await-and-main")
    #expect(Self.resolved("async-l") == "async-let")
    // An exact name wins over the names it is a prefix of.
    #expect(Self.resolved("async") == "async")
  }

  @Test func ambiguityAndTyposAreReported() {
    #expect(
      LessonCatalog.resolve("a", in: Self.entries)
        == .ambiguous(Self.entries.filter { $0.name.hasPrefix("a") }))
    #expect(
      LessonCatalog.resolve("asynclet", in: Self.entries) == .notFound(suggestion: "async-let"))
    #expect(LessonCatalog.resolve("actros", in: Self.entries) == .notFound(suggestion: "actors"))
    #expect(LessonCatalog.resolve("9", in: Self.entries) == .notFound(suggestion: nil))
    #expect(LessonCatalog.resolve("zzzzzz", in: Self.entries) == .notFound(suggestion: nil))
  }

  @Test func fileNamesGiveNumberAndName() {
    #expect(LessonCatalog.entry(fileName: "04-async-let.md")! == (4, "async-let"))
    #expect(
      LessonCatalog.entry(fileName: "12-search_as-you-type.md")! == (12, "search_as-you-type"))
    #expect(LessonCatalog.entry(fileName: "README.md") == nil)
    #expect(LessonCatalog.entry(fileName: "04-async-let.txt") == nil)
    #expect(LessonCatalog.entry(fileName: "04async.md") == nil)
    #expect(LessonCatalog.entry(fileName: "04-a b.md") == nil)
  }

  // MARK: - Parsing

  static func parse(_ body: String, frontMatter: String? = nil) -> Result<Lesson, LessonFileError> {
    let front =
      frontMatter ?? """
        ---
        name: sample
        title: A sample
        concepts: [one, two]
        scenarios: [sync-download]
        ---
        """
    return Result { () throws(LessonFileError) in
      try LessonParser.parse(
        front + "\n" + body, file: "Lessons/01-sample.md", number: 1, name: "sample")
    }
  }

  static let questions = "\n## Questions\n\n1. Why?\n2. How,\n   really?\n"

  static func problems(_ body: String, frontMatter: String? = nil) -> [String] {
    guard case .failure(let error) = parse(body, frontMatter: frontMatter) else { return [] }
    return error.problems.map { "\($0.line): \($0.message)" }
  }

  @Test func parsesSectionsRunsExcerptsAndQuestions() throws {
    let body = """
      # 1 · A sample

      Intro text.

      ## Run it

      ```lab
      lab run sync-download --seed 3 --threads=2
      ```

      ```trace
           0  main      root      start
      …
      duration 3000 ms · main thread stalled at most 3000 ms
      ```

      ```lab fails
      lab run sync-download --live --tolerance 50+10 --timeline
      ```

      ```swift
      let x = 1
      ```
      """ + Self.questions
    let lesson = try Self.parse(body).get()
    #expect(lesson.name == "sample")
    #expect(lesson.concepts == ["one", "two"])
    #expect(lesson.sections.map(\.heading) == [nil, "Run it", "Questions"])
    #expect(lesson.sections[0].blocks == [.text(["Intro text."])])
    #expect(lesson.questions == ["Why?", "How, really?"])
    let runs = lesson.runs
    #expect(runs.count == 2)
    #expect(runs[0].scenario == "sync-download" && runs[0].seed == 3 && runs[0].threads == 2)
    #expect(runs[0].line == 14 && !runs[0].expectsFailure && !runs[0].live)
    #expect(runs[1].expectsFailure && runs[1].live && runs[1].timeline)
    #expect(runs[1].tolerance == Tolerance(milliseconds: 50, percent: 10))
    #expect(runs[1].options.mode == .live)
    guard case .excerpt(let excerpt) = lesson.sections[1].blocks[1] else {
      Issue.record("the second block should be the excerpt")
      return
    }
    #expect(excerpt.run == 0 && excerpt.lines.count == 3)
    #expect(lesson.sections[1].blocks.last == .code(language: "swift", lines: ["let x = 1"]))
  }

  @Test func frontMatterProblemsAreReported() {
    #expect(
      Self.problems("text" + Self.questions, frontMatter: "no front matter")[0].contains(
        "starts with front matter"))
    let typo = Self.problems(
      "```lab\nlab run sync-download\n```" + Self.questions,
      frontMatter: "---\nname: sample\ntitle: T\nsenarios: [sync-download]\n---")
    #expect(
      typo.contains {
        $0.contains("unknown front matter key 'senarios'; did you mean 'scenarios'?")
      })
    let wrongName = Self.problems(
      "```lab\nlab run sync-download\n```" + Self.questions,
      frontMatter: "---\nname: other\ntitle: T\nscenarios: [sync-download]\n---")
    #expect(
      wrongName == [
        "2: the front matter says name: other, but the file name says 'sample'; make them agree"
      ])
  }

  @Test func runsMustMatchTheListedScenarios() {
    let problems = Self.problems("```lab\nlab run async-download\n```" + Self.questions)
    #expect(problems.contains { $0.contains("'async-download' is run here but not listed") })
    #expect(
      problems.contains { $0.contains("'sync-download' is listed in scenarios: but never run") })
  }

  @Test func badRunLinesAreReportedWithTheirLine() {
    let problems = Self.problems(
      """
      ```lab
      lab run sync-download --sed 3
      lab run ../x
      lab diff sync-download
      lab run sync-download --threads 0
      ```
      """ + Self.questions)
    #expect(
      problems.contains(
        "8: a lesson's 'lab run' takes --live, --seed, --threads, --policy, --tolerance, --timeline, --tasks, --ascii, not '--sed'; did you mean '--seed'?"
      ))
    #expect(problems.contains { $0.hasPrefix("9: name the scenario, not a path: '../x'") })
    #expect(
      problems.contains { $0.hasPrefix("10: a ```lab block holds 'lab run NAME [options]' lines") })
    #expect(problems.contains { $0.hasPrefix("11: '--threads' takes a whole number from 1 to 64") })
  }

  @Test func excerptsNeedAVirtualRunBeforeThem() {
    let orphan = Self.problems(
      "```trace\n0 main root start\n```\n```lab\nlab run sync-download\n```" + Self.questions)
    #expect(orphan.contains { $0.contains("put it after a ```lab block in the same section") })
    let live = Self.problems(
      "```lab\nlab run sync-download --live\n```\n```trace\n0 main root start\n```" + Self.questions
    )
    #expect(live.contains { $0.contains("a live run's times differ on every run") })
  }

  @Test func unclosedFencesAndMissingQuestionsAreReported() {
    let unclosed = Self.problems("```lab\nlab run sync-download\n")
    #expect(unclosed.contains { $0.contains("never closed") })
    let noQuestions = Self.problems("```lab\nlab run sync-download\n```\n")
    #expect(noQuestions.contains { $0.contains("'## Questions' section") })
    let unknownFlag = Self.problems("```lab maybe\nlab run sync-download\n```" + Self.questions)
    #expect(unknownFlag.contains { $0.contains("takes only 'fails' after 'lab'") })
  }

  @Test func simpleNamesCannotBePaths() {
    for name in ["my-race", "lost_update", "A1"] {
      #expect(isSimpleName(name), "\(name)")
    }
    for name in ["", "../x", "a/b", "-x", ".", "..", "a b", "é", "x.json"] {
      #expect(!isSimpleName(name), "\(name)")
    }
  }

  // MARK: - Excerpts

  static let output = """
    # run
          0  main      root      start
          0  main      root      block   300 ms
        300  main      root      end

    duration 300 ms · main thread stalled at most 300 ms
    """

  @Test func excerptsMatchConsecutiveLinesAndGaps() {
    let consecutive = TraceExcerpt(
      lines: ["0 main root block 300 ms", "  300  main  root  end"], line: 1, run: 0)
    #expect(consecutive.mismatch(in: Self.output) == nil)
    let gapped = TraceExcerpt(
      lines: ["0 main root start", "…", "duration 300 ms · main thread stalled at most 300 ms"],
      line: 1, run: 0)
    #expect(gapped.mismatch(in: Self.output) == nil)
    let skipped = TraceExcerpt(lines: ["0 main root start", "300 main root end"], line: 10, run: 0)
    #expect(
      skipped.mismatch(in: Self.output)
        == "line 12: after '0 main root start' the run prints '0 main root block 300 ms', not '300 main root end'"
    )
    let invented = TraceExcerpt(lines: ["…", "0 main root sleep 300 ms"], line: 10, run: 0)
    #expect(
      invented.mismatch(in: Self.output)
        == "line 12: the run prints no line '0 main root sleep 300 ms'")
    let outOfOrder = TraceExcerpt(
      lines: ["300 main root end", "…", "0 main root start"], line: 1, run: 0)
    #expect(outOfOrder.mismatch(in: Self.output) != nil)
  }

  // MARK: - The starter scenario

  @Test func theStarterScenarioValidatesAndPasses() throws {
    let text = ScenarioTemplate.text(name: "my-race", schemaPath: "../schema/scenario.schema.json")
    let scenario = try ScenarioLoader.load(bytes: Array(text.utf8), file: "my-race.json")
    #expect(scenario.name == "my-race")
    #expect(!scenario.summary.isEmpty && !scenario.source.isEmpty)
    let result = ScenarioRunner.runAndCheck(scenario)
    #expect(result.passed, "\(TraceText.report(result))")
    #expect(result.checks.count >= 3)
    for key in [
      "\"$schema\"", "\"format\"", "\"title\"", "\"summary\"", "\"source\"", "\"steps\"",
      "\"expect\"",
    ] {
      #expect(text.contains(key), "\(key)")
    }
  }
}

/// `lab lesson`, `lab list` and `lab new`, in-process; one lesson through the built binary.
@Suite(.serialized) struct LessonCommandTests {
  @Test func lessonByNumberNameAndPrefixPrintTheSameLesson() throws {
    let byNumber = InProcessLab.run(["lesson", "4"])
    #expect(byNumber.status == 0, "\(byNumber.err)")
    #expect(byNumber.err.isEmpty)
    for argument in ["async-let", "async"] {
      let other = InProcessLab.run(["lesson", argument])
      #expect(other.status == 0)
      #expect(other.out == byNumber.out, "lab lesson \(argument)")
    }
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
        "✓ lesson 4 (async-let): all 4 runs did what the lesson says\nnext: lab lesson 5"))
    // Excerpts are for GitHub: the terminal shows the whole run instead, once.
    #expect(!out.contains("```"))
    // No terminal: no colour and no prompt, even with --step.
    #expect(!out.contains("\u{1B}["))
    #expect(err.isEmpty)
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
    let none = InProcessLab.run(["lesson"])
    #expect(none.status == 64)
  }

  @Test func listShowsLessonsThenScenariosByTopic() throws {
    let (status, out, err) = InProcessLab.run(["list"])
    #expect(status == 0, "\(err)")
    #expect(out.hasPrefix("LESSONS"))
    #expect(out.contains("\n   1  blocking-main         Blocking the main thread\n"))
    #expect(out.contains("\n  15  where-async-runs"))
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
        "from 000_de9b12a840e58edd.txt — DataFileViewModel.downloadFile() with usleep(300000) · lesson 1\n"
      ))
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
    #expect(out.contains("Lessons/01-broken.md:11: lab run starter --threads 1 failed a check"))
    #expect(
      out.contains(
        "Lessons/01-broken.md:15: the lesson expects this run to fail a check, but every check passed"
      ))
    #expect(
      out.contains("Lessons/01-broken.md:18: the lesson's excerpt of this run does not match"))
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
}
