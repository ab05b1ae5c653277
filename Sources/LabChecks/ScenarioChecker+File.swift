import Foundation
import LabModel

extension ScenarioChecker {
  /// Loads, runs and checks one scenario file, named `argument` in replay commands that start
  /// with `hints`.
  package static func check(
    file url: URL, argument: String, plan: CheckPlan, hints: HintCommand,
    displayPath: (URL) -> String,
    progress: (_ runs: Int, _ schedules: Int?) -> Void
  ) -> ScenarioVerdict {
    let display = displayPath(url)
    let named: Scenario
    switch load(url, argument: argument, display: display) {
    case .invalid(let verdict): return verdict
    case .loaded(let scenario): named = scenario
    }
    let file = ExpectedTraceFile(scenario: url, displayPath: displayPath)
    var trace: ExpectedTrace?
    if file.exists {
      switch file.load() {
      case .success(let loaded): trace = loaded
      case .failure(let problem):
        return .invalid(
          scenario: argument, file: display, messages: problem.lines,
          why: problem.unreadable
            ? "its expected trace cannot be read" : "its expected trace does not validate")
      }
    }
    var verdict = check(
      named, argument: argument, trace: trace, traceFile: file.display, plan: plan, hints: hints,
      progress: progress)
    verdict.warnings =
      named.warnings.map { warning in
        var shown = warning
        shown.file = display
        return shown.description
      } + verdict.warnings
    return verdict
  }
}

extension ScenarioChecker {
  /// A scenario file as a check reads it: loaded and named as `display` shows it, or the verdict
  /// of a file that does not validate, its diagnostics naming it the same way.
  package enum Loaded {
    case loaded(Scenario)
    case invalid(ScenarioVerdict)
  }

  package static func load(_ url: URL, argument: String, display: String) -> Loaded {
    do {
      var scenario = try ScenarioLoader.load(path: url.path)
      scenario.file = display
      return .loaded(scenario)
    } catch {
      let messages = error.diagnostics.map { diagnostic in
        var shown = diagnostic
        shown.file = display
        return shown.description
      }
      return .invalid(.invalid(scenario: argument, file: display, messages: messages))
    }
  }
}
