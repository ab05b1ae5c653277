import Foundation
import Testing

@testable import LabProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program's child that made a process group of its own in the lab's session and whose parent
/// exited before the run's first look (`setpgid(0, 0)`, as a shell with job control does for a
/// background job) looked like a program the lab started itself: it outlived its run and the
/// lab, its parent `init` (held-out round 43: `sleep 100` of a `--scheduled` program lived on
/// after `lab run` exited 0).
struct GroupLeaderOrphanTests {
  @Test func aChildThatLeadsAGroupOfItsOwnEndsWithTheRun() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leader-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pidFile = folder.appendingPathComponent("pid")
    let run = try NativeProcess.run(
      URL(fileURLWithPath: "/bin/bash"),
      arguments: [
        "-c", "set -m; sleep 30 < /dev/null > /dev/null 2>&1 & echo $! > '\(pidFile.path)'",
      ],
      environment: [:],
      limits: NativeProcess.Limits(
        seconds: 30, memoryMegabytes: 512, cpuSeconds: 10, outputMegabytes: 4))
    #expect(run.seconds < 10)
    let text = try String(contentsOf: pidFile, encoding: .utf8)
    let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    var state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    for _ in 0..<100 where state != nil && state?.contains(") Z ") != true {
      usleep(10_000)
      state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    }
    if state != nil, state?.contains(") Z ") != true { kill(pid, SIGKILL) }
    #expect(state == nil || state?.contains(") Z ") == true, "\(state ?? "")")
  }

  /// A program leads a session of its own, with no controlling terminal: one that opened
  /// /dev/tty wrote escapes to the learner's terminal, and pushed 14 keys into its input with
  /// `TIOCSTI` where the kernel still allows it (held-out round 43).
  @Test func aProgramHasNoTerminalOfTheLabs() throws {
    let run = try NativeProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "read -r stat < /proc/$$/stat; echo \"$stat\""], environment: [:],
      limits: NativeProcess.Limits(
        seconds: 30, memoryMegabytes: 512, cpuSeconds: 10, outputMegabytes: 4))
    // `PID (COMM) STATE PPID PGRP SESSION TTY_NR …`
    let fields = try #require(run.output.split(separator: ")").last).split(separator: " ")
    let pid = try #require(run.output.split(separator: " ").first)
    #expect(fields.count > 5, "\(run.output)")
    #expect(String(fields[3]) == String(pid), "session: \(run.output)")
    #expect(fields[4] == "0", "a controlling terminal: \(run.output)")
  }
}
