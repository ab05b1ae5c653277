import ConcurrencyLab
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Paths and helpers shared by the tests.
enum TestSupport {
  /// The package's root folder, found from this file's path.
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()

  static let catalog = ScenarioCatalog(root: packageRoot)

  /// Every bundled scenario, by its path relative to the package root (a readable test argument).
  static let scenarioPaths: [String] = catalog.allScenarioFiles().map { catalog.displayPath($0) }

  static func scenario(_ path: String) throws -> Scenario {
    try ScenarioLoader.load(path: packageRoot.appendingPathComponent(path).path)
  }

  static func scenario(named name: String) throws -> Scenario {
    guard let path = scenarioPaths.first(where: { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent == name }) else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try scenario(path)
  }

  /// Loads a scenario written inline in a test.
  static func scenario(json: String, file: String = "inline.json") throws -> Scenario {
    try ScenarioLoader.load(bytes: Array(json.utf8), file: file)
  }

  /// The diagnostics an invalid inline scenario produces, rendered.
  static func diagnostics(json: String, file: String = "bad.json") -> [String] {
    diagnostics(bytes: Array(json.utf8), file: file)
  }

  static func diagnostics(bytes: [UInt8], file: String = "bad.json") -> [String] {
    do {
      _ = try ScenarioLoader.load(bytes: bytes, file: file)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  /// The built `lab` executable, next to the test bundle.
  static var labBinary: URL {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [besideTests, besideTests.deletingLastPathComponent()] {
      let candidate = folder.appendingPathComponent("lab")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return packageRoot.appendingPathComponent(".build/debug/lab")
  }

  /// Runs the `lab` binary and returns its exit status, stdout and stderr.
  static func runLab(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = labBinary
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
  }

  /// CPU time this process has used, in seconds.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// Waits until the test process used less than a fifth of a core over half a second — the
  /// tests running in parallel with a live measurement are done — or 30 seconds have passed.
  static func waitUntilProcessIsQuiet() async {
    for _ in 0..<60 {
      let before = processCPUSeconds()
      try? await Task.sleep(for: .milliseconds(500))
      if processCPUSeconds() - before < 0.1 { return }
    }
  }
}
