import Foundation
import LabChecksTestSupport
import LabNativeTestSupport
import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime
@testable import LabSwift

/// `MainActor.assumeIsolated`, as measured (docs/runtimes.md, "`assumeIsolated`, measured"):
/// refused in async code, in place on main, a stopped program anywhere else.
@Suite struct AssumeIsolatedTests {
  private func diagnostics(_ steps: String, extra: String = "") -> [String] {
    TestSupport.diagnostics(
      json:
        #"{"format": 1, "state": {"n": 0}, "queues": {"q": "serial"}, "streams": {"s": "unbounded"}"#
        + extra + #", "steps": "# + steps + "}")
  }

  private let assumed = #"{"assumeIsolated": "main", "steps": [{"add": "n"}]}"#

  @Test func onlySwiftsSynchronousClosuresMayHoldIt() {
    let allowed = [
      #"[{"dispatch": "main", "steps": [A]}]"#,
      #"[{"enter": "g"}, {"leave": "g"}, {"notify": "g", "queue": "main", "steps": [A]}]"#,
      #"[{"continuation": "c", "steps": [A, {"resume": "c"}]}]"#,
      #"[{"dispatch": "main", "steps": [{"if": "n == 0", "then": [A]}]}]"#,
    ]
    for steps in allowed {
      #expect(diagnostics(steps.replacingOccurrences(of: "A", with: assumed)) == [], "\(steps)")
    }
    let refused = [
      "[A]",
      #"[{"task": "t", "steps": [A]}]"#,
      #"[{"asyncLet": "x", "steps": [A]}, {"await": "x"}]"#,
      #"[{"dispatch": "main", "steps": [{"task": "t", "steps": [A]}]}]"#,
      #"[{"onMain": [A]}]"#,
      #"[{"call": "f"}]"#,
    ]
    for steps in refused {
      let found = diagnostics(
        steps.replacingOccurrences(of: "A", with: assumed),
        extra: #", "functions": {"f": {"steps": [A]}}"#.replacingOccurrences(of: "A", with: assumed)
      )
      #expect(found.contains { $0.contains(AssumeIsolatedRules.inAsyncCode) }, "\(steps)")
    }
  }

  @Test func onMainTheStepsRunInPlaceAndOffMainTheRunStops() async throws {
    let scenario = try TestSupport.scenario(named: "assume-isolated")
    for (_, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      // No hop: the work item's own steps, on main, one after the other.
      let lines = TestSupport.taskLines(result).filter { $0.hasPrefix("main.async") }
      #expect(
        lines.dropFirst().prefix(2) == [
          "main.async: status = \"done\"", "main.async: shownAt = 100",
        ])
    }
    #expect(await TestSupport.liveRunPassing(scenario).passed)

    let off = try TestSupport.scenario(named: "assume-isolated-off-main")
    let virtual = ScenarioRunner.run(off)
    var options = RunOptions()
    options.mode = .live
    let live = ScenarioRunner.run(off, options: options)
    let words = AssumeIsolatedRules.offMain(in: "network.async")
    #expect(virtual.problem?.contains(words) == true, "\(virtual.problem ?? "finished")")
    #expect(live.problem?.contains(words) == true, "\(live.problem ?? "finished")")
    #expect(virtual.values.first { $0.name == "status" }?.value == .string("loading"))
  }

  @Test func theProgramSaysItInSwift() throws {
    let source = try SwiftProgram.generate(try TestSupport.scenario(named: "assume-isolated"))
    #expect(
      source.contains(
        "      DispatchQueue.main.async {\n        MainActor.assumeIsolated {\n"
          + "          status = \"done\"\n"))
    try TestSupport.expectCompiles("assume-isolated")
    try TestSupport.expectCompiles("assume-isolated-off-main")
  }
}
