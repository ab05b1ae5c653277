import Foundation
import LabNative
import LabSwift
import LabTestSupport
import Testing

/// A fact checked by its tests (`// tests:`): its program is run as `swift test` runs a test
/// target, Swift Testing's event stream read, and each test held to how the header says it ends.
@Suite(.serialized) struct TestsFactTests {
  static let header = "// fact: Tests end as said.\n// checked: Swift 6.3.1, Linux\n"

  static let holds =
    header + """
      // tests: adds() passes, addsWrongly() fails
      import Testing

      @Test func adds() async { #expect(await sum([1, 2]) == 3) }
      @Test func addsWrongly() async { #expect(await sum([1, 2]) == 4) }
      @Test func knownIssuesPass() { withKnownIssue { #expect(Bool(false)) } }
      func sum(_ values: [Int]) async -> Int { values.reduce(0, +) }
      """

  /// Each way a run can part from its header: a test that fails where it should pass, one that
  /// passes where it should fail, one not named, a name no test has — and a run that traps.
  @Test(.enabled(if: FactsCommandTests.hasSwiftc, "needs swiftc"))
  func eachTestIsHeldToHowItsHeaderSaysItEnds() throws {
    let holds = Self.holds.replacingOccurrences(
      of: "addsWrongly() fails", with: "addsWrongly() fails, knownIssuesPass() passes")
    let differs = Self.holds.replacingOccurrences(
      of: "// tests: adds() passes, addsWrongly() fails",
      with: "// tests: adds() fails, addsWrongly() passes, gone() passes")
    let traps =
      Self.header + "// tests: crashes() passes\nimport Testing\n"
      + "@Test func crashes() { let n: [Int] = []; _ = n[1] }\n"
    let course = try FactsCommandTests.course(facts: [
      "holds": holds, "differs": differs, "traps": traps,
    ])
    let result = course.lab(["facts", "--runs", "2"])
    #expect(result.status == 1)
    #expect(result.out.contains("✓ holds: Tests end as said.\n"), "\(result.out)")
    #expect(
      result.out.contains(
        """
        ✗ differs: Tests end as said.
            native run 1 of 2: 'adds()' passed, and the fact says it fails
            'addsWrongly()' failed, and the fact says it passes: Expectation failed: await sum([1, 2]) == 4 (line 7)
            it has no test named 'gone()'; its tests: adds(), addsWrongly(), knownIssuesPass()
            its test 'knownIssuesPass()' is not named in tests:; say how it ends
        """), "\(result.out)")
    #expect(
      result.out.contains(
        "✗ traps: Tests end as said.\n    native run 1 of 2 was killed by SIGILL"),
      "\(result.out)")
  }

  /// A test's issue is the course's text: it reaches the terminal escaped.
  @Test(.enabled(if: FactsCommandTests.hasSwiftc, "needs swiftc"))
  func aTestsIssueIsShownEscaped() throws {
    let fact =
      Self.header + "// tests: says() passes\nimport Testing\n"
      + #"@Test func says() { Issue.record("\u{1B}[2J\u{202E}gone") }"# + "\n"
    let course = try FactsCommandTests.course(facts: ["says": fact])
    let result = course.lab(["facts", "--runs", "1"])
    #expect(result.status == 1)
    #expect(TerminalSafetyTests.controlBytes(in: result.out + result.err).isEmpty)
    #expect(result.out.contains(#"\u{1B}[2J\u{202E}gone"#), "\(result.out)")
  }

  /// What a failing fact says is the course's words: a test's issue of megabytes was a line of
  /// megabytes. Each line is cut as a diagnostic's is, and a failure shows at most 20 lines.
  @Test(.enabled(if: FactsCommandTests.hasSwiftc, "needs swiftc"))
  func aFailuresLinesAreCut() throws {
    let fact =
      Self.header + "// tests: says() passes\nimport Testing\n"
      + #"@Test func says() { Issue.record(Comment(rawValue: String(repeating: "x", count: 100_000))) }"#
      + "\n"
    let course = try FactsCommandTests.course(facts: ["says": fact])
    let result = course.lab(["facts", "--runs", "1"])
    #expect(result.status == 1)
    let longest = (result.out + result.err).split(separator: "\n").map(\.count).max() ?? 0
    #expect(longest <= 1_010, "\(longest)")
    #expect(result.out.contains("xxx…"), "\(result.out.prefix(300))")
  }

  /// A run's event stream is written in the lab's cache, in a folder named by the lab's process;
  /// one a signal left behind (in /tmp, world-readable, for good) is removed by the next lab
  /// that runs tests, and a run leaves none of its own.
  @Test(.enabled(if: FactsCommandTests.hasSwiftc, "needs swiftc"))
  func aStreamsFolderIsTheCachesAndALeftoverIsSwept() throws {
    let holds = Self.holds.replacingOccurrences(
      of: "addsWrongly() fails", with: "addsWrongly() fails, knownIssuesPass() passes")
    let course = try FactsCommandTests.course(facts: ["holds": holds])
    let fact = try FactCatalog(root: course.root).load("holds", display: "holds").get()
    let compiler = try #require(
      SwiftCompiler.find(environment: ProcessInfo.processInfo.environment))
    let cache = course.root.deletingLastPathComponent().appendingPathComponent(
      "cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    var runner = FactRunner(
      compiler: compiler, cache: cache,
      records: BuildRecords(folder: cache.appendingPathComponent("built")),
      environment: [:], loadScenario: { _ in .failure(FactFailure("no scenario")) })
    runner.runs = 1
    // A lab that is gone: a process that has ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let streams = cache.appendingPathComponent("test-runs")
    let leftover = streams.appendingPathComponent("\(ended.processIdentifier)-left")
    try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
    let results = runner.check([fact])
    #expect(results.map(\.outcome) == [.held(note: nil)])
    #expect(try FileManager.default.contentsOfDirectory(atPath: streams.path).isEmpty)
  }
}
