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

  /// The code of `program` without its comments and string literals.
  static func code(_ program: String) -> String {
    let literal = try! Regex(#""(?:[^"\\\n]|\\.)*"|//[^\n]*"#)
    return program.replacing(literal, with: " ")
  }

  /// What the code names from outside itself: a type or constant (a capital first letter) or a
  /// function it calls, not after a `.`, and declared nowhere in the program.
  static func usedNames(_ program: String) -> Set<String> {
    let code = code(program)
    let used = try! Regex(#"(?:^|[^.\w])([A-Z][A-Za-z0-9_]*|[a-z_][A-Za-z0-9_]*(?=\())"#)
      .anchorsMatchLineEndings()
    let declared = try! Regex(
      #"(?:let|var|func|class|actor|enum|struct|case|typealias|protocol) +([A-Za-z_][A-Za-z0-9_]*)"#
    )
    let names = Set(code.matches(of: used).map { String($0.output[1].substring!) })
    let own = Set(code.matches(of: declared).map { String($0.output[1].substring!) })
    // A helper's closure parameter and generic parameter, and a modifier with parentheses.
    let local: Set = ["body", "Success", "nonisolated"]
    return names.subtracting(own).subtracting(SwiftIdentifier.keywords).subtracting(local)
  }

  /// A scenario's name equal to a library name the program's helpers use hides it: an actor
  /// named `NSCondition` passed `lab validate` and its native build did not compile ("value of
  /// type 'NSCondition' has no member 'lock'"). Every name the programs of the bundled scenarios
  /// use from outside themselves is reserved.
  @Test func everyLibraryNameAProgramUsesIsReserved() throws {
    var unreserved: [String: String] = [:]
    for path in TestSupport.scenarioPaths {
      let scenario = try TestSupport.scenario(path)
      for native in [false, true] {
        guard let program = try? SwiftProgram.generate(scenario, native: native) else { continue }
        for name in Self.usedNames(program) where !SwiftIdentifier.programNames.contains(name) {
          unreserved[name] = scenario.name
        }
      }
    }
    #expect(unreserved.isEmpty, "used by programs, not reserved: \(unreserved.keys.sorted())")
  }
}
