import Foundation
import LabNativeTestSupport
import LabSwift
import LabTestSupport
import Testing

/// `lab run --native` and `lab check --native` in process: these compile Swift programs (a second
/// or two each, once: the cache keeps them), so they are few and run one at a time. Skipped with
/// a message where there is no Swift toolchain.
@Suite(.serialized) struct NativeRunTests {
  static let hasToolchain =
    SwiftCompiler.find(environment: ProcessInfo.processInfo.environment) != nil

  /// `lab ARGUMENTS`, again up to twice while it fails: real time on a shared machine is noisy,
  /// as `lab check --live` and `--native` allow.
  static func lab(_ arguments: [String], environment: [String: String] = [:]) -> (
    status: Int32, out: String, err: String
  ) {
    var result = InProcessLab.run(arguments, environment: environment)
    for _ in 0..<2 where result.status != 0 {
      result = InProcessLab.run(arguments, environment: environment)
    }
    return result
  }

  /// The duration line of a text report, in scenario milliseconds.
  static func duration(_ out: String) -> Double? {
    let line = out.split(separator: "\n").first { $0.hasPrefix("duration ") }
    return line.flatMap { Double($0.dropFirst("duration ".count).prefix { $0 != " " }) }
  }

  /// The real cooperative pool is as wide as the machine's cores.
  static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Native runs share the machine with the other tests, so they are checked within ±(5 ms + 5 %);
  /// how close they come on a quiet machine is measured by `Scripts/live-fidelity.py --native`.
  static let tolerance = ["--tolerance", "5+5"]

  @Test(arguments: ["sync-download", "async-download"])
  func agreesWithTheModel(_ name: String) throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = Self.lab(["run", name, "--native"] + Self.tolerance)
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.contains("# native · 4 threads"))
    let first = run.out.split(separator: "\n").dropFirst(3).first?.split(separator: " ")
    #expect(first == ["0", "main", "root", "start"], "\(run.out)")
    #expect(!run.out.contains("✗"))
  }

  /// Three downloads on a pool of four: the program's tasks prefer a pool of the scenario's
  /// width, so the longest is not late on a machine of fewer cores; the values agree.
  @Test func asyncLetDownloadsAgreeWithTheModel() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = Self.lab(["run", "async-let-downloads", "--native"] + Self.tolerance)
    #expect(run.out.contains("✓ values.downloaded: 35"), "\(run.out)")
    #expect(run.out.contains("✓ values.fileCount: 3"))
    #expect(run.out.contains("✓ mainStall"))
    // Each `async let` child is named as in the lab's trace, and starts and ends once.
    let lines = run.out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    for name in ["num1", "num2", "num3"] {
      #expect(lines.filter { $0.count == 4 && $0[2] == name && $0[3] == "start" }.count == 1)
      #expect(lines.filter { $0.count == 4 && $0[2] == name && $0[3] == "end" }.count == 1)
    }
    #expect(run.status == 0, "\(run.out)")
  }

  /// Five children that block 5 s each end together on the scenario's eight threads, whatever
  /// the machine's cores; with `--threads 2` they end in three waves. What the learner is told
  /// of the pool comes after the checks, on stdout, where the pager shows it.
  @Test func taskGroupFiveRunsAsWideAsTheScenarioSays() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    for (arguments, waves) in [([String](), 1), (["--threads", "2"], 3)] {
      let run = Self.lab(["run", "task-group-five", "--native"] + arguments + Self.tolerance)
      let duration = try #require(Self.duration(run.out), "\(run.out)")
      let expected = Double(waves * 5000)
      #expect(abs(duration - expected) <= 5 + expected * 0.05, "\(run.out)")
      for child in 1...5 { #expect(run.out.contains("tasks[\(child)]  end")) }
      let threads = waves == 1 ? 8 : 2
      #expect(run.out.contains("# native · \(threads) threads"))
      if threads != Self.cores {
        let lines = run.out.split(separator: "\n")
        let note = try #require(lines.firstIndex { $0.hasPrefix("note: the program's tasks ran") })
        #expect(note > (lines.lastIndex { $0.hasPrefix("✓") || $0.hasPrefix("✗") } ?? lines.count))
        #expect(!run.err.contains("note:"))
      }
    }
  }

  /// A synchronous function called from the main actor runs there: its block stalls main.
  @Test func aBlockInASynchronousCallFromMainStallsMain() {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = Self.lab(["run", "takes-too-long-sync", "--native"] + Self.tolerance)
    #expect(run.status == 0, "\(run.out)")
    #expect(run.out.contains("  main      root      block   5000 ms"), "\(run.out)")
  }

  /// A sleep of `Int.max` ms, in a task and in a work item, and a block as long: the program
  /// waits until the timeout stops it, as the model's run waits until `--max-time` (its time
  /// scaling trapped converting to `Int64`, reported as a crash; held-out round 30).
  @Test func aSleepAsLongAsAnIntHoldsIsWaitedNotATrap() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let project = try CheckCommandTests.Project([
      "forever.json": """
      {"format": 1, "name": "forever", "queues": {"q": "concurrent"}, "steps": [
        {"dispatch": "q", "steps": [{"sleep": 9223372036854775807}, {"log": "late"}]},
        {"block": 9223372036854775807}
      ]}
      """
    ])
    let run = project.lab(["run", "forever", "--native", "--timeout", "2"])
    #expect(run.status == 1)
    #expect(run.out.contains("stopped after 2 s (--timeout)"), "\(run.out)\(run.err)")
    #expect(!run.out.contains("crashed"), "\(run.out)")
  }

  @Test func noToolchainIsOneErrorLine() {
    let run = InProcessLab.run(
      ["run", "async-download", "--native"], environment: ["SWIFTC": "/nonexistent/swiftc"])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(
      run.err
        == "error: no Swift toolchain: SWIFTC=/nonexistent/swiftc is no executable; "
        + "install Swift 6 (swift.org/install) or run without --native\n")
  }

  /// Every command that compiles names the SWIFTC it was given, escaped (held-out round 43:
  /// five said "swiftc is neither on PATH nor at /opt/swift/usr/bin", and --native printed the
  /// variable raw).
  @Test func aSwiftcThatIsNoExecutableIsNamedByEveryCommandEscaped() {
    let environment = ["SWIFTC": "/nonexistent/\u{1B}]0;title\u{7}swiftc"]
    let named = "SWIFTC=/nonexistent/\\u{1B}]0;title\\u{7}swiftc is no executable"
    for words in [
      ["run", "async-download", "--native"], ["swift", "async-download", "--check"],
      ["snippets", "README.md"], ["facts", "--fast"],
      ["run", "Tests/OwnPrograms/bank.swift"],
    ] {
      let run = InProcessLab.run(words, environment: environment)
      #expect(run.err.contains(named), "\(words): \(run.err)")
      #expect(!run.err.contains("\u{1B}"), "\(words)")
    }
  }

  @Test func nativeRefusesWhatItCannotDo() {
    let run = InProcessLab.run(["run", "task-group-five", "--native", "--seed", "4"])
    #expect(run.status == 64)
    #expect(run.err.contains("--seed has no meaning in a native run"))
  }
}
