import Foundation
import LabSwift
import LabTestSupport
import Testing

/// `lab run NAME --scheduled` and `lab explore NAME --scheduled` in process: a scenario's Swift
/// program under the lab's scheduler, built with the real compiler (cached after the first).
@Suite(.serialized) struct ScheduledCommandTests {
  static let hasToolchain = OwnProgramCommandTests.hasToolchain

  @Test func runShowsTheProgramsTraceInTheScenariosTermsAndItsChecks() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["run", "async-let-result", "--scheduled"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.contains("# scheduled · 4 threads"), "\(run.out)")
    #expect(run.out.contains("result    block   5000 ms"))
    #expect(run.out.contains("✓ duration: 5000 ms"))
    let unwrapped = run.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(unwrapped.contains("'lab run async-let-result --scheduled --seed 0' replays it"))
    let again = InProcessLab.run(["run", "async-let-result", "--scheduled"])
    #expect(again.out == run.out)
  }

  /// `--html FILE`: the run's page, with the scenario's title, summary and Swift program, as a
  /// virtual run's page has them.
  @Test func htmlWritesTheRunsPageWithTheScenariosProgram() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-scheduled-\(UUID()).html")
    defer { try? FileManager.default.removeItem(at: file) }
    let run = InProcessLab.run(["run", "async-let-result", "--scheduled", "--html", file.path])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    let page = try String(contentsOf: file, encoding: .utf8)
    #expect(page.contains("<h1>async let: keep working while the child runs</h1>"))
    #expect(
      page.contains("real runtime under the lab&#39;s scheduler, seed 0"), "\(page.prefix(3000))")
    #expect(page.contains("The scenario written as Swift 6"))
    #expect(TestSupport.balanced(page))
  }

  @Test func exploreCountsTheSeedsInTheScenariosOutcomeTable() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["explore", "actor-reentrancy", "--scheduled", "--runs", "3"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(
      run.out.contains(
        "6 runs of its Swift program under the lab's scheduler: seeds 0…2 under each policy, random "
          + "and pct"),
      "\(run.out)")
    #expect(run.out.contains("downloads = 2"))
  }

  /// `--policy pct` alone: its runs, each labelled and replayed with the policy.
  @Test func exploreAndRunTakeThePolicy() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let explore = InProcessLab.run([
      "explore", "actor-reentrancy", "--scheduled", "--runs", "2", "--policy", "pct",
    ])
    #expect(explore.status == 0, "\(explore.out)\(explore.err)")
    #expect(explore.out.contains("under the lab's scheduler: seeds 0…1 ·"), "\(explore.out)")
    #expect(explore.out.contains("seed 0 (pct)"), "\(explore.out)")
    let run = InProcessLab.run([
      "run", "async-let-result", "--scheduled", "--seed", "2", "--policy", "pct",
    ])
    #expect(run.status == 0, "\(run.err)")
    let unwrapped = run.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(
      unwrapped.contains("'lab run async-let-result --scheduled --seed 2 --policy pct' replays it"),
      "\(unwrapped)")
  }

  @Test(arguments: [
    (["run", "async-let-result", "--scheduled", "--native"], "pick one"),
    (["run", "async-let-result", "--scheduled", "--schedule", "1"], "--schedule has no meaning"),
    (["run", "async-let-result", "--scheduled", "--live"], "--live has no meaning"),
    (
      ["explore", "async-let-result", "--scheduled", "--exhaustive"], "--exhaustive has no meaning"
    ),
    (["explore", "async-let-result", "--scheduled", "--format", "json"], "drop --format"),
  ])
  func optionsWithNoMeaningAreUsageErrors(_ arguments: [String], _ said: String) {
    let run = InProcessLab.run(arguments)
    #expect(run.status == 64, "\(run.err)")
    #expect(run.err.contains(said), "\(run.err)")
  }

  /// The model and the real program in its order, side by side: the same times, and only the
  /// rows a program cannot print (hops, awaits) apart.
  @Test func compareSetsTheModelBesideTheScheduledProgram() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = InProcessLab.run(["compare", "async-let-result", "--vs", "--scheduled"])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out.contains("B  async-let-result --scheduled · scheduled · 4 threads"), "\(run.out)")
    #expect(run.out.contains("duration A 5000 ms · B 5000 ms"))
    let refused = InProcessLab.run(["compare", "async-let-result", "--vs", "--scheduled", "--live"])
    #expect(refused.status == 64)
    #expect(refused.err.contains("keep one"), "\(refused.err)")
  }

  /// A race's program does not compile in Swift 6, and one job at a time could not show it.
  @Test func aRaceScenarioIsRefusedWithWhatToRunInstead() {
    let run = InProcessLab.run(["run", "racy-counter", "--scheduled"])
    #expect(run.status == 1)
    #expect(run.err.contains("shows a data race"), "\(run.err)")
    #expect(run.err.contains("--native"))
  }
}
