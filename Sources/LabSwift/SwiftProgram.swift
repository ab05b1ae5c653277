import LabModel

/// `lab swift NAME`: one self-contained Swift 6 program that does what a scenario does, written
/// as a person would write it, printing a line with the milliseconds since start wherever the
/// lab's trace has a log line or a task starts or ends.
public enum SwiftProgram {
  /// The program, or the first step it cannot express, as a diagnostic at that step.
  /// With `native`, the program `lab run --native` builds: the same body, with helpers that
  /// scale time by `LAB_SCALE` and print lines the lab reads back as a trace.
  public static func generate(_ scenario: Scenario, native: Bool = false) throws(Diagnostic)
    -> String
  {
    do throws(NotExpressible) {
      let writer = ProgramWriter(scenario, native: native)
      // Types flow from calls to parameters and from returns to callers, one function further
      // each pass: passes go on until they learn nothing more (a chain of three functions
      // needed a fourth), as many as `lab validate` takes.
      var settled = false
      for pass in 0..<Scenario.typeLearningRounds where !settled {
        let before = writer.learnedTypes
        _ = try? writer.program()
        settled = pass >= 2 && writer.learnedTypes == before
      }
      guard settled else {
        throw NotExpressible(
          origin: nil,
          message: "its types flow through more calls than the writer follows "
            + "(\(Scenario.typeLearningRounds) passes); shorten the chain of functions that "
            + "return what they call")
      }
      writer.typesSettled = true
      return try writer.program()
    } catch {
      throw Diagnostic(
        file: scenario.file, location: error.origin?.location, path: error.origin?.path,
        message: "cannot write this as a Swift program yet: \(error.message)")
    }
  }

  /// What `swiftc` needs besides the language mode to build the scenario's program as written.
  public static func compilerOptions(_ scenario: Scenario) -> [String] {
    scenario.defaultIsolation == .main ? ["-default-isolation", "MainActor"] : []
  }

  /// Whether the scenario shows a data race, so its program must not compile in Swift 6 mode.
  public static func showsRace(_ scenario: Scenario) -> Bool {
    scenario.expect.races == .expected
  }
}

/// Where the scenario's shared `state` lives in the program.
enum Storage {
  /// Locals of `main()` that closures capture: what a learner writes, and what Swift 6 rejects.
  case captured
  /// `nonisolated(unsafe)` globals: Dispatch work orders the accesses where the compiler can't see.
  case unsafeGlobal
  /// Properties of a `@MainActor` view model: UI state.
  case mainActor
  /// Properties of an `actor State`: shared, never raced.
  case actor
}

