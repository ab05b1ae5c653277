import Foundation
import LabSwift
import LabTestSupport
import Testing

/// The verdict a lesson's ```swift-verdict block states, read and compared as swiftc prints it,
/// and the settings it may ask for.
struct SwiftVerdictTests {
  @Test func aVerdictIsComparedWithoutItsPlaceItsGroupOrItsSpacing() {
    let output = """
      /tmp/x/Verdict.swift:9:16: error: sending 'counter' risks causing data races [#SendingRisksDataRace]
       7 |   let counter = Counter()
         |                |- error: sending 'counter' risks causing data races [#SendingRisksDataRace]
      """
    #expect(
      SwiftVerdict(compiled: false, diagnostics: output)
        == .error("sending 'counter' risks causing data races"))
    #expect(
      SwiftVerdict(expected: "error:  sending 'counter'   risks causing data races ")
        == SwiftVerdict(compiled: false, diagnostics: output))
    #expect(SwiftVerdict(compiled: true, diagnostics: "x.swift:1:1: warning: w") == .compiles)
    #expect(SwiftVerdict(compiled: false, diagnostics: "Killed") == nil)
    #expect(SwiftVerdict(expected: "compiles") == .compiles)
    #expect(SwiftVerdict(expected: "error:") == nil)
    #expect(SwiftVerdict(expected: "warning: x") == .warning("x"))
    #expect(SwiftVerdict(expected: "note: x") == nil)
    // A warning counts only where the verdict expected is one.
    #expect(
      SwiftVerdict(
        compiled: true, diagnostics: "x.swift:1:1: warning: w  [#Group]", expecting: .warning("w"))
        == .warning("w"))
    #expect(
      SwiftVerdict(compiled: true, diagnostics: "", expecting: .warning("w")) == .compiles)
    // A message that ends in brackets of its own keeps them: only a group tag is dropped.
    #expect(SwiftVerdict.normalised("cannot convert '[Int]'") == "cannot convert '[Int]'")
  }

  @Test func settingsComeFromTheListAndMapToTheirArguments() {
    #expect(
      SwiftSetting.parse(
        "-default-isolation MainActor -enable-upcoming-feature InferIsolatedConformances")
        == .success([.defaultIsolationMainActor, .inferIsolatedConformances]))
    #expect(SwiftSetting.parse("") == .success([]))
    #expect(
      SwiftSetting.defaultIsolationMainActor.arguments == ["-default-isolation", "MainActor"])
    #expect(
      SwiftSetting.parse("-default-isolation nonisolated")
        == .failure(SwiftSettingError(word: "-default-isolation", offset: 0)))
    #expect(
      SwiftSetting.parse("-default-isolation MainActor; rm -rf ~")
        == .failure(SwiftSettingError(word: "-default-isolation", offset: 0)))
  }

  static let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)

  /// Region-based isolation is checked on SIL: `-typecheck` alone calls this race fine, which is
  /// why a verdict goes through the SIL diagnostics.
  @Test(.enabled(if: compiler != nil, "needs swiftc"))
  func sendingIsDiagnosedAfterTypeChecking() throws {
    let compiler = try #require(Self.compiler)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("verdict-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let typechecked = try compiler.typecheck(
      TestSupport.usedAfterSending, name: "Racy", mode: 6, in: folder,
      moduleCache: folder.appendingPathComponent("cache"), options: ["-parse-as-library"])
    #expect(typechecked.compiled)
    let environment = ["LAB_CACHE": folder.path]
    let check = try SwiftVerdictCheck.run(
      TestSupport.usedAfterSending, settings: [], compiler: compiler, environment: environment)
    #expect(check.verdict == .error("sending 'counter' risks causing data races"))
    // The diagnostics name the file as the lesson's command does, not the lab's folder.
    #expect(
      check.diagnostics.hasPrefix("Verdict.swift:5:16: error: sending"), "\(check.diagnostics)")
    #expect(!check.diagnostics.contains(folder.path))
    // Each check's folder is its own and gone when it returns.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("verdict").path)
    #expect(left.filter { $0 != "module-cache" }.isEmpty, "\(left)")
  }

  @Test(.enabled(if: compiler != nil, "needs swiftc"))
  func aSettingChangesTheVerdict() throws {
    let compiler = try #require(Self.compiler)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("verdict-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let global = "final class Counter { var value = 0 }\nvar counter = Counter()\n"
    let environment = ["LAB_CACHE": folder.path]
    let plain = try SwiftVerdictCheck.run(
      global, settings: [], compiler: compiler, environment: environment)
    #expect(
      plain.verdict
        == .error(
          "var 'counter' is not concurrency-safe because it is nonisolated global shared mutable "
            + "state"))
    let onMain = try SwiftVerdictCheck.run(
      global, settings: [.defaultIsolationMainActor], compiler: compiler,
      environment: environment)
    #expect(onMain.verdict == .compiles, "\(onMain.diagnostics)")
  }
}

/// A verdict's folder is named by its lab's process: a lab stopped by a signal mid-compile left
/// its source in the cache, and the next lab removes it, knowing its lab is gone.
@Suite struct VerdictFolderSweepTests {
  @Test func foldersOfLabsThatAreGoneAreRemovedAndLiveOnesKept() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-verdict-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    // A pid past any pid_max is one no process has.
    let names = [
      "\(getpid())-mine", "999999999-gone", UUID().uuidString, "module-cache",
    ]
    for name in names {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    SwiftVerdictCheck.sweepLeftovers(in: root)
    let left = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    #expect(left == ["\(getpid())-mine", "module-cache"].sorted())
  }
}
