import Foundation
import LabModel

/// The turn-by-turn loop of `lab step` and `lab challenge`: show a decision, read an answer,
/// choose, undo or quit, until the run ends. What the two print differently is a `StepScript`;
/// the loop only moves text in and out, so a test drives it with lines.
package enum StepLoop {
  /// What one command prints around the shared loop.
  package struct Script {
    /// Printed once, before the first decision.
    package var intro: String
    /// Printed at each decision above the question, so the goal never scrolls away; given the
    /// session, for a score so far.
    package var goals: (StepSession) -> String
    /// What `?` prints.
    package var help: String
    /// How the run ended, with the session that made it.
    package var ending: (StepSession.Ending, StepSession) -> String
    /// Whether the learner may undo after this ending and play on (a missed goal); the loop
    /// then asks once more.
    package var playsOn: (StepSession.Ending) -> Bool = { _ in false }
    /// What a quit prints.
    package var quit: (StepSession) -> String
    /// What is printed when working out a choice took longer than the session allows.
    package var outOfTime: (_ seconds: Double) -> String
  }

  /// How the loop stopped.
  package enum End {
    /// The run ended; `departures` is the session's choices against the default.
    case ended(StepSession.Ending, departures: Int)
    case quit
    /// Working out a choice took longer than `seconds`.
    case outOfTime(seconds: Double)
  }

  /// The question after an ending that can be undone.
  package static let playOnPrompt = "u to undo your last choice, Enter to stop [stop]: "

  /// Plays `session` to its end: `write` prints, `readAnswer` reads one answer at a prompt of so
  /// many numbered choices (nil at the end of input, which stops as q does), `width` wraps trace
  /// lines on a terminal.
  package static func play(
    _ session: inout StepSession, script: Script, width: Int?,
    write: (String) -> Void, readAnswer: (_ choices: Int) -> String?
  ) -> End {
    write(script.intro)
    while true {
      switch session.next() {
      case .ended(let ending):
        write(script.ending(ending, session))
        if script.playsOn(ending), playsOn(&session, write: write, readAnswer: readAnswer) {
          continue
        }
        return .ended(ending, departures: session.departures)
      case .outOfTime(let seconds):
        write(script.outOfTime(seconds))
        return .outOfTime(seconds: seconds)
      case .decision(let decision):
        write(StepText.decision(decision, goals: script.goals(session), width: width))
        if !answer(decision, in: &session, script: script, write: write, readAnswer: readAnswer) {
          write(script.quit(session))
          return .quit
        }
      }
    }
  }

  /// Asks whether to undo the last choice after an ending, until the answer is one: true when it
  /// was undone, false to stop (Enter, q, or the end of input). Any other key asks again rather
  /// than ending a game the learner meant to go on with.
  private static func playsOn(
    _ session: inout StepSession, write: (String) -> Void,
    readAnswer: (_ choices: Int) -> String?
  ) -> Bool {
    while true {
      write(playOnPrompt)
      guard let answer = readAnswer(0)?.trimmingCharacters(in: .whitespaces).lowercased() else {
        write("\n")
        return false
      }
      switch answer {
      case "u", "undo": return session.undo()
      case "", "q", "quit", "stop": return false
      default:
        write(
          "'\(terminalSafe(answer))' is not an answer here: u undoes your last choice, Enter stops\n"
        )
      }
    }
  }

  /// Reads answers at `decision` until one moves the run on; false when the learner quits.
  private static func answer(
    _ decision: StepSession.Decision, in session: inout StepSession, script: Script,
    write: (String) -> Void, readAnswer: (_ choices: Int) -> String?
  ) -> Bool {
    while true {
      write(StepText.prompt(decision))
      guard let line = readAnswer(decision.candidates.count) else {
        write("\n")
        return false
      }
      switch StepText.answer(line, at: decision) {
      case .choose(let index):
        session.choose(index, at: decision)
        return true
      case .undo:
        if session.undo() { return true }
        write("nothing to undo\n")
      case .quit: return false
      case .help: write(script.help)
      case .bad(let hint): write(hint + "\n")
      }
    }
  }
}