final class ProgramWriter {
  /// The most inputs a program is written for: each is an element of one array literal, and
  /// swiftc's memory grows faster than their count (300: 0.4 GB, 1,000: 2.8 GB).
  static let maxInputs = 500
  let scenario: Scenario
  /// Writing the program `lab run --native` builds (`SwiftProgram+Native`).
  let native: Bool
  let storage: Storage
  var lines: [SwiftCode] = []
  var depth = 0
  var parameterTypes: [String: [String: SwiftType]] = [:]
  var returnTypes: [String: SwiftType] = [:]
  var stateTypes: [String: SwiftType] = [:]
  /// The functions whose `return` this pass has met: their earlier guesses are replaced.
  var returnedThisPass: Set<String> = []
  /// Local variables' types, by `localKey`, as the previous pass learned them: what later
  /// assignments say of one declared `[]`, what an `if`'s branches bind.
  var localTypes: [String: SwiftType] = [:]
  /// What this pass learns of them (`learnLocal`), the next pass's `localTypes`: learned anew
  /// each pass, so that a guess made before a function's return type was known is not kept.
  var passLocalTypes: [String: SwiftType] = [:]
  /// Whether a pass has run, whose `passLocalTypes` the next one starts from.
  var passed = false
  /// Whether the passes that learn the types are over: only then is a type known enough to
  /// refuse a value of another (an earlier pass stopped by a refusal would learn no more).
  var typesSettled = false
  var taskTypes: [String: SwiftType] = [:]
  var taskThrows: [String: Bool] = [:]
  var errors: Set<String> = []
  /// The state setters the `State` actor needs: `set` or `add` with the variable's name.
  var setters: Set<String> = []
  var groups: Set<String> = []
  /// The type the children of each task group with a body return, from its addTask steps.
  var groupElementTypes: [String: SwiftType] = [:]
  /// The type the body of each group with "as" returns, from its return steps.
  var groupResultTypes: [String: SwiftType] = [:]
  /// addTask steps written so far, for names of their own.
  var addedChildren = 0
  /// Serial chains (`chain`) and the type their tasks return.
  var chains: [String: SwiftType] = [:]
  /// Every name read anywhere: a result no one reads is bound to `_`.
  let reads: Set<String>
  /// Functions of the scenario alone, read for every call the writer writes: found once (a
  /// chain of 3,000 functions found them again for each, 5 s a pass).
  lazy var synchronousFunctions: Set<String> = findSynchronousFunctions()
  lazy var throwsKeys: Set<String> = findThrowsKeys()
  /// Tasks a handler cancels before it starts one of that name: the one a previous input
  /// started, which the view model keeps.
  let storedTaskNames: Set<String>
  /// Tasks some step awaits or cancels by name: the others need no name in the program.
  let taskReferences: Set<String>
  /// In a race program, the shared variables that code outside `main()` (a function, an actor's
  /// method, a handler) reads or writes: globals, since a local of `main()` is out of their
  /// scope. Swift 6 refuses a global `var` as shared mutable state, the race the lesson shows.
  let globalCapturedState: Set<String>

  init(_ scenario: Scenario, native: Bool = false) {
    self.scenario = scenario
    self.native = native
    let stepsOfAll =
      scenario.steps + scenario.functions.values.flatMap(\.steps)
      + scenario.handlers.values.flatMap(\.steps)
    let methods = scenario.actors.values.flatMap { $0.methods.values.flatMap(\.steps) }
    reads = Set(Self.names(stepsOfAll + methods))
    storedTaskNames = Self.storedTasks(scenario.handlers.values.map(\.steps))
    taskReferences = Self.taskReferences(stepsOfAll + methods)
    let outsideMain =
      scenario.functions.values.flatMap(\.steps) + scenario.handlers.values.flatMap(\.steps)
      + methods
    globalCapturedState = Set(Self.names(outsideMain) + Self.assigned(outsideMain))
      .intersection(scenario.state.map(\.name))
    if SwiftProgram.showsRace(scenario) {
      storage = .captured
    } else if Self.contains(
      stepsOfAll + methods,
      where: {
        Self.isDispatch($0) || Self.isSynchronization($0) || Self.handlerNamesState($0, scenario)
      })
    {
      storage = .unsafeGlobal
    } else if scenario.rootIsolation == .main || !scenario.inputs.isEmpty
      || scenario.functions.values.contains(where: { $0.isolation == .main })
      || Self.contains(stepsOfAll, where: { if case .onMain = $0 { true } else { false } })
    {
      storage = .mainActor
    } else {
      storage = .actor
    }
    for (name, value) in scenario.state {
      if let type = SwiftType.of(value) { stateTypes[name] = type }
    }
  }

  /// Every step of the scenario: the root's, the functions', the handlers' and the methods'.
  var allSteps: [Step] {
    scenario.steps + scenario.functions.values.flatMap(\.steps)
      + scenario.handlers.values.flatMap(\.steps)
      + scenario.actors.values.flatMap { $0.methods.values.flatMap(\.steps) }
  }

  /// Whether the steps read or change the scenario's shared state where it must be awaited (in
  /// the `State` actor, or the main actor's view model): a function or method holding them is
  /// `async`, even when no step of its own suspends.
  func awaitsSharedState(_ steps: [Step]) -> Bool {
    guard storage == .actor || storage == .mainActor else { return false }
    return !Set(Self.names(steps) + Self.assigned(steps)).isDisjoint(
      with: scenario.state.map(\.name))
  }

