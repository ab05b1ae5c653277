import Foundation
import LabModel

extension ScenarioChecker {
  /// Loads, runs and checks one scenario file, named `argument` in replay commands.
  package static func check(
    file url: URL, argument: String, plan: CheckPlan, displayPath: (URL) -> String,
    progress: (Int) -> Void
  ) -> ScenarioVerdict {
    let display = displayPath(url)
    let scenario: Scenario
    do {
      scenario = try ScenarioLoader.load(path: url.path)
    } catch {
      let messages = error.diagnostics.map { diagnostic in
        var shown = diagnostic
        shown.file = display
        return shown.description
      }
      return .invalid(scenario: argument, file: display, messages: messages)
    }
    var named = scenario
    named.file = display
    let file = ExpectedTraceFile(scenario: url, displayPath: displayPath)
    var trace: ExpectedTrace?
    if file.exists {
      switch file.load() {
      case .success(let loaded): trace = loaded
      case .failure(let problem):
        return .invalid(scenario: argument, file: display, messages: problem.lines)
      }
    }
    return check(
      named, argument: argument, trace: trace, traceFile: file.display, plan: plan,
      progress: progress)
  }
}
