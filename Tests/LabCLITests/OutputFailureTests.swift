import Foundation
import LabTestSupport
import Testing

/// Output that cannot be written ends the lab with a line that says so and status 1, never a
/// trap: Foundation's `FileHandle.write(_:)` trapped on a full disk (`> /dev/full`) and on a
/// closed standard output, printing a stack trace and ending with status 132.
@Suite struct OutputFailureTests {
  /// Where the lab's standard output goes.
  enum Output: String {
    /// /dev/full: every write fails with ENOSPC.
    case full = ">/dev/full"
    /// A descriptor open only for reading: every write fails (EBADF), as on a closed one.
    case unwritable = "1</dev/null"
  }

  /// Runs `lab arguments` with standard output on `output` and stderr on a pipe. The shell that
  /// starts the lab opens the output itself: a descriptor opened here could be closed and its
  /// number reused by another test running meanwhile, and the lab would write somewhere that
  /// works (a run on CI ended with status 0).
  static func lab(_ arguments: [String], output: Output) throws -> (status: Int32, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let script = #"exec "$0" "$@" "# + output.rawValue
    process.arguments = ["-c", script, TestSupport.labBinary.path] + arguments
    process.currentDirectoryURL = TestSupport.packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["XDG_STATE_HOME"] = TestSupport.stateHome
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let err = Pipe()
    process.standardError = err
    try process.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func aFullDiskEndsTheCommandWithAReason() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else {
      return print("skipped: no /dev/full")
    }
    for arguments in [["run", "async-let-downloads"], ["list"], ["schema"]] {
      let result = try Self.lab(arguments, output: .full)
      #expect(result.status == 1, "\(arguments): \(result.err)")
      #expect(
        result.err.contains("error: cannot write the output: No space left on device"),
        "\(arguments): \(result.err)")
      #expect(!result.err.contains("Fatal error"), "\(arguments): \(result.err)")
    }
  }

  @Test func aClosedOutputEndsTheCommandWithAReason() throws {
    let result = try Self.lab(["run", "async-let-downloads"], output: .unwritable)
    #expect(result.status == 1, "\(result.err)")
    #expect(result.err.contains("error: cannot write the output: "), "\(result.err)")
    #expect(!result.err.contains("Fatal error"), "\(result.err)")
  }
}