  func line(_ code: SwiftCode) {
    lines.append(code.indented(depth))
  }

  func block(
    _ opening: SwiftCode, _ closing: SwiftCode = "}", _ body: () throws(NotExpressible) -> Void
  )
    throws(NotExpressible)
  {
    line(opening)
    depth += 1
    try body()
    depth -= 1
    line(closing)
  }

  func program() throws(NotExpressible) -> String {
    if scenario.inputs.count > Self.maxInputs {
      throw NotExpressible(
        origin: nil,
        message: "\(scenario.inputs.count) inputs are more than a program swiftc can build within "
          + "its memory limit (1,000 took 2.8 GB and 4 s, 3,000 more than 4 GB); a Swift "
          + "program is written for at most \(Self.maxInputs): keep the inputs to that many")
    }
    if passed { localTypes = passLocalTypes }
    passed = true
    passLocalTypes = [:]
    lines = []
    errors = []
    returnedThisPass = []
    // Named by their order in this pass: the same names however many passes the types took.
    addedChildren = 0
    groups = []
    chains = [:]
    // The functions are written even when main() cannot be yet: a pass that stopped in main()
    // at a name whose type comes from a function learned nothing, and nor did the next.
    let body: [SwiftCode]
    do {
      body = try mainFunction()
    } catch {
      _ = try? declarations()
      throw error
    }
    let functions = try declarations()
    let top = lines
    lines = []
    header()
    let headerLines = lines
    lines = []
    try stateDeclaration()
    taskLocalDeclarations()
    serialTasksDeclaration()
    inputDeclarations()
    keptTaskDeclarations()
    var all: [SwiftCode] = headerLines + lines + functions + body + top
    if scenario.defaultIsolation == .main { all = Self.underDefaultMainActor(all) }
    return all.map(\.text).joined(separator: "\n") + "\n"
  }

