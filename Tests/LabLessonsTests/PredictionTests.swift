import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel
import LabPictures
import LabTestSupport
import Testing

/// A lesson's ```predict blocks: how they are written and refused, and what `lab lesson` reveals
/// after one — the proven outcomes, the native histogram, the verdict on each choice, and the
/// fidelity alarm when a native run ends outside the proven set.
@Suite struct PredictionTests {
  static let frontMatter = """
    ---
    name: sample
    title: A sample
    concepts: [one]
    scenarios: [racy-counter]
    ---
    """

  static let block = """
    ## Predict

    ```predict
    scenario: racy-counter
    question: Which values can `counter` end with?
    of: counter
    choices: 1, 2, 3, 4, 5, 6, 7
    ```
    """

  static func problems(_ block: String) -> [String] {
    LessonTests.problems(block + LessonTests.questions, frontMatter: frontMatter)
  }

  static func prediction(_ block: String = block) throws -> Prediction {
    let lesson = try LessonTests.parse(block + LessonTests.questions, frontMatter: frontMatter)
      .get()
    return try #require(lesson.sections.flatMap(\.blocks).compactMap(\.prediction).first)
  }

  // MARK: - Parsing

  @Test func aPredictBlockIsParsedAndCountsAsTheScenariosUse() throws {
    // The front matter lists racy-counter and nothing runs it: the prediction uses it.
    let prediction = try Self.prediction()
    #expect(prediction.scenario == "racy-counter")
    #expect(prediction.question == "Which values can `counter` end with?")
    #expect(prediction.subject == .value("counter"))
    #expect(prediction.choices == ["1", "2", "3", "4", "5", "6", "7"])
    #expect(prediction.runs == nil)
    #expect(prediction.line == 9)
  }

  @Test func aPredictionOfFirstMayLeaveItsChoicesToTheTasks() throws {
    let prediction = try Self.prediction(
      "```predict\nscenario: racy-counter\nquestion: Who ends first?\nof: first\nruns: 20\n```\n")
    #expect(prediction.subject == .first)
    #expect(prediction.choices == nil)
    #expect(prediction.runs == 20)
  }

