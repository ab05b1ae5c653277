import Foundation
import LabChecks
import LabCommandLine
import LabInterpreter
import LabModel
import LabNative
import LabRuntime
import LabSwift

/// `lab check` of a program scenario: its seeds under the lab's scheduler (`--scheduled`), its
/// real runs on Swift's own executors (`--native`), each graded by the scenario's outcomes.
extension ProgramScenarioCommand {
  /// How `lab check` was asked to run program scenarios: a course's program runs only when asked.
  struct CheckModes {
    /// Its seeds under the lab's scheduler.
    var scheduled: Bool
    /// Real runs on Swift's own executors.
    var native: Bool
  }

  /// The verdict of `lab check` on the scenario at `url` when it is a program scenario, else
  /// nil: seeds 0…K-1 (20, or `--seeds`) under each policy and K real runs, as `modes` asks —
  /// when neither, skipped, saying how to ask.
  static func check(
    _ url: URL, argument: String, plan: CheckPlan, modes: CheckModes,
    progress: (line: ProgressLine, label: String), _ context: CommandContext
  ) -> ScenarioVerdict? {
    // A parse decides first: a scenario of steps is loaded whole by the check that runs it; one
    // that names a program and does not validate is named by its own errors.
    guard ScenarioLoader.namesProgram(path: url.path) else { return nil }
    let scenario: ProgramScenario
    do throws(DiagnosticList) {
      let display = context.displayPath(url)
      guard
        case .program(let loaded) = try ScenarioLoader.loadFile(path: url.path, shownAs: display)
      else { return nil }
      scenario = loaded
    } catch {
      return .invalid(
        scenario: argument, file: context.displayPath(url),
        messages: error.diagnostics.map(\.description))
    }
    // The check's budget (`--max-seconds`, a minute by default) holds each mode's runs, from
    // its build on, as it holds a search: a program that never ends took each of its 40
    // scheduled runs to its CPU limit, 37 s apiece.
    let seconds = plan.search.maxSeconds ?? ExhaustiveSearch.Budget.defaultSeconds
    let clock = ContinuousClock()
    let start = clock.now
    func verdict(_ status: ScenarioVerdict.Status, _ summary: String, _ graded: Graded = Graded())
      -> ScenarioVerdict
    {
      ScenarioVerdict(
        scenario: argument, file: context.displayPath(url), status: status, summary: summary,
        runs: graded.runs, failures: graded.failures, seconds: (clock.now - start) / .seconds(1))
    }
    guard modes.scheduled || modes.native else {
      return verdict(
        .skipped,
        "runs the course's Swift program \(terminalSafe(scenario.program)): add --scheduled or "
          + "--native to compile and run it")
    }
    let count = plan.seeds ?? 20
    var options = plan.options
    options.threads = options.threads ?? scenario.threads
    let named = OwnProgramCommand.ProgramRun(replaying: argument, scenario: scenario)
    var graded = Graded()
    var parts: [String] = []
    do throws(BuildProblem) {
      if modes.scheduled {
        let policies = plan.seeds == nil ? SchedulingPolicy.allCases : plan.policies
        progress.line.update(progress.label + " · building \(terminalSafe(scenario.program))")
        let build = try built(scenario, context, native: false)
        try graded.add(
          grade(
            build, as: named, options: options, seeds: count, policies: policies,
            budget: SeedBudget(seconds: seconds)
          ) { runs in
            progress.line.update(progress.label + " · run \(runs)/\(count * policies.count)")
          })
        parts.append(
          "seeds 0…\(count - 1) × \(policies.map(\.rawValue).joined(separator: ", ")) under the "
            + "lab's scheduler")
      }
      if modes.native {
        progress.line.update(progress.label + " · building \(terminalSafe(scenario.program))")
        let build = try built(scenario, context, native: true)
        try graded.add(
          gradeNative(
            build, scenario, options: options, runs: count, budget: SeedBudget(seconds: seconds)
          ) { runs in
            progress.line.update(progress.label + " · native run \(runs)/\(count)")
          })
        parts.append("\(count) native runs")
      }
    } catch {
      graded.failures.append(.init(run: nil, messages: error.why))
      return verdict(.failed, error.summary, graded)
    }
    let outcomes = graded.printed.count
    let summary =
      "\(outcomes) outcome\(outcomes == 1 ? "" : "s") graded · " + parts.joined(separator: " and ")
    return verdict(graded.failures.isEmpty ? .passed : .failed, summary, graded)
  }

  /// Why a program scenario's program was not built or run: in a few words, then each reason.
  struct BuildProblem: Error {
    var summary: String
    var why: [String]
  }

