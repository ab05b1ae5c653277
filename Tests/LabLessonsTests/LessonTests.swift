import Foundation
import LabSwift
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabLessons
@testable import LabModel
@testable import LabRuntime

/// The lessons: every bundled lesson parses, names scenarios that exist, and shows only what the
/// lab really prints; the parser, the name resolution and the excerpt matching. The commands'
/// tests are in LessonCommandTests.swift.
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
      if run.compare != nil {
        // A `lab compare` line: its excerpt quotes the comparison at a lesson's width.
        let shown = run.comparison(width: LessonRun.excerptWidth, full: false) { name in
          Result { try TestSupport.scenario(named: name) }.mapError { _ in .init(nil) }
        }
        guard case .success(let report)? = shown else {
          Issue.record("\(file):\(run.line): \(run.command) made no comparison")
          continue
        }
        reports[index] = report
        continue
      }
      if run.swift == .program {
        // A `lab swift` line: its excerpt quotes the program (LessonSwiftTests compiles it).
        reports[index] = try SwiftProgram.generate(scenario)
        continue
      }
      // `lab swift --check`: its excerpt quotes swiftc's verdict, checked where swiftc runs
      // (LessonVerdictTests plays such lessons; CI plays every lesson).
      if run.swift == .check { continue }
      let result = ScenarioRunner.runAndCheck(scenario, options: run.options)
      #expect(
        result.passed != run.expectsFailure,
        "\(file):\(run.line): \(run.command) \(run.expectsFailure ? "passed" : "failed a check")")
      reports[index] = TraceText.report(result, hints: .lab)
    }
    for section in lesson.sections {
      for case .excerpt(let excerpt) in section.blocks
      where lesson.runs[excerpt.run].swift != .check {
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
      names == [
        "blocking-main", "await-and-main", "sequential-awaits", "async-let", "errors", "tasks",
        "task-groups", "data-races", "actors", "main-actor", "serial-tasks", "search-as-you-type",
        "dispatch-group", "starvation", "where-async-runs", "locks-atomics-semaphores",
        "continuations", "streams", "task-locals", "priorities", "compiler-verdicts",
        "sendable-repairs", "clocks-and-deadlines", "from-gcd", "actors-in-depth",
        "testing-async-code", "swiftui-tasks",
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
    // A path to a lesson's file, as a teacher pastes it.
    #expect(Self.resolved("/actors.md") == "actors")
    #expect(Self.resolved("/x/../async-let.md") == "async-let")
    #expect(LessonCatalog.resolve("/nowhere.md", in: Self.entries) == .notFound(suggestion: nil))
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
    #expect(problems.contains { $0.contains("'async-download' is run here, and the front") })
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
        "8: a lesson's 'lab run' takes --live, --seed, --threads, --policy, --tolerance, "
          + "--schedule, --timeline, --tasks, --ascii, --task, --lane, --full, not '--sed'; "
          + "did you mean '--seed'?"))
    #expect(problems.contains { $0.hasPrefix("9: name the scenario, not a path: '../x'") })
    #expect(
      problems.contains {
        $0.hasPrefix(
          "10: a ```lab block holds 'lab run NAME [options]', 'lab swift NAME [--check]' and "
            + "'lab compare NAME [options] --vs [options]' lines")
      })
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
        == "line 12: after '0 main root start' the run prints '0 main root block 300 ms', "
        + "not '300 main root end'")
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
    #expect(result.passed, "\(TraceText.report(result, hints: .lab))")
    #expect(result.checks.count >= 3)
    for key in [
      "\"$schema\"", "\"format\"", "\"title\"", "\"summary\"", "\"source\"", "\"steps\"",
      "\"expect\"",
    ] {
      #expect(text.contains(key), "\(key)")
    }
  }
}

/// A lesson file is read within a size and as UTF-8, each refusal at a line with what to do.
@Suite struct LessonFileReadingTests {
  static func load(_ name: String, _ bytes: [UInt8]) throws -> LessonFileError? {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Lessons")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: folder.appendingPathComponent(name))
    let catalog = LessonCatalog(root: root)
    let entry = try #require(catalog.entries().first)
    do {
      _ = try catalog.load(entry)
      return nil
    } catch {
      return error
    }
  }

  @Test func aLessonPastItsSizeIsRefusedBeforeItIsRead() throws {
    let text = "---\nname: big\ntitle: Big\n---\n\n" + String(repeating: "word ", count: 60_000)
    let error = try #require(try Self.load("02-big.md", Array(text.utf8)))
    #expect(error.problems.map(\.line) == [1])
    #expect(error.problems[0].message.contains("more than the 256 KiB"), "\(error)")
  }

  /// A lesson's problems are shown as a scenario's diagnostics are, the first 50 and then a line
  /// for the rest: a 214 KB lesson of one repeated mistake gave 7,500 lines.
  @Test func aLessonsProblemsAreShownUpToTheScenariosLimit() {
    let problems = (1...120).map { LessonProblem(line: $0, message: "a mistake") }
    let shown = LessonFileError(file: "Lessons/01-a.md", problems: problems).description
    let lines = shown.split(separator: "\n")
    #expect(lines.count == DiagnosticList.shownLimit + 1)
    #expect(lines.last == "Lessons/01-a.md: note: 70 more errors not shown; fix these first")
  }

  @Test func aLineThatIsNotUTF8IsNamed() throws {
    let bytes = Array("---\nname: bad\ntitle: Bad\n---\n\nfine\nbad ".utf8) + [0xFF, 0xFE, 0x0A]
    let error = try #require(try Self.load("03-bad.md", bytes))
    #expect(error.problems.map(\.line) == [7])
    #expect(error.problems[0].message == "this line is not UTF-8 text; save the lesson as UTF-8")
  }
}
