import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// In-process: `lab check`, `lab diff`, `lab record` and `lab explore` on a scratch project.
@Suite(.serialized) struct CheckCommandTests {
  /// A scratch project: a `Scenarios/` folder with the given files, removed when done.
  final class Project {
    let root: URL

    init(_ files: [String: String]) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-check-\(UUID())")
      for (path, text) in files {
        let url = root.appendingPathComponent("Scenarios/\(path)")
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func lab(_ arguments: [String], environment: [String: String] = [:]) -> (
      status: Int32, out: String, err: String
    ) {
      var environment = environment
      environment["LAB_ROOT"] = root.path
      if environment["CI"] == nil { environment["CI"] = "" }
      return InProcessLab.run(arguments, environment: environment)
    }

    func file(_ path: String) -> String? {
      try? String(contentsOf: root.appendingPathComponent("Scenarios/\(path)"), encoding: .utf8)
    }
  }

  static let passing =
    #"{"format": 1, "threads": 2, "steps": [{"sleep": 100}], "expect": {"duration": 100}}"#
  static let failing = #"{"format": 1, "steps": [{"block": 50}], "expect": {"duration": 40}}"#
  static let idle = #"{"format": 1, "steps": [{"log": "nothing to see"}]}"#

  /// Two children each add 1 to a shared counter three times: updates can be lost.
  static func racyCounter(lost grade: String) -> String {
    """
    {"format": 1, "threads": 2, "state": {"counter": 0},
     "steps": [{"group": "adders", "count": 2,
                "steps": [{"repeat": 3, "steps": [{"add": "counter"}]}]}],
     "expect": {"outcomes": [
       {"when": {"values": {"counter": 6}}, "grade": "acceptable", "reason": "no update was lost"},
       {"grade": "\(grade)", "reason": "a lost update: two adds read the same old value"}]}}
    """
  }