  /// The scenario's program, built with the lab's scheduler, or `native`ly as it is.
  static func built(_ scenario: ProgramScenario, _ context: CommandContext, native: Bool)
    throws(BuildProblem) -> NativeBuild
  {
    let program: OwnProgram
    do throws(UsageError) {
      program = try self.program(of: scenario)
    } catch {
      throw BuildProblem(summary: "does not validate", why: [error.message])
    }
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      throw BuildProblem(
        summary: "no Swift toolchain",
        why: [SwiftCompiler.missing(environment: context.environment)])
    }
    let cache: URL
    let records: BuildRecords
    do throws(UsageError) {
      (cache, records) = try NativeCommand.cache(context)
    } catch {
      throw BuildProblem(summary: "no build folder", why: [error.message])
    }
    let builder = NativeBuilder(compiler: compiler, cache: cache, records: records)
    do throws(NativeError) {
      return native ? try program.buildNative(with: builder) : try program.build(with: builder)
    } catch {
      throw BuildProblem(summary: "did not build", why: [error.message])
    }
  }

  /// What `lab check` found in a program scenario's runs.
  struct Graded {
    var runs = 0
    /// The distinct outputs the runs printed, by `PrintedOutput.outcomeKey`.
    var printed = Set<String>()
    /// Each run whose grade fails, with the command that replays it where one can.
    var failures: [ScenarioVerdict.Failure] = []

    mutating func add(_ other: Graded) {
      runs += other.runs
      printed.formUnion(other.printed)
      failures += other.failures
    }

    /// A failure when the budget stopped the runs before `count`: the check saw too few runs to
    /// vouch for the program, as a search the budget stopped fails a scenario of steps.
    mutating func stopped(made: Int, of count: Int, by budget: SeedBudget) {
      guard made < count else { return }
      failures.append(
        .init(
          run: nil,
          messages: [
            "stopped by \(budget.option) after \(made) of \(count) "
              + "runs: a program that does not end, or runs too long for the check; make it end, "
              + "or raise --max-seconds"
          ]))
    }
  }

  /// Runs seeds 0…`seeds`-1 of `build` under each of `policies` and grades each run by
  /// `named`'s scenario, calling `progress` with the runs made.
  static func grade(
    _ build: NativeBuild, as named: OwnProgramCommand.ProgramRun, options: RunOptions,
    seeds: Int, policies: [SchedulingPolicy], budget: SeedBudget, progress: (Int) -> Void
  ) throws(BuildProblem) -> Graded {
    guard let scenario = named.scenario else { return Graded() }
    var graded = Graded()
    do throws(NativeError) {
      try OwnProgramCommand.eachSeededRun(
        build, name: scenario.name, options: options, seeds: seeds, policies: policies,
        budget: budget,
        each: { run, policy, seed in
          graded.runs += 1
          graded.printed.insert(run.output.outcomeKey(problem: nil))
          progress(graded.runs)
          let rule = grade(run, by: scenario)
          guard rule.grade.fails else { return }
          let label = RunLabel(mode: .scheduled, seed: seed, policy: policy, run: graded.runs)
          graded.failures.append(
            .init(
              run: label,
              messages: [
                "\(rule.grade.rawValue): \(rule.reason)", "printed: \(shown(run.printed))",
              ] + (run.record.problem.map { ["the run's problem: \($0)"] } ?? []),
              replay: named.hint("run", (label.replayOptions ?? "") + named.width(options.threads))
            ))
        })
    } catch {
      throw BuildProblem(summary: "did not run", why: [error.message])
    }
    graded.stopped(made: graded.runs, of: seeds * policies.count, by: budget)
    return graded
  }

  /// Runs `build` — the program as it is — `runs` times on Swift's own executors and grades each
  /// real run by `scenario`'s outcomes: one that fails is a real outcome the scenario did not
  /// foresee, which no seed replays.
  static func gradeNative(
    _ build: NativeBuild, _ scenario: ProgramScenario, options: RunOptions, runs: Int,
    budget: SeedBudget, progress: (Int) -> Void
  ) throws(BuildProblem) -> Graded {
    var graded = Graded()
    for run in 1...runs where !budget.spent(after: graded.runs) {
      let next: OwnProgram.NativeOutcome?
      do throws(NativeError) {
        next = try budget.run(options, timedOut: \.timedOut) { (bounded) throws(NativeError) in
          try OwnProgram.runNative(build, options: bounded)
        }
      } catch {
        throw BuildProblem(summary: "did not run", why: [error.message])
      }
      guard let outcome = next else { break }  // the budget cut it: no outcome
      graded.runs += 1
      graded.printed.insert(outcome.output.outcomeKey(problem: nil))
      progress(run)
      let rule = scenario.grade(printed: outcome.output, ending: outcome.ending)
      guard rule.grade.fails else { continue }
      graded.failures.append(
        .init(
          run: RunLabel(mode: .native, seed: 0, policy: .random, run: run),
          messages: [
            "\(rule.grade.rawValue) in a real run: \(rule.reason)",
            "printed: \(shown(outcome.printed))",
          ] + (outcome.problem.map { [$0] } ?? [])))
    }
    graded.stopped(made: graded.runs, of: runs, by: budget)
    return graded
  }
}
