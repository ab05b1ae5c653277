import Foundation
import LabSwift
import LabTestSupport
import Testing

/// A program scenario in the commands: `Tests/ProgramScenarios`, a course whose one scenario
/// names a Swift file, run, explored, checked, listed and paged — and never compiled or run
/// unless asked (`--scheduled`). Each run builds with the real compiler (cached after the
/// first), so the suite runs one test at a time.
@Suite(.serialized) struct ProgramScenarioCommandTests {
  static let course = TestSupport.packageRoot.appendingPathComponent("Tests/ProgramScenarios")
  static let name = "child-or-creator"

  static func lab(_ arguments: [String], root: URL = course) -> (
    status: Int32, out: String, err: String
  ) {
    InProcessLab.run(arguments, environment: ["LAB_ROOT": root.path])
  }

  /// A copy of the course whose scenario keeps only its first outcome rule, for `body`.
  static func withOneRule(_ body: (URL) throws -> Void) throws {
    try withRules(
      """
      [{"when": {"printed": ["creator", "child"]}, "grade": "acceptable",
        "reason": "the creator went on first"}]
      """, body)
  }

  /// A copy of the course whose scenario has `rules` (JSON) as its outcomes, and `program` as
  /// its Swift when given, for `body`.
  static func withRules(_ rules: String, program: String? = nil, _ body: (URL) throws -> Void)
    throws
  {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-program-course-\(UUID())")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.copyItem(at: course, to: root)
    let file = root.appendingPathComponent("Scenarios/tasks/\(name).json")
    let json = """
      {"format": 1, "threads": 2, "program": "child-or-creator.swift",
       "expect": {"outcomes": \(rules)}}
      """
    try Data(json.utf8).write(to: file)
    if let program {
      try Data(program.utf8).write(
        to: root.appendingPathComponent("Scenarios/tasks/\(name).swift"))
    }
    try body(root)
  }

