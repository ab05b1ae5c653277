import Foundation
import LabModel
import LabSwift
import LabTestSupport
import Testing

/// What a native build declares at the top of its program beside what `lab swift` writes (its
/// pool, its queue key, its trace helpers) is reserved: a scenario name equal to one passed
/// `lab validate` and `lab swift --check`, and `--native` did not compile ("invalid
/// redeclaration of 'pool'").
struct NativeNamesTests {
  static func topLevelNames(_ program: String) -> Set<String> {
    let pattern = try! Regex(
      #"^(?:@\w+(?:\([^)]*\))? +)*(?:nonisolated\(unsafe\) +)?(?:final +)?(?:let|var|func|class|actor|enum|struct) +([A-Za-z_][A-Za-z0-9_]*)"#
    ).anchorsMatchLineEndings()
    return Set(program.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
  }

  @Test func everyNameOnlyANativeBuildDeclaresIsReserved() throws {
    var unreserved: [String: String] = [:]
    for path in TestSupport.scenarioPaths {
      let scenario = try TestSupport.scenario(path)
      guard let plain = try? SwiftProgram.generate(scenario),
        let native = try? SwiftProgram.generate(scenario, native: true)
      else { continue }
      for name in Self.topLevelNames(native).subtracting(Self.topLevelNames(plain))
      where !SwiftIdentifier.programNames.contains(name) {
        unreserved[name] = scenario.name
      }
    }
    #expect(unreserved.isEmpty, "declared by native builds, not reserved: \(unreserved)")
  }
}
