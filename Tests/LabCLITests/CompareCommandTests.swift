import Foundation
import LabSwift
import LabTestSupport
import Testing

@testable import lab

/// `lab compare` in process: two runs side by side, in each way a run can differ, and the usage
/// errors that say what a comparison needs.
@Suite struct CompareCommandTests {
  static func lab(_ arguments: [String], columns: Int? = nil, environment: [String: String] = [:])
    -> (status: Int32, out: String, err: String)
  {
    var environment = environment
    if let columns { environment["COLUMNS"] = String(columns) }
    return InProcessLab.run(["compare"] + arguments, environment: environment)
  }

  /// The line that names the first difference.
  static func firstDifference(_ out: String) -> String? {
    out.split(separator: "\n").first { $0.hasPrefix("first difference at event") }.map(String.init)
  }

  @Test func anotherThreadCount() {
    let run = Self.lab(["task-group-five-two-threads", "--threads", "2", "--vs", "--threads", "5"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.hasPrefix("A  task-group-five-two-threads --threads 2 · virtual · 2 threads"))
    #expect(run.out.contains("\nB  task-group-five-two-threads --threads 5 · virtual · 5 threads"))
    #expect(
      Self.firstDifference(run.out)
        == "first difference at event 10: another task ran: A ran tasks[2] start, B ran tasks[5] start"
    )
    #expect(run.out.contains("duration A 15000 ms · B 5000 ms"))
    #expect(run.out.split(separator: "\n").contains { $0.hasPrefix("▶ 10 ") })
  }

  @Test func twoIsolationVariants() {
    let run = Self.lab(["assume-isolated", "assume-isolated-off-main"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("A  assume-isolated · virtual"))
    #expect(run.out.contains("B  assume-isolated-off-main · virtual"))
    #expect(
      Self.firstDifference(run.out)
        == "first difference at event 1: a different thread: root start ran on main in A, on "
        + "worker-1 in B")
    #expect(run.out.contains("problem B: stopped at 100 ms: MainActor.assumeIsolated"))
  }