  /// A run that fails its grade is reported with its problem, when it had one: a run stopped at
  /// its timeout said only "forbidden" and what it printed.
  @Test func aFailingRunIsReportedWithItsProblem() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let program = """
      print("before")
      var x = 0
      while true { x &+= 1; if x == -1 { print(x) } }
      """
    let rules = """
      [{"when": {"printed": ["before"], "ended": "finished"}, "grade": "acceptable",
        "reason": "ends"}, {"grade": "forbidden", "reason": "something else"}]
      """
    try Self.withRules(rules, program: program) { root in
      let check = Self.lab(
        [
          "check", "--scheduled", "--seeds", "1", "--policy", "random", "--timeout", "1",
          "--verbose",
        ],
        root: root)
      #expect(check.status == 1, "\(check.out)\(check.err)")
      #expect(check.out.contains("printed: before"), "\(check.out)")
      #expect(check.out.contains("the run's problem: stopped after"), "\(check.out)")
    }
  }

  /// A rule reads the whole of what a run printed, under the scheduler and natively alike: a
  /// count past the 1,000 lines an outcome keeps, a line after them, a line wider than an
  /// outcome shows, and prints with other terminators, as a terminal reads them. A rule for
  /// 1,001 lines matched 1,502 (1,000 kept and a digest line), the others never matched.
  @Test func rulesGradeTheWholeOfWhatARunPrinted() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let program = """
      for i in 0..<1_500 { print("line \\(i)") }
      print(String(repeating: "w", count: 1_001))
      print("a", terminator: ""); print("b")
      """
    let wide = String(repeating: "w", count: 1_001)
    for wanted in [
      #"{"count": 1502}"#, #"{"contains": "line 1499"}"#, #"{"contains": "\#(wide)"}"#,
      #"{"contains": "ab"}"#,
    ] {
      let rules = """
        [{"when": {"printed": {"count": 1001}}, "grade": "forbidden", "reason": "kept lines"},
         {"when": {"printed": \(wanted)}, "grade": "acceptable", "reason": "read whole"}]
        """
      try Self.withRules(rules, program: program) { root in
        for mode in [["--scheduled", "--seeds", "2"], ["--native"]] {
          let check = Self.lab(["check"] + mode, root: root)
          #expect(check.status == 0, "\(wanted.prefix(40)): \(check.out)\(check.err)")
        }
      }
    }
  }

  /// Typing a name does not compile and run a course's program: it says how to ask.
  @Test func aNameAloneRunsNothingAndSaysHowToAsk() {
    for command in ["run", "explore"] {
      let run = Self.lab([command, Self.name])
      #expect(run.status == 64, "\(run.out)\(run.err)")
      #expect(
        run.err.contains(
          "runs the course's Swift program Tests/ProgramScenarios/Scenarios/tasks/"
            + "child-or-creator.swift, which the lab compiles and runs only when asked: add "
            + "--scheduled (lab \(command) child-or-creator --scheduled)"), "\(run.err)")
    }
    // `lab run NAME --native` asked, for a run `lab run` does not make: it is told which
    // commands make one, not that it did not ask.
    let native = Self.lab(["run", Self.name, "--native"])
    #expect(native.status == 64, "\(native.out)\(native.err)")
    #expect(
      native.err.contains(
        "whose native runs are made by lab explore child-or-creator --native and lab check "
          + "child-or-creator --native, not by one lab run; for one run, add --scheduled in "
          + "place of --native (lab run child-or-creator --scheduled)"), "\(native.err)")
    let check = Self.lab(["check"])
    #expect(check.status == 0, "\(check.out)\(check.err)")
    #expect(
      check.out.contains(
        "SKIP  child-or-creator  runs the course's Swift program child-or-creator.swift: add "
          + "--scheduled or --native to compile and run it"), "\(check.out)")
  }

  @Test func aRunIsGradedByTheScenariosOutcomes() {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let first = Self.lab(["run", Self.name, "--scheduled"])
    #expect(first.status == 0, "\(first.out)\(first.err)")
    #expect(first.out.hasPrefix("# child-or-creator — Whose line comes first"), "\(first.out)")
    #expect(first.out.contains("# scheduled · 2 threads"))
    #expect(first.out.contains("outcome: acceptable — the creator went on first"))
    let unwrapped = first.out.replacingOccurrences(of: "\n  ", with: " ")
    #expect(unwrapped.contains("'lab run child-or-creator --seed 0 --scheduled' replays it"))
    let explore = Self.lab(["explore", Self.name, "--scheduled", "--runs", "20"])
    #expect(explore.status == 0, "\(explore.out)\(explore.err)")
    #expect(explore.out.contains("outcome: acceptable — the creator went on first"))
    #expect(explore.out.contains("outcome: interesting — the task started on the free thread"))
  }

  @Test func checkGradesEverySeedWhenAsked() {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let check = Self.lab(["check", "--scheduled"])
    #expect(check.status == 0, "\(check.out)\(check.err)")
    #expect(
      check.out.contains(
        "PASS  child-or-creator  2 outcomes graded · seeds 0…19 × random, pct under the lab's "
          + "scheduler"), "\(check.out)")
  }

  /// An outcome no rule grades fails `check`, `run` and `explore`, with the run that shows it.
  @Test func anOutcomeNoRuleGradesFails() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    try Self.withOneRule { root in
      let check = Self.lab(["check", "--scheduled", "--seeds", "10"], root: root)
      #expect(check.status == 1, "\(check.out)\(check.err)")
      #expect(
        check.out.contains(
          "FAIL  child-or-creator  unexpected: no rule of the scenario's outcomes matches what it "
            + "printed; add one to expect.outcomes"), "\(check.out)")
      #expect(check.out.contains(": lab run child-or-creator --seed "))
      #expect(check.out.contains(" --scheduled"))
      let explore = Self.lab(["explore", Self.name, "--scheduled", "--runs", "10"], root: root)
      #expect(explore.status == 1, "\(explore.out)\(explore.err)")
      #expect(explore.out.contains("outcome: unexpected"))
      let run = Self.lab(["run", Self.name, "--scheduled", "--seed", "1"], root: root)
      #expect(run.status == 1, "\(run.out)\(run.err)")
      #expect(
        run.out.contains(
          "✗ outcome: expected an acceptable or interesting outcome, got unexpected — no rule"),
        "\(run.out)")
      // The grade is the run's check in its JSON too.
      let json = Self.lab(
        ["run", Self.name, "--scheduled", "--seed", "1", "--format", "json"], root: root)
      #expect(json.status == 1)
      #expect(json.out.contains("\"passed\": false"), "\(json.out)")
    }
  }

  /// `--native` runs the program as it is on Swift's own executors, and a real run that no rule
  /// grades fails, though no seed can replay it.
  @Test func aRealRunNoRuleGradesFails() throws {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let check = Self.lab(["check", "--native"])
    #expect(check.status == 0, "\(check.out)\(check.err)")
    #expect(check.out.contains("graded · 20 native runs"), "\(check.out)")
    try Self.withRules(
      "[{\"when\": {\"printed\": [\"neither\"]}, \"grade\": \"acceptable\", \"reason\": \"r\"}]"
    ) { root in
      let check = Self.lab(["check", "--native", "--verbose"], root: root)
      #expect(check.status == 1, "\(check.out)\(check.err)")
      #expect(
        check.out.contains(
          "FAIL  child-or-creator  unexpected in a real run: no rule of the scenario's outcomes "
            + "matches what it printed"), "\(check.out)")
      #expect(check.out.contains("20 of 20 runs failed"))
      #expect(
        check.out.contains("printed: creator ⏎ child")
          || check.out.contains("printed: child ⏎ creator"))
    }
  }

  /// `explore --native` lists what real runs printed, graded, with no replay; a scenario of
  /// steps is sent to the commands that run its program natively.
  @Test func exploreNativeListsTheRealRunsGraded() {
    guard OwnProgramCommandTests.hasToolchain else { return print("skipped: no swiftc") }
    let explore = Self.lab(["explore", Self.name, "--native", "--runs", "5"])
    #expect(explore.status == 0, "\(explore.out)\(explore.err)")
    #expect(explore.out.contains("in 5 real runs on Swift's own executors"), "\(explore.out)")
    #expect(explore.out.contains("   outcome: "))
    #expect(!explore.out.contains("replay:"))
    let seeded = Self.lab(["explore", Self.name, "--native", "--policy", "pct"])
    #expect(seeded.status == 64)
    #expect(seeded.err.contains("--policy chooses the scheduler's order"), "\(seeded.err)")
    let steps = InProcessLab.run(["explore", "racy-counter", "--native"])
    #expect(steps.status == 64)
    #expect(steps.err.contains("--native explores a Swift program's real runs"), "\(steps.err)")
  }

  /// The commands of steps refuse it at its `program`; `validate` and `list` take it.
  @Test func theOtherCommandsSayWhichTakeIt() {
    for command in [["step", Self.name], ["swift", Self.name], ["challenge", Self.name]] {
      let run = Self.lab(command)
      #expect(run.status != 0, "\(command)")
      #expect(
        run.err.contains("error: this scenario runs the Swift program \"program\" names")
          || run.err.contains("no challenge"), "\(command): \(run.err)")
    }
    let validate = Self.lab(["validate"])
    #expect(validate.status == 0, "\(validate.err)")
    #expect(validate.out.contains("1 valid, 0 invalid"))
    let list = Self.lab(["list"])
    #expect(list.out.contains("runs the Swift program child-or-creator.swift"), "\(list.out)")
  }

  /// `lab compare` runs it on a side that asks with `--scheduled`, on the scenario's pool; a
  /// side that does not ask — or asks for a real run, which replays nothing — is refused before
  /// either side runs.
  @Test func compareRunsItOnASideThatAsks() {
    for words in [
      [Self.name, "--vs", "--seed", "3"], [Self.name, "--scheduled", "--vs", "--native"],
      [Self.name, "--scheduled", "--vs", "--seed", "3"],
    ] {
      let refused = Self.lab(["compare"] + words)
      #expect(refused.status == 64, "\(words): \(refused.out)\(refused.err)")
      #expect(refused.out.isEmpty, "\(words): \(refused.out)")
      #expect(
        refused.err.contains(
          "'child-or-creator' runs the course's Swift program Tests/ProgramScenarios/Scenarios/"
            + "tasks/child-or-creator.swift, which the lab compiles and runs only when asked: "
            + "give its side --scheduled"), "\(words): \(refused.err)")
    }
    let compared = Self.lab([
      "compare", Self.name, "--scheduled", "--seed", "0", "--vs", "--scheduled", "--seed", "7",
    ])
    #expect(compared.status == 0, "\(compared.err)")
    #expect(
      compared.out.contains("A  child-or-creator --scheduled --seed 0 · scheduled · 2 threads"),
      "\(compared.out)")
    #expect(compared.out.contains("first difference at event 1"), "\(compared.out)")
  }

  /// Its page shows the program and the outcomes, escaped, and runs nothing.
  @Test func itsPageShowsTheProgramAndTheOutcomes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-program-site-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let site = Self.lab(["site", folder.path, "--course-only"])
    #expect(site.status == 0, "\(site.out)\(site.err)")
    let page = try String(
      contentsOf: folder.appendingPathComponent("scenario-child-or-creator.html"), encoding: .utf8)
    #expect(page.contains("<strong>interesting</strong> when it printed <code>child</code>"))
    #expect(page.contains("let child = Task.detached { print(&quot;child&quot;) }"))
    #expect(page.contains("lab run child-or-creator --scheduled"))
    #expect(TestSupport.balanced(page))
  }
}
