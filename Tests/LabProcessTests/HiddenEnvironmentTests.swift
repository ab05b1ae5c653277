import Foundation
import Testing

@testable import LabProcess

#if os(Linux)
  import Glibc

  /// Once the lab starts programs it is not dumpable, so its /proc files are root's: a course's
  /// fact, run as the same user, read the user's tokens from the lab's /proc/PID/environ while
  /// its own environment held only PATH (held-out round 33). A program's exec makes it dumpable
  /// again (`NativeSandboxTests` run programs that read their own /proc files).
  @Suite struct HiddenEnvironmentTests {
    @Test func theLabIsNotDumpableOnceItStartsPrograms() throws {
      ProcessTree.adoptOrphans()
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "prctl"))
      let getDumpable: Int32 = 3
      #expect(unsafeBitCast(symbol, to: Prctl.self)(getDumpable, 0, 0, 0, 0) == 0)
      // Its own /proc files are still its own to read.
      let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
      #expect(status.contains("Pid:"))
      #expect(FileManager.default.isReadableFile(atPath: "/proc/self/environ"))
    }
  }
#endif
