import Foundation
import LabModel
import LabTestSupport
import Testing

@testable import LabSwift

/// `lab swift --check` says a race program was refused "as expected" only when swiftc's reason
/// is data-race safety; a name out of scope or a type error is the program's own defect.
struct SwiftDiagnosticsTests {
  @Test(arguments: [
    "passing closure as a 'sending' parameter risks causing data races between code in the "
      + "current task and concurrent execution of the closure",
    "main actor-isolated var 'names' can not be mutated on a different actor instance",
    "var 'count' is not concurrency-safe because it is nonisolated global shared mutable state",
    "mutation of captured var 'total' in concurrently-executing code",
    "capture of 'box' with non-Sendable type 'Box' in a '@Sendable' closure",
  ])
  func raceDiagnosticsAreRaces(_ message: String) {
    let diagnostics = SwiftDiagnostics("p.swift:3:5: error: \(message)\n")
    #expect(diagnostics.isRaceRefusal)
    #expect(diagnostics.firstOtherError == nil)
  }

  @Test(arguments: [
    "cannot find 'names' in scope",
    "empty collection literal requires an explicit type",
    "cannot convert value of type 'Int' to closure result type 'Void'",
    "invalid conversion from throwing function of type '@Sendable () async throws -> Void' to "
      + "non-throwing function type '@Sendable @convention(block) () -> Void'",
    "cannot pass function of type '@Sendable () async -> Void' to parameter expecting "
      + "synchronous function type",
  ])
  func otherDiagnosticsAreNot(_ message: String) {
    let output =
      "p.swift:9:1: error: passing closure as a 'sending' parameter risks causing data races\n"
      + "p.swift:3:5: error: \(message)\n"
    let diagnostics = SwiftDiagnostics(output)
    #expect(!diagnostics.isRaceRefusal)
    #expect(diagnostics.firstOtherError == message)
  }

  /// The report of a race program refused for another reason: unexpected, with that reason.
  @Test func aRaceProgramRefusedOutOfScopeIsUnexpected() throws {
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "name": "r", "state": {"n": 0}, "steps": [{"add": "n"}], "#
        + #""expect": {"races": "expected"}}"#)
    let refused = SwiftCompiler.Verdict(
      compiled: false, diagnostics: "r.swift:25:5: error: cannot find 'names' in scope\n",
      executable: nil)
    let built = SwiftCompiler.Verdict(compiled: true, diagnostics: "", executable: nil)
    let check = SwiftCheck(
      scenario: scenario.name, showsRace: true, swift6: refused, swift5: built)
    #expect(!check.isExpected)
    #expect(
      check.report.hasPrefix(
        "unexpected: Swift 6 mode refuses the program, but not as a race: cannot find 'names' "
          + "in scope"), "\(check.report)")
  }
}
