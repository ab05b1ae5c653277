import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// The run options every run-like command shares (`--seed`, `--threads`, `--live`, the limits…)
/// and the one parser that turns them into `RunOptions`, for `lab run` and friends and for a
/// lesson's `lab run` lines alike.
package enum RunArguments {
  package static let options: [Arguments.Option] = [
    .init(
      name: "live", value: nil,
      help: "Run on real threads and the real clock instead of the virtual runtime."),
    .init(
      name: "seed", value: "N",
      help: "The virtual scheduler's seed (default: the scenario's, else 1).", short: "s"),
    .init(
      name: "policy", value: "random|pct",
      help: "How the virtual scheduler picks among runnable jobs (default: random)."),
    .init(
      name: "threads", value: "N",
      help: "The cooperative pool's width, overriding the scenario's \"threads\".", short: "t"),
    .init(
      name: "scale", value: "X",
      help:
        "Live and native runs: real milliseconds per scenario millisecond (default: chosen per "
        + "scenario, 0.05–1, so the runtime's own costs stay within the tolerance)."),
    .init(
      name: "tolerance", value: "MS+PCT",
      help: "Live and native runs: allowed timing error (default: 1+2, ±(1 ms + 2%))."),
    .init(
      name: "max-time", value: "MS",
      help: "Stop a virtual run past this scenario time (default: 3600000)."),
    .init(
      name: "max-jobs", value: "N",
      help: "Stop a virtual run after this many runtime jobs (default: 5000000)."),
    .init(
      name: "timeout", value: "S",
      help: "Stop a live or native run after this many real seconds (default: 60)."),
    .init(
      name: "max-events", value: "N",
      help: "Stop a run after this many trace events (default: 1000000)."),
    .init(
      name: "max-trace-mb", value: "N",
      help:
        "Stop a run whose trace holds more than N MB of text, or a native program printing "
        + "more (default: 64)."),
    .init(
      name: "max-tasks", value: "N",
      help: "Stop a run after it creates this many tasks (default: 100000)."),
    .init(
      name: "max-steps", value: "N",
      help: "Stop a run after this many steps, loop iterations included (default: 10000000)."),
    .init(
      name: "max-depth", value: "N",
      help: "Stop a run whose calls and tasks nest deeper than this (default: 1000)."),
    .init(
      name: "max-memory-mb", value: "N",
      help:
        "Stop a run that grows the lab's memory by more than N MB, or a native program using "
        + "more (default: 512)."),
    .init(
      name: "max-cpu", value: "S",
      help: "Stop a native program after S seconds of CPU time, all threads (default: 10)."),
  ]

  /// The options that bound a search of every schedule (`lab explore --exhaustive`, `lab
  /// check`), whose default number of schedules is `schedules`; its memory is bounded by
  /// `--max-memory-mb`, like a run's, so `options` gets that option's help rewritten to say so.
  package static func searchOptions(_ options: [Arguments.Option], schedules: Int)
    -> [Arguments.Option]
  {
    let seconds = ExhaustiveSearch.Limit.number(ExhaustiveSearch.Budget.defaultSeconds)
    return options.map { option in
      guard option.name == "max-memory-mb" else { return option }
      var searching = option
      searching.help =
        "Stop a run, or a search of every schedule as a whole, that grows the lab's memory by "
        + "more than N MB (default: \(ProcessMemory.megabytes(RunLimits().maxMemoryBytes)))."
      return searching
    } + [
      .init(
        name: "max-schedules", value: "N",
        help: "Stop a search of every schedule after N schedules (default: \(schedules))."),
      .init(
        name: "max-seconds", value: "S",
        help: "Stop a search of every schedule after S seconds (default: \(seconds))."),
    ]
  }

  /// `budget` with the bounds `arguments` and `options` (`--max-memory-mb`) give.
  package static func searchBudget(
    _ arguments: Arguments, options: RunOptions, _ budget: ExhaustiveSearch.Budget
  ) throws(UsageError) -> ExhaustiveSearch.Budget {
    var budget = budget
    if let schedules = try arguments.integer("max-schedules", in: 1...Int.max) {
      budget.maxSchedules = schedules
    }
    if let seconds = try arguments.number("max-seconds", in: 0.001...86_400) {
      budget.maxSeconds = seconds
    }
    budget.maxMemoryBytes = options.limits.maxMemoryBytes
    return budget
  }

  /// The options that choose what a text trace shows, for `lab run` and a lesson's `lab run`.
  package static let displayOptions: [Arguments.Option] = [
    .init(
      name: "task", value: "NAME",
      help: "Show only this task's events (repeatable; a group also shows its children)."),
    .init(
      name: "lane", value: "NAME",
      help: "Show only events on this thread: main, worker-1, … (repeatable)."),
    .init(name: "full", value: nil, help: "Show every event: do not fold repeated rounds."),
  ]

  /// What the text trace shows, from `--task`, `--lane` and `--full`.
  package static func display(_ arguments: Arguments) -> TraceDisplay {
    TraceDisplay(
      tasks: arguments.values("task"), lanes: arguments.values("lane"),
      fold: !arguments.flag("full"))
  }

  /// The run options among `arguments`; those not given keep `RunOptions`' defaults.
  package static func parse(_ arguments: Arguments) throws(UsageError) -> RunOptions {
    var options = RunOptions()
    if arguments.flag("live") { options.mode = .live }
    if let seed = arguments.value("seed") {
      guard let value = UInt64(seed) else {
        throw UsageError("'--seed' takes a whole number ≥ 0, not '\(seed)'")
      }
      options.seed = value
    }
    if let policy = try arguments.choice("policy", SchedulingPolicy.self) {
      options.policy = policy
    }
    options.threads = try arguments.integer("threads", in: 1...64)
    if let scale = try arguments.number("scale", in: 0.001...1000) { options.scale = scale }
    if let text = arguments.value("tolerance") {
      let parts = text.split(separator: "+").map {
        Double($0.trimmingCharacters(in: .init(charactersIn: " %")))
      }
      guard parts.count == 2, let milliseconds = parts[0], let percent = parts[1] else {
        throw UsageError("'--tolerance' takes MS+PERCENT such as 5+5, not '\(text)'")
      }
      options.tolerance = Tolerance(milliseconds: milliseconds, percent: percent)
    }
    try parseLimits(arguments, into: &options.limits)
    return options
  }

  private static func parseLimits(_ arguments: Arguments, into limits: inout RunLimits)
    throws(UsageError)
  {
    let whole = 1...Int.max
    if let maxTime = try arguments.integer("max-time", in: whole) {
      limits.maxTime = Int64(maxTime)
    }
    if let maxJobs = try arguments.integer("max-jobs", in: whole) { limits.maxJobs = maxJobs }
    if let timeout = try arguments.number("timeout", in: 0.1...86_400) {
      limits.wallClockSeconds = timeout
    }
    if let maxEvents = try arguments.integer("max-events", in: whole) {
      limits.maxEvents = maxEvents
    }
    if let megabytes = try arguments.integer("max-trace-mb", in: 1...(1 << 20)) {
      limits.maxTraceBytes = megabytes << 20
    }
    if let maxTasks = try arguments.integer("max-tasks", in: whole) { limits.maxTasks = maxTasks }
    if let maxSteps = try arguments.integer("max-steps", in: whole) { limits.maxSteps = maxSteps }
    if let maxDepth = try arguments.integer("max-depth", in: whole) {
      limits.maxCallDepth = maxDepth
    }
    if let megabytes = try arguments.integer("max-memory-mb", in: 1...(1 << 20)) {
      limits.maxMemoryBytes = megabytes << 20
    }
    if let seconds = try arguments.integer("max-cpu", in: 1...86_400) {
      limits.maxCPUSeconds = seconds
    }
  }
}
