import LabCommandLine
import LabModel

extension LessonSession {
  /// A lesson's `lab compare` line: the two runs side by side, fitted to the terminal. Its
  /// excerpt, if the lesson quotes one, is checked against the comparison at the width of a
  /// lesson's lines, `LessonRun.excerptWidth`, whatever the terminal: the file holds one text.
  mutating func showComparison(_ run: LessonRun, index: Int) {
    printer.command(run.pasteable)
    let plain = run.comparison(
      width: LessonRun.excerptWidth, full: false, load: surroundings.load)
    switch plain {
    case .failure(let problem)?:
      fail("\(lesson.file):\(run.line): \(problem.message ?? "a scenario does not validate")")
      return
    case .success(let report)?:
      reports[index] = report
    case nil:
      fail("\(lesson.file):\(run.line): '\(run.command)' is not a comparison")
      return
    }
    let shown =
      surroundings.width == LessonRun.excerptWidth && !full
      ? plain
      : run.comparison(width: surroundings.width, full: full, load: surroundings.load)
    if case .success(let report)? = shown {
      printer.out(surroundings.style.comparison(report))
    }
    printer.out("\n")
  }
}
