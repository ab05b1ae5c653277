import Foundation
import LabChecks
import LabCommandLine
import LabLessons
import LabModel
import LabNative
import LabRuntime
import LabSwift
import Synchronization

/// `lab facts`: holds the course's facts to their claims on this toolchain, and every citation
/// of a fact in its lessons and docs to a fact that exists.
enum FactsCommand: Command {
  static let name = "facts"
  static let summary =
    "Check the facts the lessons cite: each small Swift program against its claim."
  static let usage = "facts [names...] [options]"
  static let discussion = """
    A fact is a small Swift program in Tests/NativeFacts/ that shows one thing the real runtime
    or compiler does; its header says what (// fact: …) and how it is held to it: the lines it
    prints after 'log: ' (// log: …, or a // scenario: whose log events print the same), or
    swiftc's verdict on it (// verdict: …). A lesson or doc cites it beside the claim, as a link
    to the program: [fact](../Tests/NativeFacts/NAME.swift). docs/lessons.md says how to write
    one.

    For each fact (or each one named): a runtime fact is compiled (swiftc -swift-version 6 -O,
    -warnings-as-errors; cached) and run five times (or its // runs:) as an untrusted program,
    each run killed after 30 s; a round of runs that differs is tried once more. Its scenario,
    if it has one, runs on the virtual runtime on seeds 1…10 and once live, and must print the
    same lines. A compiler fact is compiled, never run. Programs are compiled a few at once and
    run one at a time. Then every link to a fact in Lessons/, docs/ and README.md must name one
    that exists. The command as a whole keeps to --max-seconds: a compile or a run under way
    stops with it, no fact starts past it, and each one left fails, saying so.

    Prints a line per fact, ✓ or ✗ and its claim, and under a failure what differed and which
    lessons and docs cite it; then 'facts: N held, N failed'. Needs a Swift toolchain.
    Exit status: 0 when every fact held and every citation names a fact, 1 otherwise, 64 on a
    usage error.

    Examples:
      lab facts
      lab facts task-starts-beside-creator
      lab facts --fast --runs 3
    """
  static let options: [OptionSpec] = [
    Option.fast.spec,
    Option.runs.helping("Native runs of each fact (default: its // runs:, else 5)."),
    Option.seeds.helping("Virtual seeds of each fact's scenario (default 10)."),
    Option.virtual.helping("Run facts' scenarios on the virtual runtime only, not live too."),
    Option.maxSeconds.helping(
      "The most the command spends on compiling and running, in seconds (default "
        + "\(PlainNumber.text(FactRunner.defaultSeconds))): past it, no fact "
        + "starts, and each one left fails, saying so."),
  ]

  static func run(_ arguments: Arguments, _ context: CommandContext) throws(UsageError) -> Int32 {
    let console = context.console
    // Counted from the command's start: loading the facts is part of the command's time.
    let budget = CommandBudget(
      seconds: try arguments.number(.maxSeconds, in: 0.001...86_400) ?? FactRunner.defaultSeconds,
      hints: LabCommand.hint)
    let root = try context.catalog().root
    let catalog = FactCatalog(root: root)
    // Paths as the course names them, from its root.
    let shown = ScenarioCatalog(root: root)
    let known = catalog.names()
    for name in arguments.positionals where !known.contains(name) {
      throw UsageError(
        "no fact named '\(terminalSafe(name))' in \(Fact.folder)/" + didYouMean(name, in: known))
    }
    let names = arguments.positionals.isEmpty ? known : arguments.positionals
    let runs = try arguments.integer(.runs, in: 1...Fact.maxRuns)
    let seeds = try arguments.integer(.seeds, in: 1...1_000) ?? 10
    guard var runner = try runner(context) else { return ExitStatus.failure }
    runner.seeds = seeds
    runner.live = !arguments.flag(.virtual)
    runner.runs = runs
    runner.budget = budget
    let loaded = Dictionary(
      uniqueKeysWithValues: known.map { name in
        (name, catalog.load(name, display: shown.displayPath(catalog.file(name))))
      })
    var facts: [Fact] = []
    // A fact whose file name is not UTF-8 is listed by nothing: it fails, named.
    let unreadable = UnreadableNames.problems(inCourse: root).filter {
      $0.hasPrefix(Fact.folder + "/")
    }
    var broken = arguments.positionals.isEmpty ? unreadable.count : 0
    for problem in unreadable where arguments.positionals.isEmpty {
      console.err(console.paint(problem, .red, forErr: true) + "\n")
    }
    for name in names {
      switch loaded[name] {
      case .success(let fact)?:
        if !arguments.flag(.fast) || !fact.slow { facts.append(fact) }
      case .failure(let problems)?:
        broken += 1
        for problem in problems.problems {
          console.err(console.paint(terminalSafe(problem.description), .red, forErr: true) + "\n")
        }
      case nil:
        break
      }
    }
    let results = check(facts, with: runner, context)
    let citations = citingFiles(root: root)
    var tally = report(results, citations: citations, version: runner.compiler.version(), context)
    tally.failed += broken
    for file in citations {
      for problem in FactCitation.problems(file.citations, facts: loaded) {
        tally.badCitations += 1
        console.err(
          console.paint(
            terminalSafe(LessonFileError(file: file.file, problems: [problem]).description), .red,
            forErr: true) + "\n")
      }
    }
    console.out(tally.line + "\n")
    return tally.failed + tally.badCitations > 0 ? ExitStatus.failure : ExitStatus.ok
  }

