import Foundation
import LabModel
import LabTestSupport
import Testing

/// Text from a scenario never becomes code in its Swift program (`lab swift`, `lab run
/// --native`). Hostile text goes into every bundled scenario — into values and keys, as the
/// new name of its names, as its file's name — and `ProgramLeakCheck` judges each outcome: refused
/// with a clear diagnostic, or "cannot write this yet", or a program whose code is the control's,
/// names aside. docs/swift-programs.md, "What reaches the program's source", says why.
///
/// Each run tries a fixed sample (`MutationSampler.sample`); `Scripts/program-fuzz.sh` tries every
/// mutation (`--full`) or random ones for a time, and saves what it finds as a case in
/// Tests/ProgramInjection/, which every run replays.
@Suite struct ProgramInjectionTests {
  static let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("lab-program-injection-\(getpid())")
  static let casesFolder = TestSupport.packageRoot.appendingPathComponent(
    "Tests/ProgramInjection")
  static let environment = ProcessInfo.processInfo.environment

  @Test(arguments: TestSupport.scenarioPaths)
  func hostileTextNeverBecomesCode(_ path: String) async throws {
    let findings = try await Self.runs.findings(path).filter { $0.kind == .leak }
    #expect(findings.count == 0, "leaks, the first: \(Self.shown(findings))")
  }

  /// What the program shows is what swiftc reads: no bidi control reorders it, no line break
  /// that swiftc does not count (U+2028, NEL, VT…) starts a line that is still a comment, no
  /// control character reaches the terminal `lab swift` prints to.
  @Test(arguments: TestSupport.scenarioPaths)
  func hostileTextNeverHidesInTheSource(_ path: String) async throws {
    let findings = try await Self.runs.findings(path).filter { $0.kind == .hidden }
    #expect(findings.count == 0, "hidden, the first: \(Self.shown(findings))")
  }

  /// Findings kept as cases: each mutation, replayed, is refused or writes a clean program.
  @Test(arguments: savedCases) func savedCaseStaysFixed(_ name: String) throws {
    let data = try Data(contentsOf: Self.casesFolder.appendingPathComponent(name))
    let mutation = try JSONDecoder().decode(Mutation.self, from: data)
    let check = try ProgramLeakCheck(scenario: mutation.scenario, folder: Self.folder)
    let (outcome, findings) = check.check(mutation)
    #expect(outcome != .notApplicable, "\(name) no longer applies to \(mutation.scenario)")
    #expect(findings.count == 0, "\(name): \(Self.shown(findings))")
  }

  static let savedCases: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: casesFolder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

