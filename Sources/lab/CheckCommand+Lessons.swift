import Foundation
import LabChecks
import LabCommandLine
import LabLessons
import LabModel
import LabNative
import LabSwift
import Synchronization

extension CheckCommand {
  /// Reads every lesson of the course — each must parse, and each of its citations must name a
  /// fact the course has — and with `runFacts` holds the facts they cite to their claims. Prints
  /// a line per lesson (on stderr for failures only, when `toStderr`); returns each lesson's
  /// verdict (and each unreadable name's), for the JSON and JUnit reports.
  static func checkLessons(runFacts: Bool, toStderr: Bool, _ context: CommandContext)
    throws(UsageError) -> [CheckReport.LessonCheck]
  {
    let console = context.console
    let course = try context.course()
    let catalog = LessonCatalog(root: course.root)
    let entries = catalog.entries()
    // A lesson, fact or doc whose name is not UTF-8 is read by nothing: each fails the check.
    let unreadable = UnreadableNames.problems(inCourse: course.root)
    var checks: [CheckReport.LessonCheck] = []
    for problem in unreadable {
      let line = console.paint("FAIL", .red, forErr: toStderr) + "  " + problem + "\n"
      if toStderr { console.err(line) } else { console.out(line) }
      checks.append(.init(name: "unreadable name", file: "", problem: problem, summary: ""))
    }
    guard !entries.isEmpty else { return checks }
    var lessons: [(LessonCatalog.Entry, Result<Lesson, LessonFileError>)] = []
    for entry in entries {
      do throws(LessonFileError) {
        lessons.append((entry, .success(try catalog.load(entry))))
      } catch {
        lessons.append((entry, .failure(error)))
      }
    }
    var failedFacts: [String: String] = [:]
    if runFacts {
      var cited: [String: Fact] = [:]
      for case (_, .success(let lesson)) in lessons {
        cited.merge(lesson.facts) { first, _ in first }
      }
      guard let results = try runCitedFacts(cited.values.sorted { $0.name < $1.name }, context)
      else {
        return checks + [
          .init(
            name: "facts", file: "", problem: "the cited facts could not be checked",
            summary: "")
        ]
      }
      for result in results {
        if case .failed(let why) = result.outcome { failedFacts[result.fact.name] = why }
      }
    }
    let shared = catalog.sameNameProblems()
    var failed = unreadable.count
    let width = entries.map { "lesson \($0.number) \($0.name)".count }.max() ?? 0
    for (entry, read) in lessons {
      let label = "lesson \(entry.number) \(entry.name)".padding(
        toLength: width, withPad: " ", startingAt: 0)
      let (problem, summary) = verdict(
        of: read, sharesItsName: shared[entry.url],
        file: catalog.displayPath(entry.url), failedFacts: failedFacts, course)
      checks.append(
        .init(
          name: "lesson \(entry.number) \(entry.name)", file: catalog.displayPath(entry.url),
          problem: problem.map(terminalSafe), summary: summary))
      if let problem {
        failed += 1
        let line =
          console.paint("FAIL", .red, forErr: toStderr) + "  \(label)  " + terminalSafe(problem)
          + "\n"
        if toStderr { console.err(line) } else { console.out(line) }
      } else if !toStderr {
        console.out(console.paint("PASS", .green) + "  \(label)  \(summary)\n")
      }
    }
    let passed = lessons.count - (failed - unreadable.count)
    let totals = "lessons: \(passed) passed, \(failed) failed\n"
    if toStderr { console.err(totals) } else { console.out(totals) }
    return checks
  }

  /// One lesson's problem, nil when it passed, and what was checked: it parses, shares its name
  /// with no other, runs scenarios the course has and cites facts that hold.
  static func verdict(
    of read: Result<Lesson, LessonFileError>, sharesItsName: String?, file: String,
    failedFacts: [String: String], _ course: LabLessons.Course
  ) -> (problem: String?, summary: String) {
    if let sharesItsName { return ("\(file): " + sharesItsName, "") }
    switch read {
    case .failure(let error):
      let first = error.description.split(separator: "\n").first.map(String.init) ?? ""
      return (first + (error.problems.count > 1 ? " (+\(error.problems.count - 1) more)" : ""), "")
    case .success(let lesson):
      let names = Set(lesson.citations.map(\.name))
      let summary =
        names.isEmpty
        ? "cites no fact" : "cites \(names.count) fact\(names.count == 1 ? "" : "s")"
      if let missing = course.scenarioProblems(of: lesson).first { return (missing, summary) }
      guard let bad = lesson.citations.first(where: { failedFacts[$0.name] != nil }) else {
        return (nil, summary)
      }
      let why = failedFacts[bad.name]?.split(separator: "\n").first ?? ""
      return (
        "\(lesson.file):\(bad.line):\(bad.column): error: the fact '\(bad.name)' it cites does not "
          + "hold: \(why); see \(LabCommand.line("facts \(bad.name)"))", summary
      )
    }
  }

  /// The facts' results, as `lab facts` finds them; nil (with the reason printed) without a
  /// toolchain; a usage error when the folder to build them in is refused.
  /// They keep to `lab facts`' own bound, counted from here: a course's facts set no time of
  /// their own.
  static func runCitedFacts(_ facts: [Fact], _ context: CommandContext) throws(UsageError)
    -> [FactResult]?
  {
    guard var runner = try FactsCommand.runner(context) else { return nil }
    runner.budget = CommandBudget(seconds: FactRunner.defaultSeconds, hints: LabCommand.hint)
    return FactsCommand.check(facts, with: runner, context)
  }
}
