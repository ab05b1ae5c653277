import Foundation
import LabModel
import LabNative
import LabSwift
import LabTestSupport
import Testing

/// A bundled scenario's Swift program, compiled as `lab swift --check` compiles it (its race
/// build run by `LabNative`), for the tests that check a scenario's program beside its runs.
extension TestSupport {
  /// A bundled scenario, named by its path relative to the package, as `lab swift` shows it.
  public static func programScenario(named name: String) throws -> Scenario {
    let path = try #require(
      TestSupport.scenarioPaths.first {
        URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent == name
      })
    var scenario = try TestSupport.scenario(path)
    scenario.file = path
    return scenario
  }

  /// A scenario the generator cannot write: a `Task` isolated to an actor of the scenario's own
  /// (Swift spells it as a closure taking an `isolated Counter` parameter, which the program
  /// does not write yet).
  public static let taskOnAnActor = """
    {"format": 1, "actors": {"Counter": {"state": {"n": 0}, "methods": {}}},
     "steps": [
       {"task": "a", "isolation": "Counter", "steps": [{"sleep": 10}]}
     ]}
    """

  /// Expects the program of scenario `name` to compile in Swift 6 mode, as the lab expects of
  /// it (skipped without a compiler).
  public static func expectCompiles(
    _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    guard let check = try compileProgram(name) else { return }
    #expect(
      check.isExpected && check.swift6.compiled, "\(check.report)", sourceLocation: sourceLocation)
  }

  /// `lab swift NAME --check` for a bundled scenario, in a folder of its own; nil (and a note)
  /// without a toolchain.
  public static func compileProgram(_ name: String) throws -> SwiftCheck? {
    let scenario = try programScenario(named: name)
    return try compileProgram(scenario, source: try SwiftProgram.generate(scenario))
  }

  /// `lab swift --check` for `scenario`'s program `source`, its race build run, in a folder of
  /// its own; nil (and a note) without a toolchain.
  public static func compileProgram(_ scenario: Scenario, source: String) throws -> SwiftCheck? {
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else {
      print("skipped: no swiftc on PATH or at /opt/swift/usr/bin")
      return nil
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-swift-test-\(scenario.name)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try SwiftCheck.run(
      scenario, source: source, compiler: compiler, in: folder,
      runProgram: NativeRunner.runRaceBuild)
  }
}
