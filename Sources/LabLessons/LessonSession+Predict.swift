import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabRuntime

extension LessonSession {
  /// What the native runs of a prediction's scenario gave.
  package struct NativeRuns: Sendable {
    package var records: [RunRecord]
    /// Real seconds the runs took, the build not counted.
    package var seconds: Double
    /// How the program was built: `Swift 6`, `Swift 5 + ThreadSanitizer`.
    package var build: String

    package init(records: [RunRecord], seconds: Double, build: String) {
      self.records = records
      self.seconds = seconds
      self.build = build
    }
  }

  /// Native runs of a prediction: at most this many, or `Prediction.runs`…
  static let predictionRuns = 200
  /// …within about this many seconds, so the reveal comes after a few seconds.
  static let predictionSeconds = 4.0

  /// A ```` ```predict ```` block: the question and its numbered choices, the learner's answer
  /// on a terminal (none elsewhere: the lesson never waits), then the reveal.
  mutating func predict(_ prediction: Prediction) {
    printer.markdown("**Predict ·** " + terminalSafe(prediction.question))
    let scenario: Scenario
    switch surroundings.load(prediction.scenario) {
    case .success(let loaded): scenario = loaded
    case .failure(let problem):
      return fail(
        at: prediction.line,
        problem.message
          ?? "scenario '\(prediction.scenario)' does not validate; fix what is named above")
    }
    if case .value(let name) = prediction.subject,
      !scenario.state.contains(where: { $0.name == name })
    {
      let names = scenario.state.map(\.name)
      return fail(
        at: prediction.line,
        "'of: \(name)' is not a shared variable of \(scenario.name)"
          + (names.isEmpty
            ? "; it has none: predict 'of: first'"
            : "\(didYouMean(name, in: names)); its variables are \(names.joined(separator: ", "))"))
    }
    let choices = prediction.choices ?? Self.tasksEnded(scenario, seconds: secondsLeft)
    // The tasks that end stand in for 'choices:', under the same bound: an app of 3,000 taps
    // offered 3,000 on one line, and its native build took swiftc past its memory limit.
    if prediction.choices == nil, choices.count > Prediction.maxChoices {
      return fail(
        at: prediction.line,
        "'of: first' without 'choices:' offers the tasks that end, and \(choices.count) end in "
          + "\(scenario.name), more than the \(Prediction.maxChoices) a prediction offers; list "
          + "the ones to ask about: 'choices: a, b'")
    }
    let list = choices.enumerated().map { "\($0.offset + 1)) \(terminalSafe($0.element))" }
    let spaced = "  " + list.joined(separator: "   ")
    // Spaced apart when they fit one line; wrapped (which closes up spaces) with dots between.
    if spaced.count < (surroundings.width ?? .max) {
      printer.out(spaced + "\n")
    } else {
      printer.say(list.joined(separator: " · "), indent: "  ")
    }
    let picked = answer(choices.count)
    var budget = ProvenOutcomes.lessonBudget
    if let left = secondsLeft { budget.maxSeconds = min(budget.maxSeconds ?? left, left) }
    let proven = ProvenOutcomes.search(
      scenario, budget: budget, observingFirst: prediction.subject == .first)
    let runs = surroundings.runNatively?(
      scenario, prediction.runs ?? Self.predictionRuns, Self.predictionSeconds)
    reveal(
      PredictionReveal(
        prediction: prediction, scenario: scenario, choices: choices, picked: picked,
        proven: proven, native: try? runs?.get()),
      runs: runs, line: prediction.line)
  }

  /// The learner's choices, by index; nil when no answer was given (not a terminal, or Return).
  mutating func answer(_ count: Int) -> Set<Int>? {
    guard let ask = surroundings.ask else {
      printer.say("(no answer given: not reading from a terminal, so here is the reveal)", .dim)
      return nil
    }
    var prompt = "Which are possible? Their numbers (e.g. 1 3), or Return to skip: "
    for _ in 0..<3 {
      guard let line = ask(prompt) else {
        // The input ended at the prompt: the reveal starts on a line of its own.
        printer.out("\n")
        break
      }
      let words = line.split { $0 == "," || $0.isWhitespace }
      if words.isEmpty { break }
      let numbers = words.compactMap { Int($0) }
      if numbers.count == words.count, numbers.allSatisfy({ (1...count).contains($0) }) {
        return Set(numbers.map { $0 - 1 })
      }
      prompt = "Numbers from 1 to \(count), separated by spaces or commas: "
    }
    printer.say("(no answer given: here is the reveal)", .dim)
    return nil
  }

  /// The tasks a run of `scenario` ends, but for `root`, in the order they end: the choices of a
  /// prediction `of: first` that lists none.
  /// The run keeps within `seconds`, what is left of the lesson's time.
  package static func tasksEnded(_ scenario: Scenario, seconds: Double? = nil) -> [String] {
    var tasks: [String] = []
    var options = RunOptions()
    if let seconds {
      options.limits.runtime.wallClockSeconds = max(
        0.1, min(options.limits.runtime.wallClockSeconds, seconds))
    }
    for event in ScenarioRunner.run(scenario, options: options).events
    where event.kind == .end && event.task != "root" && !tasks.contains(event.task) {
      tasks.append(event.task)
    }
    return tasks
  }

  /// The proven set, the native histogram, the fidelity alarm and the verdict on each choice.
  mutating func reveal(
    _ reveal: PredictionReveal, runs: Result<NativeRuns, LoadProblem>?, line: Int
  ) {
    // What the reveal says quotes the course (its choices, the values its scenario sets).
    for line in reveal.provenLines { printer.say(terminalSafe(line)) }
    switch runs {
    case nil:
      printer.say(
        "Native runs: no Swift toolchain found (swiftc), so the proven set is all there is to "
          + "show; install Swift to see how often real runs end each way.", .dim)
    case .failure(let problem)?:
      printer.say(
        "Native runs: \(terminalSafe(problem.message ?? "the program could not run")).", .dim)
      if problem.lessonTimeRanOut { timeRanOut() }
    case .success(let native)?:
      let count = native.records.count
      printer.say(
        "Native: \(count) run\(count == 1 ? "" : "s") of its Swift program (\(native.build)), "
          + "\(String(format: "%.1f", native.seconds)) s:")
      for row in reveal.histogram(width: surroundings.width) {
        printer.out("  \(terminalSafe(row))\n")
      }
      for alarm in reveal.proven.alarms(native.records) {
        fail(at: line, "FIDELITY ALARM — \(alarm)")
      }
    }
    for (index, (line, style)) in reveal.verdictLines.enumerated() {
      printer.say(terminalSafe(line), style, indent: index == 0 ? "" : "  ")
    }
    printer.out("\n")
  }
}
