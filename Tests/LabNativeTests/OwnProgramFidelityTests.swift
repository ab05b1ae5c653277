import Foundation
import LabNative
import LabProcess
import LabSwift
import LabTestSupport
import Testing

/// What the scheduler reaches holds what the real runtime does: each program of
/// `Tests/OwnPrograms/` is built twice — plain, on Swift's own executors, and with the lab's
/// scheduler — and every outcome (what it printed, in order) of 20 real runs must be among those
/// of 200 seeds, 100 of each policy. `sleeps` is not among them: it prints the real time it took.
@Suite(.serialized) struct OwnProgramFidelityTests {
  static let names = ["yields", "bank", "cancel", "mainactor", "stream", "immediate"]

  @Test(arguments: names)
  func realOutcomesAreAmongTheScheduledOnes(_ name: String) throws {
    guard let compiler = SwiftCompiler.find(environment: OwnProgramTests.environment) else {
      return print("skipped: no swiftc")
    }
    let program = try OwnProgramTests.program(name)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-own-native-\(name)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let verdict = try compiler.compile(program.source, name: name, mode: 6, in: folder)
    let binary = try #require(verdict.executable, "\(verdict.diagnostics)")
    var real: [[String]: Int] = [:]
    for _ in 0..<20 {
      let process = try NativeProcess.run(
        binary, environment: [:],
        limits: NativeProcess.Limits(
          seconds: 30, memoryMegabytes: 512, cpuSeconds: 30, outputMegabytes: 1))
      #expect(process.ending == .exited(0), "\(process.output)")
      real[process.output.split(separator: "\n").map(String.init), default: 0] += 1
    }
    // 100 seeds of each policy, as `lab explore` runs both.
    let scheduled = Set(
      try OwnProgramTests.runs(program, seeds: 1...100).map(\.printed)
        + OwnProgramTests.runs(program, seeds: 1...100, options: OwnProgramPolicyTests.pct())
        .map(\.printed))
    for (outcome, count) in real where !scheduled.contains(outcome) {
      let message =
        "\(name): \(count) of 20 real runs printed \(outcome), which none of 200 seeds (100 "
        + "of each policy) did (\(scheduled.count) outcomes)"
      Issue.record(Comment(rawValue: message))
    }
  }
}
