import Foundation
import LabProcess
import LabTestSupport
import Testing

@testable import LabSwift

/// swiftc is an untrusted program here — the source it reads is a course's — and is run as
/// one: a compile that does not end, or grows its memory (a frontend it started included), is
/// stopped at its limit and said to be, never waited for; one that ends is not stopped.
final class SwiftCompilerTimeoutTests {
  /// The folders this test's compilers were written in, removed when it ends.
  private var folders: [URL] = []

  deinit {
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }

  /// A "compiler" that is a shell script: what it does stands for what a stalled swiftc does.
  func compiler(_ script: String) throws -> SwiftCompiler {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cc-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    folders.append(folder)
    let file = folder.appendingPathComponent("swiftc")
    try TestSupport.writeExecutable("#!/bin/sh\n" + script + "\n", to: file)
    return SwiftCompiler(swiftc: file)
  }

  @Test func aCompilerThatDoesNotEndIsStoppedAtTheLimit() throws {
    // Ignores SIGTERM, as a stuck compiler might; its child holds the output open.
    let compiler = try self.compiler("trap '' TERM; sleep 30 & wait")
    var limits = SwiftCompiler.limits
    limits.seconds = 1
    let start = ContinuousClock.now
    #expect(throws: SwiftCompiler.Timeout.self) { _ = try compiler.run(["x"], limits: limits) }
    #expect(ContinuousClock.now - start < .seconds(20))
  }

  /// Memory counts for the whole group: a frontend the driver starts that grows its memory is
  /// stopped as the driver would be.
  @Test func aFrontendThatGrowsItsMemoryIsStopped() throws {
    let compiler = try self.compiler(
      "python3 -c 'x = bytearray(300 << 20); import time; time.sleep(30)' & wait")
    var limits = SwiftCompiler.limits
    limits.memoryMegabytes = 100
    let start = ContinuousClock.now
    do {
      _ = try compiler.run(["x"], limits: limits)
      Issue.record("a compile holding 300 MB ran past a limit of 100 MB")
    } catch let stopped as SwiftCompiler.Timeout {
      #expect(stopped.description.contains("used more than 100 MB"), "\(stopped)")
    }
    #expect(ContinuousClock.now - start < .seconds(20))
  }

  @Test func aCompilerThatEndsIsNotStopped() throws {
    let compiler = try self.compiler("echo done \"$@\"")
    let (status, output, ending) = try compiler.run(["a", "b"])
    #expect(status == 0 && output == "done a b\n" && ending == .exited(0))
  }

  /// A compiler killed from outside says nothing: its verdict says how it ended, so that "no
  /// verdict" names the signal rather than leaving the reader to guess.
  @Test func aCompilerKilledWithoutAWordSaysHowItEnded() throws {
    let compiler = try self.compiler("kill -9 $$")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cc-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let verdict = try compiler.typecheck(
      "let x = 1", name: "killed", mode: 6, in: folder,
      moduleCache: folder.appendingPathComponent("cache"))
    #expect(!verdict.compiled && verdict.diagnostics.isEmpty)
    #expect(verdict.ending == .signalled(SIGKILL))
    let check = SwiftVerdictCheck(
      verdict: nil, diagnostics: verdict.diagnostics, seconds: 0, ending: verdict.ending)
    #expect(check.said == "no verdict (swiftc was killed by SIGKILL without an error line)")
  }
}

extension SwiftCompilerTimeoutTests {
  /// A compiler that ends well and leaves no program — seen once under a whole suite's builds —
  /// is run again, and past its tries the error says so, not that a file could not be written.
  @Test func aCompileThatLeavesNoProgramIsTriedAgainThenNamed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cc-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = folder.appendingPathComponent("tries")
    // Writes its program only on its third try.
    let compiler = try self.compiler(
      """
      echo x >> \(count.path)
      [ "$(wc -l < \(count.path))" -ge 3 ] || exit 0
      while [ "$1" != "-o" ]; do shift; done
      echo program > "$2"
      """)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let built = try compiler.compile("", name: "main", mode: 6, in: folder)
    #expect(built.compiled)
    #expect(try String(contentsOf: count, encoding: .utf8).count == 6)
    let never = try self.compiler("exit 0")
    #expect {
      _ = try never.compile("", name: "other", mode: 6, in: folder)
    } throws: { error in
      "\(error)".contains("ended without error, but its program could not be put in place")
    }
  }
}
