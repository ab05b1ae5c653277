import Foundation
import Testing

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
