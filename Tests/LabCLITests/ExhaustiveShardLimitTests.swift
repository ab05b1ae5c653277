import Foundation
import LabTestSupport
import Testing

/// A shard is of its own search's run limits and model: a merge given other limits, or shards
/// whose optimal search was no proof, say so rather than "proven" or "not a shard" (held-out
/// round 31).
@Suite struct ExhaustiveShardLimitTests {
  /// A detached task spins six times while the root sets `flag`: under `--max-steps 21` some
  /// schedules stop, which a rule forbids.
  static let spin = """
    {"format": 1, "name": "spin2", "threads": 2, "state": {"flag": 0, "spins": 0},
     "steps": [
      {"task": "g", "detached": true, "steps": [
        {"repeat": 6, "steps": [{"if": "flag == 0", "then": [{"add": "spins"}]}]},
        {"set": "spins", "to": "0"}]},
      {"set": "flag", "to": "1"}],
     "expect": {"outcomes": [
       {"when": {"ended": "finished"}, "grade": "acceptable", "reason": "ends"},
       {"grade": "forbidden", "reason": "must not stop"}]}}
    """

  /// Shards made at the default limits were merged under `--max-steps 21` into "proven", exit
  /// 0, where that search finds a forbidden outcome; the other way round, the merge blamed
  /// the files as changed. The limits are recorded, and a merge must be given the same.
  @Test func aMergeIsGivenTheLimitsItsShardsWereMadeWith() throws {
    let file = try ExhaustiveBudgetTests.ScratchFile("spin2", Self.spin)
    let folder = try ShardFolder()
    let shards = try folder.shards(file.path, 2)
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    #expect(text.contains(#""max-steps": 10000000, "max-depth": 1000}}"#), "\(text.prefix(500))")
    let merge = InProcessLab.run(
      ["explore", file.path, "--exhaustive", "--max-steps", "21"]
        + ExhaustiveShardUsageTests.merging(shards))
    #expect(merge.status == 64, "\(merge.out)")
    #expect(
      merge.err.hasPrefix(
        "error: --merge: shard 1 was searched with --max-steps 10000000, and this merge with "
          + "--max-steps 21; give the merge the options every shard was made with"), "\(merge.err)")
    // The search itself fails, and its replay line carries the limit the schedule needs.
    let whole = InProcessLab.run(["explore", file.path, "--exhaustive", "--max-steps", "21"])
    #expect(whole.status == 1)
    #expect(whole.out.contains("must not stop\n"), "\(whole.out)")
    #expect(whole.out.contains(" --max-steps 21\n"), "\(whole.out)")
    withExtendedLifetime(file) {}
  }

  /// A merge that its shards' budget stopped names no preemption bound that finishes: such a
  /// bound's search is a search of its own, which the merge's shards did not run (the search
  /// not split names one).
  @Test func aStoppedMergeNamesNoBound() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 2, ["--max-schedules", "20"])
    let merge = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"] + ExhaustiveShardUsageTests.merging(shards))
    #expect(merge.out.contains("incomplete: stopped by the budget"), "\(merge.out)")
    #expect(!merge.out.contains("a search of at most"), "\(merge.out)")
    let whole = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive", "--max-schedules", "40"])
    #expect(whole.out.contains("a search of at most"), "\(whole.out)")
    withExtendedLifetime(folder) {}
  }

  /// The optimal search's runs left its path here: its shards say so (`off_path`), and their
  /// merge is "not a proof" (exit 1) that names the search to run — it was refused as "not a
  /// shard", with advice that looped.
  @Test func shardsOfAnOptimalSearchThatIsNoProofMergeIntoNotAProof() throws {
    let file = try ExhaustiveBudgetTests.ScratchFile(
      "missed", TestSupport.missedOutcomeScenario(mainTaskLocks: false))
    let folder = try ShardFolder()
    let shards = try (1...2).map { index in
      let run = InProcessLab.run(
        ["explore", file.path, "--exhaustive", "--shard", "\(index)/2"])
      return try folder.write("missed-\(index).json", run.out)
    }
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    #expect(!text.contains(#""off_path": 0,"#), "\(text.prefix(400))")
    let merge = InProcessLab.run(
      ["explore", file.path, "--exhaustive"] + ExhaustiveShardUsageTests.merging(shards))
    #expect(merge.status == 1, "\(merge.err)")
    #expect(merge.out.contains("not a proof: "), "\(merge.out)")
    #expect(merge.out.contains("; search with --reduction sleep-sets instead"), "\(merge.out)")
    withExtendedLifetime(file) {}
  }
}