  @Test func badBlocksAreReportedAtTheirLinesWithWhatToDo() {
    func problems(_ lines: String, flags: String = "") -> [String] {
      Self.problems("```predict\(flags)\n\(lines)\n```\n")
    }
    let misspelt = problems("scenario: racy-counter\nquestion: Q?\nof: counter\nchoice: 1, 2")
    #expect(
      misspelt.contains(
        "11: unknown key 'choice' in a ```predict block; did you mean 'choices'?; it takes "
          + "scenario, question, of, choices, runs"))
    #expect(
      misspelt.contains(
        "7: a ```predict block about a variable lists its answers: 'choices: 1, 2, 3' (only "
          + "'of: first' may leave them to the tasks a run ends)"))
    #expect(
      problems("question: Q?\nof: counter\nchoices: 1, 2").contains(
        "7: a ```predict block needs 'scenario: NAME'"))
    #expect(
      problems("scenario: racy-counter\nof: first").contains(
        "7: a ```predict block needs 'question: what the learner predicts?'"))
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: counter\nchoices: 1, 1").contains(
        "11: the choice '1' is listed twice; list each answer once"))
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: counter\nchoices: 1").contains(
        "11: 'choices:' lists at least two answers, separated by commas: 'choices: 1, 2, 3'"))
    // Each choice is shown on the learner's line: 30,000 of them made a line of 427 KB.
    let many = (1...21).map(String.init).joined(separator: ", ")
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: counter\nchoices: \(many)").contains(
        "11: 'choices:' lists 21 answers, and a prediction offers at most 20; ask about fewer"))
    // Counted in scalars: a letter with thousands of combining marks is one character.
    let marks = "1" + String(repeating: "\u{301}", count: 100)
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: counter\nchoices: \(marks), 2").contains {
        $0.contains("is 101 characters long, and a choice is at most 80")
      })
    let long = String(repeating: "x", count: 81)
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: counter\nchoices: 1, \(long)").contains {
        $0.contains("is 81 characters long, and a choice is at most 80; shorten it")
      })
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: first\nruns: 0").contains(
        "11: 'runs: 0' is not a number of runs from 1 to 1000"))
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: first", flags: " now").contains(
        "7: a ```predict block takes no words after 'predict', not 'now'"))
    #expect(
      problems("scenario: racy-counter\nquestion Q?\nof: first").contains(
        "9: a ```predict block's lines are 'key: value', not 'question Q?'"))
    #expect(
      problems("scenario: racy-counter\nquestion: Q?\nof: first\nof: counter").contains(
        "11: 'of' is given twice; keep one"))
    #expect(
      problems("scenario: ../x\nquestion: Q?\nof: first").contains(
        "8: '../x' is not a scenario name (letters, digits, '-', '_')"))
  }

  @Test func aPredictedScenarioMustBeListed() {
    #expect(
      Self.problems("```predict\nscenario: sync-download\nquestion: Q?\nof: first\n```\n")
        .contains(
          "7: 'sync-download' is predicted here, and the front matter's scenarios: list does not "
            + "name it; add it there"))
  }

  // MARK: - The reveal

  /// What a session prints for the block, and what it counted as failures.
  /// The question is the lesson's Markdown: its code in colour on a terminal, no backticks.
  @Test func theQuestionsCodeIsMarkedAsTheProseIs() throws {
    let played = try Self.play(color: true)
    #expect(
      played.output.contains(
        "\u{1B}[1mPredict ·\u{1B}[0m Which values can \u{1B}[36mcounter\u{1B}[0m end with?"),
      "\(played.output)")
    #expect(try Self.play().output.contains("Predict · Which values can `counter` end with?"))
  }

  /// Input that ends at the prompt leaves the prompt's line, and the reveal starts on its own.
  @Test func inputThatEndsAtThePromptEndsItsLine() throws {
    let played = try Self.play(inputEnds: true)
    #expect(
      played.output.contains(
        "Which are possible? Their numbers (e.g. 1 3), or Return to skip: \n(no answer given"),
      "\(played.output)")
  }

  static func play(
    _ block: String = block, answer: String? = nil, inputEnds: Bool = false, color: Bool = false,
    native: Result<LessonSession.NativeRuns, LessonSession.LoadProblem>? = nil,
    budget: Duration? = nil, scenario: Scenario? = nil
  ) throws -> (output: String, failures: [String]) {
    let lesson = try LessonTests.parse(block + LessonTests.questions, frontMatter: frontMatter)
      .get()
    final class Printed: @unchecked Sendable { var text = "" }
    let printed = Printed()
    let surroundings = LessonSession.Surroundings(
      write: { printed.text += $0 }, style: TextStyle(color: color),
      load: { name in
        (scenario ?? (try? TestSupport.scenario(named: name))).map { .success($0) }
          ?? .failure(.init(nil))
      },
      timeline: { _, _ in Timeline.Options() }, pause: nil,
      // A terminal's prompt is printed by the one who asks; at the end of input, nil.
      ask: inputEnds
        ? { prompt in
          printed.text += prompt
          return nil
        } : answer.map { answer in { _ in answer } },
      runNatively: native.map { native in { _, _, _ in native } }, budget: budget)
    var session = LessonSession(lesson: lesson, surroundings: surroundings, ascii: true)
    session.play()
    return (printed.text, session.failures)
  }

  /// `count` native runs of racy-counter, each ending with `counter` as given.
  static func native(_ counters: [Int64]) throws -> LessonSession.NativeRuns {
    let scenario = try TestSupport.scenario(named: "racy-counter")
    let records = counters.map { counter in
      var record = ScenarioRunner.run(scenario, options: RunOptions())
      record.values = [("counter", .int(counter))]
      return record
    }
    return LessonSession.NativeRuns(records: records, seconds: 1.5, build: "Swift 5")
  }

  /// A native run that did not finish ended with no outcome: it is counted, and not called an
  /// outcome outside the proven set (the warning once made its row 71 columns wide).
  @Test func aRunThatDidNotFinishIsNoOutcomeOutsideTheProvenSet() throws {
    var native = try Self.native([6, 6, 9])
    native.records[0].problem = "killed after 30 s"
    let (output, failures) = try Self.play(native: .success(native))
    let rows = output.split(separator: "\n").filter { $0.hasPrefix("  counter = ") }
    let unfinished = rows.first { $0.contains("did not finish") }
    #expect(unfinished != nil && unfinished?.contains("⚠") == false, "\(rows)")
    #expect(rows.contains { $0.contains("counter = 9") && $0.contains("⚠ outside the proven set") })
    #expect(failures.count == 1 && failures[0].contains("FIDELITY ALARM"), "\(failures)")
  }

  @Test func withoutAnAnswerTheRevealShowsTheProvenSetAndWhatIsPossible() throws {
    let (output, failures) = try Self.play(native: .success(Self.native([6, 6, 6, 5])))
    #expect(failures.isEmpty)
    #expect(
      output.contains("(no answer given: not reading from a terminal, so here is the reveal)"))
    #expect(
      output.contains(
        "Proven, over all 328 schedules (lab explore racy-counter --exhaustive): counter ends as "
          + "2, 3, 4, 5 or 6."))
    #expect(output.contains("Native: 4 runs of its Swift program (Swift 5), 1.5 s:"))
    #expect(output.contains("counter = 6  ██████████████████       3  acceptable"))
    #expect(output.contains("counter = 5  ██████                   1  interesting"))
    #expect(output.contains("counter = 2                           0  interesting"))
    #expect(output.contains("No answer was given. Which choices are possible:"))
    #expect(output.contains("· 1) 1: impossible"))
    #expect(output.contains("• 2) 2: possible"))
    #expect(output.contains("· 7) 7: impossible"))
  }

  @Test func anAnswerIsMarkedRightOrWrongChoiceByChoice() throws {
    let (output, failures) = try Self.play(answer: "2, 6 7", native: .success(Self.native([6])))
    #expect(failures.isEmpty)
    #expect(output.contains("Your prediction: 3 of 7 right."))
    #expect(output.contains("✓ 1) 1: impossible, you left it out: right"))
    #expect(output.contains("✓ 2) 2: possible, you said possible: right"))
    #expect(output.contains("✗ 3) 3: possible, you left it out: wrong"))
    #expect(output.contains("✗ 7) 7: impossible, you said possible: wrong"))
  }

  @Test func withoutAToolchainTheProvenSetIsAllThereIs() throws {
    let (output, failures) = try Self.play()
    #expect(failures.isEmpty)
    #expect(output.contains("counter ends as 2, 3, 4, 5 or 6."))
    #expect(output.contains("Native runs: no Swift toolchain found (swiftc)"))
  }

  /// Native runs the lesson's time left no room for fail the lesson for its time, as running out
  /// between blocks does: they once left it passing, its reveal without runs.
  @Test func nativeRunsTheLessonsTimeRefusedFailTheLesson() throws {
    let refused = LessonSession.LoadProblem(
      "the lesson's time ran out before the program was run; raise its --max-seconds",
      lessonTimeRanOut: true)
    let (output, failures) = try Self.play(native: .failure(refused), budget: .seconds(60))
    #expect(output.contains("Native runs: the lesson's time ran out before the program was run"))
    #expect(
      failures.count == 1 && failures[0].contains("the lesson used its 60 s and stops here"),
      "\(failures)")
    // A program that could not run for its own reasons is said, and fails nothing.
    let own = try Self.play(native: .failure(.init("the build failed")), budget: .seconds(60))
    #expect(own.failures.isEmpty, "\(own.failures)")
  }

  @Test func aNativeOutcomeOutsideTheProvenSetIsAFidelityAlarm() throws {
    let (output, failures) = try Self.play(native: .success(Self.native([6, 7])))
    #expect(
      output.contains(
        "counter = 7  ████████████             1  forbidden  ⚠ outside the proven set"))
    #expect(failures.count == 1)
    #expect(
      failures.first?.hasPrefix(
        "Lessons/01-sample.md:9:1: error: FIDELITY ALARM — fidelity alarm: 1 of 2 native runs ended with "
          + "{counter = 7}, which no schedule of the model ends with") == true,
      "\(failures)")
    #expect(output.contains("✗ Lessons/01-sample.md:9:1: error: FIDELITY ALARM"))
  }

  @Test func aVariableTheScenarioDoesNotHaveFailsTheLessonAtTheBlock() throws {
    let (_, failures) = try Self.play(
      "```predict\nscenario: racy-counter\nquestion: Q?\nof: countr\nchoices: 1, 2\n```\n")
    #expect(
      failures == [
        "Lessons/01-sample.md:7:1: error: 'of: countr' is not a shared variable of racy-counter; did you "
          + "mean 'counter'?; its variables are counter"
      ])
  }

  /// The tasks that end stand in for 'choices:' under its bound: an app of 3,000 taps offered
  /// 3,000 choices on one line, and its native build took swiftc past 4 GB.
  @Test func aPredictionOfFirstWithMoreTasksThanChoicesFailsAtTheBlock() throws {
    let tasks = (1...21).map { #"{"task": "t\#($0)", "steps": []}"# }
    let scenario = try TestSupport.scenario(
      json: #"{"format": 1, "name": "racy-counter", "steps": [\#(tasks.joined(separator: ", "))]}"#)
    let block = "```predict\nscenario: racy-counter\nquestion: Which first?\nof: first\n```\n"
    let (output, failures) = try Self.play(block, scenario: scenario)
    #expect(
      failures.first?.hasSuffix(
        "'of: first' without 'choices:' offers the tasks that end, and 21 end in racy-counter, "
          + "more than the 20 a prediction offers; list the ones to ask about: 'choices: a, b'")
        == true, "\(failures)")
    #expect(!output.contains("21) t21"))
  }

  @Test func aPredictionOfFirstOffersTheTasksAndProvesEitherCanEndFirst() throws {
    let block =
      "```predict\nscenario: racy-counter\nquestion: Which adder ends first?\nof: first\n```\n"
    let (output, failures) = try Self.play(block, answer: "1")
    #expect(failures.isEmpty)
    #expect(output.contains("1) adders[1]   2) adders[2]"))
    #expect(output.contains("adders[1] or adders[2] finishes first."))
    #expect(output.contains("✗ 2) adders[2]: possible, you left it out: wrong"))
  }
}
