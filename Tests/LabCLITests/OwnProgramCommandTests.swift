import Foundation
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

@testable import lab

/// `lab run FILE.swift` and `lab explore FILE.swift` in process: each builds a program with the
/// real compiler (cached after the first), so they are few and run one at a time.
@Suite(.serialized) struct OwnProgramCommandTests {
  static let hasToolchain =
    SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  @Test func runPrintsTheTraceAndWhatTheSchedulerControlled() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["run", "Tests/OwnPrograms/yields.swift", "--seed", "4"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("# scheduled · 4 threads"), "\(run.out)")
    #expect(run.out.contains("log     a0"))
    let unwrapped = run.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(unwrapped.contains("'lab run Tests/OwnPrograms/yields.swift --seed 4' replays it"))
    let again = InProcessLab.run(["run", "Tests/OwnPrograms/yields.swift", "--seed", "4"])
    #expect(again.out == run.out)
  }

  @Test func exploreListsTheOutcomesWithASeedForEach() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["explore", "Tests/OwnPrograms/bank.swift", "--runs", "40"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(
      run.out.contains(
        "in 80 seeded runs (sampled, not a proof: seeds 0…39 under each policy, random and pct)"),
      "\(run.out)")
    #expect(run.out.contains("withdrawals: true true, balance: -60"))
    #expect(run.out.contains("replay: lab run Tests/OwnPrograms/bank.swift --seed "))
  }

  /// What a program wrote past `print` is noted as its first lines, how many more, and its
  /// last: 300 lines and a line to standard error showed as their first three, and no more.
  @Test func aRunNotesHowMuchMoreItsProgramWrote() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "raw-\(UUID().uuidString.prefix(8)).swift")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(
      """
      import Foundation
      for i in 0..<300 { FileHandle.standardOutput.write("raw \\(i)\\n".data(using: .utf8)!) }
      FileHandle.standardError.write("err\\n".data(using: .utf8)!)
      print("p")
      """.utf8
    ).write(to: file)
    let run = InProcessLab.run(["run", file.path])
    #expect(run.status == 0, "\(run.err)")
    let unwrapped = run.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(unwrapped.contains("note: the program wrote: raw 2\n"), "\(run.out)")
    #expect(
      unwrapped.contains(
        "note: the program wrote 298 more lines past print (standard output and error); the "
          + "last: err"), "\(run.out)")
  }

  /// `--show-schedule` with `--format json`: the schedule is a field of the document.
  @Test func theScheduleIsAFieldOfTheJSON() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run([
      "run", "Tests/OwnPrograms/yields.swift", "--seed", "3", "--show-schedule", "--format", "json",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("\"schedule\": \""), "\(run.out)")
    #expect(run.out.contains("\"policy\": \"random\""))
    let pct = InProcessLab.run([
      "run", "Tests/OwnPrograms/yields.swift", "--seed", "3", "--policy", "pct", "--format", "json",
    ])
    #expect(pct.out.contains("\"policy\": \"pct\""), "\(pct.out)")
  }

  /// The heading's seeds when the budget stopped the runs within the first policy: each
  /// policy's own, not seeds that never ran.
  @Test func theHeadingNamesEachPolicysOwnSeeds() {
    #expect(SeedBudget.seeds([(.random, 18), (.pct, 0)]) == "random: seeds 0…17, pct: none")
    #expect(
      SeedBudget.seeds([(.random, 3), (.pct, 3)])
        == "seeds 0…2 under each policy, random and pct")
    #expect(SeedBudget.seeds([(.pct, 5)]) == "seeds 0…4")
    #expect(SeedBudget.seeds([(.random, 0), (.pct, 0)]) == "random: none, pct: none")
  }

  /// A budget spent within the first policy's seeds: the heading says each policy's own, not
  /// seeds that never ran — here none, since the budget holds inside a run too and cut the
  /// first short.
  @Test func aSpentBudgetNamesTheSeedsEachPolicyMade() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run([
      "explore", "Tests/OwnPrograms/bank.swift", "--runs", "5", "--max-seconds", "0.001",
    ])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(
      run.out.contains(
        "in 0 seeded runs (sampled, not a proof: random: none, pct: none; stopped by "
          + "--max-seconds 0.001 before its first run ended"),
      "\(run.out)")
  }

  /// `--policy pct` alone: its runs only, each outcome replayed by its seed and the policy.
  @Test func exploreWithPrioritiesReplaysWithThePolicy() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run([
      "explore", "Tests/OwnPrograms/bank.swift", "--runs", "20", "--policy", "pct",
    ])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.contains("in 20 seeded runs (sampled, not a proof: seeds 0…19)"), "\(run.out)")
    let replay = try #require(
      run.out.split(separator: "\n").first { $0.contains("replay: lab run") }
    ).components(separatedBy: "replay: lab run ")[1]
    #expect(replay.hasSuffix(" --policy pct"), "\(replay)")
    let again = InProcessLab.run(["run"] + replay.split(separator: " ").map(String.init))
    #expect(again.status == 0, "\(again.err)")
    let unwrapped = again.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(unwrapped.contains("lab run \(replay)' replays it"), "\(unwrapped)")
  }

  /// `lab compare` runs a program of one's own on either side: two seeds of it, or a scenario
  /// beside it; the rows only one program's run has are differences, not the other's silence.
  @Test func compareTakesAProgramOnEitherSide() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let seeds = InProcessLab.run([
      "compare", "Tests/OwnPrograms/bank.swift", "--seed", "0", "--vs", "--seed", "3",
    ])
    #expect(seeds.status == 0, "\(seeds.err)")
    #expect(seeds.out.contains("B  Tests/OwnPrograms/bank.swift --seed 3 · scheduled"))
    #expect(seeds.out.contains("withdrawals: true false, balance: 20"), "\(seeds.out)")
    #expect(seeds.out.contains("first difference at event 2"))
    #expect(!seeds.out.contains("note: A is a Swift program's run"))
    let beside = InProcessLab.run([
      "compare", "async-let-result", "--vs", "Tests/OwnPrograms/bank.swift",
    ])
    #expect(beside.status == 0, "\(beside.err)")
    #expect(beside.out.contains("note: B is a Swift program's run"), "\(beside.out)")
  }

  /// `--html` writes the run's page, as a scenario's: the player, and the program's source,
  /// escaped, where a scenario's page shows its Swift program; the heading names the policy.
  @Test func htmlWritesThePageWithTheProgram() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("own-page-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("bank.html").path
    let run = InProcessLab.run([
      "run", "Tests/OwnPrograms/bank.swift", "--seed", "3", "--policy", "pct", "--html", page,
    ])
    #expect(run.status == 0, "\(run.err)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    TestSupport.wellFormed(html, "bank.html")
    #expect(html.contains("real runtime under the lab&#39;s scheduler, seed 3 (pct)"))
    #expect(html.contains("<h2>The program</h2>"))
    #expect(html.contains("func withdraw(_ amount: Int) async -&gt; Bool"), "\(html)")
    #expect(html.contains("This run checks nothing."))
  }

  @Test func exhaustiveSearchesEveryScheduleWithinTheBound() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run([
      "explore", "Tests/OwnPrograms/yields.swift", "--exhaustive", "--departures", "1",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out.contains("in every schedule within 1 departure from first in, first out ("),
      "\(run.out)")
    #expect(run.out.contains("complete within that bound"))
    #expect(run.out.contains("replay: lab run Tests/OwnPrograms/yields.swift --schedule 0\n"))
  }

  @Test func aScheduleReplaysAndOneThatDoesNotFitIsAUsageError() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let shown = InProcessLab.run([
      "run", "Tests/OwnPrograms/yields.swift", "-s", "9", "--show-schedule",
    ])
    let line = shown.out.split(separator: "\n").first { $0.hasPrefix("schedule ") }
    let schedule = String(line?.dropFirst("schedule ".count) ?? "")
    let replayed = InProcessLab.run([
      "run", "Tests/OwnPrograms/yields.swift", "--schedule", schedule,
    ])
    let events = { (out: String) in out.split(separator: "\n").filter { $0.hasPrefix("   ") } }
    #expect(!schedule.isEmpty && events(replayed.out) == events(shown.out), "\(shown.out)")
    let unfit = InProcessLab.run(["run", "Tests/OwnPrograms/yields.swift", "--schedule", "7"])
    #expect(unfit.status == 64)
    #expect(unfit.err.contains("the schedule does not fit this program"), "\(unfit.err)")
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
    (["run", "Tests/OwnPrograms"], "also take a .swift program of yours"),
    (["run", "Tests/OwnPrograms/yields.swift", "--schedule", "1", "-s", "2"], "drop --seed"),
    (
      ["run", "Tests/OwnPrograms/yields.swift", "--schedule", "1", "--policy", "pct"],
      "drop --policy"
    ),
    (["run", "Tests/OwnPrograms/yields.swift", "--policy", "fair"], "random"),
    (
      ["explore", "Tests/OwnPrograms/yields.swift", "--exhaustive", "--policy", "pct"],
      "--policy belongs to the seeded runs"
    ),
    (["run", "Tests/OwnPrograms/yields.swift", "--task", "c"], "'c'"),
    (
      ["explore", "Tests/OwnPrograms/yields.swift", "--format", "json"],
      "--format has no meaning for the explore of a Swift program"
    ),
    (
      ["compare", "Tests/OwnPrograms/yields.swift", "--vs", "--native"],
      "--native has no meaning for a Swift file"
    ),
    (
      ["compare", "Tests/OwnPrograms/yields.swift", "--vs", "--schedule", "0.9"],
      "the schedule does not fit this program"
    ),
    (
      ["run", "Tests/OwnPrograms/yields.swift", "--schedule", "1,2"],
      "whole numbers separated by dots"
    ),
    (["explore", "Tests/OwnPrograms/yields.swift", "--departures", "2"], "add --exhaustive"),
    (
      ["explore", "racy-counter", "--exhaustive", "--departures", "2"],
      "--departures belongs to a .swift"
    ),
    (
      ["explore", "Tests/OwnPrograms/yields.swift", "--exhaustive", "--jobs", "2"],
      "--jobs has no meaning"
    ),
  ])
  func usageErrors(_ arguments: [String], _ message: String) {
    let run = InProcessLab.run(arguments)
    #expect(run.status == 64, "\(run.out)\(run.err)")
    #expect(run.err.contains(message), "\(run.err)")
  }
}
