import Foundation
import LabTestSupport
import Testing

/// Output that cannot be written ends the lab with a line that says so and status 1, never a
/// trap: Foundation's `FileHandle.write(_:)` trapped on a full disk (`> /dev/full`) and on a
/// closed standard output, printing a stack trace and ending with status 132.
@Suite struct OutputFailureTests {
  /// Runs `lab arguments` with standard output on `output` — nil: a descriptor that cannot be
  /// written, as a closed one cannot — and stderr on a pipe.
  static func lab(_ arguments: [String], output: FileHandle?) throws -> (
    status: Int32, err: String
  ) {
    let process = Process()
    process.executableURL = TestSupport.labBinary
    process.arguments = arguments
    process.currentDirectoryURL = TestSupport.packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["XDG_STATE_HOME"] = TestSupport.stateHome
    process.environment = environment
    // The read end of a pipe whose write end is closed: every write to it fails (EBADF).
    let closed = Pipe()
    process.standardOutput = output ?? closed.fileHandleForReading
    if output == nil { try closed.fileHandleForWriting.close() }
    let err = Pipe()
    process.standardError = err
    try process.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func aFullDiskEndsTheCommandWithAReason() throws {
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
      return print("skipped: no /dev/full")
    }
    for arguments in [["run", "async-let-downloads"], ["list"], ["schema"]] {
      let result = try Self.lab(arguments, output: full)
      #expect(result.status == 1, "\(arguments): \(result.err)")
      #expect(
        result.err.contains("error: cannot write the output: No space left on device"),
        "\(arguments): \(result.err)")
      #expect(!result.err.contains("Fatal error"), "\(arguments): \(result.err)")
    }
  }

  @Test func aClosedOutputEndsTheCommandWithAReason() throws {
    let result = try Self.lab(["run", "async-let-downloads"], output: nil)
    #expect(result.status == 1, "\(result.err)")
    #expect(result.err.contains("error: cannot write the output: "), "\(result.err)")
    #expect(!result.err.contains("Fatal error"), "\(result.err)")
  }
}
