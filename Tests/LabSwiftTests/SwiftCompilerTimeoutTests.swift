import Foundation
import Testing

@testable import LabSwift

/// A swiftc that does not end (a program written to stall the type checker) is stopped at the
/// limit and said to be, never waited for.
struct SwiftCompilerTimeoutTests {
  @Test func aCompilerThatDoesNotEndIsStoppedAtTheLimit() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Ignores SIGTERM, as a stuck compiler might: SIGKILL follows two seconds later.
    process.arguments = ["-c", "trap '' TERM; sleep 30"]
    let start = ContinuousClock.now
    #expect(throws: SwiftCompiler.Timeout.self) {
      _ = try SwiftCompiler.run(process, limit: .seconds(1))
    }
    // The shell's child, which holds the output open, is stopped with it.
    #expect(ContinuousClock.now - start < .seconds(20))
    #expect(!process.isRunning)
  }

  @Test func aCompilerThatEndsIsNotStopped() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "echo done"]
    let (status, output) = try SwiftCompiler.run(process, limit: .seconds(30))
    #expect(status == 0 && output == "done\n")
  }
}
