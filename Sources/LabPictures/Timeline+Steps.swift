import LabChecks
import LabInterpreter

extension Timeline {
  /// What a column of the picture stands for.
  enum Axis {
    /// Scenario milliseconds.
    case time
    /// Events of the trace, one after another, when all happened in one millisecond.
    case steps
  }

  /// The run drawn with a step axis, when every event happened at one millisecond (a race,
  /// yields): a time axis would show one column, so each event of the trace gets a column of
  /// its own, in order, and the interleaving is what the picture shows. Nil otherwise.
  static func stepPicture(_ result: RunResult, _ picture: RunPicture) -> RunPicture? {
    guard picture.isInstantaneous, result.events.count > 1 else { return nil }
    let steps = result.events.enumerated().map { index, event in
      var event = event
      event.time = Double(index)
      return event
    }
    return RunPicture(
      events: steps, busySpans: [], duration: Double(steps.count), threads: result.threads)
  }
}
