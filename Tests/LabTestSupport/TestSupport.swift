import Foundation
import LabModel
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Paths and helpers shared by the tests of every layer from the model up: the package's
/// folders, its scenarios, inline scenarios and their diagnostics, and the machine's quiet for
/// the live runs. Each layer above adds its own (`LabChecksTestSupport`'s checked runs, the
/// `lab` binary in `LabCLITests`) as extensions.
public enum TestSupport {
  /// The package's root folder, found from this file's path.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  public static let catalog = ScenarioCatalog(root: packageRoot)

  /// Every bundled scenario, by its path relative to the package root (a readable test argument).
  public static let scenarioPaths: [String] = catalog.allScenarioFiles().map {
    catalog.displayPath($0)
  }

  public static func scenario(_ path: String) throws -> Scenario {
    try ScenarioLoader.load(path: packageRoot.appendingPathComponent(path).path)
  }

  /// Whether the tests run under ThreadSanitizer (`Scripts/tsan.sh` sets `LAB_TSAN`): real time
  /// runs 5–15× slower there and means nothing, so live runs are checked within ±(50 ms + 50 %)
  /// — still run on every thread, for the races, but not timed.
  public static let underSanitizer = ProcessInfo.processInfo.environment["LAB_TSAN"] != nil

  /// How long a test that guards against a hang (a pipe opened, a shell waiting, a live run) may
  /// take: twenty minutes, longer than the whole suite takes here (16 min on two cores). Swift
  /// Testing starts a limit's clock before the test's body has a thread: the body and the timer
  /// are two tasks of the cooperative pool, two threads wide on two cores, which synchronous
  /// tests hold for minutes at a time. A suite-sized test case waited 150 s behind four that
  /// blocked their threads 75 s each, and a 4 s live run "exceeded" its 2 minutes in a CI run;
  /// which of body and timer gets a thread first decides. So every limit is this one
  /// (Scripts/house-rules.py checks), and the lab's own bounds (a live run's 10 s, a program's
  /// timeout) name a real hang long before it. A test that hangs still fails.
  public static var hangLimit: TimeLimitTrait.Duration { .minutes(20) }

  public static func scenario(named name: String) throws -> Scenario {
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
  public static func scenario(json: String, file: String = "inline.json") throws -> Scenario {
    try ScenarioLoader.load(bytes: Array(json.utf8), file: file)
  }

  /// A scenario the name checker would refuse, for a run's safety nets: a cycle of awaits.
  public static func uncheckedScenario(json: String) throws -> Scenario {
    try ScenarioLoader.loadUnchecked(bytes: Array(json.utf8), file: "inline.json")
  }

  /// The diagnostics an invalid inline scenario produces, rendered.
  public static func diagnostics(json: String, file: String = "bad.json") -> [String] {
    diagnostics(bytes: Array(json.utf8), file: file)
  }

  public static func diagnostics(bytes: [UInt8], file: String = "bad.json") -> [String] {
    do {
      _ = try ScenarioLoader.load(bytes: bytes, file: file)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// Where lessons played by tests note their progress: a folder of the test run's own.
  public static let stateHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("lab-tests-state-\(getpid())").path

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
  public static func waitUntilProcessIsQuiet() async {
    for _ in 0..<60 {
      guard let before = machineCPUTicks() else { return }
      try? await Task.sleep(for: .milliseconds(500))
      guard let after = machineCPUTicks(), after.total > before.total else { return }
      if (after.busy - before.busy) / (after.total - before.total) < 0.25, sleepOvershoot() < 0.03 {
        return
      }
    }
  }

  /// The corpus of bad inputs (`Tests/BadInputs`, see BadInputTests.swift).
  public static let badInputs = packageRoot.appendingPathComponent("Tests/BadInputs")

  /// The pinned Swift programs (`Tests/SwiftPrograms`, see SwiftProgramTests.swift).
  /// A Swift 6 program that uses a value after sending it to an actor: swiftc refuses it with
  /// "sending 'counter' risks causing data races" (found on SIL, not by `-typecheck`).
  public static let usedAfterSending = """
    final class Counter { var value = 0 }
    actor Ledger { func keep(_ counter: Counter) {} }
    func record(in ledger: Ledger) async {
      let counter = Counter()
      await ledger.keep(counter)
      counter.value += 1
    }
    """

  public static let swiftPrograms = packageRoot.appendingPathComponent("Tests/SwiftPrograms")

  /// Whether every element that opens also closes, in order (a check that works without XML).
  public static func balanced(_ html: String) -> Bool {
    var stack: [Substring] = []
    for match in html.matches(of: #/<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>/#) {
      let (_, closing, name, selfClosing) = match.output
      if name == "meta" || !selfClosing.isEmpty { continue }
      if closing.isEmpty {
        stack.append(name)
      } else if stack.popLast() != name {
        return false
      }
    }
    return stack.isEmpty
  }

  /// The number of times `needle` occurs in `text`.
  public static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  /// Parses `html` as XML, as every page must; an error names the page.
  public static func wellFormed(_ html: String, _ name: String) {
    #if canImport(FoundationXML) || canImport(Darwin)
      #expect(throws: Never.self, "\(name)") { _ = try XMLDocument(xmlString: html, options: []) }
    #else
      #expect(balanced(html), "\(name)")
    #endif
  }
}
