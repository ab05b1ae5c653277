import Foundation
import LabTestSupport

/// The built `lab` executable, for the tests that run it as a user does: only this target
/// depends on `lab`, so only its tests may start it.
extension TestSupport {
  /// The built `lab` executable, next to the test bundle.
  static var labBinary: URL {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [besideTests, besideTests.deletingLastPathComponent()] {
      let candidate = folder.appendingPathComponent("lab")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return packageRoot.appendingPathComponent(".build/debug/lab")
  }

  /// Runs the `lab` binary (or a copy of it at `executable`) in `directory` (the package's folder
  /// unless told) and returns its exit status, stdout and stderr.
  static func runLab(
    _ arguments: [String], environment: [String: String] = [:], executable: URL? = nil,
    directory: URL? = nil, input: URL? = nil
  ) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
    process.executableURL = executable ?? labBinary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    // A lesson notes where the learner is; tests keep that out of the real home.
    env["XDG_STATE_HOME"] = TestSupport.stateHome
    // The binary is started by its .build/<triple>/ path, as `swift run` starts it; tests read
    // the commands it prints as an installed lab prints them.
    env["LAB_COMMAND"] = "lab"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }
}