  /// The runner of the course's facts, as `lab facts` and `lab check --facts` run them; nil, with
  /// the reason printed, without a toolchain; a usage error when the folder to build in is refused.
  static func runner(_ context: CommandContext) throws(UsageError) -> FactRunner? {
    guard let compiler = SwiftCompiler.find(environment: context.environment) else {
      context.console.err(
        context.console.paint("error: ", .red, forErr: true)
          + "no Swift toolchain: \(SwiftCompiler.missing(environment: context.environment)); a fact is "
          + "a program to compile and run\n")
      return nil
    }
    let (cache, records) = try NativeCommand.cache(context)
    guard let root = try? context.catalog().root
    else { return nil }
    return FactRunner(
      compiler: compiler, cache: cache.appendingPathComponent("facts", isDirectory: true),
      records: records, environment: context.environment,
      loadScenario: scenarioLoader(root: root))
  }

  /// Checks `facts`, with a progress line on a terminal.
  static func check(_ facts: [Fact], with runner: FactRunner, _ context: CommandContext)
    -> [FactResult]
  {
    // The programs compile on several threads at once, each saying so.
    let progress = Locked(ProgressLine(console: context.console))
    let results = runner.check(facts) { text in progress.withLock { $0.update(text) } }
    progress.withLock { $0.clear() }
    return results
  }

  /// What `lab facts` counts, and its last line.
  struct Tally {
    var held = 0
    var failed = 0
    var elsewhere = 0
    var badCitations = 0
    var cited = 0
    var files = 0
    var version: String?

    var line: String {
      var totals = "facts: \(held) held, \(failed) failed"
      if elsewhere > 0 { totals += ", \(elsewhere) shown by scripts" }
      if let version { totals += " · Swift \(version)" }
      totals += " · cited \(cited) times in \(files) files"
      if badCitations > 0 { totals += ", \(badCitations) citations name no fact" }
      return totals
    }
  }

  /// Prints a line per fact — ✓ or ✗, its name and claim — and under a failure what differed
  /// and where it is cited.
  static func report(
    _ results: [FactResult], citations: [(file: String, citations: [FactCitation])],
    version: String?, _ context: CommandContext
  ) -> Tally {
    let console = context.console
    var tally = Tally(version: version)
    tally.cited = citations.reduce(0) { $0 + $1.citations.count }
    tally.files = citations.filter { !$0.citations.isEmpty }.count
    for result in results {
      let claim = terminalSafe(result.fact.claim)
      switch result.outcome {
      case .held(let note):
        tally.held += 1
        // A fact that holds is one line, cut to a terminal's width; one that fails is whole.
        let line = "✓ \(result.fact.name): \(claim)"
        let shown = console.terminalColumns.map { cut(line, toWidth: $0 - 1) } ?? line
        console.out(console.paint("✓", .green) + shown.dropFirst() + "\n")
        if let note { console.out("    \(note)\n") }
        if let version, !result.fact.checked.contains("Swift \(version)") {
          console.out(
            "    held on Swift \(version); its header says it was measured on "
              + "\(terminalSafe(result.fact.checked))\n")
        }
      case .failed(let why):
        tally.failed += 1
        console.out(console.paint("✗", .red) + " \(result.fact.name): \(claim)\n")
        for line in why.split(separator: "\n") {
          console.out("    \(terminalSafe(String(line)))\n")
        }
        let citing = citations.flatMap { file in
          file.citations.filter { $0.name == result.fact.name }.map { "\(file.file):\($0.line)" }
        }
        if !citing.isEmpty {
          console.out("    cited by " + citing.joined(separator: ", ") + "\n")
        }
      case .elsewhere(let how):
        tally.elsewhere += 1
        console.out("- \(result.fact.name): \(terminalSafe(how))\n")
      }
    }
    return tally
  }

  /// The Markdown files of the course that may cite facts — its lessons, its docs and its README
  /// — each with its citations.
  static func citingFiles(root: URL) -> [(
    file: String, citations: [FactCitation]
  )] {
    var files: [(URL, Int)] = [(root.appendingPathComponent("README.md"), 0)]
    for folder in ["Lessons", "docs"] {
      let url = root.appendingPathComponent(folder, isDirectory: true)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      files += names.filter { $0.hasSuffix(".md") }.sorted().map {
        (url.appendingPathComponent($0), 1)
      }
    }
    return files.compactMap { url, depth in
      guard CourseBoundary.problem(url, root: root) == nil,
        let data = try? BoundedFile.read(url.path, cap: 1 << 20)
      else { return nil }
      let lines = String(decoding: data, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
      ).map(String.init)
      return (ScenarioCatalog(root: root).displayPath(url), FactCitation.scan(lines, depth: depth))
    }
  }

  /// Loads a fact's scenario by its path from the course's root; a path that leads outside the
  /// course is refused, as is one that does not validate. Links are followed before the path is
  /// held to the course: `Scenarios/linked -> /outside` is outside.
  static func scenarioLoader(root: URL) -> @Sendable (String) -> Result<Scenario, FactFailure> {
    let base = root.standardizedFileURL.resolvingSymlinksInPath().path
    return { path in
      // From the root whether or not its URL ends in a slash (relativeTo: takes its parent then).
      let url =
        (path.hasPrefix("/") ? URL(writtenPath: path) : root.appendingPathComponent(path))
        .standardizedFileURL.resolvingSymlinksInPath()
      guard isPath(url.path, within: base), path.hasSuffix(".json") else {
        return .failure(
          FactFailure(
            "its scenario '\(path)' is not a .json file inside the course; name one under the "
              + "course's Scenarios/ or Tests/NativeFacts/, as a path from the course's root"))
      }
      do throws(DiagnosticList) {
        return .success(try ScenarioLoader.load(path: url.path))
      } catch {
        return .failure(
          FactFailure(
            "its scenario '\(path)' does not load: "
              + (error.diagnostics.first.map(\.description) ?? "no such file")))
      }
    }
  }
}
