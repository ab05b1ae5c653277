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

    func lab(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
      InProcessLab.run(
        arguments,
        environment: [
          "LAB_ROOT": root.path, "LAB_CURRICULUM": TestSupport.packageRoot.path, "CI": "",
        ])
    }
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
    #expect(course.initResult.out.contains("before its first push to GitHub: \(toSet)"))
    // What the lab builds and writes inside the course stays out of its repository: reports,
    // the packages of `lab swift --check` and `--native`, and the site of `lab site site/`.
    let ignored = try String(
      contentsOf: course.root.appendingPathComponent(".gitignore"), encoding: .utf8)
    #expect(Set(ignored.split(separator: "\n")) == ["build/", ".build/", "site/"])
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
      made.out.hasSuffix(
        "its CI (.github/workflows/lab.yml) builds the lab from "
          + "https://github.com/teacher/concurrency-lab.git\n"))
    let workflow = try String(
      contentsOf: root.appendingPathComponent(".github/workflows/lab.yml"), encoding: .utf8)
    #expect(
      workflow.contains("LAB_REPOSITORY: https://github.com/teacher/concurrency-lab.git\n"))
    #expect(!workflow.contains("vars."))
    for convention in [
      "uses: actions/cache@v4", "key: lab-swift6.2-${{ env.LAB_COMMIT }}",
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
      run.err.hasPrefix(
        "note: 'sync-download' is also a scenario of the bundled curriculum (bundled Scenarios/"))
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
