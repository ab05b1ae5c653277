import Foundation
import LabTestSupport
import Testing

/// Shards that do not make one search, and options out of range, are usage errors (exit 64): one
/// line on stderr that says what is wrong and what to do, then the usage, and nothing on stdout.
/// A merge never writes a partial result.
@Suite struct ExhaustiveShardUsageTests {
  static let mergeAdvice =
    "merge each of 1…3 exactly once, from the same search"

  /// Runs `lab explore racy-counter --exhaustive ARGUMENTS` and expects a usage error whose
  /// first line is `error: MESSAGE`.
  static func expectUsageError(
    _ arguments: [String], _ message: String, scenario: String = "racy-counter",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let run = InProcessLab.run(["explore", scenario, "--exhaustive"] + arguments)
    #expect(run.status == 64, "\(run.err)", sourceLocation: sourceLocation)
    #expect(run.out.isEmpty, "\(run.out)", sourceLocation: sourceLocation)
    let lines = run.err.split(separator: "\n").map(String.init)
    #expect(lines.first == "error: \(message)", sourceLocation: sourceLocation)
    #expect(
      lines.dropFirst().first?.hasPrefix("usage: lab explore") == true,
      sourceLocation: sourceLocation)
  }

  static func merging(_ paths: [String]) -> [String] { paths.flatMap { ["--merge", $0] } }

  /// Without `--exhaustive` a search's options were ignored: a CI job that forgot it wrote the
  /// seeded table as its "shard" and passed.
  @Test(arguments: [
    ["--shard", "1/2"], ["--merge", "/no/such.json"], ["--preemptions", "2"], ["--jobs", "2"],
    ["--reduction", "none"], ["--max-schedules", "1000"], ["--max-schedules", "nan"],
  ])
  func aSearchsOptionWithoutExhaustiveIsAUsageError(_ option: [String]) {
    let (status, out, err) = InProcessLab.run(["explore", "racy-counter"] + option)
    #expect(status == 64, "\(option): \(err)")
    #expect(out.isEmpty)
    #expect(err.contains("\(option[0]) belongs to the exhaustive search: add --exhaustive"))
  }

  /// Options the search does not read were taken and ignored (exit 0): `--runs` and `--policy`
  /// with `--exhaustive`, a search's own options with `--merge` (held-out round 30).
  @Test(arguments: [
    (
      ["--runs", "5"],
      "--runs belongs to seeded runs, and --exhaustive runs every schedule; drop one of them"
    ),
    (
      ["--policy", "pct"],
      "--policy belongs to seeded runs, and --exhaustive runs every schedule; drop one of them"
    ),
    (
      ["--merge", "a.json", "--shard", "1/2"],
      "--shard belongs to a search, and --merge reads one's shards, running only their outcomes' schedules; drop --shard"
    ),
    (
      ["--merge", "a.json", "--max-schedules", "64"],
      "--max-schedules belongs to a search, and --merge reads one's shards, running only their outcomes' schedules; drop --max-schedules"
    ),
  ])
  func anOptionTheSearchDoesNotReadIsAUsageError(_ given: ([String], String)) {
    Self.expectUsageError(given.0, given.1)
  }

  @Test func aMissingShardIsRefused() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    Self.expectUsageError(
      Self.merging(Array(shards.prefix(2))),
      "--merge: the shards are 1, 2 of 3; \(Self.mergeAdvice)")
  }

  @Test func aShardGivenTwiceIsRefused() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    Self.expectUsageError(
      Self.merging([shards[0], shards[1], shards[1]]),
      "--merge: the shards are 1, 2, 2 of 3; \(Self.mergeAdvice)")
    Self.expectUsageError(
      Self.merging(shards + [shards[0]]),
      "--merge: the shards are 1, 1, 2, 3 of 3; \(Self.mergeAdvice)")
  }

  /// Every shard of another scenario, or of this one with another thread count, is refused
  /// although each is complete and their numbers fit.
  @Test func shardsOfAnotherSearchAreRefused() throws {
    let folder = try ShardFolder()
    let other = try folder.shards("counter-with-mutex", 3)
    let message =
      "--merge: these shards are of another scenario, another version of it or another --threads; "
      + "run every shard, and the merge, with one scenario file and the same options"
    Self.expectUsageError(Self.merging(other), message)
    let mine = try folder.shards("racy-counter", 3)
    Self.expectUsageError(Self.merging(mine) + ["--threads", "3"], message)
  }

  /// Not JSON, and JSON that is not a shard's (the whole search's), are both refused by path.
  @Test func aFileThatIsNotAShardIsRefused() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let expected =
      "it is not a shard; write each with 'lab explore NAME --exhaustive --shard K/N > FILE'"
    let text = try folder.write("notes.txt", "shard 1 of 3, I think\n")
    Self.expectUsageError(
      Self.merging([text, shards[1], shards[2]]), "--merge: \(text): \(expected)")
    let whole = InProcessLab.run(["explore", "racy-counter", "--exhaustive", "--format", "json"])
    let wholeFile = try folder.write("whole.json", whole.out)
    Self.expectUsageError(
      Self.merging([shards[0], wholeFile, shards[2]]),
      "--merge: \(wholeFile):1:1: the file has no \"shard\", which every shard has; \(expected)")
  }

  /// Reading the shards keeps to the search's budget: a file past 16 MiB is no shard (three 64 MB
  /// shards padded with empty arrays took 38 s and 1.76 GB under `--max-seconds 2`; held-out
  /// round 30). No file is read past `--max-seconds` either (measured: 2.06 s for five 8 MB
  /// shards under `--max-seconds 2`).
  @Test func readingTheShardsKeepsToTheBudget() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let big = try folder.write("big.json", String(repeating: " ", count: (16 << 20) + 1))
    let run = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"] + Self.merging([big, shards[1], shards[2]]))
    #expect(run.status == 64)
    #expect(run.err.contains("more than the 16384 KiB the lab reads"), "\(run.err)")
    // Named once, with what to do (round 38: named twice, and no way on).
    #expect(run.err.contains("big.json: it is 16777217 bytes"), "\(run.err)")
    #expect(run.err.contains("split the search into more, smaller shards (--shard K/N)"))
    // Only a file past the size is told to split the search (round 43: a folder was too).
    let notAFile = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"] + Self.merging([folder.file(""), shards[1]]))
    #expect(notAFile.err.contains("it is a folder, not a file; name each shard's JSON file"))
    #expect(!notAFile.err.contains("split the search"), "\(notAFile.err)")
  }

  /// A path that does not exist is named, and neither it nor its folder is created.
  @Test func aPathThatDoesNotExistIsRefusedAndNotCreated() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let missing = folder.file("gone/shard-1.json")
    Self.expectUsageError(
      Self.merging([missing, shards[1], shards[2]]),
      "--merge: \(missing): no such file; name each shard's JSON")
    #expect(!FileManager.default.fileExists(atPath: missing))
    #expect(!FileManager.default.fileExists(atPath: folder.file("gone")))
  }

  /// A path with a control character in it is named escaped: it cannot clear the screen.
  @Test func aPathIsNamedSafeForTheTerminal() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 2)
    let hostile = folder.file("gone\u{1B}[2J.json")
    let run = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"] + Self.merging([hostile, shards[1]]))
    #expect(run.status == 64)
    #expect(!run.err.contains("\u{1B}"), "the raw escape reached the terminal")
    #expect(run.err.contains("gone\\u{1B}[2J.json: no such file"))
  }

  @Test(arguments: ["0/2", "3/2", "x", "1/0", "1/1001", "1/2/3", "/2", "1/"])
  func aShardOutOfRangeIsRefused(_ text: String) {
    Self.expectUsageError(
      ["--shard", text],
      "--shard takes K/N, shard K of N, with 1 ≤ K ≤ N ≤ 1000 (such as 1/4), not '\(text)'")
  }

  @Test func jobsAndReductionOutOfRangeAreRefused() {
    Self.expectUsageError(["--jobs", "0"], "'--jobs' takes a whole number from 1 to 256, not '0'")
    Self.expectUsageError(
      ["--jobs", "257"], "'--jobs' takes a whole number from 1 to 256, not '257'")
    Self.expectUsageError(
      ["--reduction", "bogus"], "'--reduction' takes optimal or sleep-sets or none, not 'bogus'")
  }

  /// A shard file is someone's file: each number in it is checked before any is used, so a count
  /// of 0, a negative one, 10¹⁵ or `Int.max`, sums that would overflow, or a budget of 1e300 are
  /// "not a shard" — never a trap, an allocation by the number, or advice that repeats it.
  @Test(arguments: [
    (#""count": 3"#, #""count": 0"#, "its shard count is 0, not 1 to 1000"),
    (#""count": 3"#, #""count": -2"#, "its shard count is -2, not 1 to 1000"),
    (#""count": 3"#, #""count": 1000000000000000"#, "its shard count is 1000000000000000"),
    (#""count": 3"#, #""count": 9223372036854775807"#, "its shard count is 9223372036854775807"),
    (#""schedules": "#, #""schedules": 9223372036854775807, "x": "#, "its schedules is"),
    // The JSON form's version and the search's kind: a later lab's shard is not read as this one.
    (
      #""format": 1"#, #""format": 2"#,
      "its format is 2, and this lab reads format 1: write every shard with one lab"
    ),
    (#""mode": "exhaustive""#, #""mode": "seeded""#, "its mode is 'seeded', not 'exhaustive'"),
    // Completeness agrees with what stopped the search: a merge of such a shard said "all
    // schedules explored" and "more may give other outcomes" at once.
    (
      #""complete": true"#, #""complete": false"#,
      "it is incomplete, yet names no budget, preemption bound or run off its path that stopped it"
    ),
    (
      #""stopped_by": null"#, #""stopped_by": {"budget": "seconds", "limit": 60}"#,
      "it is complete, yet names a budget that stopped it"
    ),
    // One outcome a schedule: counts past the schedules would merge into runs no search made.
    (#""count": 7,"#, #""count": 7000,"#, "its outcomes' counts add up to more than its"),
    // Fewer: a row was taken out, and the merge of the rest was a false proof.
    (#""count": 7,"#, #""count": 6,"#, "its outcomes' counts add up to 154, not its 155 schedules"),
    (#""threads": 2"#, #""threads": 5000"#, "its threads is 5000, not 1 to 1024"),
    // A key given twice is one value to the lab and another to the next tool that reads it.
    (#""schedules": "#, #""schedules": 1, "schedules": "#, "duplicate key 'schedules'"),
  ])
  func aNumberOutOfRangeIsNotAShard(_ edit: (String, String, String)) throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    #expect(text.contains(edit.0), "\(text.prefix(300))")
    let edited = try folder.write(
      "edited.json", text.replacingOccurrences(of: edit.0, with: edit.1))
    let run = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive"] + Self.merging([edited, shards[1], shards[2]]))
    #expect(run.status == 64, "\(run.err)")
    // Named by its file, and where the value stands when it stands somewhere.
    #expect(run.err.hasPrefix("error: --merge: \(edited):"), "\(run.err)")
    #expect(run.err.contains(edit.2), "\(run.err)")
  }

  @Test func aBudgetOutOfRangeIsNotAShardNorAdvice() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    for (budget, limit, said) in [  // whole numbers as such: "-5.0, not 1.0 to …" (round 47)
      ("seconds", "1e300", "seconds limit is 1e+300, not 0.001 to 86400;"),
      ("seconds", "-4e300", "seconds limit is -4e+300"), ("seconds", "0", "seconds limit is 0, "),
      ("schedules", "-5", "schedules limit is -5, not 1 to 1125899906842624;"),
    ] {
      let edited = try folder.write(
        "edited.json",
        text.replacingOccurrences(
          of: #""stopped_by": null"#,
          with: #""stopped_by": {"budget": ""# + budget + #"", "limit": "# + limit + "}"))
      let run = InProcessLab.run(
        ["explore", "racy-counter", "--exhaustive"] + Self.merging([edited, shards[1], shards[2]]))
      #expect(run.status == 64, "\(limit): \(run.err)")
      #expect(run.err.contains("its \(said)"), "\(limit): \(run.err)")
      #expect(!run.err.contains("raise it"), "\(limit)")
    }
  }

  /// A row's preemptions only choose which schedule is replayed: the merge reports the replay's
  /// own count, so a file cannot make a schedule look simpler than it is.
  @Test func aRowsPreemptionsAreTheReplays() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    let truth = #""preemptions": 5, "schedule": "3-8d4eb6-hgggighggg-71""#
    let forged = #""preemptions": 0, "schedule": "3-8d4eb6-hgggighggg-71""#
    #expect(text.contains(truth), "\(text.prefix(300))")
    let edited = try folder.write(
      "edited.json", text.replacingOccurrences(of: truth, with: forged))
    let run = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive", "--format", "json"]
        + Self.merging([edited, shards[1], shards[2]]))
    #expect(run.status == 0, "\(run.err)")
    // The forged row is chosen (it claims the fewest), and said with its true count.
    #expect(run.out.contains(truth), "\(run.out)")
    #expect(!run.out.contains(forged))
  }

  /// A row's schedule must give the row's outcome: one that gives another is a changed file,
  /// refused as such — not merged into the other outcome and blamed on the lab's model.
  @Test func aRowWhoseScheduleGivesAnotherOutcomeIsRefused() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    // Every row of 'counter = 6' (shards 1 and 2 find it) given a schedule of 'counter = 3'.
    var edited: [String] = []
    for (index, own) in [#""schedule": "3-8d4eb6--51""#, #""schedule": "3-8d4eb6-gg-ff""#]
      .enumerated()
    {
      let text = try String(contentsOfFile: shards[index], encoding: .utf8)
      #expect(text.contains(own), "\(text.prefix(300))")
      edited.append(
        try folder.write(
          "edited-\(index).json",
          text.replacingOccurrences(of: own, with: #""schedule": "3-8d4eb6-jg-f2""#)))
    }
    let explore = ["explore", "racy-counter", "--exhaustive"]
    let run = InProcessLab.run(explore + Self.merging(edited + [shards[2]]))
    #expect(run.status == 64, "\(run.err)")
    #expect(
      run.err.contains(
        "--merge: the outcome 'counter = 6 · race' was found by a schedule that gives "
          + "'counter = 3 · race' here"), "\(run.err)")
    // The same pool is named in the file as in its identity: another is refused.
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    let other = try folder.write(
      "threads.json", text.replacingOccurrences(of: #""threads": 2"#, with: #""threads": 3"#))
    let threads = InProcessLab.run(explore + Self.merging([other, shards[1], shards[2]]))
    #expect(threads.status == 64, "\(threads.err)")
    #expect(threads.err.contains("another version of it or another --threads"), "\(threads.err)")
  }

  /// Shards must be of the merge's own search: a shard edited to another `--preemptions`, or
  /// shards that say the search splits into other parts than this scenario's does (a bounded
  /// shard edited to say it was 1 of 1 of an unbounded search was merged, and the model
  /// blamed), are refused.
  @Test func aShardOfAnotherBoundOrSplitIsRefused() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let text = try String(contentsOfFile: shards[0], encoding: .utf8)
    #expect(text.contains(#""preemption_bound": null"#), "\(text.prefix(300))")
    let bounded = try folder.write(
      "bounded.json",
      text.replacingOccurrences(of: #""preemption_bound": null"#, with: #""preemption_bound": 1"#))
    Self.expectUsageError(
      Self.merging([bounded, shards[1], shards[2]]),
      "--merge: \(bounded): it names preemption bound 1, yet its search had no --preemptions; "
        + "it is not a shard; write each with 'lab explore NAME --exhaustive --shard K/N > FILE'")
    var split: [String] = []
    for (index, shard) in shards.enumerated() {
      let own = try String(contentsOfFile: shard, encoding: .utf8)
      #expect(own.contains(#""parts": 8"#))
      split.append(
        try folder.write(
          "split-\(index).json", own.replacingOccurrences(of: #""parts": 8"#, with: #""parts": 2"#))
      )
    }
    Self.expectUsageError(
      Self.merging(split),
      "--merge: the shards say the search splits into 2 parts, and this scenario's splits into "
        + "8; merge the shards of one search, made with 'lab explore NAME --exhaustive "
        + "--shard K/N'")
  }

  /// Shards that disagree on their count or their split are of different searches, and say so:
  /// they were called "not each of 1…N exactly once" (held-out round 35).
  @Test func shardsThatDisagreeOnTheirCountOrSplitSaySo() throws {
    let folder = try ShardFolder()
    let shards = try folder.shards("racy-counter", 3)
    let last = try String(contentsOfFile: shards[2], encoding: .utf8)
    #expect(last.contains(#""count": 3"#) && last.contains(#""parts": 8"#))
    let ofFour = try folder.write(
      "of-four.json", last.replacingOccurrences(of: #""count": 3"#, with: #""count": 4"#))
    Self.expectUsageError(
      Self.merging([shards[0], shards[1], ofFour]),
      "--merge: shard 1 says it is one of 3 and shard 3 one of 4: they are of different "
        + "searches; merge the shards of one --shard K/N run")
    let nine = try folder.write(
      "nine.json", last.replacingOccurrences(of: #""parts": 8"#, with: #""parts": 9"#))
    Self.expectUsageError(
      Self.merging([shards[0], shards[1], nine]),
      "--merge: the shards split the search into 8 and 9 parts: they are of different "
        + "searches or versions of the lab; merge the shards of one --shard K/N run")
  }

  /// A shard records its search's `--reduction` and `--preemptions`, and the merge must be given
  /// both: a bounded shard edited to say it was complete and unbounded was taken by a merge with
  /// `--preemptions 5`, and one of the optimal search by `--reduction none` ("proven", where that
  /// search exits 1; held-out round 30).
  @Test func aShardIsMergedOnlyWithItsOwnReductionAndBound() throws {
    let folder = try ShardFolder()
    let bounded = try folder.shards("racy-counter", 2, ["--preemptions", "1"])
    let text = try String(contentsOfFile: bounded[0], encoding: .utf8)
    #expect(
      text.contains(#""reduction": "optimal", "preemptions": 1, "limits": {"#),
      "\(text.prefix(400))")
    let forged = try folder.write(
      "forged.json",
      text.replacingOccurrences(of: #""complete": false"#, with: #""complete": true"#)
        .replacingOccurrences(of: #""preemption_bound": 1"#, with: #""preemption_bound": null"#))
    Self.expectUsageError(
      Self.merging([forged, bounded[1]]) + ["--preemptions", "5"],
      "--merge: \(forged): its search had --preemptions, yet it names no preemption bound it "
        + "reached; it is not a shard; write each with 'lab explore NAME --exhaustive --shard K/N "
        + "> FILE'")
    Self.expectUsageError(
      Self.merging(bounded) + ["--preemptions", "5"],
      "--merge: shard 1 was searched with --reduction optimal --preemptions 1, and this merge "
        + "with --reduction optimal --preemptions 5; give the merge the options every shard was "
        + "made with")
    // In a folder of their own: they would be written over the bounded shards' files.
    let other = try ShardFolder()
    let optimal = try other.shards("racy-counter", 2)
    Self.expectUsageError(
      Self.merging(optimal) + ["--reduction", "none"],
      "--merge: shard 1 was searched with --reduction optimal and no --preemptions, and this "
        + "merge with --reduction none and no --preemptions; give the merge the options every "
        + "shard was made with")
    withExtendedLifetime(other) {}
    // An unsplit search's shard that says it is one of many parts is not that search's.
    let parts = try folder.write(
      "parts.json",
      text.replacingOccurrences(of: #""parts": 1"#, with: #""parts": 8"#))
    Self.expectUsageError(
      Self.merging([parts, bounded[1]]) + ["--preemptions", "1"],
      "--merge: \(parts): its search is not split (--reduction optimal --preemptions 1), yet it "
        + "says 8 parts; it is not a shard; write each with 'lab explore NAME --exhaustive "
        + "--shard K/N > FILE'")
    // And with the options they were made with, they merge.
    let merged = InProcessLab.run(
      ["explore", "racy-counter", "--exhaustive", "--preemptions", "1"] + Self.merging(bounded))
    #expect(merged.status == 0, "\(merged.err)")
  }
}
