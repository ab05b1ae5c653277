import Foundation
import LabModel
import LabTestSupport
import Testing

/// Defaults the reference documentation states, held to the code's values so that changing one
/// without the other fails here instead of misleading a reader.
@Suite struct DocumentedDefaultsTests {
  /// A number as the documentation writes it: `1`, not `1.0`.
  static func written(_ number: Double) -> String {
    number == number.rounded() ? String(Int(number)) : String(number)
  }

  @Test func scenarioFormatStatesTheDefaultLiveTolerance() throws {
    let format = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/scenario-format.md"),
      encoding: .utf8)
    let live = Tolerance.live
    let row =
      "| `tolerance` | How far live runs may be off: `{\"ms\": \(Self.written(live.milliseconds)), "
      + "\"percent\": \(Self.written(live.percent))}` (the default). |"
    #expect(format.contains(row), "docs/scenario-format.md should have the row \(row)")
  }
}
