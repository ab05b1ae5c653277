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
    #expect(run.out.contains("# native · \(Self.cores) thread"))
    let first = run.out.split(separator: "\n").dropFirst(3).first?.split(separator: " ")
    #expect(first == ["0", "main", "root", "start"], "\(run.out)")
    #expect(!run.out.contains("✗"))
  }

  /// Three downloads on a pool of four: where the machine has fewer than three cores, the pool
  /// cannot run them side by side and the longest one is late; the values agree everywhere.
  @Test func asyncLetDownloadsAgreeWhereThePoolIsWideEnough() throws {
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
    let duration = try #require(Self.duration(run.out))
    #expect(duration >= 6000 - 20 - 300)
    if Self.cores >= 3 { #expect(run.status == 0, "\(run.out)") }
  }

  /// Five children that block 5 s each finish in waves as wide as the real pool: one wave where
  /// there are five cores (what the scenario's eight threads promise), three on two cores.
  @Test func taskGroupFiveRunsInWavesOfTheCoreCount() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = Self.lab(["run", "task-group-five", "--native"])
    let waves = (5 + Self.cores - 1) / Self.cores
    let duration = try #require(Self.duration(run.out), "\(run.out)")
    let expected = Double(waves * 5000)
    #expect(abs(duration - expected) <= 20 + expected * 0.05, "\(run.out)")
    #expect(run.status == (waves == 1 ? 0 : 1))
    for child in 1...5 { #expect(run.out.contains("tasks[\(child)]  end")) }
  }

  /// The second run takes the binary from the cache: swiftc does not run again.
  @Test func aSecondRunDoesNotCompile() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("native-\(UUID())")
    defer { try? FileManager.default.removeItem(at: cache) }
    let environment = ["LAB_NATIVE_CACHE": cache.path]
    let first = InProcessLab.run(["run", "async-property", "--native"], environment: environment)
    #expect(first.err.contains("compiled in Swift 6 mode"), "\(first.err)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    #expect(folders.count == 1)
    let binary = cache.appendingPathComponent("\(folders[0])/async-property-swift6").path
    let built = try FileManager.default.attributesOfItem(atPath: binary)[.modificationDate] as? Date
    let second = InProcessLab.run(["run", "async-property", "--native"], environment: environment)
    #expect(second.err.contains("cached build (Swift 6 mode)"), "\(second.err)")
    #expect(!second.err.contains("compiled in"))
    let kept = try FileManager.default.attributesOfItem(atPath: binary)[.modificationDate] as? Date
    #expect(built != nil && kept == built)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).count == 1)
  }

  @Test func aRunPastItsTimeoutIsKilled() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let clock = ContinuousClock()
    let began = clock.now
    let run = InProcessLab.run(["run", "task-group-five", "--native", "--timeout", "0.3"])
    #expect(run.status == 1)
    #expect(run.out.contains("problem: stopped after 0.3 s (--timeout)"), "\(run.out)")
    #expect(clock.now - began < .seconds(10))
  }

  /// A scenario that expects its program to stop shows a hang in 5 s, not the minute of
  /// `--timeout`: the real `continuation-never-resumed` waits for good, and passes once killed.
  @Test func aProgramExpectedToStopIsGivenFiveSecondsToHang() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let clock = ContinuousClock()
    let began = clock.now
    let run = InProcessLab.run(["run", "continuation-never-resumed", "--native"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.contains("problem: stopped after 5 s (--timeout)"), "\(run.out)")
    #expect(clock.now - began < .seconds(30))
  }

  /// `default-main-actor` is built with `-default-isolation MainActor`: its unannotated `main()`
  /// and the `Task {}`s it starts run on the main actor, which they would not without the flag.
  @Test func aDefaultMainActorProgramIsBuiltWithTheFlag() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let run = Self.lab(["run", "default-main-actor", "--native"] + Self.tolerance)
    let rows = run.out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    for task in ["first", "second"] {
      #expect(
        rows.contains { $0.count > 3 && $0[1] == "main" && $0[2] == task && $0[3] == "block" },
        "\(run.out)")
    }
  }

  @Test func checkNativeSkipsWhatItCannotWrite() throws {
    guard Self.hasToolchain else { return print("skipped: no swiftc") }
    let scenario = TestSupport.taskOnAnActor.replacingOccurrences(
      of: #"{"format": 1,"#, with: #"{"format": 1, "name": "on-actor", "expect": {"duration": 0},"#)
    let project = try CheckCommandTests.Project(["on-actor.json": scenario])
    let run = project.lab(["check", "on-actor", "--native"])
    #expect(
      run.out.contains("SKIP  on-actor  cannot write this as a Swift program yet"), "\(run.out)")
    #expect(run.out.hasSuffix("0 passed, 0 failed, 1 skipped\n"), "\(run.out)")
    #expect(run.status == 0)
  }

  /// Without a compiler: one line that says what to install, and the failure status.
  @Test func noToolchainIsOneErrorLine() {
    let run = InProcessLab.run(
      ["run", "async-download", "--native"], environment: ["SWIFTC": "/nonexistent/swiftc"])
    #expect(run.status == 1)
    #expect(run.out.isEmpty)
    #expect(
      run.err
        == "lab: error: no Swift toolchain: SWIFTC=/nonexistent/swiftc is no executable; "
        + "install Swift 6 (swift.org/install) or run without --native\n")
  }

  @Test func nativeRefusesWhatItCannotDo() {
    let run = InProcessLab.run(["run", "task-group-five", "--native", "--threads", "4"])
    #expect(run.status == 64)
    #expect(run.err.contains("--threads has no meaning in a native run"))
  }
}
