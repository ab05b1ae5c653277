import Foundation
import LabSwift
import LabTestSupport
import Testing

/// `lab run FILE.swift` and `lab explore FILE.swift` in process: each builds a program with the
/// real compiler (cached after the first), so they are few and run one at a time.
@Suite(.serialized) struct OwnProgramCommandTests {
  static let hasToolchain =
    SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  @Test func runPrintsTheTraceAndWhatTheSchedulerControlled() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["run", "Tests/OwnPrograms/yields.swift", "--seed", "4"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("# scheduled · 1 thread"), "\(run.out)")
    #expect(run.out.contains("log     a0"))
    let unwrapped = run.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(unwrapped.contains("'lab run Tests/OwnPrograms/yields.swift --seed 4' replays it"))
    let again = InProcessLab.run(["run", "Tests/OwnPrograms/yields.swift", "--seed", "4"])
    #expect(again.out == run.out)
  }

  @Test func exploreListsTheOutcomesWithASeedForEach() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["explore", "Tests/OwnPrograms/bank.swift", "--runs", "40"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("in 40 seeded runs (sampled, not a proof"), "\(run.out)")
    #expect(run.out.contains("withdrawals: true true, balance: -60"))
    #expect(run.out.contains("replay: lab run Tests/OwnPrograms/bank.swift --seed "))
  }

  @Test func aProgramThatDoesNotCompileShowsSwiftcsErrorsAtTheFile() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-own-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("typo.swift")
    try Data("let n: Int = \"one\"\n".utf8).write(to: file)
    let run = InProcessLab.run(["run", file.path])
    #expect(run.status == 1)
    #expect(run.err.contains("\(file.path):1:14: error: cannot convert"), "\(run.err)")
  }

  @Test(arguments: [
    (
      ["run", "Tests/OwnPrograms/missing.swift"],
      "no Swift file at 'Tests/OwnPrograms/missing.swift'"
    ),
    (
      ["run", "Tests/OwnPrograms/yields.swift", "--live"], "--live has no meaning for a Swift file"
    ),
    (["explore", "Tests/OwnPrograms/yields.swift", "--exhaustive"], "--exhaustive has no meaning"),
    (["run", "Tests/OwnPrograms"], "also take a .swift program of yours"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) {
    let run = InProcessLab.run(arguments)
    #expect(run.status == 64, "\(run.out)\(run.err)")
    #expect(run.err.contains(message), "\(run.err)")
  }
}
