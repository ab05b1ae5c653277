import LabCommandLine
import LabModel

extension LessonSession {
  /// A lesson's `lab compare` line: the two runs side by side, fitted to the terminal. Its
  /// excerpt, if the lesson quotes one, is checked against the comparison at the width of a
  /// lesson's lines, `LessonRun.excerptWidth`, whatever the terminal: the file holds one text.
  mutating func showComparison(_ run: LessonRun, index: Int) {
    printer.command(run.pasteable)
    // Both runs are made once, within what is left of the lesson's time, and shown twice: at a
    // lesson's width for its excerpt, and at the terminal's.
    let compared: LessonRun.Compared
    switch run.compared(load: surroundings.load, deadline: deadline) {
    case .failure(let problem)?:
      fail(
        at: run.line, problem.message ?? "a scenario does not validate; fix what is named above")
      return
    case .success(let made)?:
      compared = made
    case nil:
      fail(at: run.line, "'\(run.command)' is not a comparison")
      return
    }
    // At most as many rows as a lesson shows of anything are made: a comparison of two runs
    // of a million events each took a minute to make whole, past the lesson's time, and was
    // then cut to its first lines.
    let whole = terminalSafe(run.pasteable)
    let rows: (count: Int, more: (Int) -> String) = (
      Self.maxShownLines / 2, { "… \($0) more rows · all of them: \(whole)" }
    )
    reports[index] = compared.report(width: LessonRun.excerptWidth, full: false, rows: rows)
    printer.out(
      surroundings.style.comparison(
        Self.cut(
          compared.report(width: surroundings.width, full: full, rows: rows),
          whole: run.pasteable)))
    printer.out("\n")
  }
}
