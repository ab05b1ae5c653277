import Foundation
import LabChecks
import LabInterpreter
import LabModel

extension HTMLReport {
  /// Writes `DIR/NAME.html` for every scenario that loads: one virtual run on its seed, with the
  /// comparison against its expected trace when it has one. Returns the names of the pages
  /// written, by scenario file.
  @discardableResult
  package static func write(
    _ files: [URL], options: RunOptions, to folder: String, displayPath: (URL) -> String
  ) throws(FileError) -> [URL: String] {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var written: [URL: String] = [:]
    for url in files {
      guard var scenario = try? ScenarioLoader.load(path: url.path) else { continue }
      scenario.file = displayPath(url)
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      let expected = expectedSummary(url, result, displayPath: displayPath)
      let page = render(result, scenario: scenario, expected: expected)
      let name = url.deletingPathExtension().lastPathComponent + ".html"
      let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
      try AtomicFile.write(page, toPath: path)
      written[url] = name
    }
    return written
  }

  /// How `result` compares with the expected trace beside the scenario file, when it has one.
  package static func expectedSummary(
    _ url: URL, _ result: RunResult, displayPath: (URL) -> String
  ) -> ExpectedTraceSummary? {
    let file = ExpectedTraceFile(scenario: url, displayPath: displayPath)
    guard file.exists, case .success(let trace) = file.load() else { return nil }
    let comparison = TraceComparison(expected: trace, events: result.events)
    return ExpectedTraceSummary(
      file: file.display, matches: comparison.matches,
      report: comparison.report(expectedName: file.display, actualName: "this run"))
  }
}

extension HTMLReport {
  /// Whether the page at `path` was written by the lab (its generator says so); false when there
  /// is no file or another program wrote it.
  package static func isLabPage(atPath path: String) -> Bool {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data.prefix(4096), encoding: .utf8)
    else { return false }
    return text.contains("<meta name=\"generator\" content=\"\(generator)\"/>")
  }

  /// Writes `DIR/index.html` for `lab check --html DIR` unless an index.html the lab did not write
  /// is there; then it throws, leaving it as it was.
  package static func writeCheckIndex(
    _ verdicts: [ScenarioVerdict], pages: [String: String], to folder: String
  ) throws(FileError) {
    let path = URL(fileURLWithPath: folder).appendingPathComponent("index.html").path
    if FileManager.default.fileExists(atPath: path), !isLabPage(atPath: path) {
      throw FileError(
        "\(path): not overwriting an index.html the lab did not write; move it away or choose "
          + "another folder")
    }
    try AtomicFile.write(checkIndex(verdicts, pages: pages), toPath: path)
  }
}
