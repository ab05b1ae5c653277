import Foundation
import LabChecks
import LabPictures
import LabTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every command that writes decides first whether it may — every file it would write, every
/// folder it would create — and only then writes: a refusal leaves each folder exactly as it
/// was (same names, same contents, same inodes, so not even a page rewritten to the same bytes).
@Suite(.serialized) struct CheckThenWriteTests {
  typealias Project = CheckCommandTests.Project

  /// What a folder holds, deeply: each path with its kind, inode and contents.
  static func snapshot(_ folder: URL) -> [String: String] {
    var entries: [String: String] = [:]
    for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
      let full = folder.appendingPathComponent(path).path
      var status = stat()
      guard lstat(full, &status) == 0 else { continue }
      let contents =
        status.st_mode & S_IFMT == S_IFREG
        ? String(decoding: FileManager.default.contents(atPath: full) ?? Data(), as: UTF8.self)
        : ""
      entries[path] = "\(status.st_mode) \(status.st_ino) \(contents)"
    }
    return entries
  }

  /// Runs `arguments` in `project`, expecting a refusal whose message holds `expected`, nothing
  /// on stdout (it was decided before any scenario ran), and `folder` unchanged.
  static func refuses(
    _ project: Project, _ arguments: [String], _ expected: String, leaving folder: URL,
    status expectedStatus: Int32 = 1, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = snapshot(folder)
    let (status, out, err) = project.lab(arguments)
    #expect(status == expectedStatus, "\(err)", sourceLocation: sourceLocation)
    #expect(err.contains(expected), "\(err)", sourceLocation: sourceLocation)
    #expect(out.isEmpty, "\(out)", sourceLocation: sourceLocation)
    #expect(snapshot(folder) == before, sourceLocation: sourceLocation)
  }

  static func twoScenarios() throws -> Project {
    try Project([
      "a/passing.json": CheckCommandTests.passing, "a/idle.json": CheckCommandTests.idle,
    ])
  }

  /// A scenario's page is `scenario-NAME.html`, as the site names it: a scenario named `index`
  /// (which `lab new index` makes) had the index's name, and `lab check --html` refused both.
  @Test func aScenarioNamedIndexHasAPageBesideTheIndex() throws {
    let project = try Project(["a/index.json": CheckCommandTests.idle])
    let folder = project.root.appendingPathComponent("html")
    let result = project.lab(["check", "--html", folder.path])
    #expect(result.status == 0, "\(result.err)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files == ["index.html", "scenario-index.html"])
  }

  @Test func checkHTMLRefusesBeforeRewritingAnyPage() throws {
    let project = try Self.twoScenarios()
    let folder = project.root.appendingPathComponent("html")
    #expect(project.lab(["check", "--html", folder.path]).status == 0)
    // Its own pages are there; an index.html of someone else's now stands beside them.
    try Data("<p>mine</p>".utf8).write(to: folder.appendingPathComponent("index.html"))
    Self.refuses(
      project, ["check", "--html", folder.path], "index.html' is not a page the lab wrote",
      leaving: project.root)
    // So is a page of someone else's that a scenario's name would overwrite.
    try Data("<meta name=\"generator\" content=\"\(HTMLReport.generator)\"/>".utf8).write(
      to: folder.appendingPathComponent("index.html"))
    try Data("<p>mine</p>".utf8).write(to: folder.appendingPathComponent("scenario-passing.html"))
    Self.refuses(
      project, ["check", "--html", folder.path],
      "scenario-passing.html' is not a page the lab wrote",
      leaving: project.root)
    // A folder where a page would go is refused the same way.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("index.html"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("scenario-idle.html"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("scenario-idle.html"), withIntermediateDirectories: false)
    Self.refuses(
      project, ["check", "--html", folder.path], "scenario-idle.html': it is a folder",
      leaving: project.root)
  }

  @Test func checkRefusesBothReportsWhenEitherCannotBeWritten() throws {
    let project = try Self.twoScenarios()
    let taken = project.root.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
    let html = project.root.appendingPathComponent("html").path
    Self.refuses(
      project, ["check", "--html", html, "--junit", taken.path], "taken': it is a folder",
      leaving: project.root)
    // A folder is created, the folders above it are not: a path that does not exist is a
    // mistyped command line, a usage error (64), as every command's missing path is.
    let deep = project.root.appendingPathComponent("no/such/html").path
    Self.refuses(
      project, ["check", "--html", deep], "the lab creates '\(deep)' but not the folders above",
      leaving: project.root, status: 64)
    Self.refuses(
      project, ["check", "--junit", project.root.appendingPathComponent("no/build/j.xml").path],
      "but not the folders above", leaving: project.root, status: 64)
    // A fresh checkout's build/ is still made for --junit.
    let junit = project.root.appendingPathComponent("build/j.xml")
    #expect(project.lab(["check", "--junit", junit.path]).status == 0)
    #expect(FileManager.default.fileExists(atPath: junit.path))
  }

  /// Every writer given a path under a folder that does not exist says so and exits 64, a
  /// usage error, as `lab init` and `lab validate` do; nothing is made.
  @Test func aMissingFolderOnTheCommandLineIsAUsageError() throws {
    let project = try Self.twoScenarios()
    let missing = project.root.appendingPathComponent("no").path
    for arguments in [
      ["run", "passing", "--html", missing + "/run.html"],
      ["run", "passing", "--chrome", missing + "/trace.json"],
      ["check", "--html", missing + "/pages"], ["site", missing + "/site"],
    ] {
      Self.refuses(project, arguments, "no folder '", leaving: project.root, status: 64)
    }
    // An empty path names nothing: the run or the check was made, and only its writing failed,
    // with 1 ("cannot replace '': Is a directory").
    for arguments in [
      ["run", "passing", "--html", ""], ["run", "passing", "--chrome", ""],
      ["check", "--html", ""], ["check", "passing", "--junit", ""], ["site", ""],
    ] {
      Self.refuses(
        project, arguments, "an empty path names no file or folder", leaving: project.root,
        status: 64)
    }
  }

  @Test func runRefusesItsFilesBeforeRunning() throws {
    let project = try Self.twoScenarios()
    let html = project.root.appendingPathComponent("run.html").path
    let taken = project.root.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false)
    Self.refuses(
      project, ["run", "passing", "--html", html, "--chrome", taken.path],
      "taken': it is a folder", leaving: project.root)
    Self.refuses(
      project, ["run", "passing", "--html", html, "--chrome", html], "two files would be written",
      leaving: project.root)
    Self.refuses(
      project, ["run", "passing", "--html", project.root.appendingPathComponent("no/r.html").path],
      "no folder", leaving: project.root, status: 64)

    // A report replaces only a report of its kind the lab wrote: a slip that named the course's
    // own scenario replaced it with HTML, a JUnit report or a Chrome trace.
    let scenario = project.root.appendingPathComponent("Scenarios/a/passing.json").path
    for option in [["run", "passing", "--html"], ["run", "passing", "--chrome"]] {
      Self.refuses(project, option + [scenario], "passing.json", leaving: project.root)
    }
    Self.refuses(
      project, ["check", "passing", "--junit", scenario],
      "exists and is not a report the lab wrote", leaving: project.root)
    // Its own it replaces, again and again.
    for option in [["run", "passing", "--html"], ["run", "passing", "--chrome"]] {
      let file = project.root.appendingPathComponent("report-\(option[2].dropFirst(2))").path
      #expect(project.lab(option + [file]).status == 0)
      #expect(project.lab(option + [file]).status == 0, "\(option) over its own report")
    }
    let junit = project.root.appendingPathComponent("junit.xml").path
    #expect(project.lab(["check", "passing", "--junit", junit]).status == 0)
    #expect(project.lab(["check", "passing", "--junit", junit]).status == 0)
  }

  @Test func siteRefusesTheWholeSiteWhenOnePageIsNotTheLabs() throws {
    let project = try Self.twoScenarios()
    let folder = project.root.appendingPathComponent("site")
    let environment = ["LAB_CURRICULUM": ""]
    #expect(project.lab(["site", folder.path, "--virtual"], environment: environment).status == 0)
    // Its index is the lab's, so the folder is the lab's site: but this page is not.
    try Data("mine".utf8).write(to: folder.appendingPathComponent("scenario-idle.html"))
    let before = Self.snapshot(project.root)
    let refused = project.lab(["site", folder.path, "--virtual"], environment: environment)
    #expect(refused.status == 1)
    #expect(refused.err.contains("scenario-idle.html' is not a page the lab wrote"), "\(refused)")
    #expect(Self.snapshot(project.root) == before)
    let deep = project.root.appendingPathComponent("no/site")
    #expect(project.lab(["site", deep.path], environment: environment).status == 64)
    #expect(!FileManager.default.fileExists(atPath: deep.deletingLastPathComponent().path))
  }

  @Test func recordRefusesEveryTraceBeforeWritingOne() throws {
    let project = try Self.twoScenarios()
    try FileManager.default.createDirectory(
      at: project.root.appendingPathComponent("Scenarios/a/idle.expected"),
      withIntermediateDirectories: false)
    // passing comes first and could be written: it is not, since idle's cannot.
    Self.refuses(
      project, ["record", "passing", "idle"], "idle.expected': it is a folder",
      leaving: project.root)
    Self.refuses(
      project, ["diff", "idle", "--update"], "idle.expected': it is a folder",
      leaving: project.root)
  }

  @Test func aNameNeverLeadsAWriterOutOfTheProject() throws {
    let project = try Self.twoScenarios()
    let outside = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-outside-\(UUID())")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: outside) }
    try Data(CheckCommandTests.passing.utf8).write(to: outside.appendingPathComponent("away.json"))
    // A topic folder of the course that is a link to somewhere else.
    try FileManager.default.createSymbolicLink(
      at: project.root.appendingPathComponent("Scenarios/elsewhere"), withDestinationURL: outside)
    let before = Self.snapshot(outside)
    let recorded = project.lab(["record", "away"])
    #expect(recorded.status != 0)
    #expect(Self.snapshot(outside) == before, "\(recorded)")
    // lab new writes into Scenarios/ only while it is in the project.
    let linked = try Project([:])
    try FileManager.default.createDirectory(at: linked.root, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      at: linked.root.appendingPathComponent("Scenarios"), withDestinationURL: outside)
    let new = linked.lab(["new", "fresh"])
    #expect(new.status == 64)
    #expect(new.err.contains("is not, once its symbolic links are followed"), "\(new.err)")
    #expect(Self.snapshot(outside) == before)
  }

  /// `lab new --path` makes the folder that is missing, but a part of the path that is a file, a
  /// FIFO or a link to nothing is named, as a usage error — not Foundation's error, raw.
  @Test func newNamesThePartOfItsPathThatIsNoFolder() throws {
    let project = try Self.twoScenarios()
    let scenarios = project.root.appendingPathComponent("Scenarios")
    try Data().write(to: scenarios.appendingPathComponent("afile"))
    #expect(mkfifo(scenarios.appendingPathComponent("fifo").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: scenarios.appendingPathComponent("dangling").path,
      withDestinationPath: project.root.appendingPathComponent("missing").path)
    for (path, problem) in [
      ("afile", "'Scenarios/afile' is a file, not a folder"),
      ("fifo/sub", "'Scenarios/fifo' is a file, not a folder"),
      ("dangling/sub", "'Scenarios/dangling' is a link to nothing"),
    ] {
      let new = project.lab(["new", "fresh", "--path", scenarios.appendingPathComponent(path).path])
      #expect(new.status == 64)
      #expect(
        new.err.hasPrefix("error: --path: \(problem); give a folder, or a path to make one\n"),
        "\(new.err)")
    }
    #expect(
      !FileManager.default.fileExists(atPath: project.root.appendingPathComponent("missing").path))
    let made = project.lab(["new", "fresh", "--path", scenarios.appendingPathComponent("new").path])
    #expect(made.status == 0, "\(made.err)")
    // Only the last folder is made, and only with a name a terminal shows as it is: a typo made
    // a chain of folders, and an escape was made a topic's name.
    let chain = project.lab(
      ["new", "other", "--path", scenarios.appendingPathComponent("typo1/typo2").path])
    #expect(chain.status == 64)
    #expect(chain.err.contains("'Scenarios/typo1' does not exist"), "\(chain.err)")
    let escaped = project.lab(
      ["new", "other", "--path", scenarios.appendingPathComponent("x\u{1B}[2J").path])
    #expect(escaped.status == 64)
    #expect(escaped.err.contains("'x\\u{1B}[2J' is not a topic folder's name"), "\(escaped.err)")
    let file = project.lab(
      ["new", "other", "--path", scenarios.appendingPathComponent("a/other.json").path])
    #expect(file.status == 64)
    #expect(file.err.contains("(--path is the folder, not the file)"), "\(file.err)")
    let left = try FileManager.default.contentsOfDirectory(atPath: scenarios.path)
    #expect(!left.contains("typo1") && !left.contains("x\u{1B}[2J"), "\(left)")
  }

  /// A folder the system refuses to make (`/proc/x`) is said before a site is built or a report
  /// run, not after a minute of pages; nothing is left behind by the try.
  @Test func aFolderTheSystemRefusesIsSaidBeforeAnyWork() throws {
    let began = ContinuousClock.now
    let site = InProcessLab.run(["site", "/proc/lab-site"])
    #expect(site.status == 1)
    #expect(site.err.contains("'/proc/lab-site' cannot be made"), "\(site.err)")
    #expect(ContinuousClock.now - began < .seconds(10))
    let project = try Self.twoScenarios()
    let fresh = project.root.appendingPathComponent("fresh")
    #expect(OutputPlan.folderRefusal(fresh.path) == nil)
    #expect(!FileManager.default.fileExists(atPath: fresh.path), "the try left the folder")
  }

  @Test func initMakesTheFolderButNotTheFoldersAboveIt() throws {
    let project = try Self.twoScenarios()
    let deep = project.root.appendingPathComponent("no/course")
    let (status, _, err) = InProcessLab.run(["init", deep.path])
    #expect(status == 64)
    #expect(err.contains("but not the folders above it"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: deep.deletingLastPathComponent().path))
  }

  /// A course inside another's Scenarios or Lessons (named so, or through a link) would be read as
  /// that course's files: its starter scenario and its schema as two more scenarios. Refused;
  /// beside them it is a course of its own.
  @Test func initRefusesAFolderInsideAnotherCoursesScenariosOrLessons() throws {
    let project = try Self.twoScenarios()
    let link = project.root.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: project.root.appendingPathComponent("Scenarios"))
    for (inner, folder) in [("Scenarios/inner", "Scenarios"), ("link/inner", "Scenarios")] {
      let path = project.root.appendingPathComponent(inner).path
      let run = InProcessLab.run(["init", path])
      #expect(run.status == 1)
      #expect(
        run.err.contains("is inside the \(folder) folder of the course at")
          && run.err.contains("add a scenario to that course with 'lab new NAME'"), "\(run.err)")
      #expect(!FileManager.default.fileExists(atPath: path))
    }
    try FileManager.default.createDirectory(
      at: project.root.appendingPathComponent("Lessons"), withIntermediateDirectories: true)
    let lessons = project.root.appendingPathComponent("Lessons/inner").path
    #expect(InProcessLab.run(["init", lessons]).err.contains("inside the Lessons folder"))
    let beside = project.root.appendingPathComponent("beside").path
    #expect(InProcessLab.run(["init", beside]).status == 0)
  }

  /// A course's `lab new` refuses a bundled scenario's name too: the course's file would hide
  /// the bundled one beside the course (held-out round 33).
  @Test func newRefusesABundledScenariosName() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-new-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
    let run = InProcessLab.run(
      ["new", "racy-counter"],
      environment: ["LAB_ROOT": root.path, "LAB_CURRICULUM": TestSupport.packageRoot.path])
    #expect(run.status == 1)
    #expect(run.err.contains("a scenario named 'racy-counter' already exists: "), "\(run.err)")
    #expect(
      !FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Scenarios/racy-counter.json").path))
  }

  /// An empty or blank folder name is a slip (an unset variable), not the current folder: `lab
  /// init ''` wrote a course into whatever folder the shell was in.
  @Test(arguments: ["", " ", "\t "]) func initRefusesAFolderNameOfNothing(_ name: String) {
    let (status, out, err) = InProcessLab.run(["init", name])
    #expect(status == 64 && out.isEmpty)
    #expect(err.contains("names no folder; give the course's folder"), "\(err)")
  }

  @Test func aPlanFollowsLinksToWhereAFileReallyGoes() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-plan-\(UUID())")
    let outside = root.appendingPathComponent("outside")
    let project = root.appendingPathComponent("project")
    defer { try? FileManager.default.removeItem(at: root) }
    for folder in [outside, project.appendingPathComponent("real")] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("link"), withDestinationURL: outside)
    func refusal(_ path: String, _ replaces: OutputPlan.Replaces = .anyFile) -> String? {
      var plan = OutputPlan()
      plan.file(project.appendingPathComponent(path).path, replaces: replaces, within: [project])
      return plan.refusal()
    }
    #expect(refusal("real/x.expected") == nil)
    #expect(refusal("link/x.expected")?.contains("outside the project") == true)
    #expect(refusal("link/new/x.expected")?.contains("no folder") == true)
    try Data().write(to: project.appendingPathComponent("real/x.expected"))
    #expect(refusal("real/x.expected", .nothing)?.contains("already exists") == true)
    try FileManager.default.createSymbolicLink(
      at: project.appendingPathComponent("real/y.expected"),
      withDestinationURL: project.appendingPathComponent("real/x.expected"))
    #expect(refusal("real/y.expected")?.contains("is a symbolic link") == true)
  }
}
