import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// `lab step`: the learner is the scheduler. At every turn where more than one task could run,
/// the learner picks one; a turn with one candidate runs by itself.
///
/// Stateless, like the exhaustive search: `choices` is the whole state, and each question is
/// answered by running the scenario again from the start, following the choices made so far
/// (runs are deterministic and take about a millisecond). Undo drops the last choice.
package struct StepSession: Sendable {
  /// A task that could run now, and the first trace line of its turn.
  package struct Candidate: Sendable, Equatable {
    package var ordinal: Int
    package var task: String
    /// `event details` of its turn's first event; empty when the turn shows nothing.
    package var next: String
  }

  /// A point where the learner chooses.
  package struct Decision: Sendable {
    /// Which choice this is, from 1.
    package var number: Int
    package var candidates: [Candidate]
    /// The index of the default candidate: the task that ran last, else the first.
    package var preferred: Int
    /// Trace lines since the previous choice.
    package var lines: [String]
    /// Shared values now.
    package var values: [(name: String, value: String)]
    /// How the run ends when each candidate goes now and every later turn the default way, in
    /// the candidates' order: where each choice leads by itself.
    package var endings: [Outcome]
    fileprivate var eventCount: Int
  }

  /// How the run ended, graded by the scenario's outcome rules.
  package struct Ending: Sendable {
    /// The run as `lab run NAME --schedule S` makes it.
    package var result: RunResult
    /// Trace lines since the last choice.
    package var lines: [String]
    package var outcome: Outcome
    package var grade: OutcomeGrade?
    package var reason: String
    package var schedule: String
    /// Turns where a task that could go on was switched away from, as the explorer counts them.
    package var preemptions: Int
  }

  package enum Step: Sendable {
    case decision(Decision)
    case ended(Ending)
    /// Working out the next choice took longer than `seconds` (`secondsPerAnswer`): the
    /// scenario's runs are too long to step by hand.
    case outOfTime(seconds: Double)
  }

  package let scenario: Scenario
  package let options: RunOptions
  /// The ordinal chosen at each decision so far.
  package private(set) var choices: [Int] = []
  /// How many events had been shown when each choice was made.
  private var shown: [Int] = []
  /// Whether each choice went the default way by itself (all candidates led to the same trace).
  private var automatic: [Bool] = []
  /// Whether each choice was another task than the default (Enter's): a challenge's score.
  private var departed: [Bool] = []

  /// Runs shared with other sessions of the same scenario and options; nil runs each afresh.
  package var cache: RunCache?

  /// Which turns whose candidates all lead to the same trace go the default way by themselves.
  package enum Skipping: Sendable {
    /// Every one: a learner is asked only where the choice shows. A turn that shows nothing
    /// can still decide what a later choice reaches — a job that takes a pool's worker lets
    /// another task go first — so some orders the runtime takes are not reached by stepping
    /// (docs/outcomes.md, `lab step`).
    case alikeTraces
    /// Only those whose candidates' runs also meet the same later choices (each later turn's
    /// candidates and default): a search that must reach every order, at the cost of turns
    /// that show nothing (a tap not yet due is a candidate at every turn).
    case alikeRuns

    func skips(_ turn: RunCache.Turn, _ runs: [Int: RunCache.Run], made: Int) -> Bool {
      switch self {
      case .alikeTraces: return true
      case .alikeRuns:
        let later = turn.candidates.compactMap { runs[$0]?.laterChoices(after: made) }
        return later.allSatisfy { $0 == later[0] }
      }
    }
  }

  /// `lab step`'s and the challenges' `alikeTraces` unless set.
  package var skipping = Skipping.alikeTraces

  /// The most real time working out one answer may take, a guard only: each answer runs the
  /// scenario again once for each task that could go next, and a scenario of two tasks adding
  /// 100,000 times took 51 s to its first choice. Every run gets what is left as its
  /// `--timeout`. nil: no bound but the runs' own.
  package var secondsPerAnswer: Double? = standardSecondsPerAnswer
  /// `lab step`'s and `lab challenge`'s bound, unless `--max-seconds` says otherwise: a bundled
  /// scenario's answer takes milliseconds.
  package static let standardSecondsPerAnswer = 20.0

  package init(_ scenario: Scenario, options: RunOptions, cache: RunCache? = nil) {
    self.cache = cache
    self.scenario = scenario
    var options = options
    options.chooser = nil
    self.options = options
  }

  /// The next decision, or how the run ends when no choice is left. A turn whose candidates all
  /// lead to the same trace is no choice to the learner: it goes the default way by itself.
  package mutating func next() -> Step {
    let deadline = ExhaustiveSearch.Deadline(start: .now, seconds: secondsPerAnswer)
    func outOfTime(_ record: RunRecord) -> Step? {
      guard let seconds = secondsPerAnswer,
        deadline.cut(record) != nil || deadline.elapsed >= seconds
      else { return nil }
      return .outOfTime(seconds: seconds)
    }
    while true {
      let (first, turn, _) = run(forcing: nil, within: deadline)
      if let stop = outOfTime(first.record) { return stop }
      guard let turn else { return .ended(ending()) }
      // A run stopped early unwinds its tasks, which records events of its own; so every run goes
      // to the end, and what all candidates' runs share is what happened before this turn.
      var runs = [turn.preferred: first]
      for ordinal in turn.candidates where ordinal != turn.preferred {
        let forced = run(forcing: ordinal, within: deadline).run
        if let stop = outOfTime(forced.record) { return stop }
        runs[ordinal] = forced
      }
      let all = turn.candidates.compactMap { runs[$0]?.record.events }
      var count = 0
      while all.allSatisfy({ $0.count > count && $0[count] == all[0][count] }) { count += 1 }
      // What happened before this turn, and no more: runs that go on alike past it (candidates
      // whose turns show nothing) share events that come after the choice.
      let before = first.eventsBefore(turn: turn.index)
      if all.allSatisfy({ $0.count == count }), skipping.skips(turn, runs, made: choices.count) {
        choices.append(turn.preferred)
        shown.append(shown.last ?? 0)
        automatic.append(true)
        departed.append(false)
        continue
      }
      return .decision(
        decision(turn, runs, events: Array(first.record.events.prefix(min(count, before)))))
    }
  }

  private func decision(
    _ turn: RunCache.Turn, _ runs: [Int: RunCache.Run], events: [TraceEvent]
  ) -> Decision {
    let candidates = turn.candidates.map { ordinal in
      let run = runs[ordinal]
      let shown = run.map { $0.shown(by: ordinal, from: turn.index, after: events.count) }
      func step(_ event: TraceEvent) -> String {
        TraceText.trimmingTrailingSpaces("\(event.kind.rawValue) \(terminalSafe(event.text))")
      }
      var next = shown?.event.map(step) ?? ""
      // A turn that shows nothing still leads somewhere: say where, as another task's step.
      if shown?.event == nil,
        let then = run?.record.events.dropFirst(events.count).first(where: { $0.kind != .race })
      {
        next = "(shows nothing; then \(terminalSafe(then.task)): \(step(then)))"
      }
      return Candidate(
        ordinal: ordinal, task: shown?.task ?? "task #\(ordinal)",
        next: TraceText.trimmingTrailingSpaces(next))
    }
    let lines = TraceText.lines(events)
    let endings = turn.candidates.compactMap { runs[$0]?.record }.map {
      Outcome(of: $0, observingFirst: true)
    }
    return Decision(
      number: automatic.filter { !$0 }.count + 1, candidates: candidates,
      preferred: turn.candidates.firstIndex(of: turn.preferred) ?? 0,
      lines: Array(lines[min(shown.last ?? 0, lines.count)...]),
      values: Self.values(scenario, after: events), endings: endings, eventCount: events.count)
  }

  /// Shared values after `events`: the declared ones, updated by each `set` that names them.
  static func values(_ scenario: Scenario, after events: [TraceEvent]) -> [(
    name: String, value: String
  )] {
    var values = scenario.state.map { (name: $0.name, value: $0.value.description) }
    for event in events {
      guard let assignment = event.payload.assignment else { continue }
      for index in values.indices where values[index].name == assignment.name {
        values[index].value = assignment.value
      }
    }
    return values
  }

  /// How many choices the learner made (not those that went the default way by themselves).
  package var chosen: Int { automatic.filter { !$0 }.count }

  /// How many choices took another task than the default, as a challenge's par counts them.
  package var departures: Int { departed.filter { $0 }.count }

  /// Runs `decision`'s candidate at `index` (0-based).
  package mutating func choose(_ index: Int, at decision: Decision) {
    choices.append(decision.candidates[index].ordinal)
    shown.append(decision.eventCount)
    automatic.append(false)
    departed.append(index != decision.preferred)
  }

  /// Takes the last choice back; false when there is none.
  @discardableResult
  package mutating func undo() -> Bool {
    guard let last = automatic.lastIndex(of: false) else { return false }
    choices.removeSubrange(last...)
    shown.removeSubrange(last...)
    automatic.removeSubrange(last...)
    departed.removeSubrange(last...)
    return true
  }

  /// The schedule string of the choices so far, the rest going the default way.
  package var schedule: String {
    let chooser = run(forcing: nil).chooser
    return Schedule(
      scenario: Schedule.identity(of: scenario, threads: options.threads),
      decisions: chooser.decisions
    ).text
  }

  // MARK: - Runs

  /// A run to the end that follows the choices, then at the first decision past them runs
  /// `forcing` (else the default), then the defaults; with that decision's turn.
  private func run(forcing: Int?, within deadline: ExhaustiveSearch.Deadline? = nil) -> (
    run: RunCache.Run, turn: RunCache.Turn?, chooser: ScheduleChooser
  ) {
    let key = choices + (forcing.map { [$0] } ?? [])
    let options = deadline?.bounding(options) ?? options
    let run = cache?.run(key, scenario, options) ?? RunCache.Run(key, scenario, options)
    let turn = run.turns.count > choices.count ? run.turns[choices.count] : nil
    return (run, turn, run.chooser)
  }

  /// The run to its end, checked as `lab run` checks it (its trace merges reads that nothing
  /// interrupted, as a replay of its schedule prints them).
  private func ending() -> Ending {
    let (run, _, chooser) = run(forcing: nil)
    let raw = run.record
    var result = RunResult(record: raw, checks: [])
    result.events = SplitReads.merge(raw.events)
    result.checks = ExpectationChecker.check(
      scenario.expect, against: result.record, tolerance: nil)
    let outcome = Outcome(
      of: result.record, observingFirst: Outcome.observesFirst(scenario.expect.outcomes))
    let (grade, reason) = OutcomeHistogram.grade(outcome, by: scenario.expect.outcomes)
    let lines = TraceText.lines(raw.events)
    let schedule = Schedule(
      scenario: Schedule.identity(of: scenario, threads: options.threads),
      decisions: chooser.decisions)
    return Ending(
      result: result, lines: Array(lines[min(shown.last ?? 0, lines.count)...]),
      outcome: outcome, grade: grade, reason: reason, schedule: schedule.text,
      preemptions: ExhaustiveSearch.preemptions(chooser.decisions))
  }
}
