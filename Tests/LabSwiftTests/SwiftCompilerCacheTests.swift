import Foundation
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
