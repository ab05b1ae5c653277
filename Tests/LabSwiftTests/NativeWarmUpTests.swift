import Foundation
import LabModel
import LabSwift
import LabTestSupport
import Testing

/// A native build's clock starts after the one-time costs that are the lab's, not the
/// scenario's. Describing an error the first time reads its type's metadata: 0.75–1.2 ms here
/// (`"\(error)"` of a fresh enum case, then 2 µs the second time), which a `catch` that logs
/// the error added to the run — `async-let-await-in-do` ended at 52.1–55 ms against 50 ± 2
/// in every native run, and failed CI. Every error a program throws is described before
/// `start = .now`.
struct NativeWarmUpTests {
  @Test func everyErrorIsDescribedBeforeTheClockStarts() throws {
    var late: [String] = []
    var checked = 0
    for path in TestSupport.scenarioPaths {
      let scenario = try TestSupport.scenario(path)
      guard let program = try? SwiftProgram.generate(scenario, native: true) else { continue }
      let thrown = Set(
        program.matches(of: /throw ScenarioError\.(\w+)/).map { String($0.output.1) })
      guard !thrown.isEmpty else { continue }
      checked += 1
      let clock = try #require(program.range(of: "\nstart = .now\n"))
      let before = program[..<clock.lowerBound]
      guard let warmUp = before.firstMatch(of: /for error: any Error in \[([^\]]*)\]/) else {
        late.append("\(scenario.name): no error described before the clock")
        continue
      }
      let described = Set(
        warmUp.output.1.split(separator: ", ").map { String($0.dropFirst("ScenarioError.".count)) })
      for name in thrown.subtracting(described).sorted() {
        late.append("\(scenario.name): \(name)")
      }
    }
    #expect(checked > 5, "only \(checked) bundled scenarios throw")
    #expect(late.isEmpty, "thrown but first described on the scenario's clock: \(late)")
  }
}
