import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabRuntime

/// A lesson's `lab compare …` line: two runs side by side, as `lab compare` shows them.
extension LessonRun {
  /// The options each run of a lesson's `lab compare` line may take: those of a lesson's `lab
  /// run` that choose the run, and `--full`. Not `--native`: a lesson plays where there is no
  /// toolchain.
  static let compareAllowed: [Option] = [
    .live, .seed, .threads, .policy, .tolerance, .schedule, .full, .vs,
  ]

  /// The width a ```` ```trace ```` excerpt of a comparison quotes it at: a lesson file's lines.
  package static let excerptWidth = 100

  /// Parses the words after `lab compare` as `lab compare` does.
  static func parseCompare(_ words: [String], _ command: String, _ line: Int)
    throws(LessonProblem) -> LessonRun
  {
    func problem(_ message: String) -> LessonProblem { LessonProblem(line: line, message: message) }
    let names = compareAllowed.map(\.rawValue)
    for word in words where word.hasPrefix("--") && word != "--" {
      let name = String(word.dropFirst(2).prefix { $0 != "=" })
      guard names.contains(name) else {
        throw problem(
          "a lesson's 'lab compare' takes \(names.map { "--\($0)" }.joined(separator: ", ")), "
            + "not '--\(name)'")
      }
    }
    let sides: CompareArguments
    do {
      sides = try CompareArguments.parse(
        words, options: CompareArguments.options.filter { compareAllowed.contains($0.option) })
    } catch {
      throw problem("'lab compare': " + error.message)
    }
    for side in [sides.a, sides.b] {
      guard isSimpleName(side.scenario) else {
        throw problem("name the scenario, not a path: '\(side.scenario)'")
      }
      if let schedule = side.schedule,
        case .failure(let why) = Schedule.parse(schedule, scenario: nil)
      {
        throw problem(why.message(hints: LabCommand.hint))
      }
    }
    var run = LessonRun(scenario: sides.a.scenario, command: command, line: line)
    run.compare = words
    if sides.b.scenario != sides.a.scenario { run.comparedScenario = sides.b.scenario }
    run.live = sides.a.options.mode == .live || sides.b.options.mode == .live
    return run
  }

  /// The comparison a `lab compare` line shows, fitted to `width` (nil: never cut), or why it
  /// could not be made: a message, nil when a scenario does not validate (its diagnostics said
  /// so). `load` finds a scenario by name.
  package func comparison(
    width: Int?, full: Bool, load: (String) -> Result<Scenario, LessonSession.LoadProblem>
  ) -> Result<String, LessonSession.LoadProblem>? {
    compared(load: load).map { $0.map { $0.report(width: width, full: full) } }
  }

  /// The two runs of a `lab compare` line, made once and shown at any width.
  package struct Compared {
    let comparison: RunComparison
    let sides: CompareArguments

    /// The comparison fitted to `width` (nil: never cut), folded unless `full`, of at most
    /// `rows` rows when given.
    package func report(
      width: Int?, full: Bool, rows: (count: Int, more: (Int) -> String)? = nil
    ) -> String {
      comparison.report(
        labels: (sides.a.label, sides.b.label), width: width, fold: !(full || sides.full),
        rows: rows)
    }
  }

  /// Makes both runs of the line, each within what is left before `deadline` (a lesson's time
  /// bound: a live side got the whole 60 s of its timeout), or says why it could not.
  package func compared(
    load: (String) -> Result<Scenario, LessonSession.LoadProblem>,
    deadline: ContinuousClock.Instant? = nil
  ) -> Result<Compared, LessonSession.LoadProblem>? {
    guard let words = compare, let sides = try? CompareArguments.parse(words) else { return nil }
    var results: [RunResult] = []
    for var side in [sides.a, sides.b] {
      let scenario: Scenario
      switch load(side.scenario) {
      case .success(let loaded): scenario = loaded
      case .failure(let problem): return .failure(problem)
      }
      if let deadline {
        // The first side gets at least a second to say what stopped it; a side that finds the
        // time spent is not run.
        let left = (deadline - ContinuousClock.now) / .seconds(1)
        guard results.isEmpty || left > 0 else {
          return .failure(
            .init("the lesson's time ran out before the run after --vs; raise its --max-seconds"))
        }
        side.options.limits.runtime.wallClockSeconds = min(
          side.options.limits.runtime.wallClockSeconds, max(1, left))
      }
      switch CompareArguments.run(side, scenario) {
      case .success(let result): results.append(result)
      case .failure(let problem):
        return .failure(.init(problem.message(hints: LabCommand.hint)))
      }
    }
    return .success(
      Compared(
        comparison: CompareArguments.compare(results[0], results[1], sides, deadline: deadline),
        sides: sides))
  }
}
