import Foundation
import LabChecks
import LabInterpreter
import LabModel

extension HTMLReport {
  /// What `lab check --html DIR` writes, to check before it writes anything: DIR (created when
  /// missing), a page per scenario file and `index.html`, each only over a page the lab wrote —
  /// the file names come from the course, so a file of the user's can have one.
  package static func checkPages(_ files: [URL], folder: String) -> OutputPlan {
    var plan = OutputPlan(isLabPage: isLabPage(atPath:))
    plan.folder(folder)
    let base = URL(writtenPath: folder)
    for url in files {
      plan.file(base.appendingPathComponent(pageName(url)).path, replaces: .labPage)
    }
    plan.file(base.appendingPathComponent("index.html").path, replaces: .labPage)
    return plan
  }

  /// The page of a scenario file in `lab check --html DIR`: `scenario-NAME.html`, as `lab site`
  /// names it, so no scenario's page is the index (a scenario named `index` made the two one).
  static func pageName(_ url: URL) -> String {
    "scenario-" + url.deletingPathExtension().lastPathComponent + ".html"
  }

  /// Writes `DIR/scenario-NAME.html` for every scenario that loads: one virtual run on its seed, with the
  /// comparison against its expected trace when it has one. Returns the names of the pages
  /// written, by scenario file. The caller has checked `checkPages` and created DIR.
  @discardableResult
  package static func write(
    _ files: [URL], options: RunOptions, to folder: String, displayPath: (URL) -> String
  ) throws(FileError) -> [URL: String] {
    var written: [URL: String] = [:]
    for url in files {
      guard var scenario = try? ScenarioLoader.load(path: url.path) else { continue }
      scenario.file = displayPath(url)
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      let expected = expectedSummary(url, result, displayPath: displayPath)
      let page = render(result, scenario: scenario, expected: expected)
      let name = pageName(url)
      try AtomicFile.write(
        page, toPath: URL(writtenPath: folder).appendingPathComponent(name).path)
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
  /// is no file, it is not a regular file, or another program wrote it. Only the head of the
  /// page is read, where the generator is.
  package static func isLabPage(atPath path: String) -> Bool {
    guard let data = BoundedFile.prefix(path, count: 4096) else { return false }
    return String(decoding: data, as: UTF8.self).contains(
      "<meta name=\"generator\" content=\"\(generator)\"/>")
  }

  /// Writes `DIR/index.html` for `lab check --html DIR`; the caller has checked `checkPages`.
  package static func writeCheckIndex(
    _ verdicts: [ScenarioVerdict], pages: [String: String], to folder: String
  ) throws(FileError) {
    let path = URL(writtenPath: folder).appendingPathComponent("index.html").path
    try AtomicFile.write(checkIndex(verdicts, pages: pages), toPath: path)
  }
}
