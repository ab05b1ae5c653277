import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// `lab run --schedule S` and `--show-schedule`: a run that replays a schedule, or records the
/// one it makes.
package enum ScheduleOption {
  /// Prepares `options` to replay `text` (when given) or to record the run's schedule; the
  /// replay to ask afterwards whether the run fitted the schedule.
  package static func prepare(
    _ scenario: Scenario, _ options: inout RunOptions, replaying text: String?
  ) -> Result<Schedule.Replay?, Schedule.Problem> {
    guard let text else {
      options.chooser = ScheduleChooser()
      return .success(nil)
    }
    let identity = Schedule.identity(of: scenario, threads: options.threads)
    switch Schedule.parse(text, scenario: identity) {
    case .failure(let problem): return .failure(problem)
    case .success(let schedule):
      let (chooser, replay) = schedule.replay()
      options.chooser = chooser
      return .success(replay)
    }
  }

  /// The schedule the run made, as the string to copy.
  package static func text(_ scenario: Scenario, _ options: RunOptions) -> String? {
    guard let chooser = options.chooser else { return nil }
    return Schedule(
      scenario: Schedule.identity(of: scenario, threads: options.threads),
      decisions: chooser.decisions
    ).text
  }

  /// A JSON run document with a `schedule` field first.
  package static func addingField(_ schedule: String, to document: String) -> String {
    guard let newline = document.firstIndex(of: "\n") else { return document }
    let next = document.index(after: newline)
    return String(document[..<next]) + "  \"schedule\": \(TraceJSON.quote(schedule)),\n"
      + String(document[next...])
  }
}
