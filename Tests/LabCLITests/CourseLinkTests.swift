import Foundation
import Testing

/// Every file a course holds is read only when it lies in the course once links are followed:
/// scenarios, lessons and facts were held to it already (`FactsCommandTests`); an expected trace
/// and the Markdown `lab snippets` and `lab facts` read are held here.
@Suite struct CourseLinkTests {
  /// A course's `NAME.expected` linked to a file of the reader's that has a trace's shape was
  /// read: `lab diff` printed its lines, and `lab site` published them on the scenario's page.
  /// Markdown linked out of the course had its ```swift blocks compiled.
  @Test func anExpectedTraceOrMarkdownLinkedOutOfTheCourseIsNotRead() throws {
    let course = CourseFolderTests.Course()
    let outside = course.root.deletingLastPathComponent().appendingPathComponent(
      "outside-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outside) }
    let secret = outside.appendingPathComponent("secret.txt")
    try "       0  main  root  log  SECRET-LINE\n".write(
      to: secret, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: course.root.appendingPathComponent("Scenarios/01-first-steps/two-downloads.expected"),
      withDestinationURL: secret)
    let markdown = outside.appendingPathComponent("notes.md")
    try "```swift\nlet secretSnippet: Int = \"SECRET-SNIPPET\"\n```\n".write(
      to: markdown, atomically: true, encoding: .utf8)
    let readme = course.root.appendingPathComponent("README.md")
    try FileManager.default.removeItem(at: readme)
    try FileManager.default.createSymbolicLink(at: readme, withDestinationURL: markdown)

    for arguments in [["diff", "two-downloads"], ["check", "two-downloads"], ["snippets"]] {
      let result = course.lab(arguments)
      let output = result.out + result.err
      #expect(result.status == 1, "\(arguments): \(output)")
      #expect(output.contains("a link to a file outside the course"), "\(arguments): \(output)")
      #expect(!output.contains("SECRET"), "\(arguments): \(output)")
    }
    let site = course.root.appendingPathComponent("site")
    _ = course.lab(["site", site.path, "--course-only"])
    for page in try FileManager.default.contentsOfDirectory(atPath: site.path) {
      let html = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
      #expect(!html.contains("SECRET"), "\(page)")
    }
  }

  /// `lab list --names`, which feeds completion, offered a folder named `x.json` as a scenario,
  /// and a pipe, a link to a device, to nothing or out of the course, which no command runs. Only
  /// what the course's link rules read as a file is a scenario's name; a folder is walked into.
  @Test func onlyACoursesFilesAreScenarioNames() throws {
    let course = CourseFolderTests.Course()
    let scenarios = course.root.appendingPathComponent("Scenarios")
    let folder = scenarios.appendingPathComponent("folder.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: scenarios.appendingPathComponent("01-first-steps/two-downloads.json"),
      to: folder.appendingPathComponent("inside.json"))
    #expect(mkfifo(scenarios.appendingPathComponent("pipe.json").path, 0o600) == 0)
    let links = [
      "zeros": "/dev/zero", "ghost": "/nowhere", "away": "/etc/hostname",
      "linkedfolder": folder.path,
    ]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: scenarios.appendingPathComponent("\(name).json").path,
        withDestinationPath: target)
    }
    let names = course.lab(["list", "--names"])
    let listed = Set(names.out.split(separator: "\n").map(String.init))
    #expect(listed.isSuperset(of: ["two-downloads", "inside"]), "\(names.out)")
    #expect(
      listed.isDisjoint(with: ["folder", "pipe", "linkedfolder"] + links.keys), "\(names.out)")
    // A folder is no scenario for any command; the others are named where they are read.
    let run = course.lab(["run", "folder"])
    #expect(run.status == 64 && run.err.contains("no scenario named 'folder'"), "\(run.err)")
    let validate = course.lab(["validate"])
    #expect(!validate.err.contains("folder.json:") && validate.err.contains("pipe.json:"))
    let list = course.lab(["list", "--scenarios"])
    #expect(!list.out.contains("linkedfolder") && list.out.contains("inside"), "\(list.out)")
  }
}
