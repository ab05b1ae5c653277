import Foundation
import LabNative
import LabSwift
import LabTestSupport
import Testing

/// `#isolation` read only where a child task's call is written (`async let a = f(x: #isolation)`)
/// still gets the program's `isolationName` helper: the names a program reads missed a child's
/// call arguments, and swiftc refused the program ("cannot find 'isolationName' in scope").
@Suite struct IsolationNameTests {
  static let scenario = """
    { "format": 1, "name": "isolation-in-a-child-call", "isolation": "main",
      "functions": { "f": { "isolation": "concurrent", "params": ["x"],
        "steps": [ { "log": "got {x}" }, { "return": "x" } ] } },
      "steps": [ { "asyncLet": "a", "call": "f", "args": { "x": "#isolation" } },
        { "await": ["a"] }, { "log": "a = {a}" } ] }
    """

  @Test func aChildCallsArgumentGetsTheHelperAndCompiles() throws {
    let scenario = try TestSupport.scenario(json: Self.scenario)
    let source = try SwiftProgram.generate(scenario)
    #expect(source.contains("func isolationName("), "\(source)")
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-isolation-name-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let check = try SwiftCheck.run(
      scenario, source: source, compiler: compiler, in: folder,
      runProgram: NativeRunner.runRaceBuild)
    #expect(check.swift6.compiled, "\(check.report)")
  }
}
