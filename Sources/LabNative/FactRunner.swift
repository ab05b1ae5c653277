import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime
import LabSwift
import Synchronization

/// What `lab facts` found of one fact.
public struct FactResult: Sendable {
  public enum Outcome: Sendable, Equatable {
    /// It holds; `note` says how, when it needed a second round of runs.
    case held(note: String?)
    /// It does not hold, or could not be checked: what happened, a line or a few.
    case failed(String)
    /// Checked elsewhere (`script:`), not by the lab.
    case elsewhere(String)
  }

  public var fact: Fact
  public var outcome: Outcome
}

/// Holds facts to their claims on the toolchain at hand: a runtime fact's program is built
/// (`-O`, `-warnings-as-errors`, cached) and run a few times as an untrusted program
/// (`NativeProcess`: a process group of its own, killed with its group at a time limit, memory
/// and output bounded), its `log: ` lines compared with the header's, or with its scenario's
/// on the virtual runtime (every seed) and live; a compiler fact is compiled through the SIL
/// diagnostics and its verdict compared with the header's.
public struct FactRunner: Sendable {
  public var compiler: SwiftCompiler
  /// Where built facts are kept: `facts/NAME-KEY/` under the native cache.
  public var cache: URL
  /// What the lab built: a fact's binary found in the cache is run only when it is one of them.
  public var records: BuildRecords
  /// The environment the verdict checks' build folder is found in.
  public var environment: [String: String]
  /// Virtual runs of a fact's scenario, seeds 1 to this.
  public var seeds = 10
  public var live = true
  /// Native runs of each fact: its own `runs:` when nil.
  public var runs: Int?
  /// What one native run may use.
  public var limits = NativeProcess.Limits(
    seconds: 30, memoryMegabytes: 512, cpuSeconds: 60, outputMegabytes: 4)
  /// A scenario by its path from the course's root, or why it cannot be run.
  public var loadScenario: @Sendable (String) -> Result<Scenario, FactFailure>
  /// What `lab facts` spends in all, if bounded: past it no fact starts compiling or running
  /// (the one under way keeps to its own limits), and each one left fails, saying so.
  public var budget: CommandBudget?

  /// What `lab facts` spends in all by default (`--max-seconds`): each compile and run is
  /// bounded on its own, but a course may hold thousands of facts. This repository's 193 took
  /// 8 minutes on two busy cores, their builds cached.
  public static let defaultSeconds = 3600.0

  public init(
    compiler: SwiftCompiler, cache: URL, records: BuildRecords, environment: [String: String],
    loadScenario: @escaping @Sendable (String) -> Result<Scenario, FactFailure>
  ) {
    self.compiler = compiler
    self.cache = cache
    self.records = records
    self.environment = environment
    self.loadScenario = loadScenario
  }

  /// The environment of a fact's program: only a `PATH`, so it runs as a reader's program runs,
  /// with Swift's defaults, and nothing of the lab's reaches it.
  static let programEnvironment = ["PATH": "/usr/local/bin:/usr/bin:/bin"]

