import Foundation
import Testing

@testable import LabProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What marks a process as a program's, for the lab's sweep of strays: a CPU limit of its own,
/// which the trampoline sets and the lab's other children do not have.
struct StrayMarkTests {
  /// A process with the lab's own hard CPU limit is not a program's, whatever that limit is:
  /// under `ulimit -t` every process the lab starts has a finite one (a test's tmux server, a
  /// compiler `posix_spawn` has not yet put in its own group), and the lab killed them as strays.
  @Test func aProcessWithTheLabsOwnCPULimitIsNoPrograms() throws {
    // The limited process is the shell's child, not the test's: a child of the lab's that
    // leads its own group with a CPU limit of its own and is no program the lab started is a
    // program's orphan, which a look on another thread of the suite would kill.
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "(ulimit -t 5000 && exec sleep 5) & echo $!; wait"]
    let out = Pipe()
    shell.standardOutput = out
    try shell.run()
    defer {
      kill(shell.processIdentifier, SIGKILL)
      shell.waitUntilExit()
    }
    let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
    let pid = try #require(pid_t(line.trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { kill(pid, SIGKILL) }
    var limited = false
    for _ in 0..<200 where !limited {
      let limits = (try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)) ?? ""
      limited = limits.split(separator: "\n").contains {
        $0.hasPrefix("Max cpu time") && $0.split(separator: " ").contains("5000")
      }
      if !limited { usleep(10_000) }
    }
    try #require(limited)
    let entry = try #require(ProcessEntry.read(pid))
    #expect(entry.isFromAProgram(labsLimit: 5000) == false)
    #expect(entry.isFromAProgram(labsLimit: .max) == true)
  }
}
