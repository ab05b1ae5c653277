import Foundation
import LabChecksTestSupport
import LabNativeTestSupport
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabSwift

/// `"defaultIsolation": "main"`: SE-0466's `-default-isolation MainActor`, as measured
/// (docs/runtimes.md, "Default main-actor isolation, measured").
@Suite struct DefaultIsolationTests {
  private let declarations = """
    "functions": {
      "plain": {"steps": [{"block": 10}]},
      "offMain": {"isolation": "concurrent", "steps": [{"block": 10}]},
      "withParameter": {"isolatedParameter": true, "steps": [{"block": 10}]}
    },
    "actors": {"Store": {"methods": {"put": {"steps": [{"block": 10}]}}}},
    "steps": [{"call": "plain"}, {"call": "offMain"}, {"call": "withParameter"}]
    """

  @Test func mainMakesTheRootAndUnannotatedFunctionsMain() throws {
    let main = try TestSupport.scenario(
      json: #"{"format": 1, "defaultIsolation": "main", "# + declarations + "}")
    #expect(main.defaultIsolation == .main)
    #expect(main.rootIsolation == .main)
    #expect(main.functions["plain"]?.isolation == .main)
    #expect(main.functions["offMain"]?.isolation == .concurrent)
    #expect(main.functions["withParameter"]?.isolation == .caller)
    #expect(main.actors["Store"]?.methods["put"]?.isolation == .actor("Store"))

    // Swift's spelling of the flag means the same; without the key nothing is main.
    let spelt = try TestSupport.scenario(
      json: #"{"format": 1, "defaultIsolation": "MainActor", "# + declarations + "}")
    #expect(spelt.functions["plain"]?.isolation == .main)
    let plain = try TestSupport.scenario(json: #"{"format": 1, "# + declarations + "}")
    #expect(plain.rootIsolation == .concurrent)
    #expect(plain.functions["plain"]?.isolation == .concurrent)

    // An explicit root isolation still wins.
    let rootOnPool = try TestSupport.scenario(
      json: #"{"format": 1, "defaultIsolation": "main", "isolation": "concurrent", "#
        + declarations + "}")
    #expect(rootOnPool.rootIsolation == .concurrent)
  }

  @Test(arguments: [
    (#""mainactor""#, "'mainactor'"), (#"true"#, "true"),
  ])
  func anUnknownValueIsAnError(json: String, shown: String) {
    let diagnostics = TestSupport.diagnostics(
      json: #"{"format": 1, "defaultIsolation": "# + json + #", "steps": []}"#)
    #expect(
      diagnostics == [
        "bad.json:1:35: error: 'defaultIsolation' is \"main\" (swiftc -default-isolation "
          + "MainActor) or \"nonisolated\" (Swift's default), not \(shown) (at defaultIsolation)"
      ])
  }

  /// The bundled scenario: the two tasks that call the unannotated `decode` take turns on main,
  /// while `@concurrent` `resize` runs on the pool; without the key, all three run at once.
  @Test func theTasksOfUnannotatedCodeTakeTurnsOnMain() throws {
    let scenario = try TestSupport.scenario(named: "default-main-actor")
    TestSupport.passingRunsOnEverySeed(scenario)
    var plain = scenario
    plain.defaultIsolation = .nonisolated
    plain.rootIsolation = .concurrent
    for name in plain.functions.keys where plain.functions[name]?.isolation == .main {
      plain.functions[name]?.isolation = .concurrent
    }
    let result = ScenarioRunner.runAndCheck(plain)
    #expect(result.duration == 100)
    #expect(result.mainStall == 0)
  }

  @Test func theProgramIsWrittenForTheFlag() throws {
    let scenario = try TestSupport.scenario(named: "default-main-actor")
    #expect(SwiftProgram.compilerOptions(scenario) == ["-default-isolation", "MainActor"])
    let source = try SwiftProgram.generate(scenario)
    #expect(!source.contains("@MainActor"))
    #expect(source.contains("\nfunc decode(file: String) async throws {\n"))
    #expect(source.contains("\n@concurrent func resize() async throws {\n"))
    #expect(source.contains("\nnonisolated func log(_ message: String) {\n"))
    #expect(source.contains("\nfunc main() async throws {\n"))
    #expect(source.contains("-default-isolation MainActor"))
    // The native build's helpers with an `isolated` parameter stay as they are.
    let native = try SwiftProgram.generate(scenario, native: true)
    #expect(native.contains("\nfunc log(_ message: String, isolation: isolated (any Actor)?"))
    #expect(native.contains("\nnonisolated func elapsed() -> Double"))
    try TestSupport.expectCompiles("default-main-actor")
    #expect(SwiftProgram.compilerOptions(try TestSupport.scenario(named: "queue-sync")).isEmpty)
  }
}