  /// Checks `facts`: compiles them a few at once (as many as there are cores), then runs each
  /// in turn, alone, since what most of them show is timing; `progress` hears what is under way.
  public func check(_ facts: [Fact], progress: @Sendable (String) -> Void = { _ in })
    -> [FactResult]
  {
    let builds = Locked([String: Result<URL, FactFailure>]())
    let built = facts.filter {
      switch $0.check {
      case .output, .tests: true
      case .verdict, .script: false
      }
    }
    let verdicts = Locked([String: FactResult.Outcome]())
    let compiled = facts.filter {
      if case .verdict = $0.check { return true } else { return false }
    }
    let work = built.map { ($0, true) } + compiled.map { ($0, false) }
    let done = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: work.count) { index in
      let (fact, runs) = work[index]
      if let left = spent(fact) {
        builds.withLock { $0[fact.name] = .failure(FactFailure(left)) }
        verdicts.withLock { $0[fact.name] = .failed(left) }
      } else if runs {
        let build = build(fact)
        builds.withLock { $0[fact.name] = build }
      } else {
        let outcome = verdict(fact)
        verdicts.withLock { $0[fact.name] = outcome }
      }
      let count = done.add(1, ordering: .relaxed).newValue
      progress("compiled \(count) of \(work.count) facts")
    }
    // What a failure says is cut as a diagnostic is: a course's program chose its words.
    return facts.enumerated().map { index, fact -> FactResult in
      switch fact.check {
      case .script(let script):
        return FactResult(fact: fact, outcome: .elsewhere("shown by \(script)"))
      case .verdict:
        return FactResult(
          fact: fact, outcome: verdicts.withLock { $0[fact.name] } ?? .failed("not compiled"))
      case .output, .tests:
        progress("running \(fact.name) (\(index + 1) of \(facts.count))")
        if let left = spent(fact) { return FactResult(fact: fact, outcome: .failed(left)) }
        switch builds.withLock({ $0[fact.name] }) ?? .failure(FactFailure("not built")) {
        case .failure(let failure): return FactResult(fact: fact, outcome: .failed(failure.text))
        case .success(let binary):
          return FactResult(fact: fact, outcome: run(fact, binary: binary))
        }
      }
    }.map(\.shown)
  }

  /// Why `fact` is not checked, once the budget is spent; nil while there is time left.
  func spent(_ fact: Fact) -> String? {
    guard let budget, budget.isSpent else { return nil }
    return "not checked: the \(ExhaustiveSearch.Limit.number(budget.seconds)) s "
      + "'\(budget.hints.line("facts"))' spends in all ran out; raise it with --max-seconds, or "
      + "check this fact alone: " + budget.hints.line("facts \(fact.name)")
  }

  /// The seconds left of the budget, if there is one; nil without a budget.
  var secondsLeft: Double? {
    budget.map { max(0, ($0.deadline - ContinuousClock.now) / .seconds(1)) }
  }

  /// What one native run of a fact may use: its limits, its time cut to what is left of the
  /// budget, so a fact that started in time keeps to the command's bound.
  var runLimits: NativeProcess.Limits {
    var bounded = limits
    if let left = secondsLeft { bounded.seconds = min(bounded.seconds, max(0.1, left)) }
    return bounded
  }

  /// The compiler, its compiles cut to what is left of the budget, as the runs are: a fact
  /// that started in time compiled for up to swiftc's own 300 s past it (held-out round 47).
  var budgetedCompiler: SwiftCompiler {
    guard let budget, let left = secondsLeft else { return compiler }
    return compiler.within(
      seconds: left,
      bound: .init(
        name: "the \(ExhaustiveSearch.Limit.number(budget.seconds)) s "
          + "'\(budget.hints.line("facts"))' spends in all", option: "--max-seconds"))
  }

  /// `options` with its wall-clock limit cut to what is left of the budget.
  func bounded(_ options: RunOptions) -> RunOptions {
    var bounded = options
    if let left = secondsLeft {
      bounded.limits.runtime.wallClockSeconds = min(
        bounded.limits.runtime.wallClockSeconds, max(0.1, left))
    }
    return bounded
  }

  /// swiftc's verdict on a compiler fact, against the header's.
  func verdict(_ fact: Fact) -> FactResult.Outcome {
    guard case .verdict(let expected) = fact.check else { return .failed("not a verdict") }
    do {
      let check = try SwiftVerdictCheck.run(
        fact.source, settings: fact.settings, compiler: budgetedCompiler, environment: environment,
        mode: fact.mode, library: Fact.hasMain(fact.source), name: fact.name,
        expecting: expected)
      if check.verdict == expected { return .held(note: nil) }
      let said = check.said
      return .failed("swiftc's verdict is '\(said)', but the fact says '\(expected)'")
    } catch {
      return .failed("could not run swiftc: \(error)")
    }
  }

  /// A built fact held to its claim: by what it prints, or by how its tests end.
  func run(_ fact: Fact, binary: URL) -> FactResult.Outcome {
    switch fact.check {
    case .output(let lines, let scenario, let order):
      output(fact, binary: binary, lines: lines, scenario: scenario, order: order)
    case .tests(let expected): tests(fact, binary: binary, expected: expected)
    case .verdict, .script: .failed("not a program the lab runs")
    }
  }

  /// The program swiftc builds of a fact: its own, or with Swift Testing's entry point added.
  static func program(_ fact: Fact) -> String {
    switch fact.check {
    case .tests: fact.source + Fact.testEntryPoint
    case .output, .verdict, .script: fact.source
    }
  }

  /// The fact's program, built once for its source, settings and compiler.
  func build(_ fact: Fact) -> Result<URL, FactFailure> {
    let source = Self.program(fact)
    let options =
      ["-O", "-warnings-as-errors"] + (Fact.hasMain(source) ? ["-parse-as-library"] : [])
      + fact.settings.flatMap(\.arguments)
    let key = NativeBuilder.key(
      [source, compiler.swiftc.path, NativeBuilder.identity(of: compiler.swiftc)]
        + ["\(fact.mode)"] + options)
    let folder = cache.appendingPathComponent("\(fact.name)-\(key)", isDirectory: true)
    let binary = folder.appendingPathComponent("\(fact.name)-swift\(fact.mode)")
    if FileManager.default.isExecutableFile(atPath: binary.path), records.trusts(binary) {
      return .success(binary)
    }
    do {
      let verdict = try budgetedCompiler.compile(
        source, name: fact.name, mode: fact.mode, in: folder, options: options)
      guard let executable = verdict.executable else {
        let first = SwiftCompiler.firstError(verdict.diagnostics) ?? verdict.diagnostics
        return .failure(FactFailure("does not compile: \(first)"))
      }
      records.note(executable)
      return .success(executable)
    } catch {
      return .failure(FactFailure("could not run swiftc: \(error)"))
    }
  }

  /// A runtime fact: the lines its header or its scenario says, against what its program prints
  /// in every run. A round of runs that differs is tried once more (a loaded machine can delay
  /// a thread past a fact's rounding of times); the fact fails when the second differs too.
  func output(
    _ fact: Fact, binary: URL, lines: [String]?, scenario: String?, order: Fact.Order
  ) -> FactResult.Outcome {
    func normal(_ lines: [String]) -> [String] { order == .lines ? lines.sorted() : lines }
    var expected = lines.map(normal)
    if let scenario {
      switch scenarioLines(fact, scenario, normal: normal) {
      case .failure(let problem): return .failed(problem.text)
      case .success(let printed):
        if let expected, expected != printed {
          return .failed(
            "its scenario prints other lines than its header says:\n"
              + difference(printed, expected, names: ("scenario", "header")))
        }
        expected = printed
      }
    }
    guard let expected else { return .failed("nothing to compare its output with") }
    var firstRound: String?
    for round in 1...2 {
      guard let problem = runs(fact, binary: binary, expected: expected, normal: normal) else {
        return .held(
          note: round == 1
            ? nil : "held on a second round of runs: the first differed (a loaded machine?)")
      }
      if round == 1 { firstRound = problem } else { return .failed(problem) }
    }
    return .failed(firstRound ?? "")
  }

  /// The first run of a round that does not print `expected`, said; nil when all do.
  func runs(_ fact: Fact, binary: URL, expected: [String], normal: ([String]) -> [String])
    -> String?
  {
    let count = runs ?? fact.runs
    for run in 1...count {
      // A fact that started in time stops with the budget, between its runs and within one.
      if let left = spent(fact) { return left }
      let process: NativeProcess
      do {
        process = try NativeProcess.run(
          binary, environment: Self.programEnvironment, limits: runLimits)
      } catch {
        return "could not run \(binary.path): \(error)"
      }
      if let left = spent(fact) { return left }
      let printed = normal(
        process.output.split(separator: "\n").compactMap { line in
          line.hasPrefix("log: ") ? String(line.dropFirst(5)) : nil
        })
      if process.ending != .exited(0) {
        return "native run \(run) of \(count) \(process.ending.said)"
      }
      if printed != expected {
        return "native run \(run) of \(count) printed other lines:\n"
          + difference(printed, expected, names: ("native", "expected"))
      }
    }
    return nil
  }

  /// The `log` lines of a fact's scenario: the same on every seed and live, or why not.
  func scenarioLines(_ fact: Fact, _ path: String, normal: ([String]) -> [String])
    -> Result<[String], FactFailure>
  {
    let scenario: Scenario
    switch loadScenario(path) {
    case .failure(let error): return .failure(error)
    case .success(let loaded): scenario = loaded
    }
    func lines(_ options: RunOptions) -> [String] {
      normal(
        ScenarioRunner.run(scenario, options: bounded(options)).events.compactMap { event in
          if case .log(let text) = event.payload { return text }
          return nil
        })
    }
    var options = RunOptions()
    options.seed = 1
    let first = lines(options)
    for seed in 2...max(2, seeds) where seed <= seeds {
      if let left = spent(fact) { return .failure(FactFailure(left)) }
      options.seed = UInt64(seed)
      let other = lines(options)
      if other != first {
        return .failure(
          FactFailure(
            "its scenario's virtual run with seed \(seed) prints other lines than with seed 1:\n"
              + difference(other, first, names: ("seed \(seed)", "seed 1"))))
      }
    }
    if live {
      if let left = spent(fact) { return .failure(FactFailure(left)) }
      var liveOptions = RunOptions()
      liveOptions.mode = .live
      let other = lines(liveOptions)
      if other != first {
        return .failure(
          FactFailure(
            "its scenario's live run prints other lines than its virtual run:\n"
              + difference(other, first, names: ("live", "virtual"))))
      }
    }
    return .success(first)
  }

  /// The first lines where `got` and `expected` part, at most eight.
  func difference(_ got: [String], _ expected: [String], names: (String, String)) -> String {
    var lines: [String] = []
    for index in 0..<max(got.count, expected.count) where lines.count < 8 {
      let one = index < got.count ? got[index] : nil
      let other = index < expected.count ? expected[index] : nil
      guard one != other else { continue }
      lines.append("  line \(index + 1): \(names.0): " + (one.map { "'\($0)'" } ?? "(none)"))
      lines.append("  line \(index + 1): \(names.1): " + (other.map { "'\($0)'" } ?? "(none)"))
    }
    return lines.joined(separator: "\n")
  }
}

extension FactResult {
  /// The most lines a failure is shown in, each cut at `DiagnosticList.longestLine`.
  static let shownLines = 20

  /// The result as it is shown: a failure's lines escaped and cut, and at most `shownLines` of them — a
  /// test's issue of three megabytes was a line of three megabytes.
  var shown: FactResult {
    guard case .failed(let text) = outcome else { return self }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      shownLine(String($0), columns: DiagnosticList.longestLine)
    }
    if lines.count > Self.shownLines {
      let more = lines.count - Self.shownLines
      lines = Array(lines.prefix(Self.shownLines)) + ["… \(more) more lines"]
    }
    return FactResult(fact: fact, outcome: .failed(lines.joined(separator: "\n")))
  }
}

/// Why a fact could not be built, loaded or compared, in a line or a few.
public struct FactFailure: Error, Sendable {
  public var text: String
  public init(_ text: String) { self.text = text }
}
