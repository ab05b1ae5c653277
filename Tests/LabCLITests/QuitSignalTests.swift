import Foundation
import LabTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A quit (SIGQUIT, Ctrl-\) ends the lab as it ends any program, and the program the lab runs
/// with it: Swift's backtracer took it, printed the lab's own stack (5 KB) and the lab went on.
@Suite(.serialized) struct QuitSignalTests {
  /// `/proc/PID/stat` once the process is gone or a zombie, waiting up to a second: a process
  /// killed a moment ago may still be on its way out (state R, its memory already released).
  static func endedState(_ pid: pid_t) -> String? {
    var state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    for _ in 0..<100 where state != nil && state?.contains(") Z ") != true {
      usleep(10_000)
      state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    }
    return state
  }

  /// Every signal that ends the lab ends what its program started first, a process that left
  /// the program's group included (held-out round 43: after SIGUSR1 or SIGALRM, which ran no
  /// handler, a `setsid` child of the program lived on; only the group died, by its watchdog).
  /// The child's parent, a shell, waits for it: it is the run's, out of its group, not a stray.
  @Test(arguments: [SIGUSR1, SIGALRM])
  func anySignalThatEndsTheLabEndsWhatItsProgramStarted(_ signal: Int32) throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ending-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pidFile = folder.appendingPathComponent("pid")
    let program = folder.appendingPathComponent("leaver.swift")
    try Data(
      """
      import Foundation
      _ = system("setsid sleep 60 < /dev/null > /dev/null 2>&1 & echo $! > '\(pidFile.path)'; wait")
      """.utf8
    ).write(to: program)
    let process = Process()
    process.executableURL = TestSupport.labBinary
    process.arguments = ["explore", program.path, "--native", "--runs", "2"]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging([
      "NO_COLOR": "1", "XDG_STATE_HOME": TestSupport.stateHome,
    ]) { $1 }
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var child: pid_t?
    let deadline = ContinuousClock.now + .seconds(300)
    while child == nil, ContinuousClock.now < deadline, process.isRunning {
      child = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap {
        pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      usleep(50_000)
    }
    let pid = try #require(child, "the program started its child")
    // The run's look at its tree (every 100 ms) has seen the child out of the group.
    usleep(500_000)
    #expect(kill(process.processIdentifier, signal) == 0)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let state = Self.endedState(pid)
    if state != nil, state?.contains(") Z ") != true { kill(pid, SIGKILL) }
    #expect(state == nil || state?.contains(") Z ") == true, "\(state ?? "")")
  }

  @Test func aQuitEndsTheLabAndTheProgramItRuns() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quit-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pidFile = folder.appendingPathComponent("pid")
    let program = folder.appendingPathComponent("sleeper.swift")
    try Data(
      """
      import Foundation
      try! String(getpid()).write(toFile: "\(pidFile.path)", atomically: true, encoding: .utf8)
      Thread.sleep(forTimeInterval: 60)
      """.utf8
    ).write(to: program)
    let process = Process()
    // A quit dumps core where the machine lets it: not here, and not in the package.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "ulimit -c 0; exec \"$0\" \"$@\"", TestSupport.labBinary.path, "explore",
      program.path, "--native", "--runs", "2",
    ]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging([
      "NO_COLOR": "1", "XDG_STATE_HOME": TestSupport.stateHome,
    ]) { $1 }
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    var child: pid_t?
    let deadline = ContinuousClock.now + .seconds(300)
    while child == nil, ContinuousClock.now < deadline, process.isRunning {
      child = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { pid_t($0) }
      usleep(50_000)
    }
    let pid = try #require(child, "the program started")
    #expect(kill(process.processIdentifier, SIGQUIT) == 0)
    let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGQUIT)
    #expect(!errText.contains("Backtracing"), "\(errText.prefix(300))")
    // Gone, or a zombie its parent has not reaped yet.
    let state = Self.endedState(pid)
    #expect(state == nil || state?.contains(") Z ") == true, "\(state ?? "")")
  }
}