  /// The oracle itself: a mutation that must leak is caught, as it would be if the generator
  /// pasted text into code, and one that changes only text is not.
  @Test func theCheckCatchesCodeAndIgnoresText() {
    let control = SwiftLexer.lex("let count = 1 // a\nprint(\"x \\(count)\")\n").tokens
    func difference(_ source: String) -> String? {
      ProgramLeakCheck.firstDifference(control, SwiftLexer.lex(source).tokens)
    }
    #expect(difference("let count = 1 // a */ b\nprint(\"y\\n \\(count)\")\n") == nil)
    #expect(difference("let total = 1 /* other */\nprint(#\"x \"\\#(total)\"#)\n") == nil)
    #expect(difference("let count = 1 // a\nexit(1)\nprint(\"x \\(count)\")\n") != nil)
    #expect(difference("let count = 1 // a\nprint(\"x \\(exit(1))\")\n") != nil)
    #expect(difference("let `class` = 1 // a\nprint(\"x \\(`class`)\")\n") == nil)
    #expect(difference("let class = 1 // a\nprint(\"x \\(class)\")\n") != nil)
    // Two names of the control becoming one is a collision, not a renaming.
    let two = SwiftLexer.lex("let a = 1; let b = a\n").tokens
    #expect(
      ProgramLeakCheck.firstDifference(two, SwiftLexer.lex("let b = 1; let b = b\n").tokens) != nil)
    #expect(ProgramLeakCheck.hiddenCharacter(in: "// a\u{2028}b\n") != nil)
    #expect(ProgramLeakCheck.hiddenCharacter(in: "// a\\u{2028}b\n") == nil)
  }

  // MARK: - Fuzzing

  /// `Scripts/program-fuzz.sh SECONDS`: random mutations for that long, from the seed in
  /// `LAB_PROGRAM_FUZZ_SEED` (else a new one, printed). The first finding is saved to
  /// .build/program-fuzz/ as a case for Tests/ProgramInjection/ and stops the run; with
  /// `LAB_PROGRAM_FUZZ_KEEP_GOING=1` it goes on, saving the first 50.
  @Test(.enabled(if: environment["LAB_PROGRAM_FUZZ_SECONDS"] != nil))
  func fuzz() throws {
    let seconds = Double(Self.environment["LAB_PROGRAM_FUZZ_SECONDS"] ?? "") ?? 60
    let seed =
      UInt64(Self.environment["LAB_PROGRAM_FUZZ_SEED"] ?? "") ?? UInt64.random(in: 1...9_999_999)
    let keepGoing = Self.environment["LAB_PROGRAM_FUZZ_KEEP_GOING"] == "1"
    var random = SplitMix64(seed: seed)
    var checks: [String: (ProgramLeakCheck, MutationSampler)] = [:]
    let clock = ContinuousClock()
    let end = clock.now + .seconds(seconds)
    var tried = 0
    var outcomes: [ProgramLeakCheck.Outcome: Int] = [:]
    var (leaks, hidden) = (0, 0)
    while clock.now < end && (keepGoing || leaks + hidden == 0) {
      let scenarios = TestSupport.scenarioPaths
      let path = scenarios[Int(random.next() % UInt64(scenarios.count))]
      let (check, sampler) =
        try checks[path]
        ?? {
          let check = try ProgramLeakCheck(scenario: path, folder: Self.folder)
          return (check, MutationSampler(scenario: path, json: check.json))
        }()
      checks[path] = (check, sampler)
      let mutation = sampler.random(&random)
      let (outcome, findings) = check.check(mutation)
      tried += 1
      outcomes[outcome, default: 0] += 1
      guard let finding = findings.first(where: { $0.kind == .leak }) ?? findings.first else {
        continue
      }
      if finding.kind == .leak { leaks += 1 } else { hidden += 1 }
      if leaks + hidden <= 50 {
        let saved = try Self.save(finding, seed: seed, number: tried)
        Issue.record("input \(tried) of seed \(seed): \(finding)\nsaved as \(saved)")
      }
    }
    let summary = outcomes.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.value) \($0.key)" }
    print(
      "program-fuzz: seed \(seed): \(tried) inputs, \(leaks) leaks, \(hidden) hidden "
        + "(\(summary.joined(separator: ", ")))")
  }

  /// Saves the finding's mutation as a case, and what was wrong beside it (`.txt`).
  static func save(_ finding: ProgramLeakCheck.Finding, seed: UInt64, number: Int) throws
    -> String
  {
    let folder = TestSupport.packageRoot.appendingPathComponent(".build/program-fuzz")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("fuzz-\(seed)-\(number).json")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(finding.mutation).write(to: file)
    let note = file.deletingPathExtension().appendingPathExtension("txt")
    try Data("\(finding)\n".utf8).write(to: note)
    return file.path
  }

  // MARK: - Running the sample once for both tests

  /// The findings of each scenario's mutations, worked out once and shared by both tests.
  static let runs = SampleRuns()

  actor SampleRuns {
    private var running: [String: Task<[ProgramLeakCheck.Finding], any Error>] = [:]

    func findings(_ path: String) async throws -> [ProgramLeakCheck.Finding] {
      if let task = running[path] { return try await task.value }
      let task = Task { try ProgramInjectionTests.findings(path) }
      running[path] = task
      return try await task.value
    }
  }

  /// The sample's findings, or with `LAB_PROGRAM_INJECTION_FULL=1` every mutation's.
  static func findings(_ path: String) throws -> [ProgramLeakCheck.Finding] {
    let check = try ProgramLeakCheck(scenario: path, folder: folder)
    let sampler = MutationSampler(scenario: path, json: check.json)
    let full = environment["LAB_PROGRAM_INJECTION_FULL"] == "1"
    let mutations = full ? sampler.everyMutation : sampler.sample()
    return mutations.flatMap { check.check($0).findings }
  }

  static func shown(_ findings: [ProgramLeakCheck.Finding]) -> String {
    findings.first.map { "\($0)" } ?? "none"
  }
}
