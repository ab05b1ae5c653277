import Foundation
import LabChecks
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabRuntime
import Testing

/// Paths and helpers shared by the tests.
enum TestSupport {
  /// The package's root folder, found from this file's path.
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  static let catalog = ScenarioCatalog(root: packageRoot)

  /// Every bundled scenario, by its path relative to the package root (a readable test argument).
  static let scenarioPaths: [String] = catalog.allScenarioFiles().map { catalog.displayPath($0) }

  static func scenario(_ path: String) throws -> Scenario {
    try ScenarioLoader.load(path: packageRoot.appendingPathComponent(path).path)
  }

  /// Checked virtual runs of `scenario` on seeds 1…20 under both policies, with their labels.
  static func runsOnEverySeed(_ scenario: Scenario) -> [(label: String, result: RunResult)] {
    var runs: [(String, RunResult)] = []
    for seed in UInt64(1)...20 {
      for policy in [SchedulingPolicy.random, .pct] {
        var options = RunOptions()
        options.seed = seed
        options.policy = policy
        runs.append(
          ("seed \(seed) \(policy)", ScenarioRunner.runAndCheck(scenario, options: options)))
      }
    }
    return runs
  }

  /// `runsOnEverySeed`, each expected to pass: a failure names the run (after `what`), its
  /// problem and its failed checks. The runs, for what a test checks besides.
  @discardableResult
  static func passingRunsOnEverySeed(
    _ scenario: Scenario, _ what: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> [(label: String, result: RunResult)] {
    let runs = runsOnEverySeed(scenario)
    for (label, result) in runs {
      let failed = result.checks.filter { !$0.passed }.map { "\($0.name): \($0.actual)" }
      #expect(
        result.passed, "\(what)\(label): \(result.problem ?? "finished") \(failed)",
        sourceLocation: sourceLocation)
    }
    return runs
  }

  /// The events of a run as "task: text", in order: what tests that check an order look for.
  static func taskLines(_ result: RunResult) -> [String] {
    result.events.map { "\($0.task): \($0.text)" }
  }

  /// Whether the tests run under ThreadSanitizer (`Scripts/tsan.sh` sets `LAB_TSAN`): real time
  /// runs 5–15× slower there and means nothing, so live runs are checked within ±(50 ms + 50 %)
  /// — still run on every thread, for the races, but not timed.
  static let underSanitizer = ProcessInfo.processInfo.environment["LAB_TSAN"] != nil

  /// A checked live run of `scenario`, run again after the machine quiets, up to five runs in
  /// all, while a check fails: a shared machine's real clocks are noisy, a wrong model is not.
  static func liveRunPassing(_ scenario: Scenario) async -> RunResult {
    var options = RunOptions()
    options.mode = .live
    options.tolerance = underSanitizer ? Tolerance(milliseconds: 50, percent: 50) : nil
    var result = ScenarioRunner.runAndCheck(scenario, options: options)
    for _ in 1..<5 where !result.passed {
      await waitUntilProcessIsQuiet()
      result = ScenarioRunner.runAndCheck(scenario, options: options)
    }
    return result
  }

  static func scenario(named name: String) throws -> Scenario {
    guard
      let path = scenarioPaths.first(where: {
        URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent == name
      })
    else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try scenario(path)
  }

  /// Loads a scenario written inline in a test.
  static func scenario(json: String, file: String = "inline.json") throws -> Scenario {
    try ScenarioLoader.load(bytes: Array(json.utf8), file: file)
  }

  /// The diagnostics an invalid inline scenario produces, rendered.
  static func diagnostics(json: String, file: String = "bad.json") -> [String] {
    diagnostics(bytes: Array(json.utf8), file: file)
  }

  static func diagnostics(bytes: [UInt8], file: String = "bad.json") -> [String] {
    do {
      _ = try ScenarioLoader.load(bytes: bytes, file: file)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// The built `lab` executable, next to the test bundle.
  static var labBinary: URL {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [besideTests, besideTests.deletingLastPathComponent()] {
      let candidate = folder.appendingPathComponent("lab")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return packageRoot.appendingPathComponent(".build/debug/lab")
  }

  /// Where lessons played by tests note their progress: a folder of the test run's own.
  static let stateHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("lab-tests-state-\(getpid())").path

  /// Runs the `lab` binary and returns its exit status, stdout and stderr.
  static func runLab(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, out: String, err: String
  ) {
    let process = Process()
    process.executableURL = labBinary
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    // A lesson notes where the learner is; tests keep that out of the real home.
    env["XDG_STATE_HOME"] = TestSupport.stateHome
    // The binary is started by its .build/<triple>/ path, as `swift run` starts it; tests read
    // the commands it prints as an installed lab prints them.
    env["LAB_COMMAND"] = "lab"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }

  /// Busy and total CPU time of the whole machine so far, in clock ticks, from /proc/stat; nil
  /// where there is no /proc.
  static func machineCPUTicks() -> (busy: Double, total: Double)? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
    else { return nil }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 4 else { return nil }
    let idle = fields[3] + (fields.count > 4 ? fields[4] : 0)  // idle + iowait
    let total = fields.reduce(0, +)
    return (total - idle, total)
  }

  /// How late four 15 ms sleeps (a 300 ms block at the default live scale) wake up, as a
  /// fraction of the time slept: the timer noise each live step carries (about 0.012 on a quiet
  /// machine here, 0.05 and more while the host is busy).
  static func sleepOvershoot() -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<4 { usleep(15_000) }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return seconds / 0.06 - 1
  }

  /// Waits until the machine is quiet — under a quarter of its CPU busy for half a second, and its
  /// sleeps waking within 3 % — so the tests and `lab` processes running beside a live
  /// measurement are done and the host is not starving this one; gives up after 30 seconds.
  static func waitUntilProcessIsQuiet() async {
    for _ in 0..<60 {
      guard let before = machineCPUTicks() else { return }
      try? await Task.sleep(for: .milliseconds(500))
      guard let after = machineCPUTicks(), after.total > before.total else { return }
      if (after.busy - before.busy) / (after.total - before.total) < 0.25, sleepOvershoot() < 0.03 {
        return
      }
    }
  }
}
