import LabChecks
import LabCommandLine
import LabInterpreter
import LabLessons
import LabModel

/// `lab challenge`: the course's challenges, and one played in `lab step`'s loop for a score.
enum ChallengeCommand: Command {
  static let name = "challenge"
  static let names = ShellCompletions.Names.scenarios
  static let summary = "Play a challenge: schedule the tasks to reach a goal in par choices."
  static let usage = "challenge [<scenario name> | --next]"
  static let discussion = """
    A challenge is a goal a scenario sets, such as "lose two updates: make
    counter end at 4", for you to reach by being the scheduler, as in
    'lab step'. Its par is the fewest choices against the default order
    (the turns where you pick another task than Enter's default) that reach
    it; the lab finds it by searching runs with one such choice, then two,
    up to 6, at most 20,000 runs (docs/challenges.md).

    With no name, lists the challenges of the course and of the curriculum
    bundled with the lab: name, par, your best score (or "new", or "tried"
    when you have not reached the goal yet) and the goal. The list searches
    each par for at most 12 s and all of them for 30 s ("par ?" past it), a
    play for 120 s, counted on stderr; what a search found, even that it ran out, is kept in the
    lab's cache (pars/), so the next list shows it at once. With a name, plays
    that challenge: the goal and the par stay on screen at each choice, with
    your choices so far; ? shows the help and the challenge's hint, u undoes,
    q quits. At the end it says "goal reached in N choices, par P", or that
    the goal was not reached and how the run ended (u then undoes your last
    choice), and prints the 'lab run NAME --schedule S' command that replays
    your run. On a terminal one key answers, as in lab step; without one it
    reads one answer a line from stdin.

    Your best score per challenge is kept in
    $XDG_STATE_HOME/concurrency-lab/challenges (~/.local/state/… when
    XDG_STATE_HOME is unset), at most 64 KiB, beside 'lab lesson''s progress
    and by the same rules. --next plays the first challenge you have not
    played, and says which on stderr. Both name on stderr each scenario file
    of the course that does not load (it may hold a challenge, and its name
    hides a bundled one), as 'lab list' does.
    Exit status: 0 (a missed goal too), 1 when the scenario does not
    validate (for the list: when a file does not) or working out a choice
    took more than --max-seconds (20), 64 on a usage error (a scenario
    without a challenge among them).

    Examples:
      lab challenge
      lab challenge racy-counter
      lab challenge --next
      printf '2\\n1\\n\\n' | lab challenge racy-counter
    """
  static let options = [Option.next.spec, RunArguments.answerSeconds]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count <= 1 else { throw UsageError("challenge takes one name") }
    let course = try context.course()
    let catalog = ChallengeCatalog(course)
    let progress = ChallengeProgress(environment: context.environment)
    let storeProblem = progress?.problem
    if let problem = storeProblem {
      context.console.err(
        context.console.paint("warning: ", .yellow, forErr: true) + problem + "\n")
    }
    // A file that does not load may be a challenge: the list and --next name it, as `lab list`
    // does (a challenge given by name names its own file's problems).
    if arguments.positionals.isEmpty {
      for problem in catalog.problems { context.console.err(terminalSafeLines(problem) + "\n") }
    }
    let entry: ChallengeCatalog.Entry
    if let name = arguments.positionals.first {
      if arguments.flag(.next) { throw UsageError("give a challenge's name or --next, not both") }
      switch catalog.find(name, course: course) {
      case .success(let found): entry = found
      case .failure(let error):
        // The catalog holds only scenarios that load: one that does not is named with its
        // problems, at their places, not as a scenario "without a challenge".
        if case .file(let url) = course.resolveScenario(name).resolution,
          context.loadScenario(url) == nil
        {
          return ExitStatus.failure
        }
        throw error
      }
    } else if arguments.flag(.next) {
      let (next, note) = catalog.next(progress)
      context.console.err(note + "\n")
      guard let next else { return ExitStatus.ok }
      entry = next
    } else {
      let pars = ParCache.user(environment: context.environment)
      let start = ContinuousClock.now
      context.console.out(
        catalog.text(
          progress: progress, par: { listPar($0, since: start, cache: pars) },
          context.console.outStyle, width: context.console.terminalColumns))
      return catalog.problems.isEmpty ? ExitStatus.ok : ExitStatus.failure
    }
    guard let scenario = context.loadScenario(entry.url) else { return ExitStatus.failure }
    var session = StepSession(scenario, options: RunOptions())
    session.secondsPerAnswer = try RunArguments.secondsPerAnswer(arguments)
    let par = Self.par(of: entry, context)
    let script = StepLoop.Script.challenge(
      scenario, entry.challenge, par: par,
      replay: StepReplay(entry.name), hints: LabCommand.hint)
    let end = StepLoop.play(
      &session, script: script, width: context.console.terminalColumns,
      write: context.console.out, readAnswer: context.readAnswer)
    switch end {
    case .ended(let ending, let departures):
      let lost = progress?.record(
        reachedIn: entry.challenge.isReached(by: ending.outcome) ? departures : nil,
        file: entry.url)
      if storeProblem == nil, let lost {
        context.console.err(
          context.console.paint("warning: ", .yellow, forErr: true) + lost + "\n")
      }
    case .quit: break
    case .outOfTime: return ExitStatus.failure
    }
    return ExitStatus.ok
  }

  /// The par of `entry`'s challenge, searched for before the first choice (or read from the
  /// cache): up to 120 s, which a line on stderr counts, with the runs made so far.
  static func par(of entry: ChallengeCatalog.Entry, _ context: CommandContext) -> Int? {
    let budget = ChallengeSearch.Budget.standard
    let searching = WaitLine(
      "finding the par (at most \(Int(budget.maxSeconds)) s)", console: context.console)
    defer { searching.finish() }
    return ParCache.par(
      of: entry, within: budget, cache: ParCache.user(environment: context.environment)
    ) { choices, runs in
      searching.show(
        "finding the par (at most \(Int(budget.maxSeconds)) s): "
          + (choices == 0
            ? "the default run"
            : "runs with \(choices) " + (choices == 1 ? "choice" : "choices")
              + ", \(runs) made"))
    }
  }

  /// The list's budget for one par: a tenth of a play's, so a course of slow challenges lists in
  /// seconds each ("par ?" where it ran out, searched again only by a play, which has more time).
  static let listBudget = ChallengeSearch.Budget(
    maxRuns: ChallengeSearch.Budget.standard.maxRuns,
    maxChoices: ChallengeSearch.Budget.standard.maxChoices, maxSeconds: 12)
  /// The list's searches in all: twelve hostile challenges took 146 s, 12 s each.
  static let listSeconds = 30.0

  /// The par the list shows for `entry`: searched within what is left of `seconds` since
  /// `start` (at most `listBudget`'s), and past it only as kept.
  static func listPar(
    _ entry: ChallengeCatalog.Entry, since start: ContinuousClock.Instant,
    seconds: Double = listSeconds, cache: ParCache?
  ) -> Int? {
    var budget = listBudget
    budget.maxSeconds = min(
      budget.maxSeconds, seconds - (ContinuousClock.now - start) / .seconds(1))
    return budget.maxSeconds >= 1
      ? ParCache.par(of: entry, within: budget, cache: cache)
      : ParCache.keptPar(of: entry, cache: cache)
  }
}
