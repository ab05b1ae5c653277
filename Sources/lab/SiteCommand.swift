import Foundation
import LabChecks
import LabCommandLine
import LabLessons
import LabModel
import LabPictures
import LabSite

/// `lab site DIR`: writes the course as a static website. The pages come from `LabSite`; this
/// command checks the folder, writes the files and says what it wrote.
enum SiteCommand: Command {
  static let name = "site"
  static let summary = "Write the course as a static website: lessons and scenarios as pages."
  static let usage = "site DIR [--course-only] [--title TEXT] [--live-runs]"
  static let discussion = """
    Writes the course — its lessons and scenarios, then those bundled with the lab, as 'lab list'
    shows them (--course-only: the course's alone, with the bundled scenarios its lessons run) —
    to DIR as a static website, named by --title (default: the course folder's name): DIR/index.html lists the lessons and the scenarios;
    DIR/lesson-NN-NAME.html is a lesson, its prose and each of its runs; DIR/scenario-NAME.html
    is a scenario's run, its checks, its expected trace and its Swift program;
    DIR/challenge-NAME.html is a scenario's challenge, played in the page: at each point the
    learner picks the task that runs next, as in 'lab step', and is scored against the par.

    A challenge page holds every run a learner can make, computed when the site is made (the page
    runs no scenario). A page holds at most 3,500 points of choice and 1 MB of them: past that it
    keeps the runs with at most par+2 choices against the default order (then par+1, then par),
    says so, and leaves the rest to 'lab challenge NAME' in a terminal. A line per challenge says
    its size and how long it took.

    A course cannot keep a site busy without end: its work shares budgets — the challenge pages
    \(Int(Site.challengeSeconds)) s, the predictions' searches \(Int(Site.predictionSeconds)) s, \
    the lessons' runs \(Int(Site.lessonRunSeconds)) s, the scenario pages' runs \
    \(Int(Site.scenarioRunSeconds)) s — each run getting what is left as its timeout. Past one, \
    what is left is not done: its page says so and names the command that does it in a terminal, \
    and the site lists it as a problem.

    Every run is an interactive picture: the timeline with a row per thread and per task, and the
    trace. The scrubber, the ◀ ▶ buttons and the ← → keys step through the events one at a time;
    a click on a trace line or on a mark in the timeline jumps there. PAGE.html#event=N opens a
    page at event N (counted from 1), and moving updates the address: copy it to link to that
    moment. On a lesson page, #run=K&event=N is event N of the page's K-th run.

    Pages are self-contained (styles and one small script inline, nothing loaded from the network)
    and work from file:// or any static host such as GitHub Pages. DIR is created when missing
    (the folder above it must exist); a DIR that is not empty must hold a site the lab wrote,
    which is then overwritten (and the pages of lessons and scenarios it no longer has are
    removed; other files are left alone). Every file is checked before the first is written: a
    page the lab did not write in its place, or a folder or link there, refuses the whole site
    and leaves DIR as it was.

    A lesson's --live lines run on the virtual runtime, so the same course makes the same site on
    any machine, however busy: each such run says so on its page. --live-runs plays them on real
    threads instead, as 'lab lesson' does, with times measured now; a run whose order, values or
    outcome are not what its lesson says then fails the site (exit 1), and one that misses only
    times says so on its page, as 'lab lesson' does. (--virtual names the default and is kept for
    scripts.)

    Exit status: 0 when every page was written and every run did what its lesson says; 1 when a
    file does not parse or a run did not do what its lesson says (the site is written all the
    same, the problems listed on stderr), or when DIR is refused or cannot be written; 64 on a
    usage error.

    Examples:
      lab site site/
      lab site /tmp/course && xdg-open /tmp/course/index.html
      lab site /tmp/course --live-runs
      lab site site/ --course-only --title 'Concurrency for app developers'
    """
  static let options = [Option.liveRuns, Option.virtual, Option.courseOnly, Option.title].specs

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        arguments.positionals.isEmpty
          ? "name the folder to write the site to, such as 'lab site site/'"
          : "site takes one folder; '\(arguments.positionals[1])' is a second")
    }
    let folder = arguments.positionals[0]
    let console = context.console
    // Its messages name the folder the user typed, which may hold anything: terminal-safe.
    func fail(_ message: String) {
      console.err(console.paint("error: ", .red, forErr: true) + terminalSafe(message) + "\n")
    }
    if let refusal = Site.refusal(folder: folder) {
      fail(refusal)
      return OutputPlan.isMistyped(folder) ? ExitStatus.usage : ExitStatus.failure
    }
    let start = ContinuousClock.now
    if arguments.flag(.liveRuns), arguments.flag(.virtual) {
      throw UsageError("--live-runs and --virtual contradict each other; give one")
    }
    let course = try context.course()
    let making = WaitLine("writing the site", console: console)
    let title = arguments.value(.title)
    if let title, title.trimmingCharacters(in: .whitespaces).isEmpty || title.count > 200 {
      throw UsageError("--title is the course's name, 1 to 200 characters, such as 'My course'")
    }
    let site = Site.build(
      course,
      options: Site.Options(
        liveRuns: arguments.flag(.liveRuns), courseOnly: arguments.flag(.courseOnly), title: title),
      progress: { making.show("writing the site: \($0)") })
    making.finish()
    // Every page is checked before the first is written: a refusal leaves the folder as it was.
    let plan = site.plan(folder: folder)
    if let refusal = plan.refusal() {
      fail(refusal)
      return plan.refusesATypedPath ? ExitStatus.usage : ExitStatus.failure
    }
    do throws(FileError) {
      try plan.createFolders()
      for page in site.pages {
        try AtomicFile.write(
          page.html, toPath: URL(writtenPath: folder).appendingPathComponent(page.path).path)
      }
    } catch {
      fail(error.description)
      return ExitStatus.failure
    }
    // A lesson renamed or removed since the last site: its old page would still be linked from
    // nowhere but found by search engines and bookmarks.
    for stale in site.stalePages(in: folder) {
      try? FileManager.default.removeItem(
        atPath: URL(writtenPath: folder).appendingPathComponent(stale).path)
    }
    // A problem quotes the course's files: escaped here, however it was made.
    for problem in site.problems {
      console.err(console.paint(terminalSafeLines(problem), .red, forErr: true) + "\n")
    }
    for line in site.challengeLines { console.out(console.fitted(line)) }
    let seconds = Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
    // The page to open on a line of its own: a path wrapped away from its command pastes alone.
    console.out(
      console.fitted(
        "wrote \(site.pages.count) pages (\(site.bytes / 1024) KB) to \(terminalSafe(folder)) in "
          + "\(String(format: "%.1f", seconds)) s")
        + "open \(shellWord(Self.index(in: folder)))\n")
    return site.problems.isEmpty ? ExitStatus.ok : ExitStatus.failure
  }

  /// The index page's path as the user wrote the folder: `out/` gives `out/index.html`.
  static func index(in folder: String) -> String {
    var trimmed = Substring(folder)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return trimmed == "/" ? "/index.html" : "\(trimmed)/index.html"
  }
}
