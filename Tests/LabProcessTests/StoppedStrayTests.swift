import Foundation
import Testing

@testable import LabProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sweep of strays stops each one (SIGSTOP) before it kills them all; what it stopped is
/// killed at its end whatever it then found, never left stopped holding a pipe or a lock.
struct StoppedStrayTests {
  /// Starts `sleep 30` as a child of the test's own, in the test's group.
  static func sleeper() throws -> pid_t {
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
    defer { for word in argv { free(word) } }
    let code = posix_spawn(&pid, "/bin/sleep", nil, nil, argv, nil)
    try #require(code == 0)
    return pid
  }

  @Test func aProcessTheSweepStoppedIsKilledAndReaped() throws {
    let pid = try Self.sleeper()
    kill(pid, SIGSTOP)
    var entry = ProcessEntry.read(pid)
    for _ in 0..<1_000 where entry?.stopped != true {
      usleep(1_000)
      entry = ProcessEntry.read(pid)
    }
    let stopped = try #require(entry)
    #expect(stopped.stopped)
    ProcessTree.killAndReap([pid: stopped.started], lab: getpid())
    #expect(
      ProcessEntry.read(pid) == nil, "still there: \(String(describing: ProcessEntry.read(pid)))")
  }

  /// An ID whose process is not the one a look saw (its start time differs: the ID was reused)
  /// is another process, left alone by the kill of what a sweep stopped and by any signal a look
  /// sends; the process it saw is signalled. (`sleep 30` ends by itself should a check fail.)
  @Test func anotherProcessUnderASeenOnesIDIsLeftAlone() throws {
    let pid = try Self.sleeper()
    let seen = try #require(ProcessEntry.read(pid))
    var gone = seen
    gone.started += 1
    ProcessTree.killAndReap([pid: gone.started], lab: getpid())
    gone.send(SIGKILL)
    usleep(20_000)
    #expect(ProcessEntry.read(pid)?.zombie == false)
    seen.send(SIGKILL)
    var status: Int32 = 0
    #expect(waitpid(pid, &status, 0) == pid && status & 0x7f == SIGKILL)
  }
}
