import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// The run options every run-like command shares (`--seed`, `--threads`, `--live`, the limits…)
/// and the one parser that turns them into `RunOptions`, for `lab run` and friends and for a
/// lesson's `lab run` lines alike.
package enum RunArguments {
  package static let options: [OptionSpec] = [
    Option.live, .seed, .policy, .threads, .scale, .tolerance, .maxTime, .maxJobs, .timeout,
    .maxEvents, .maxTraceMB, .maxTasks, .maxSteps, .maxDepth, .maxMemoryMB, .maxCPU,
  ].specs

  /// `options` without some, for a command that has no use for them.
  package static func options(without dropped: [Option]) -> [OptionSpec] {
    options.filter { !dropped.contains($0.option) }
  }

  /// `options`' rows for these options only, in `options`' order.
  package static func options(only kept: [Option]) -> [OptionSpec] {
    options.filter { kept.contains($0.option) }
  }

  /// The options that bound a search of every schedule (`lab explore --exhaustive`, `lab
  /// check`), whose default number of schedules is `schedules`; its memory is bounded by
  /// `--max-memory-mb`, like a run's, so `options` gets that option's help rewritten to say so.
  package static func searchOptions(_ options: [OptionSpec], schedules: Int) -> [OptionSpec] {
    options.map { option in
      guard option.option == .maxMemoryMB else { return option }
      return option.helping(
        "Stop a run, or a search of every schedule as a whole, that grows the lab's memory by "
          + "more than N MB (default: \(ProcessMemory.megabytes(RuntimeLimits().maxMemoryBytes))).")
    } + [
      Option.maxSchedules.helping(
        "Stop a search of every schedule after N schedules (default: \(schedules))."),
      Option.maxSeconds.spec,
    ]
  }

  /// `budget` with the bounds `arguments` and `options` (`--max-memory-mb`) give.
  package static func searchBudget(
    _ arguments: Arguments, options: RunOptions, _ budget: ExhaustiveSearch.Budget
  ) throws(UsageError) -> ExhaustiveSearch.Budget {
    var budget = budget
    if let schedules = try arguments.integer(.maxSchedules, in: 1...Int.max) {
      budget.maxSchedules = schedules
    }
    if let seconds = try arguments.number(.maxSeconds, in: 0.001...86_400) {
      budget.maxSeconds = seconds
    }
    budget.maxMemoryBytes = options.limits.runtime.maxMemoryBytes
    if let reduction = try arguments.choice(.reduction, ExhaustiveSearch.Reduction.self) {
      budget.reduction = reduction
    }
    if let jobs = try arguments.integer(.jobs, in: 1...256) { budget.jobs = jobs }
    if let text = arguments.value(.shard) {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = PlainNumber.whole(parts[0]),
        let count = PlainNumber.whole(parts[1]),
        (1...1000).contains(count), (1...count).contains(index)
      else {
        throw UsageError(
          "--shard takes K/N, shard K of N, with 1 ≤ K ≤ N ≤ 1000 (such as 1/4), not '\(text)'")
      }
      budget.shard = ExhaustiveSearch.Shard(index: index, count: count)
    }
    return budget
  }

  /// `--max-seconds` for `lab step` and `lab challenge`: the bound on working out one choice.
  package static let answerSeconds = Option.maxSeconds.helping(
    "Stop when working out the next choice takes more than S seconds (default: "
      + "\(ExhaustiveSearch.Limit.number(StepSession.standardSecondsPerAnswer))): each choice "
      + "runs the scenario again.")

  /// `--max-seconds`'s bound on one choice, else the standard one.
  package static func secondsPerAnswer(_ arguments: Arguments) throws(UsageError) -> Double {
    try arguments.number(.maxSeconds, in: 0.001...86_400) ?? StepSession.standardSecondsPerAnswer
  }

  /// The options that choose what a text trace shows, for `lab run` and a lesson's `lab run`.
  package static let displayOptions = [Option.task, .lane, .full].specs

  /// What the text trace shows, from `--task`, `--lane` and `--full`.
  package static func display(_ arguments: Arguments) -> TraceDisplay {
    TraceDisplay(
      tasks: arguments.values(.task), lanes: arguments.values(.lane),
      fold: !arguments.flag(.full))
  }

  /// The run options among `arguments`; those not given keep `RunOptions`' defaults.
  package static func parse(_ arguments: Arguments) throws(UsageError) -> RunOptions {
    var options = RunOptions()
    if arguments.flag(.live) { options.mode = .live }
    if let seed = arguments.value(.seed) {
      guard let value = PlainNumber.whole(seed, as: UInt64.self) else {
        throw UsageError("'--seed' takes a whole number ≥ 0, not '\(seed)'")
      }
      options.seed = value
    }
    if let policy = try arguments.choice(.policy, SchedulingPolicy.self) {
      options.policy = policy
    }
    options.threads = try arguments.integer(.threads, in: 1...64)
    if let scale = try arguments.number(.scale, in: 0.001...1000) { options.scale = scale }
    if let text = arguments.value(.tolerance) {
      // The percent may keep its sign: `5+5%`.
      let parts = text.split(separator: "+", omittingEmptySubsequences: false).enumerated().map {
        PlainNumber.decimal($1.hasSuffix("%") && $0 == 1 ? $1.dropLast() : $1)
      }
      guard parts.count == 2, let milliseconds = parts[0], let percent = parts[1],
        Tolerance.millisecondsRange.contains(milliseconds),
        Tolerance.percentRange.contains(percent)
      else {
        let (ms, pct) = (Tolerance.millisecondsRange, Tolerance.percentRange)
        throw UsageError(
          "'--tolerance' takes MS+PERCENT such as 5+5, MS from \(Int(ms.lowerBound)) to "
            + "\(Int(ms.upperBound)) and PERCENT from \(Int(pct.lowerBound)) to "
            + "\(Int(pct.upperBound)), not '\(terminalSafe(text))'")
      }
      options.tolerance = Tolerance(milliseconds: milliseconds, percent: percent)
    }
    try parseLimits(arguments, into: &options.limits)
    if options.mode != .live, !arguments.flag(.native),
      let real = [Option.scale, .tolerance].first(where: arguments.given)
    {
      // Accepted silently, it would read as if the virtual run had been played or judged so.
      throw UsageError(
        "--\(real.rawValue) is for a run on real threads, whose time is measured; add --live or "
          + "--native, or drop --\(real.rawValue)")
    }
    if options.mode == .live,
      let chooser = [Option.seed, .policy].first(where: { arguments.value($0) != nil })
    {
      // Accepted silently, it would read as if the live run's order had been chosen.
      throw UsageError(
        "--\(chooser.rawValue) chooses the virtual scheduler's order, and a --live run's order "
          + "comes from real threads; drop --\(chooser.rawValue), or drop --live")
    }
    return options
  }

  private static func parseLimits(_ arguments: Arguments, into limits: inout RunLimits)
    throws(UsageError)
  {
    let whole = 1...Int.max
    // Scenario time is read as a Double (`now`, pictures): up to 10^15 ms it is exact, and
    // whatever a run reaches below it converts back to whole milliseconds.
    if let maxTime = try arguments.integer(.maxTime, in: 1...1_000_000_000_000_000) {
      limits.runtime.maxTime = Int64(maxTime)
    }
    if let maxJobs = try arguments.integer(.maxJobs, in: whole) { limits.runtime.maxJobs = maxJobs }
    if let timeout = try arguments.number(.timeout, in: 0.1...86_400) {
      limits.runtime.wallClockSeconds = timeout
    }
    if let maxEvents = try arguments.integer(.maxEvents, in: whole) {
      limits.interpreter.maxEvents = maxEvents
    }
    if let megabytes = try arguments.integer(.maxTraceMB, in: 1...(1 << 20)) {
      limits.interpreter.maxTraceBytes = megabytes << 20
    }
    if let maxTasks = try arguments.integer(.maxTasks, in: whole) {
      limits.interpreter.maxTasks = maxTasks
    }
    if let maxSteps = try arguments.integer(.maxSteps, in: whole) {
      limits.interpreter.maxSteps = maxSteps
    }
    if let maxDepth = try arguments.integer(.maxDepth, in: whole) {
      limits.interpreter.maxCallDepth = maxDepth
    }
    if let megabytes = try arguments.integer(.maxMemoryMB, in: 1...(1 << 20)) {
      limits.runtime.maxMemoryBytes = megabytes << 20
    }
    if let seconds = try arguments.integer(.maxCPU, in: 1...86_400) {
      limits.maxCPUSeconds = seconds
    }
  }
}
