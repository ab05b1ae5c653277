import LabInterpreter
import LabModel

extension StepLoop.Script {
  /// `lab step`: the scenario's outcomes are the goals; at the end, the outcome graded and the
  /// shortest way to it when the scenario is small enough to search whole.
  package static func step(_ scenario: Scenario, replay: StepReplay, hints: HintCommand) -> Self {
    let goals = StepText.goals(scenario)
    return Self(
      intro: StepText.intro(scenario), goals: { _ in goals }, help: StepText.help,
      ending: { ending, session in
        var text = StepText.ending(ending, replay: replay, hints: hints)
        if let shortest = session.shortest(to: ending.outcome) {
          text += StepText.shortest(
            yours: ending.preemptions, shortest: shortest, replay: replay, hints: hints)
        }
        return text
      },
      quit: { quit($0, replay: replay, hints: hints) },
      outOfTime: { StepText.outOfTime(seconds: $0, replay: replay, hints: hints) })
  }

  /// `lab challenge`: the challenge's goal and par instead of the outcome rules, the choices
  /// against the default counted as the learner makes them, and a missed goal can be undone.
  package static func challenge(
    _ scenario: Scenario, _ challenge: Challenge, par: Int?, replay: StepReplay, hints: HintCommand
  ) -> Self {
    Self(
      intro: ChallengeText.intro(scenario, challenge, par: par),
      goals: { ChallengeText.goal(challenge, par: par, departures: $0.departures) },
      help: ChallengeText.help(challenge),
      ending: { ending, session in
        ChallengeText.ending(
          ending, challenge, par: par, departures: session.departures, replay: replay,
          hints: hints)
      },
      playsOn: { !challenge.isReached(by: $0.outcome) },
      quit: { quit($0, replay: replay, hints: hints) },
      outOfTime: { StepText.outOfTime(seconds: $0, replay: replay, hints: hints) })
  }

  private static func quit(_ session: StepSession, replay: StepReplay, hints: HintCommand) -> String
  {
    StepText.quit(
      choices: session.chosen, schedule: session.schedule, replay: replay, hints: hints)
  }
}

/// What `lab challenge` prints: the goal and the par, the score, and how the run missed.
package enum ChallengeText {
  /// `par 2`, or why there is none to show.
  static func par(_ par: Int?) -> String {
    par.map { "par \($0)" } ?? "par unknown (lab check says why)"
  }

  /// The most of a challenge's goal or hint shown, in columns: a few lines, since the goal is
  /// shown again at every choice (a course's goal of 60,000 letters printed 60 KB a key).
  static let shownText = 400

  /// A goal or hint as shown: one line of at most `shownText` columns, escaped before it is cut
  /// (so an escape cannot push it past them), no word wider than a line.
  static func shown(_ text: String) -> String {
    shownLine(text, columns: shownText).split(separator: " ", omittingEmptySubsequences: false)
      .map { cut(String($0), toWidth: 70) }.joined(separator: " ")
  }

  package static func intro(_ scenario: Scenario, _ challenge: Challenge, par: Int?) -> String {
    var text = "challenge \(terminalSafe(scenario.name)): you are the scheduler.\n\n"
    text += StepText.wrap(
      "goal: " + shown(challenge.goal), indent: "", hanging: "      ")
    text += "\(self.par(par)): the fewest choices against the default order that reach it.\n\n"
    text += StepText.wrap(
      "When more than one task can run, you pick which goes next. Enter takes the default; "
        + "each other pick is a choice, and the fewer the better.", indent: "")
    return text + "\nType ? for help and a hint.\n"
  }

  /// The line repeated at each decision.
  package static func goal(_ challenge: Challenge, par: Int?, departures: Int) -> String {
    StepText.wrap(
      "goal: \(shown(challenge.goal)) (\(self.par(par)); your choices so far: "
        + "\(departures))",
      indent: "", hanging: "      ")
  }

  package static func help(_ challenge: Challenge) -> String {
    StepText.help
      + (challenge.hint.map {
        StepText.wrap("hint: " + shown($0), indent: "", hanging: "      ")
          + "\n"
      }
        ?? "this challenge has no hint.\n\n")
  }

  package static func ending(
    _ ending: StepSession.Ending, _ challenge: Challenge, par: Int?, departures: Int,
    replay: StepReplay, hints: HintCommand
  ) -> String {
    var text = "\n" + ending.lines.map { $0 + "\n" }.joined()
    if ending.outcome.ending == .deadlock, let problem = ending.result.record.problem {
      text += "\n" + problem + "\n"
    }
    text += "\n"
    if challenge.isReached(by: ending.outcome) {
      text += score(departures, par: par)
    } else {
      text += StepText.wrap(
        "goal not reached: the run ended with \(ending.outcome); u undoes, or play again",
        indent: "")
    }
    return text + StepText.schedule(ending.schedule, replay: replay, hints: hints)
  }

  /// `goal reached in 2 choices, par 2`, and how that compares.
  package static func score(_ departures: Int, par: Int?) -> String {
    let choices = "\(departures) choice\(departures == 1 ? "" : "s")"
    var text = "goal reached in \(choices), \(self.par(par))"
    if let par {
      text += departures <= par ? ": on par" : ": \(departures - par) over par; try again for fewer"
    }
    return text + "\n"
  }
}
