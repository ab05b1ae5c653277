import LabChecks
import LabInterpreter
import LabRuntime

/// The rows of the option table (`Option.spec`), one a declaration; grouped as the commands
/// offer them. Where commands differ on an option's help, the row is the run command's.
enum OptionRows {
  // How a run runs, and its limits: every run-like command (`RunArguments.options`).
  static let live = OptionSpec.flag(
    .live, "Run on real threads and the real clock instead of the virtual runtime.")
  static let seed = OptionSpec.value(
    .seed, "N", "The virtual scheduler's seed (default: the scenario's, else 1).", short: "s")
  static let policy = OptionSpec.value(
    .policy, "random|pct", "How the virtual scheduler picks among runnable jobs (default: random).")
  static let threads = OptionSpec.value(
    .threads, "N", "The cooperative pool's width, overriding the scenario's \"threads\".",
    short: "t")
  static let scale = OptionSpec.value(
    .scale, "X",
    "Live and native runs: real milliseconds per scenario millisecond (default: chosen per "
      + "scenario, 0.05–1, so the runtime's own costs stay within the tolerance).")
  static let tolerance = OptionSpec.value(
    .tolerance, "MS+PCT",
    "Live and native runs: allowed timing error (default: 1+2, ±(1 ms + 2%)).")
  static let maxTime = OptionSpec.value(
    .maxTime, "MS", "Stop a virtual run past this scenario time (default: 3600000).")
  static let maxJobs = OptionSpec.value(
    .maxJobs, "N", "Stop a virtual run after this many runtime jobs (default: 5000000).")
  static let timeout = OptionSpec.value(
    .timeout, "S", "Stop a run after this many real seconds (default: 60).")
  static let maxEvents = OptionSpec.value(
    .maxEvents, "N", "Stop a run after this many trace events (default: 1000000).")
  static let maxTraceMB = OptionSpec.value(
    .maxTraceMB, "N",
    "Stop a run whose trace holds more than N MB of text, or a native program printing "
      + "more (default: 64).")
  static let maxTasks = OptionSpec.value(
    .maxTasks, "N", "Stop a run after it creates this many tasks (default: 100000).")
  static let maxSteps = OptionSpec.value(
    .maxSteps, "N",
    "Stop a run after this many steps, loop iterations included (default: 10000000).")
  static let maxDepth = OptionSpec.value(
    .maxDepth, "N", "Stop a run whose calls and tasks nest deeper than this (default: 1000).")
  static let maxMemoryMB = OptionSpec.value(
    .maxMemoryMB, "N",
    "Stop a run that grows the lab's memory by more than N MB, or a native program using "
      + "more (default: 512).")
  static let maxCPU = OptionSpec.value(
    .maxCPU, "S", "Stop a native program after S seconds of CPU time, all threads (default: 10).")

  // A search of every schedule (`RunArguments.searchOptions`) and `lab explore`'s sample.
  static let maxSchedules = OptionSpec.value(
    .maxSchedules, "N",
    "Stop a search of every schedule after N schedules "
      + "(default: \(ExhaustiveSearch.Budget.defaultSchedules)).")
  static let maxSeconds = OptionSpec.value(
    .maxSeconds, "S",
    "Stop a search of every schedule after S seconds "
      + "(default: \(ExhaustiveSearch.Limit.number(ExhaustiveSearch.Budget.defaultSeconds))).")
  static let exhaustive = OptionSpec.flag(.exhaustive, "Run every schedule, not a sample of seeds.")
  static let preemptions = OptionSpec.value(
    .preemptions, "K", "Exhaustive: at most K preemptions, fewest first.")
  static let departures = OptionSpec.value(
    .departures, "K",
    "A program of yours, exhaustive: every schedule at most K departures from first in, first "
      + "out, where running the ready job N places behind the oldest is N (default: 2).")
  static let reduction = OptionSpec.value(
    .reduction, "optimal|sleep-sets|none",
    "Exhaustive: skip orders that only swap independent turns, running one schedule for each "
      + "order of the conflicting ones (optimal, the default); with sleep sets alone; or not at "
      + "all. The last two are there to measure what the first saves.")
  static let jobs = OptionSpec.value(
    .jobs, "N",
    "Exhaustive: explore the parts of the tree on N threads (default: the cores); "
      + "every N finds the same.")
  static let shard = OptionSpec.value(
    .shard, "K/N",
    "Exhaustive: explore only part K of N of the tree, and write it as JSON for --merge "
      + "(a CI matrix).")
  static let merge = OptionSpec.value(
    .merge, "FILE",
    "Exhaustive: combine the JSON of every --shard K/N of one search into its result "
      + "(repeatable, one per shard).", repeatable: true)
  static let runs = OptionSpec.value(
    .runs, "N", "Runs per policy (live: runs in all); default 100.")
  static let seeds = OptionSpec.value(
    .seeds, "K", "Run each scenario on seeds 1…K (both policies unless --policy).")

