import LabInterpreter
import LabModel
import LabRuntime

/// Something wrong in a lesson file, at a line, with what to do about it.
public struct LessonProblem: Error, Sendable, Equatable {
  /// The 1-based line in the lesson file; 0 when the problem is the whole file.
  public var line: Int
  /// The 1-based column, where the problem is one word of the line (a ```swift-verdict block's
  /// setting); nil for the whole line.
  public var column: Int?
  public var message: String

  public init(line: Int, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Every problem of one lesson file, so a teacher can fix them all at once.
public struct LessonFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var file: String
  public var problems: [LessonProblem]

  public init(file: String, problems: [LessonProblem]) {
    self.file = file
    self.problems = problems
  }

  /// One `file:line:column: error: message` line per problem, as compilers print them (a
  /// problem of a line with no column of its own is at column 1; one of the whole file has
  /// neither), up to the `DiagnosticList.shownLimit` a scenario's are shown to, then a line
  /// saying how many more: a 214 KB lesson of one repeated mistake gave 7,500 lines. Each line
  /// is terminal-safe wherever it is printed.
  public var description: String {
    var lines = problems.prefix(DiagnosticList.shownLimit).map { problem in
      let place = problem.line > 0 ? "\(problem.line):\(problem.column ?? 1):" : ""
      // A message quotes the lesson's text: escaped for the terminal, and cut to a line a
      // terminal can show (a fence of 240,000 backticks, quoted, was a 480 KB line).
      return cut(
        terminalSafe("\(file):\(place) error: \(problem.message)"),
        toWidth: DiagnosticList.longestLine)
    }
    if problems.count > DiagnosticList.shownLimit {
      lines.append(DiagnosticList.notShown(problems.count - DiagnosticList.shownLimit, file: file))
    }
    return lines.joined(separator: "\n")
  }
}
