import LabInterpreter
import LabModel
import LabRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which runs `lab check` makes of each scenario.
public struct CheckPlan: Sendable {
  /// Run on seeds 1…K; nil runs once on the scenario's own seed.
  public var seeds: Int?
  /// The virtual scheduler's policies; each seed runs under each.
  public var policies: [SchedulingPolicy] = [.random]
  /// Also run once on real threads (expectations only, with the tolerance).
  public var live = false
  /// Whether program scenarios are compiled and run (`--scheduled`): a course's program runs
  /// only when asked for.
  public var programs = false
  /// Everything else about a run: threads, scale, limits, tolerance.
  public var options = RunOptions()
  /// Search every schedule of a scenario with outcome rules, within `search`.
  public var exhaustive = true
  /// Where that search stops: `exhaustiveBudget` schedules, a minute, the memory a run may take.
  public var search = ExhaustiveSearch.Budget(maxSchedules: ScenarioChecker.exhaustiveBudget)
  /// Search a scenario's challenge for its par, within `ChallengeSearch.Budget.standard`.
  public var challenges = true

  /// One run on the scenario's own seed, random policy, virtual only.
  public init() {}

  /// How many runs each scenario gets.
  public var runsPerScenario: Int { (seeds ?? 1) * policies.count + (live ? 1 : 0) }

  /// The runs in order: virtual ones by seed, then policy; then the live one.
  public var labels: [RunLabel] {
    var labels: [RunLabel] = []
    for seed in 1...UInt64(max(1, seeds ?? 1)) {
      for policy in policies {
        labels.append(RunLabel(mode: .virtual, seed: seed, policy: policy, run: labels.count + 1))
      }
    }
    if live {
      labels.append(RunLabel(mode: .live, seed: 0, policy: .random, run: labels.count + 1))
    }
    return labels
  }
}

/// What `lab check` concluded about one scenario.
public struct ScenarioVerdict: Sendable {
  /// The verdict in one word.
  public enum Status: String, Sendable, Codable {
    case passed, failed
    /// It ran without a problem, but had nothing to check: no expectations, no expected trace.
    case skipped
  }

  /// One run that failed, and why.
  public struct Failure: Sendable {
    /// Nil when no run was made (the scenario or its expected trace does not validate).
    public var run: RunLabel?
    /// Each failed check or problem, one line each.
    public var messages: [String]
    /// The command that replays the run, for virtual runs.
    public var replay: String?
    /// Found by the search of every schedule rather than by one run: no `run`, yet the file
    /// validated.
    public var searched = false

    /// No run was made because the scenario or its expected trace does not validate.
    public var invalid: Bool { run == nil && !searched }

    /// A failure from its parts.
    public init(run: RunLabel?, messages: [String], replay: String? = nil, searched: Bool = false) {
      self.run = run
      self.messages = messages
      self.replay = replay
      self.searched = searched
    }
  }

  /// The scenario as given to `lab run`: a name, or a path.
  public var scenario: String
  /// The scenario file, as shown to the user.
  public var file: String
  /// Passed, failed or skipped.
  public var status: Status
  /// What was checked, in a few words: `3 checks, trace · seeds 1…20 × random, pct`.
  public var summary: String
  /// How many runs were made.
  public var runs: Int
  /// Every failing run, in the order run.
  public var failures: [Failure]
  /// How long checking took, in real seconds.
  public var seconds: Double
  /// What the file's loader warned of (`Scenario.warnings`, such as an outcome rule that can
  /// never match), as `file:line:column: warning: …` lines: `lab check` repeats them on stderr.
  public var warnings: [String] = []

  /// A verdict from its parts.
  public init(
    scenario: String, file: String, status: Status, summary: String, runs: Int = 0,
    failures: [Failure] = [], seconds: Double = 0
  ) {
    self.scenario = scenario
    self.file = file
    self.status = status
    self.summary = summary
    self.runs = runs
    self.failures = failures
    self.seconds = seconds
  }

  /// A verdict for a scenario that could not be checked at all.
  /// The verdict of a file that was not run: the scenario does not validate (`why`, said first
  /// on its line), or its expected trace cannot be read or does not validate.
  public static func invalid(
    scenario: String, file: String, messages: [String], why: String = "does not validate"
  ) -> ScenarioVerdict {
    ScenarioVerdict(
      scenario: scenario, file: file, status: .failed, summary: why,
      failures: [Failure(run: nil, messages: messages, replay: nil)])
  }
}

