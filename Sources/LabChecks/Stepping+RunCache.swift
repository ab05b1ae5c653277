import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// The choices of one run, shared with the chooser's closure (the loop thread only): it follows
/// them at the turns with more than one candidate, then takes the defaults, and keeps every such
/// turn's candidates.
private final class ChoiceBox: @unchecked Sendable {
  let choices: [Int]
  var turns: [StepSession.RunCache.Turn] = []

  init(choices: [Int]) { self.choices = choices }

  func pick(_ index: Int, _ candidates: [Int], _ preferred: Int) -> Int {
    guard candidates.count > 1 else { return preferred }
    turns.append(
      StepSession.RunCache.Turn(index: index, candidates: candidates, preferred: preferred))
    guard turns.count <= choices.count else { return preferred }
    let choice = choices[turns.count - 1]
    return candidates.contains(choice) ? choice : preferred
  }
}

extension StepSession {
  /// The runs of many sessions of one scenario, such as every path `ChallengeTree` walks: a
  /// session's questions re-run the choices its parent's already ran (its own next decision is
  /// the run its parent made to show that choice's step), so each run is made once.
  package final class RunCache: @unchecked Sendable {
    /// A turn with more than one candidate: its index among all the run's turns
    /// (`ScheduleChooser.decisions`), the candidates' ordinals and the default.
    struct Turn {
      var index: Int
      var candidates: [Int]
      var preferred: Int
    }

    /// One run: its record, its chooser (the schedule) and every turn with a choice.
    struct Run {
      var record: RunRecord
      var chooser: ScheduleChooser
      var turns: [Turn]

      /// How many of the run's events came before its turn at `index` (all of them when the
      /// run noted no turns).
      func eventsBefore(turn index: Int) -> Int {
        let turns = record.eventTurns
        guard turns.count == record.events.count else { return record.events.count }
        // `eventTurn` counts turns begun: the turn at index `index` is `index + 1`.
        return turns.firstIndex { $0 > index } ?? turns.count
      }

      /// The candidates and the default of each turn with a choice after the first `made`.
      func laterChoices(after made: Int) -> [[Int]] {
        turns.dropFirst(made + 1).map { $0.candidates + [$0.preferred] }
      }

      /// The run that takes `choices` at its turns with a choice, then the defaults.
      init(_ choices: [Int], _ scenario: Scenario, _ options: RunOptions) {
        let box = ChoiceBox(choices: choices)
        chooser = ScheduleChooser { box.pick($0, $1, $2) }
        chooser.notesEventTurns = true
        var options = options
        options.chooser = chooser
        record = ScenarioRunner.run(scenario, options: options)
        turns = box.turns
      }

      /// What task `ordinal`'s turn at `index` shows past the run's first `prefix` events: the
      /// first event recorded in that turn or in the turns the task goes on with by default (a
      /// race report is the detector's, not a step), and the task's name. No event: the turn
      /// shows nothing — the runtime's job that moves the task on, such as a sleep's wake
      /// through the pool — and the name comes from another turn of the task's, never from
      /// what another task does next.
      func shown(by ordinal: Int, from index: Int, after prefix: Int) -> (
        task: String?, event: TraceEvent?
      ) {
        let decisions = chooser.decisions
        let events = record.events
        let turns = record.eventTurns
        guard turns.count == events.count, decisions.indices.contains(index) else {
          return (nil, nil)
        }
        var last = index
        while decisions.indices.contains(last + 1), decisions[last + 1].chosen == ordinal {
          last += 1
        }
        // `eventTurn` counts turns begun: the turn at index `index` is `index + 1`.
        let own = (index + 1)...(last + 1)
        let event = events.indices.dropFirst(prefix).first {
          own.contains(turns[$0]) && events[$0].kind != .race
        }
        if let event { return (events[event].task, events[event]) }
        let named = events.indices.first {
          turns[$0] > 0 && decisions[turns[$0] - 1].chosen == ordinal
        }
        return (named.map { events[$0].task }, nil)
      }
    }

    private let lock = NSLock()
    private var runs: [[Int]: Run] = [:]

    package init() {}

    /// How many runs were made (not found here).
    package var made: Int { lock.withLock { madeRuns } }
    private var madeRuns = 0

    func run(_ choices: [Int], _ scenario: Scenario, _ options: RunOptions) -> Run {
      if let known = lock.withLock({ runs[choices] ?? same(as: choices) }) { return known }
      let run = Run(choices, scenario, options)
      // A run a limit stopped may have been stopped by time, which another session would not
      // run out of: it is not kept.
      if case .limitReached = run.record.end { return run }
      lock.withLock {
        runs[choices] = run
        madeRuns += 1
      }
      return run
    }

    /// The run `choices` makes when it is one already made: its last choice is the default at
    /// its turn, or one the run cannot take, or past the run's last turn.
    private func same(as choices: [Int]) -> Run? {
      guard let last = choices.last, let parent = runs[Array(choices.dropLast())] else {
        return nil
      }
      guard parent.turns.count >= choices.count else { return parent }
      let turn = parent.turns[choices.count - 1]
      guard last == turn.preferred || !turn.candidates.contains(last) else { return nil }
      runs[choices] = parent
      return parent
    }
  }
}
