import Foundation
import LabChecks
import LabInterpreter
import LabModel

extension HTMLReport {
  /// Writes `DIR/NAME.html` for every scenario that loads: one virtual run on its seed, with the
  /// comparison against its expected trace when it has one.
  package static func write(
    _ files: [URL], options: RunOptions, to folder: String, displayPath: (URL) -> String
  ) throws(FileError) {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for url in files {
      guard var scenario = try? ScenarioLoader.load(path: url.path) else { continue }
      scenario.file = displayPath(url)
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      var expected: ExpectedTraceSummary?
      let file = ExpectedTraceFile(scenario: url, displayPath: displayPath)
      if file.exists, case .success(let trace) = file.load() {
        let comparison = TraceComparison(expected: trace, events: result.events)
        expected = ExpectedTraceSummary(
          file: file.display, matches: comparison.matches,
          report: comparison.report(expectedName: file.display, actualName: "this run"))
      }
      let page = render(result, scenario: scenario, expected: expected)
      let name = url.deletingPathExtension().lastPathComponent
      let path = URL(fileURLWithPath: folder).appendingPathComponent("\(name).html").path
      try AtomicFile.write(page, toPath: path)
    }
  }
}