/// Runs one scenario as a plan says and checks every run: its expectations, its graded outcome,
/// and — on virtual runs — its expected trace. Pure apart from running: returns a verdict.
public enum ScenarioChecker {
  /// Checks `scenario` (given on the command line as `argument`) against its expectations and,
  /// when there is one, its expected trace `trace` read from `traceFile`. `progress` is called
  /// after each run with the number of runs done, then during the search of every schedule with
  /// the schedules run.
  public static func check(
    _ scenario: Scenario, argument: String, trace: ExpectedTrace?, traceFile: String,
    plan: CheckPlan, hints: HintCommand,
    progress: (_ runs: Int, _ schedules: Int?) -> Void = { _, _ in }
  ) -> ScenarioVerdict {
    let clock = ContinuousClock()
    let start = clock.now
    var failures: [ScenarioVerdict.Failure] = []
    var checkCount = 0
    // What to do about a time a live run missed (the last run's word on it), shown as a warning.
    var timingNote: String?
    var stallNote = ""
    let labels = plan.labels
    for (index, label) in labels.enumerated() {
      var options = plan.options
      options.mode = label.mode == .live ? .live : .virtual
      options.policy = label.policy
      options.seed = plan.seeds == nil ? plan.options.seed : label.seed
      var attempts = TimedAttempts()
      let result =
        label.mode == .live
        ? attempts.run(
          { ScenarioRunner.runAndCheck(scenario, options: options) },
          settled: { $0.passed || ($0.problem != nil && !$0.expectsProblem) },
          allowing: {
            $0.allowing(stall: $1, scenario.expect, tolerance: scenario.tolerance(options))
          })
        : ScenarioRunner.runAndCheck(scenario, options: options)
      stallNote = attempts.note.isEmpty ? stallNote : attempts.note
      checkCount = max(checkCount, result.checks.count)
      var messages: [String] = []
      if let problem = result.problem, !result.expectsProblem {
        messages.append("problem: \(problem)")
      }
      for check in result.checks where !check.passed {
        messages.append("\(check.name): expected \(check.expected), got \(check.actual)")
      }
      timingNote = TraceText.timingNote(result) ?? timingNote
      var replay: String?
      if label.mode == .virtual {
        let run = RunLabel(mode: .virtual, seed: result.seed, policy: label.policy, run: label.run)
        let options = run.replayOptions! + (plan.options.threads.map { " --threads \($0)" } ?? "")
        replay = hints.command("run", argument, options)
        if let trace {
          let comparison = TraceComparison(expected: trace, events: result.events)
          if let divergence = comparison.divergence {
            messages.append(
              "trace: differs \(describe(divergence, in: traceFile)); "
                + "see " + hints.command("diff", argument, options)
            )
          }
        }
        if !messages.isEmpty {
          failures.append(.init(run: run, messages: messages, replay: replay))
        }
      } else if !messages.isEmpty {
        messages[0] += attempts.note  // how often it was tried, and what the machine did meanwhile
        failures.append(.init(run: label, messages: messages, replay: nil))
      }
      progress(index + 1, nil)
    }
    var searched: String?
    if plan.exhaustive, !scenario.expect.outcomes.isEmpty {
      let search = exhaustive(
        scenario, argument: argument, options: plan.options, budget: plan.search, hints: hints
      ) { progress(labels.count, $0) }
      failures += search.failures
      searched = search.summary
    }
    if plan.challenges, let challenge = scenario.challenge {
      let (failure, found) = self.challenge(
        challenge, of: scenario, options: plan.options, seconds: plan.search.maxSeconds,
        hints: hints)
      failures += failure.map { [$0] } ?? []
      searched = [searched, found].compactMap { $0 }.joined(separator: " · ")
    }
    let nothingToCheck = scenario.expect.isEmpty && trace == nil && scenario.challenge == nil
    let status: ScenarioVerdict.Status =
      !failures.isEmpty ? .failed : nothingToCheck ? .skipped : .passed
    var what: [String] = []
    if checkCount > 0 { what.append("\(checkCount) check\(checkCount == 1 ? "" : "s")") }
    if trace != nil { what.append("trace") }
    var summary =
      what.isEmpty
      ? "nothing to check: no \"expect\" and no expected trace" : what.joined(separator: ", ")
    summary += " · " + describe(plan, scenarioSeed: scenario.seed)
    if let searched { summary += " · " + searched }
    summary += stallNote
    let seconds = (clock.now - start).inSeconds
    var verdict = ScenarioVerdict(
      scenario: argument, file: scenario.file, status: status, summary: summary,
      runs: labels.count, failures: failures, seconds: seconds)
    verdict.warnings = timingNote.map { [$0] } ?? []
    return verdict
  }

  /// `at 300 ms (trace line 12, x.expected:14)`, or where the run ended too soon or went on.
  static func describe(_ divergence: TraceComparison.Divergence, in file: String) -> String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    let time = divergence.time.map { "\(TraceText.time($0)) ms" } ?? "0 ms"
    switch (divergence.event, divergence.expected.first) {
    case (let event?, let line?):
      return "at \(time) (trace line \(event + 1), \(name):\(line.number))"
    case (let event?, nil):
      return "at \(time): the run went on past the end of \(name) (trace line \(event + 1))"
    case (nil, let line?):
      return "after \(time): the run ended, \(name):\(line.number) expects more"
    case (nil, nil): return "at \(time)"
    }
  }

  /// `seed 1`, `seeds 1…20 × random, pct`, `+ live`.
  static func describe(_ plan: CheckPlan, scenarioSeed: UInt64) -> String {
    let policies = plan.policies.map(\.rawValue).joined(separator: ", ")
    var text: String
    if let seeds = plan.seeds {
      text = seeds == 1 ? "seed 1" : "seeds 1…\(seeds)"
      if plan.policies != [.random] { text += " × \(policies)" }
    } else {
      text = "seed \(plan.options.seed ?? scenarioSeed)"
      if plan.policies != [.random] { text += " × \(policies)" }
    }
    return plan.live ? text + " + live" : text
  }
}