  @Test func twoSchedules() {
    let run = Self.lab([
      "racy-counter", "--schedule", "3-8d4eb6--51", "--vs", "--schedule", "3-8d4eb6-hgjghggg-a4",
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      Self.firstDifference(run.out)
        == "first difference at event 6: adders[1] did something else: A adders[1] set counter = 1 "
        + "(read 0), B adders[1] read counter = 0")
    #expect(run.out.contains("values A counter = 6\nvalues B counter = 2\n"))
  }

  @Test func virtualAgainstNative() {
    guard SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil else {
      return print("skipped: no swiftc")
    }
    let run = Self.lab(["racy-counter", "--seed", "1", "--vs", "--native"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("A  racy-counter --seed 1 · virtual"))
    #expect(run.out.contains("\nB  racy-counter --native · native"))
    #expect(Self.firstDifference(run.out) != nil)
    // The rows the native trace cannot have are said to be expected, not left as a puzzle.
    #expect(
      run.out.replacingOccurrences(of: "\n", with: " ").contains(
        "note: B is a Swift program's run, whose trace holds only what it prints"), "\(run.out)")
  }

  @Test func nativeWithoutAToolchainIsARunNotMade() {
    let run = Self.lab(
      ["racy-counter", "--vs", "--native"], environment: ["SWIFTC": "/nonexistent/swiftc"])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(run.err.contains("error: no Swift toolchain: SWIFTC=/nonexistent/swiftc"))
    // What a native run has no use for is a usage error, as in 'lab run --native'.
    let seeded = Self.lab(["racy-counter", "--vs", "--native", "--seed", "2"])
    #expect(seeded.status == 64)
    #expect(seeded.err.contains("--seed has no meaning in a native run"))
  }

  @Test(arguments: [
    (["racy-counter"], "--vs is missing"),
    ([], "name a scenario to compare"),
    (["racy-counter", "--vs"], "run B is the same as run A"),
    (["--vs", "--seed", "2"], "name run A's scenario before --vs"),
    (["racy-counter", "--vs", "a", "b"], "run B takes at most one scenario"),
    (["racy-counter", "--vs", "--seed", "2", "--vs", "--seed", "3"], "give --vs once"),
    (["racy-countr", "--vs", "--seed", "2"], "did you mean 'racy-counter'?"),
    (["racy-counter", "--vs", "racy-countr"], "did you mean 'racy-counter'?"),
    (["racy-counter", "--vs", "--sed", "2"], "unknown option '--sed'; did you mean '--seed'?"),
    (["racy-counter", "--vs", "--live", "--schedule", "3-8d4eb6--51"], "a schedule is virtual"),
    (["racy-counter", "--vs", "--schedule", "nonsense"], "schedule"),
    // A's mistakes are said before B's emptiness (held-out round 33).
    (["racy-counter", "--schedule", "zzz", "--vs"], "schedule string is damaged"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) {
    let run = Self.lab(arguments)
    #expect(run.status == 64, "\(arguments): \(run.out)\(run.err)")
    #expect(run.out.isEmpty)
    #expect(run.err.contains(message), "\(arguments): \(run.err)")
  }

  /// B takes none of A's options: with none of its own it is the scenario's own run, which
  /// differs from an A that gives options ("run B is the same as run A" said otherwise).
  @Test func anEmptyBIsTheScenariosOwnRun() {
    let run = Self.lab(["racy-counter", "--seed", "5", "--vs"])
    #expect(run.status == 0 || run.status == 1, "\(run.err)")
    #expect(run.out.contains("A  racy-counter --seed 5 ·"), "\(run.out)")
    #expect(run.out.contains("B  racy-counter · virtual"), "\(run.out)")
  }

  @Test func rowsFitEightyColumns() {
    let run = Self.lab(
      ["racy-counter", "--seed", "1", "--vs", "--seed", "2"], columns: 80)
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
    #expect(lines.contains { $0.contains("…") && $0.contains("│") })
    #expect(run.out.contains("threads: wN = worker-N"))
    let wide = Self.lab(["racy-counter", "--seed", "1", "--vs", "--seed", "2"], columns: 160)
    #expect(wide.out.split(separator: "\n").allSatisfy { $0.count <= 160 })
    #expect(wide.out.contains("worker-1") && !wide.out.contains("threads: wN"))
  }

  @Test func foldsUnlessFull() {
    let arguments = ["task-group-five-two-threads", "--vs", "--threads", "5"]
    let folded = Self.lab(arguments)
    #expect(folded.out.contains("… 7 identical events"))
    let full = Self.lab(arguments + ["--full"])
    #expect(!full.out.contains("identical events"))
    #expect(full.out.split(separator: "\n").contains { $0.hasPrefix("   1 ") })
  }

  @Test func theSameArgumentsGiveTheSameBytes() {
    let arguments = ["racy-counter", "--seed", "1", "--vs", "--seed", "2"]
    let first = Self.lab(arguments, columns: 100)
    let second = Self.lab(arguments, columns: 100)
    #expect(first.status == 0)
    #expect(first.out == second.out)
    #expect(Self.lab(arguments).out == Self.lab(arguments).out)
  }

  @Test func colourOnlyWhenAsked() {
    let arguments = ["racy-counter", "--seed", "1", "--vs", "--seed", "2"]
    #expect(!Self.lab(arguments).out.contains("\u{1B}["))
    let painted = InProcessLab.run(["compare", "--color", "always"] + arguments)
    #expect(painted.out.contains("\u{1B}[33m▶"))
  }
}

/// The width a line is fitted to has a ceiling: `COLUMNS=100000000000 lab compare …` padded each
/// row to it (65 MB of spaces at 10⁷; at 10¹¹ an allocation that trapped).
@Suite struct TerminalWidthCeilingTests {
  @Test(arguments: ["10000000", "100000000000", "9223372036854775807"])
  func aHugeColumnsIsFittedToTheCeiling(_ columns: String) {
    let (status, out, err) = InProcessLab.run(
      ["compare", "racy-counter", "--vs", "--threads", "1"], environment: ["COLUMNS": columns])
    #expect(status == 0, "\(err)")
    let widest = out.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 1_000, "a line of \(widest) characters")
  }

  /// Two runs of many events each are shown as their first rows and a count of the rest, unless
  /// `--full` asks for every row; unfitted (no terminal, no COLUMNS), no row is padded to a
  /// wide cell. Two runs of 250,000 events each made 40 MB of rows, every one padded to the
  /// widest.
  @Test func aLongComparisonShowsItsFirstRows() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-compare-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Scenarios/x")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let wide = String(repeating: "w", count: 300)
    let json = """
      {"format": 1, "title": "t", "summary": "s", "threads": 2, "steps": [
        {"task": "a", "steps": [{"repeat": 300, "steps": [{"log": "a"}, {"yield": true}]}]},
        {"task": "b", "steps": [{"repeat": 300, "steps": [{"log": "\(wide)"}, {"yield": true}]}]},
        {"awaitTask": "a"}, {"awaitTask": "b"}]}
      """
    try Data(json.utf8).write(to: folder.appendingPathComponent("flood.json"))
    let environment = ["LAB_ROOT": root.path]
    let cut = CompareCommandTests.lab(
      ["flood", "--seed", "1", "--vs", "--seed", "2"], environment: environment)
    #expect(cut.status == 0, "\(cut.err)")
    let lines = cut.out.split(separator: "\n")
    #expect(lines.count < CompareCommand.shownRows + 20)
    #expect(lines.contains { $0.hasSuffix(" more rows: --full shows every one") }, "\(cut.out)")
    let padded = lines.filter { $0.contains(" │ ") && !$0.contains(wide) }
    #expect(!padded.isEmpty)
    #expect(padded.allSatisfy { $0.count < 200 }, "\(padded.first ?? "")")
    let full = CompareCommandTests.lab(
      ["flood", "--seed", "1", "--vs", "--seed", "2", "--full"], environment: environment)
    #expect(full.out.split(separator: "\n").count > 1_200)
    #expect(!full.out.contains("more rows: --full"))
  }
}