  @Test func checkWritesAnHTMLReportPerScenarioWithItsExpectedTrace() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-html-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = InProcessLab.run([
      "check", "async-let-downloads", "sync-download", "--html", folder.path,
    ])
    #expect(result.status == 0, "\(result.err)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(
      files == ["index.html", "scenario-async-let-downloads.html", "scenario-sync-download.html"])
    let page = try String(
      contentsOf: folder.appendingPathComponent("scenario-async-let-downloads.html"),
      encoding: .utf8)
    #expect(page.contains("<svg"))
    #expect(page.contains("Expected trace <span class=\"verdict pass\">matches</span>"))
  }

  @Test func checkPrintsOneLinePerScenarioThenTheTotals() throws {
    let project = try Project([
      "a/passing.json": Self.passing, "a/failing.json": Self.failing, "b/idle.json": Self.idle,
    ])
    let junit = project.root.appendingPathComponent("out/junit.xml")
    try FileManager.default.createDirectory(
      at: junit.deletingLastPathComponent(), withIntermediateDirectories: true)
    let (status, out, err) = project.lab(["check", "--junit", junit.path])
    #expect(status == 1, "\(err)")
    let lines = out.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(out)")
    #expect(
      lines[0]
        == "FAIL  failing  duration: expected 40 ms, got 50 ms (root ended at 50 ms, trace line 3)"
        + " — seed 1: lab run failing --seed 1")
    #expect(lines[1] == "PASS  passing  1 check · seed 1")
    #expect(
      lines[2] == "SKIP  idle     nothing to check: no \"expect\" and no expected trace · seed 1")
    #expect(lines[3] == "1 passed, 1 failed, 1 skipped")

    #if canImport(FoundationXML)
      let document = try XMLDocument(contentsOf: junit)
      let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
      #expect(
        cases.map { $0.attribute(forName: "name")?.stringValue } == ["failing", "passing", "idle"])
      #expect(cases[0].elements(forName: "failure").count == 1)
      #expect(cases[2].elements(forName: "skipped").count == 1)
    #endif

    let good = project.lab(["check", "passing"])
    #expect(good.status == 0)
    #expect(good.out.hasSuffix("1 passed, 0 failed\n"))
    let usage = project.lab(["check", "--seeds", "0"])
    #expect(usage.status == 64)
  }

  @Test func recordingIsExplicitAndRefusedUnderCI() throws {
    let project = try Project(["passing.json": Self.passing])
    let missing = project.lab(["diff", "passing"])
    #expect(missing.status == 1)
    #expect(
      missing.err.contains("passing.expected does not exist\n  record it with: lab record passing"))
    #expect(project.file("passing.expected") == nil, "diff must never record")

    let refused = project.lab(["record", "passing"], environment: ["CI": "true"])
    #expect(refused.status == 1)
    #expect(refused.err.contains("refusing to record expected traces because CI is set (CI=true)"))
    #expect(project.file("passing.expected") == nil)
    let update = project.lab(["diff", "passing", "--update"], environment: ["CI": "1"])
    #expect(update.status == 1)
    #expect(project.file("passing.expected") == nil)

    let outOfTime = project.lab(["record", "passing", "--seeds", "100000", "--max-seconds", "0.2"])
    #expect(outOfTime.status == 1)
    #expect(outOfTime.err.contains("when --max-seconds 0.2 ran out; nothing was written."))
    #expect(project.file("passing.expected") == nil)

    let recorded = project.lab(["record", "passing"])
    #expect(recorded.status == 0, "\(recorded.err)")
    #expect(
      recorded.out.hasPrefix(
        "recorded \(project.root.path)/Scenarios/passing.expected: 4 events, virtual, seed 1 "
          + "(new file)"))
    let text = try #require(project.file("passing.expected"))
    #expect(text.contains("     100  worker-"))
    #expect(project.lab(["diff", "passing"]).status == 0)
    let again = project.lab(["record", "passing"])
    #expect(again.out.contains("already matches the run (4 events); left unchanged"))

    // A hand edit that no longer matches: diff shows it and fails; check fails naming the seed.
    let edited = text.replacingOccurrences(of: "sleep   100 ms", with: "sleep   200 ms")
    try Data(edited.utf8).write(
      to: project.root.appendingPathComponent("Scenarios/passing.expected"))
    let diff = project.lab(["diff", "passing"])
    #expect(diff.status == 1)
    #expect(diff.out.contains("-       0  worker-"))
    #expect(diff.out.contains("sleep   200 ms\n+       0  worker-"))
    #expect(diff.out.contains("first divergence at 0 ms, trace line 2 (passing.expected:6)"))
    let check = project.lab(["check"])
    #expect(check.status == 1)
    #expect(
      check.out.hasPrefix(
        "FAIL  passing  trace: differs at 0 ms (trace line 2, passing.expected:6); see lab diff "
          + "passing --seed 1 — seed 1: lab run passing --seed 1\n"))
    #expect(check.out.hasSuffix("0 passed, 1 failed\n"))
  }

  @Test func exploreFindsTheLostUpdateAndGradesIt() throws {
    let project = try Project(["racy.json": Self.racyCounter(lost: "interesting")])
    let (status, out, err) = project.lab(["explore", "racy", "--runs", "10"])
    #expect(status == 0, "\(err)")
    #expect(out.hasPrefix("explore racy: 20 runs: seeds 1…10 × random, pct"))
    let lost = out.split(separator: "\n").filter {
      $0.contains("interesting") && $0.contains("counter = ")
    }
    #expect(!lost.isEmpty, "no lost update in 10 seeds:\n\(out)")
    #expect(out.contains("a lost update: two adds read the same old value"))
    #expect(out.contains("acceptable   counter = 6"))
  }

  @Test func aForbiddenOutcomeFailsExploreAndCheckNamingTheSeed() throws {
    let project = try Project(["racy.json": Self.racyCounter(lost: "forbidden")])
    let explore = project.lab(["explore", "racy", "--runs", "10"])
    #expect(explore.status == 1)
    let failure = try #require(
      explore.out.split(separator: "\n").first { $0.hasPrefix("✗ forbidden outcome") })
    #expect(failure.contains(": lab run racy --seed "), "\(failure)")
    // The replayed seed really shows the forbidden outcome.
    let replay = try #require(failure.split(separator: ": ").last.map(String.init)).split(
      separator: " "
    ).dropFirst().map(String.init)
    let rerun = project.lab(replay)
    #expect(rerun.status == 1)
    #expect(
      rerun.out.contains("✗ outcome: expected an acceptable or interesting outcome, got counter = ")
    )

    let check = project.lab(["check", "--seeds", "10", "--format", "json"])
    #expect(check.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [String: Any])
    let scenario = try #require((document["scenarios"] as? [[String: Any]])?.first)
    #expect(scenario["status"] as? String == "failed")
    #expect(scenario["runs"] as? Int == 20)
    let first = try #require((scenario["failures"] as? [[String: Any]])?.first)
    #expect((first["replay"] as? String)?.hasPrefix("lab run racy --seed ") == true)
  }
}
