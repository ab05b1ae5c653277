import LabCommandLine
import LabModel

/// What stops a lesson or fails it: its time bound, and its problems, each said as a diagnostic.
extension LessonSession {
  /// What is left of the lesson's budget, in seconds (at least 1, so that work started just
  /// before the end still says what stopped it); nil without one. Every run, search and
  /// compile the lesson starts keeps within it.
  var secondsLeft: Double? {
    deadline.map { max(1, ($0 - ContinuousClock.now) / .seconds(1)) }
  }

  /// Whether the lesson's time is up, said once when it is: a lesson is someone's file, and what
  /// it runs and compiles has a bound as a whole, named when hit — between blocks and between
  /// the runs of one block (a block of 40 slow runs went on for 74 s past a 5 s bound).
  mutating func outOfBudget() -> Bool {
    guard let deadline, ContinuousClock.now >= deadline else { return false }
    timeRanOut()
    return true
  }

  /// Fails the lesson, once, for its time: at its end, or where a block's work found too little
  /// of it left to start (a prediction's native runs refused with half a second left had the
  /// lesson pass, its second reveal without runs).
  mutating func timeRanOut() {
    guard !outOfTime, let budget = surroundings.budget else { return }
    outOfTime = true
    let seconds = budget.components.seconds
    fail(
      at: reachedLine,
      "the lesson used its \(seconds) s and stops here, before the rest of "
        + "its runs and blocks; raise the bound with --max-seconds \(max(1, seconds * 2))")
  }

  /// The most lines a lesson prints of one run or comparison: a course's scenario may make
  /// hundreds of thousands of events, and a lesson compared two such runs in 47 MB of output.
  static let maxShownLines = 2_000

  /// `text` cut to `maxShownLines`, the rest counted in a line that names the command that
  /// prints it whole.
  static func cut(_ text: String, whole command: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard lines.count > Self.maxShownLines else { return text }
    let left = lines.count - Self.maxShownLines
    lines.removeLast(left)
    return lines.joined(separator: "\n") + "\n… \(left) more lines · all of them: "
      + terminalSafe(command) + "\n"
  }

  /// A problem of the lesson as a diagnostic: `FILE:LINE:1: error: what is wrong; what to do`
  /// (a problem of a whole line, at its first column), or `FILE: error: …` of the lesson as a
  /// whole.
  mutating func fail(at line: Int?, _ message: String) {
    fail("\(lesson.file)\(line.map { ":\($0):1" } ?? ""): error: \(message)")
  }
}