  // What a run shows (`RunArguments.displayOptions`), and where else it goes.
  static let task = OptionSpec.value(
    .task, "NAME", "Show only this task's events (repeatable; a group also shows its children).",
    repeatable: true)
  static let lane = OptionSpec.value(
    .lane, "NAME", "Show only events on this thread: main, worker-1, … (repeatable).",
    repeatable: true)
  static let full = OptionSpec.flag(.full, "Show every event: do not fold repeated rounds.")
  static let format = OptionSpec.value(.format, "text|json", "Output format (default: text).")
  static let timeline = OptionSpec.flag(
    .timeline, "Draw the run, a row per thread, not the trace.")
  static let tasks = OptionSpec.flag(.tasks, "Timeline: add a row per task (implies --timeline).")
  static let ascii = OptionSpec.flag(
    .ascii, "Timeline: plain ASCII (automatic in a non-UTF-8 locale).")
  static let html = OptionSpec.value(
    .html, "FILE", "Also write a self-contained HTML report to FILE.")
  static let chrome = OptionSpec.value(
    .chrome, "FILE", "Also write Chrome trace JSON for Perfetto to FILE.")
  static let junit = OptionSpec.value(
    .junit, "FILE", "Also write the results as JUnit XML to FILE.")
  static let verbose = OptionSpec.flag(.verbose, "After a failing scenario, list every failure.")
  static let schedule = OptionSpec.value(
    .schedule, "S", "Replay schedule S exactly (virtual runs).")
  static let showSchedule = OptionSpec.flag(
    .showSchedule, "Print the run's schedule, to replay it.")
  static let native = OptionSpec.flag(
    .native, "Compile the scenario's Swift program and run it on the real Swift runtime.")
  static let scheduled = OptionSpec.flag(
    .scheduled,
    "Compile the scenario's Swift program and run it on the real Swift runtime under the lab's "
      + "scheduler: jobs one at a time in the order --seed chooses, on the scenario's pool, in "
      + "virtual time.")

  // One command's each.
  static let check = OptionSpec.flag(.check, "Compile the program and print swiftc's verdict.")
  static let update = OptionSpec.flag(
    .update, "Record the run as the expected trace when it differs.")
  static let step = OptionSpec.flag(
    .step, "Pause after each section until Return is pressed (terminal only).")
  static let lessons = OptionSpec.flag(.lessons, "List only the lessons.")
  static let scenarios = OptionSpec.flag(.scenarios, "List only the scenarios.")
  static let names = OptionSpec.flag(
    .names, "Print only the names, one a line, the course's first (for scripts and completion).")
  static let fast = OptionSpec.flag(
    .fast, "Only the facts whose header does not say // slow.")
  static let facts = OptionSpec.flag(
    .facts,
    "Also run the facts the lessons cite (lab facts) and fail each lesson that cites one that "
      + "does not hold.")
  static let next = OptionSpec.flag(
    .next, "Play the first challenge you have not played yet, saying which on stderr.")
  static let path = OptionSpec.value(
    .path, "DIR", "The folder to write in, inside the project (default: Scenarios/).")
  static let virtual = OptionSpec.flag(
    .virtual,
    "The default: lessons' --live lines run on the virtual runtime (the same site every time).")
  static let liveRuns = OptionSpec.flag(
    .liveRuns,
    "Play lessons' --live lines on real threads, as 'lab lesson' does; a run whose order, values "
      + "or outcome are not what the lesson says fails the site.")
  static let vs = OptionSpec.flag(
    .vs,
    "Between the two runs: what comes before is run A, what comes after run B (its own scenario "
      + "name, else A's; no option of A's carries over).")
  static let docsTable = OptionSpec.flag(.docsTable, "Print the docs' table of steps instead.")
  static let courseOnly = OptionSpec.flag(
    .courseOnly,
    "Only the course's own lessons and scenarios, and the bundled scenarios its lessons run; not "
      + "the rest of the curriculum bundled with the lab.")
  static let title = OptionSpec.value(
    .title, "TEXT", "The course's name on the index (default: the course folder's name).")
  static let labRepository = OptionSpec.value(
    .labRepository, "URL",
    "The lab's git repository the CI workflow builds, an https URL (default: the origin of the "
      + "clone this lab was built from, else the LAB_REPOSITORY repository variable).")

  // Every command's (`Lab`): `--help` ends each command's help, `--color` is in `lab --help`.
  static let help = OptionSpec.flag(.help, "Show this help.", short: "h")
  static let color = OptionSpec.value(
    .color, "auto|always|never", "When to colour the output (default: auto, on a terminal).")
  static let version = OptionSpec.flag(.version, "Print the lab's version.")
}
