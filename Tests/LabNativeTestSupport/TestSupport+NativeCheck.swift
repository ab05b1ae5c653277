import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabNative
import LabSwift
import LabTestSupport

/// `lab check FILE --native` for a scenario written in a test: for the tests that hold a
/// program's native runs to what the lab says.
extension TestSupport {
  /// The native verdict on `json`, saved as `NAME.json` in a folder of its own, built into the
  /// user's native cache, its outcomes compared with `prove`'s; nil (and a note) without swiftc.
  public static func nativeVerdict(
    json: String, name: String, prove: @escaping @Sendable (Scenario) -> ProvenOutcomes
  ) throws -> ScenarioVerdict? {
    let environment = ProcessInfo.processInfo.environment
    guard let compiler = SwiftCompiler.find(environment: environment) else {
      print("skipped: no swiftc on PATH or at /opt/swift/usr/bin")
      return nil
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-native-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("\(name).json")
    try Data(json.utf8).write(to: file)
    let builder = NativeBuilder(
      compiler: compiler, cache: try BuildFolder.folder("native", environment: environment),
      records: try BuildRecords(environment: environment))
    return NativeChecker.check(
      file: file, argument: name, options: RunOptions(), builder: builder,
      displayPath: { $0.lastPathComponent }, prove: prove)
  }
}
