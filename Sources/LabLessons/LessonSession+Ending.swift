import LabCommandLine
import LabModel

/// How a lesson ends: what its blocks did, and which lesson comes next.
extension LessonSession {
  /// What the lesson's blocks did, all as it says: its runs, or every kind of block it showed.
  var doneAsSaid: String {
    let counts = [(runCount, "run"), (predictionCount, "prediction"), (verdictCount, "verdict")]
    if predictionCount + verdictCount > 0 {
      let parts = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
      let list =
        parts.count == 1
        ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
      return "\(list) went as the lesson says"
    }
    return switch runCount {
    case 0: "nothing ran yet"
    case 1: "its run did what the lesson says"
    case 2: "both runs did what the lesson says"
    default: "all \(runCount) runs did what the lesson says"
    }
  }

  /// The last lines: did every run do what the lesson says, and which lesson comes next.
  package func finish(next: LessonCatalog.Entry?) {
    let what = "lesson \(lesson.number) (\(lesson.name))"
    if let stoppedAfter {
      printer.out("stopped after section \(stoppedAfter) of \(lesson.sections.count)\n")
    }
    if failures.isEmpty {
      printer.say("✓ \(what): \(doneAsSaid)", .green)
    } else {
      let things = failures.count == 1 ? "1 thing" : "\(failures.count) things"
      printer.say("✗ \(what): \(things) did not go as the lesson says:", .red)
      for failure in failures { printer.say(failure, indent: "  ") }
    }
    if let next {
      printer.out("next: \(LabCommand.name) lesson \(next.number)   (\(next.name))\n")
    }
  }
}
