import LabCommandLine
import LabModel

extension LessonSession {
  /// A lesson's `lab compare` line: the two runs side by side, fitted to the terminal. Its
  /// excerpt, if the lesson quotes one, is checked against the comparison at the width of a
  /// lesson's lines, `LessonRun.excerptWidth`, whatever the terminal: the file holds one text.
  mutating func showComparison(_ run: LessonRun, index: Int) {
    // Two runs' options make a long command: on a terminal it goes on under itself as a shell
    // continues a line (` \`), so it still pastes whole.
    let command =
      surroundings.width.map { width in
        let lines = WordWrap.lines(
          run.pasteable, width: max(20, width - 3), first: "$ ", hanging: "    ")
        return lines.dropLast().map { $0 + " \\" } + [lines.last ?? ""]
      } ?? ["$ " + run.pasteable]
    printer.out(command.map { printer.paint($0, .cyan) + "\n" }.joined())
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
