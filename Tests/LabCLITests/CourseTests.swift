import Foundation
import LabSwift
import LabTestSupport
import Testing

@testable import LabLessons

/// A teacher's own course: where the lab finds it (`LAB_ROOT`, the working directory).
@Suite struct CourseTests {
  @Test func aLabRootThatDoesNotExistIsAnErrorAndIsNeverCreated() throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-none-\(UUID())")
    for arguments in [["list"], ["new", "my-race"], ["check"], ["run", "my-race"]] {
      let result = InProcessLab.run(arguments, environment: ["LAB_ROOT": missing.path])
      #expect(result.status == 64, "\(arguments)")
      #expect(
        result.err
          == "LAB_ROOT=\(missing.path): error: LAB_ROOT names no folder; set it to a course "
          + "folder (one with Scenarios/, such as 'lab init' makes) or unset it to use the folder "
          + "you are in\n", "\(arguments)")
      #expect(!FileManager.default.fileExists(atPath: missing.path), "\(arguments)")
    }
  }

  @Test func aLabRootThatIsAFileIsAnError() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("lab-file-\(UUID())")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = InProcessLab.run(["list"], environment: ["LAB_ROOT": file.path])
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("LAB_ROOT=\(file.path): error: LAB_ROOT names a file"))
  }

  /// A folder with no `Scenarios/` is no course: `lab new` made `Scenarios/` there (at `/`
  /// too), and `lab run` said only that no scenario had the name.
  @Test func aLabRootWithoutScenariosIsAnErrorAndGetsNoFolder() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("lab-empty-\(UUID())")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    for arguments in [["new", "my-race"], ["run", "racy-counter"], ["list"]] {
      let result = InProcessLab.run(arguments, environment: ["LAB_ROOT": empty.path])
      #expect(result.status == 64, "\(arguments)")
      #expect(
        result.err.hasPrefix(
          "LAB_ROOT=\(empty.path): error: LAB_ROOT names a folder with no Scenarios/ in it"),
        "\(arguments): \(result.err)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
  }
}

/// `lab init`, and a course beside the bundled curriculum.
@Suite(.serialized) struct CourseFolderTests {
  /// A fresh course made by `lab init` in a temporary folder, removed when done.
  final class Course {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-course-\(UUID())")
    let initResult: (status: Int32, out: String, err: String)

    init() {
      initResult = InProcessLab.run(["init", root.path])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func lab(_ arguments: [String], input: [String] = []) -> (
      status: Int32, out: String, err: String
    ) {
      InProcessLab.run(
        arguments, input: input,
        environment: [
          "LAB_ROOT": root.path, "LAB_CURRICULUM": TestSupport.packageRoot.path, "CI": "",
        ])
    }
  }