  /// The program's lines as one built with `-default-isolation MainActor` writes them: main is
  /// the default, so `@MainActor` goes; the program's own top-level helpers and types are
  /// `nonisolated`, so that work off main can call them as before — but for functions with an
  /// `isolated` parameter, which run where their caller says already.
  static func underDefaultMainActor(_ lines: [SwiftCode]) -> [SwiftCode] {
    let declarations: [StaticString] = [
      "func ", "private func ", "enum ", "struct ", "final class ", "extension ",
    ]
    var result = lines
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("@MainActor ") {
        result[index] = line.droppingPrefix("@MainActor ")
        continue
      }
      guard declarations.contains(where: { line.hasPrefix($0) }) else { continue }
      let signature =
        lines[index...].prefix { !$0.hasSuffix("{") } + [
          lines[index...].first { $0.hasSuffix("{") } ?? .empty
        ]
      if !signature.contains(where: { $0.contains("isolated (any Actor)") }) {
        result[index] = "nonisolated \(line)"
      }
    }
    return result
  }

  func header() {
    // The scenario's own words, as comments that end where their line does.
    line(.comment("\(scenario.name): \(scenario.title)"))
    if !scenario.summary.isEmpty {
      for text in wrap(scenario.summary, width: 96) { line(.comment(text)) }
    }
    line(.comment("Written by `lab swift \(scenario.name)` from \(scenario.file)."))
    if SwiftProgram.showsRace(scenario) {
      line("// This program has a data race: Swift 6 refuses it; `-swift-version 5` runs it.")
    }
    if scenario.defaultIsolation == .main {
      line("// Built with swiftc -swift-version 6 -default-isolation MainActor, which a new Xcode")
      line("// 26 app target turns on: whatever names no isolation runs on the main actor.")
    }
    line("import Foundation")
    line("")
    if native {
      nativeHelpers()
    } else {
      learnerHelpers()
    }
    if reads.contains("Task.currentPriority") { priorityNames() }
    if reads.contains("#isolation") { isolationNames() }
    if !errors.isEmpty {
      line("enum ScenarioError: Error {")
      line("  case \(errors.sorted().map { SwiftCode(Identifier($0)) }.joined(separator: ", "))")
      line("}")
      if native {
        // Describing an error the first time reads its type's metadata, about a millisecond:
        // done here, before the clock starts, a `catch` that logs one adds nothing to its time.
        let cases = errors.sorted().map { SwiftCode("ScenarioError.\(Identifier($0))") }
          .joined(separator: ", ")
        line("for error: any Error in [\(cases)] where \"\\(error)\".isEmpty { print() }")
      }
      line("")
    }
    for (name, kind) in scenario.queues.sorted(by: { $0.key < $1.key }) {
      let attributes: SwiftCode = kind == .concurrent ? ", attributes: .concurrent" : ""
      line("let \(Identifier(name)) = DispatchQueue(label: \(.string(name))\(attributes))")
    }
    for name in groups.sorted() { line("let \(Identifier(name)) = DispatchGroup()") }
    if tracksWork {
      line("// The work items queued: an app's process keeps running until they have run.")
      line("let pendingWork = DispatchGroup()")
    }
    if !scenario.queues.isEmpty || !groups.isEmpty { line("") }
  }

  /// The helpers of the program a learner reads: `now()`, `log`, `block`.
  func learnerHelpers() {
    line("let start = ContinuousClock.now")
    line("")
    line("/// Milliseconds since the program started, as the lab's trace counts them.")
    line("func now() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }")
    line("")
    line("/// Prints a line of the trace: the time, then what happened.")
    line("func log(_ message: String) {")
    line("  let time = String(now())")
    line(
      "  print(String(repeating: \" \", count: Swift.max(0, 6 - time.count)) + time + \"  \" + message)"
    )
    line("}")
    line("")
    line(
      "/// Synchronous work that holds its thread (`Thread.sleep` is unavailable in async code).")
    line("func block(_ milliseconds: Int) {")
    line("  Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)")
    line("}")
    line("")
  }

  func wrap(_ text: String, width: Int) -> [String] {
    let lines = WordWrap.lines(text, width: width)
    return lines == [""] ? [] : lines
  }

  /// The tasks the steps await or cancel by name, nested blocks included.
  static func taskReferences(_ steps: [Step]) -> Set<String> {
    var names: Set<String> = []
    for step in steps {
      // Only these two name a task: the rest of the row's taskLifecycle steps start or await
      // children by their own binding.
      if case .awaitTask(let name, _) = step.kind { names.insert(name) }
      if case .cancel(let name) = step.kind { names.insert(name) }
      names.formUnion(taskReferences(nested(step.kind)))
    }
    return names
  }

  /// The names each handler cancels before its own steps start a task of that name.
  static func storedTasks(_ handlers: [[Step]]) -> Set<String> {
    var names: Set<String> = []
    for steps in handlers {
      var started: Set<String> = []
      for step in steps {
        if case .task(let spec) = step.kind { started.insert(spec.name) }
        if case .cancel(let name) = step.kind, !started.contains(name) { names.insert(name) }
      }
    }
    return names
  }

  static func isDispatch(_ kind: Step.Kind) -> Bool { kind.traits.isDispatch }

  /// Whether a step anywhere in `steps`, nested blocks included, is of the kind `test` accepts.
  static func contains(_ steps: [Step], where test: (Step.Kind) -> Bool) -> Bool {
    steps.contains { step in test(step.kind) || contains(nested(step.kind), where: test) }
  }

  /// A cancellation handler that reads or changes shared state: synchronous, it cannot await
  /// an actor that holds it, so the state is a global, as a work item's is.
  static func handlerNamesState(_ kind: Step.Kind, _ scenario: Scenario) -> Bool {
    guard case .onCancel(let handler, _) = kind else { return false }
    let state = Set(scenario.state.map(\.name))
    return !state.isDisjoint(with: names(handler) + assigned(handler))
  }

  static func nested(_ kind: Step.Kind) -> [Step] {
    // An onTermination handler is written apart from the steps around it (`handlerFunctions`).
    if case .onTermination = kind { return [] }
    return kind.nestedBlocks.flatMap { $0 }
  }
}
