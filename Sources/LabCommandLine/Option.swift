/// Every option the lab takes, declared once: its spelling is the raw value, and `spec` says
/// whether it takes a value, its one-letter spelling and the help most commands show for it.
/// Commands list the options they offer and read them back by case (`arguments.flag(.timeline)`),
/// so an option misspelt in code is a compile error, not a silent `false`; help and shell
/// completions are made from the same rows, like the step table's (`StepKey`, `StepSpec`).
package enum Option: String, CaseIterable, Sendable {
  // How a run runs, and its limits (`RunArguments`).
  case live, seed, policy, threads, scale, tolerance
  case maxTime = "max-time"
  case maxJobs = "max-jobs"
  case timeout
  case maxEvents = "max-events"
  case maxTraceMB = "max-trace-mb"
  case maxTasks = "max-tasks"
  case maxSteps = "max-steps"
  case maxDepth = "max-depth"
  case maxMemoryMB = "max-memory-mb"
  case maxCPU = "max-cpu"
  // A search of every schedule.
  case maxSchedules = "max-schedules"
  case maxSeconds = "max-seconds"
  case exhaustive, preemptions, reduction, jobs, shard, merge, runs, seeds, departures
  // What a run shows, and where else it goes.
  case task, lane, full, format, timeline, tasks, ascii, html, chrome, junit, verbose
  case schedule
  case showSchedule = "show-schedule"
  case native, scheduled, check, update, step, lessons, scenarios, names, path, virtual, next, fast,
    facts
  // `lab compare`: the word between its two runs.
  case vs
  case liveRuns = "live-runs"
  case docsTable = "docs-table"
  case labRepository = "lab-repository"
  // `lab site`: what the site holds and what it is called.
  case courseOnly = "course-only"
  case title
  // Every command's, handled before its own (`Lab`): never in a command's list; `--version`
  // only stands alone.
  case help, color, version

  /// The option as most commands that take it show it: its row in `OptionRows`.
  package var spec: OptionSpec {
    switch self {
    case .live: OptionRows.live
    case .seed: OptionRows.seed
    case .policy: OptionRows.policy
    case .threads: OptionRows.threads
    case .scale: OptionRows.scale
    case .tolerance: OptionRows.tolerance
    case .maxTime: OptionRows.maxTime
    case .maxJobs: OptionRows.maxJobs
    case .timeout: OptionRows.timeout
    case .maxEvents: OptionRows.maxEvents
    case .maxTraceMB: OptionRows.maxTraceMB
    case .maxTasks: OptionRows.maxTasks
    case .maxSteps: OptionRows.maxSteps
    case .maxDepth: OptionRows.maxDepth
    case .maxMemoryMB: OptionRows.maxMemoryMB
    case .maxCPU: OptionRows.maxCPU
    case .maxSchedules: OptionRows.maxSchedules
    case .maxSeconds: OptionRows.maxSeconds
    case .exhaustive: OptionRows.exhaustive
    case .preemptions: OptionRows.preemptions
    case .departures: OptionRows.departures
    case .reduction: OptionRows.reduction
    case .jobs: OptionRows.jobs
    case .shard: OptionRows.shard
    case .merge: OptionRows.merge
    case .runs: OptionRows.runs
    case .seeds: OptionRows.seeds
    case .task: OptionRows.task
    case .lane: OptionRows.lane
    case .full: OptionRows.full
    case .format: OptionRows.format
    case .timeline: OptionRows.timeline
    case .tasks: OptionRows.tasks
    case .ascii: OptionRows.ascii
    case .html: OptionRows.html
    case .chrome: OptionRows.chrome
    case .junit: OptionRows.junit
    case .verbose: OptionRows.verbose
    case .schedule: OptionRows.schedule
    case .showSchedule: OptionRows.showSchedule
    case .native: OptionRows.native
    case .scheduled: OptionRows.scheduled
    case .check: OptionRows.check
    case .update: OptionRows.update
    case .step: OptionRows.step
    case .lessons: OptionRows.lessons
    case .scenarios: OptionRows.scenarios
    case .names: OptionRows.names
    case .path: OptionRows.path
    case .virtual: OptionRows.virtual
    case .vs: OptionRows.vs
    case .next: OptionRows.next
    case .fast: OptionRows.fast
    case .facts: OptionRows.facts
    case .liveRuns: OptionRows.liveRuns
    case .courseOnly: OptionRows.courseOnly
    case .title: OptionRows.title
    case .docsTable: OptionRows.docsTable
    case .labRepository: OptionRows.labRepository
    case .help: OptionRows.help
    case .color: OptionRows.color
    case .version: OptionRows.version
    }
  }
}