  /// A lesson runs scenarios by name, so `lab check` holds each name a lesson lists to exactly
  /// one scenario: a lesson whose every run failed ("no scenario named") passed, and so did two
  /// files of one name, which `lab run NAME` and the lesson could not tell apart.
  @Test func checkFailsALessonWhoseScenarioIsMissingOrNamedTwice() throws {
    let course = Course()
    let lesson = course.root.appendingPathComponent("Lessons/01-first-steps.md")
    let text = try String(contentsOf: lesson, encoding: .utf8)
    let other = course.root.appendingPathComponent("Scenarios/02-more")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: course.root.appendingPathComponent("Scenarios/01-first-steps/two-downloads.json"),
      to: other.appendingPathComponent("two-downloads.json"))
    let twice = course.lab(["check"])
    #expect(twice.status == 1)
    #expect(
      twice.out.contains(
        "FAIL  Scenarios/02-more/two-downloads.json         shares its name: the scenario "
          + "'two-downloads' is also Scenarios/01-first-steps/two-downloads.json"), "\(twice.out)")
    #expect(
      twice.out.contains(
        "FAIL  lesson 1 first-steps  Lessons/01-first-steps.md:17:1: error: several scenarios are "
          + "named "
          + "'two-downloads'"), "\(twice.out)")
    let validate = course.lab(["validate"])
    #expect(validate.status == 1 && validate.out.hasSuffix("1 valid, 1 invalid\n"))
    #expect(
      validate.err.contains(
        "Scenarios/02-more/two-downloads.json:1:1: error: the scenario 'two-downloads' is also "))
    // `lab list` marks it too, and fails as for a scenario that does not validate.
    let list = course.lab(["list", "--scenarios"])
    #expect(list.status == 1)
    #expect(list.out.contains("  two-downloads           (shares its name)\n"), "\(list.out)")
    #expect(
      list.err.contains(
        "Scenarios/02-more/two-downloads.json: the scenario 'two-downloads' is also "),
      "\(list.err)")
    try FileManager.default.removeItem(at: other)
    try text.replacing("two-downloads", with: "no-such-thing").write(
      to: lesson, atomically: true, encoding: .utf8)
    let missing = course.lab(["check"])
    #expect(missing.status == 1)
    #expect(
      missing.out.contains(
        "Lessons/01-first-steps.md:17:1: error: no scenario is named 'no-such-thing', in this "
          + "course or the "
          + "bundled curriculum"), "\(missing.out)")
  }

  @Test func initWritesACourseThatWorksAtOnce() throws {
    let course = Course()
    #expect(course.initResult.status == 0, "\(course.initResult.err)")
    for path in [
      "Scenarios/01-first-steps/two-downloads.json", "Lessons/01-first-steps.md",
      "schema/scenario.schema.json", "README.md", ".github/workflows/lab.yml",
    ] {
      #expect(FileManager.default.fileExists(atPath: course.root.appendingPathComponent(path).path))
    }
    let lesson = course.lab(["lesson", "1"])
    #expect(lesson.status == 0, "\(lesson.out)\(lesson.err)")
    #expect(lesson.out.contains("✓ lesson 1 (first-steps)"))
    let check = course.lab(["check", "--junit", course.root.appendingPathComponent("j.xml").path])
    #expect(
      check.out
        == "PASS  two-downloads  5 checks · seed 1\n1 passed, 0 failed\n"
        + "PASS  lesson 1 first-steps  cites no fact\nlessons: 1 passed, 0 failed\n")
    #expect(course.lab(["validate"]).status == 0)
    let workflow = try String(
      contentsOf: course.root.appendingPathComponent(".github/workflows/lab.yml"), encoding: .utf8)
    #expect(workflow.contains("$LAB check --seeds 20 --junit build/lab-check.xml"))
    #expect(workflow.contains("run: $LAB facts\n") && workflow.contains("run: $LAB snippets\n"))
    if SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil {
      let facts = course.lab(["facts"])
      #expect(facts.status == 0, "\(facts.out)\(facts.err)")
      let snippets = course.lab(["snippets"])
      #expect(snippets.status == 0, "\(snippets.out)\(snippets.err)")
    }
    // This package has no https origin: the workflow asks for the variable, in lab init's words.
    let toSet = LabLessons.CourseTemplate.repositoryToSet
    #expect(workflow.contains("LAB_REPOSITORY: ${{ vars.LAB_REPOSITORY }}\n"))
    #expect(workflow.contains("echo \"::error::\(toSet)\"\n            exit 1"))
    let said = course.initResult.out.split(separator: "\n").joined(separator: " ")
    #expect(
      said.contains("before its first push to GitHub: \(toSet), or write that URL"), "\(said)")
    // The line it names is the one to change.
    let line = workflow.split(separator: "\n", omittingEmptySubsequences: false)[
      CourseTemplate.repositoryLine - 1]
    #expect(said.contains("on line \(CourseTemplate.repositoryLine) of .github/workflows/lab.yml"))
    #expect(line == "      LAB_REPOSITORY: ${{ vars.LAB_REPOSITORY }}")
    #expect(course.initResult.out.split(separator: "\n").allSatisfy { $0.count <= 80 })
    // What the lab builds and writes inside the course stays out of its repository: reports,
    // the packages of `lab swift --check` and `--native`, and the site of `lab site site/`.
    let ignored = try String(
      contentsOf: course.root.appendingPathComponent(".gitignore"), encoding: .utf8)
    #expect(Set(ignored.split(separator: "\n")) == ["build/", ".build/", "site/"])
  }

  /// The course's CI pins the Swift the lab is tested with: the toolchain these tests run on.
  @Test(.enabled(if: SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil))
  func theWorkflowsSwiftIsTheOneTheLabIsTestedWith() throws {
    let compiler = try #require(
      SwiftCompiler.find(environment: ProcessInfo.processInfo.environment))
    #expect(compiler.version() == CourseTemplate.swiftVersion)
  }

  /// The workflow's steps, run as a script here as the runner would run them (no network: the
  /// lab is fetched from this checkout at the commit the workflow pins, and the built lab is
  /// the cached one): every step passes and the JUnit report is written.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(
        atPath: TestSupport.packageRoot.appendingPathComponent(".git").path)
        && SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil))
  func theWorkflowsStepsPassWhenRunAsAScript() throws {
    let course = Course()
    let workflow = try String(
      contentsOf: course.root.appendingPathComponent(".github/workflows/lab.yml"), encoding: .utf8)
    let steps = Self.runSteps(ofJob: "check", in: workflow)
    #expect(
      steps.map(\.name) == [
        "Fetch the lab", "Build the lab", "Check every scenario", "Play every lesson",
        "Run the facts the lessons cite", "Compile every Swift block of the lessons",
      ])
    let ref = try #require(
      workflow.split(separator: "\n").first { $0.hasPrefix("      LAB_REF: ") }?
        .dropFirst("      LAB_REF: ".count))
    #expect(ref.count == 40, "pinned to a commit: \(ref)")
    let scratch = course.root.appendingPathComponent("build/scratch")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    // The lab's cache keeps the records of what it built: never inside a course.
    let cache = URL(fileURLWithPath: course.root.path + "-cache")
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = [
      "CI": "true", "NO_COLOR": "1", "LAB_REF": String(ref),
      "LAB_REPOSITORY": "file://\(TestSupport.packageRoot.path)",
      "LAB": TestSupport.labBinary.path, "GITHUB_ENV": scratch.appendingPathComponent("env").path,
      "LAB_CURRICULUM": TestSupport.packageRoot.path,
      "LAB_CACHE": cache.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": scratch.path,
    ]
    for step in steps {
      let script = step.run.replacingOccurrences(
        of: "/tmp/concurrency-lab", with: scratch.appendingPathComponent("lab").path)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-e", "-o", "pipefail", "-c", script]
      process.currentDirectoryURL = course.root
      process.environment = environment
      let output = scratch.appendingPathComponent("output")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      let handle = try FileHandle(forWritingTo: output)
      process.standardOutput = handle
      process.standardError = handle
      try process.run()
      process.waitUntilExit()
      try handle.close()
      let said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "\(step.name): \(said)")
      if step.name == "Play every lesson" {
        #expect(said.contains("✓ lesson 1 (first-steps): both runs did what the lesson says"))
      }
    }
    let fetched = try String(
      contentsOf: scratch.appendingPathComponent("env"), encoding: .utf8)
    #expect(fetched == "LAB_COMMIT=\(ref)\n")
    #expect(
      FileManager.default.fileExists(
        atPath: course.root.appendingPathComponent("build/lab-check.xml").path))
  }

  /// The steps of `job` that run a command and have no condition, as the workflow lists them.
  static func runSteps(ofJob job: String, in workflow: String) -> [(name: String, run: String)] {
    var steps: [(name: String, run: String, conditional: Bool)] = []
    var inJob = false
    var block: [String]?
    for line in workflow.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" "), !line.isEmpty { inJob = false }
      if line.hasPrefix("  "), !line.hasPrefix("   "), !line.isEmpty {
        inJob = line == "  \(job):"
      }
      guard inJob else { continue }
      if var lines = block {
        if line.hasPrefix("          ") || line.isEmpty {
          lines.append(String(line.dropFirst(min(10, line.count))))
          block = lines
          continue
        }
        steps[steps.count - 1].run = lines.joined(separator: "\n")
        block = nil
      }
      if line.hasPrefix("      - ") {
        let name = line.hasPrefix("      - name: ") ? String(line.dropFirst(14)) : ""
        steps.append((name, "", false))
      } else if line.hasPrefix("        if: ") {
        steps[steps.count - 1].conditional = true
      } else if line == "        run: |" {
        block = []
      } else if line.hasPrefix("        run: ") {
        steps[steps.count - 1].run = String(line.dropFirst(13))
      }
    }
    return steps.filter { !$0.run.isEmpty && !$0.conditional }.map { ($0.name, $0.run) }
  }

  @Test func initNeverWritesIntoAFolderThatHasSomething() throws {
    let course = Course()
    let again = InProcessLab.run(["init", course.root.path])
    #expect(again.status == 1)
    #expect(again.err.contains("is not empty; lab init writes only into a new or empty folder"))
    #expect(InProcessLab.run(["init"]).status == 64)
    // A link in the folder's place, to nothing or to a folder, is named and left alone.
    let link = FileManager.default.temporaryDirectory.appendingPathComponent("lab-link-\(UUID())")
    defer { try? FileManager.default.removeItem(at: link) }
    for target in ["/nonexistent-\(UUID())", FileManager.default.temporaryDirectory.path] {
      try? FileManager.default.removeItem(at: link)
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
      let linked = InProcessLab.run(["init", link.path])
      #expect(linked.status == 1)
      #expect(linked.err.contains("is a symbolic link to"), "\(linked.err)")
      #expect(!linked.err.contains("same name already exists"))
    }
  }

  @Test func theBundledCurriculumStaysAvailableBesideTheCourseLabelled() throws {
    let course = Course()
    let list = course.lab(["list"])
    #expect(list.status == 0, "\(list.err)")
    let own = try #require(list.out.range(of: "== THIS COURSE · "))
    let bundled = try #require(list.out.range(of: "== BUNDLED WITH THE LAB (also available) · "))
    #expect(own.lowerBound < bundled.lowerBound)
    #expect(list.out.contains("async-let-downloads"))
    let run = course.lab(["run", "async-let-downloads"])
    #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
    #expect(course.lab(["lesson", "async-let"]).status == 0)
    #expect(course.lab(["check"]).out.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test func aCourseWhoseLabRepositoryIsKnownNeedsNothingSetAndCachesPublishesAndReports() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-course-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let made = InProcessLab.run(
      ["init", root.path, "--lab-repository", "git@github.com:teacher/concurrency-lab.git"])
    #expect(made.status == 0, "\(made.err)")
    #expect(
      made.out.split(separator: "\n").joined(separator: " ").contains(
        "its CI (.github/workflows/lab.yml) builds the lab from "
          + "https://github.com/teacher/concurrency-lab.git at "), "\(made.out)")
    let workflow = try String(
      contentsOf: root.appendingPathComponent(".github/workflows/lab.yml"), encoding: .utf8)
    #expect(
      workflow.contains("LAB_REPOSITORY: https://github.com/teacher/concurrency-lab.git\n"))
    #expect(!workflow.contains("vars."))
    for convention in [
      "uses: actions/cache@v4",
      "key: lab-swift\(CourseTemplate.swiftVersion)-${{ env.LAB_COMMIT }}",
      "container: swift:\(CourseTemplate.swiftVersion)\n",
      "if: always() && (github.event_name != 'pull_request' || "
        + "github.event.pull_request.head.repo.full_name == github.repository)",
      "uses: mikepenz/action-junit-report@v5", "uses: actions/upload-pages-artifact@v3",
      "uses: actions/deploy-pages@v4", "run: $LAB site build/site",
    ] {
      #expect(workflow.contains(convention), "\(convention)")
    }
    let refused = InProcessLab.run(
      ["init", root.path + "-2", "--lab-repository", "https://github.com/me/lab\n  - run: x"])
    #expect(refused.status == 64)
    #expect(refused.err.contains("is not a repository the workflow can clone"))
    #expect(!FileManager.default.fileExists(atPath: root.path + "-2"))
  }

  @Test func aNameBothHaveIsReportedNotSilentlyShadowed() throws {
    let course = Course()
    let mine = course.root.appendingPathComponent("Scenarios/01-first-steps/sync-download.json")
    try FileManager.default.copyItem(
      at: course.root.appendingPathComponent("Scenarios/01-first-steps/two-downloads.json"),
      to: mine)
    let run = course.lab(["run", "sync-download"])
    #expect(
      run.err.split(whereSeparator: \.isWhitespace).joined(separator: " ").hasPrefix(
        "note: 'sync-download' is also a scenario of the bundled curriculum (bundled Scenarios/"))
    #expect(run.err.split(separator: "\n").allSatisfy { $0.count < 80 }, "\(run.err)")
    #expect(run.out.contains("Two downloads at once"))
    let list = course.lab(["list"])
    #expect(
      list.out.contains(
        "note: scenario 'sync-download' is in the course and in the bundled curriculum"))
  }

  @Test func theBundledCurriculumIsFoundAboveTheExecutable() throws {
    let executable = TestSupport.packageRoot.appendingPathComponent(".build/debug/lab")
    let found = try LabLessons.Course.bundledRoot(environment: [:], executable: executable)
    #expect(found?.standardizedFileURL.path == TestSupport.packageRoot.standardizedFileURL.path)
    #expect(
      try LabLessons.Course.bundledRoot(environment: ["LAB_CURRICULUM": ""], executable: executable)
        == nil)
    let elsewhere = URL(fileURLWithPath: "/usr/bin/lab")
    #expect(
      try LabLessons.Course.bundledRoot(environment: [:], executable: elsewhere, builtFrom: nil)
        == nil)
    // A lab copied away from its package finds the package it was built from, while it exists.
    #expect(
      LabLessons.Course.builtFrom.standardizedFileURL.path
        == TestSupport.packageRoot.standardizedFileURL.path)
    #expect(
      try LabLessons.Course.bundledRoot(environment: [:], executable: elsewhere)?
        .standardizedFileURL.path == TestSupport.packageRoot.standardizedFileURL.path)
    #expect(
      try LabLessons.Course.bundledRoot(
        environment: [:], executable: elsewhere, builtFrom: URL(fileURLWithPath: "/no/such/lab"))
        == nil)
    let missing = InProcessLab.run(["list"], environment: ["LAB_CURRICULUM": "/no/such/lab"])
    #expect(missing.status == 64)
    #expect(
      missing.err.hasPrefix("LAB_CURRICULUM=/no/such/lab: error: LAB_CURRICULUM names no folder"))
  }
}
