import Foundation
import LabProcess
import Testing

@testable import LabSwift

/// Two labs compiling the same program into one cache folder at once (two terminals, parallel
/// tests) each get a whole binary: each links under a name of its own and renames it into place.
@Suite(.serialized) struct SwiftCompilerCacheTests {
  @Test func twoCompilesOfOneProgramAtOnceLeaveOneWholeBinaryAndNoPartialFiles() async throws {
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else { return print("skipped: no swiftc") }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-compile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = "print(\"whole\")\n"
    let verdicts = try await withThrowingTaskGroup(of: SwiftCompiler.Verdict.self) { group in
      for _ in 0..<2 {
        group.addTask { try compiler.compile(source, name: "twice", mode: 6, in: folder) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(verdicts.count == 2 && verdicts.allSatisfy { $0.compiled })
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.filter { $0.hasPrefix(".twice") }.isEmpty, "\(files)")
    let binary = try #require(verdicts.first?.executable)
    let process = Process()
    process.executableURL = binary
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: output, as: UTF8.self) == "whole\n")
  }
}

extension SwiftCompilerCacheTests {
  /// A cache folder copied elsewhere (a backup restored, a cache moved to a new disk) still
  /// compiles: clang's module cache keeps the path it was made at, and a copied one failed every
  /// compile ("was compiled with module cache path …"), reported as swiftc refusing the program.
  @Test func aCopiedFolderCompilesWithAModuleCacheOfItsOwn() throws {
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else { return print("skipped: no swiftc") }
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("lab-copied-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let (original, copy) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
    let source = "import Foundation\nprint(\"copied\")\n"
    #expect(try compiler.compile(source, name: "copied", mode: 6, in: original).compiled)
    try FileManager.default.copyItem(at: original, to: copy)
    try FileManager.default.removeItem(at: copy.appendingPathComponent("copied-swift6"))
    let again = try compiler.compile(source, name: "copied", mode: 6, in: copy)
    #expect(again.compiled, "\(again.diagnostics)")
    #expect(BuildFolder.moduleCache(in: copy) != BuildFolder.moduleCache(in: original))
  }
}

/// `lab swift NAME --check` says plainly whether ThreadSanitizer saw the race in its run.
@Suite struct SanitizerRunReportTests {
  static func report(run: String) -> String {
    let refusal = SwiftCompiler.Verdict(
      compiled: false,
      diagnostics: "x.swift:3:5: error: passing closure as a 'sending' parameter risks causing "
        + "data races between code in the current task and concurrent execution of the closure",
      executable: nil)
    let built = SwiftCompiler.Verdict(compiled: true, diagnostics: "", executable: nil)
    var check = SwiftCheck(scenario: "racy", showsRace: true, swift6: refusal, swift5: built)
    check.swift5Run = run
    return check.report
  }

  @Test func aRunWhoseSanitizerReportedTheRaceSaysSo() {
    let text = Self.report(run: "     0  a  start\nWARNING: ThreadSanitizer: Swift access race")
    #expect(text.contains("one run under ThreadSanitizer:\n"))
    #expect(text.contains("ThreadSanitizer saw the race in this run (its WARNING above).\n"))
  }

  @Test func aRunWhoseSanitizerSawNothingSaysTheRaceIsStillThere() {
    let text = Self.report(run: "     0  a  start\n     0  a  end")
    #expect(text.contains("ThreadSanitizer saw no race in this run"))
    #expect(text.contains("The race is still in the program (Swift 6 refused it above)"))
    #expect(!text.contains("as WARNING: ThreadSanitizer:\n"))
  }
}

/// A compile started by work with a bound of its own (a lesson's time) gets what is left of it:
/// a lesson bounded to 5 s waited 98 s for a prediction's build, under the compiler's own 300 s.
@Suite struct SwiftCompilerWithinTests {
  @Test func aCompilesTimeIsWhatIsLeftAtLeastOneSecondAndAtMostItsOwn() {
    let compiler = SwiftCompiler(swiftc: URL(fileURLWithPath: "/usr/bin/swiftc"))
    #expect(compiler.limits.seconds == SwiftCompiler.limits.seconds)
    #expect(compiler.within(seconds: 5).limits.seconds == 5)
    #expect(compiler.within(seconds: 0.2).limits.seconds == 1)
    #expect(compiler.within(seconds: 10_000).limits.seconds == SwiftCompiler.limits.seconds)
    #expect(
      compiler.within(seconds: 5).limits.memoryMegabytes == SwiftCompiler.limits.memoryMegabytes)
  }
}
