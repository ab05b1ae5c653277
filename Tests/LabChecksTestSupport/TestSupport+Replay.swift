import LabChecks
import LabInterpreter
import LabModel
import LabTestSupport
import Testing

extension TestSupport {
  /// The run `schedule` makes of `scenario`, as `lab run NAME --schedule S` replays it; nil, with
  /// an issue recorded, when the schedule does not parse.
  public static func replay(
    _ schedule: String, of scenario: Scenario,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> RunRecord? {
    let identity = Schedule.identity(of: scenario, threads: nil)
    guard case .success(let parsed) = Schedule.parse(schedule, scenario: identity) else {
      Issue.record("the schedule \(schedule) does not parse", sourceLocation: sourceLocation)
      return nil
    }
    var options = RunOptions()
    options.chooser = parsed.replay().0
    return ScenarioRunner.run(scenario, options: options)
  }
}
