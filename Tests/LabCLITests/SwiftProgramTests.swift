import Foundation
import LabModel
import LabNative
import LabSwift
import LabTestSupport
import Testing

/// `lab swift`: the programs beside the scenarios, pinned as golden files, and what swiftc says.
@Suite struct SwiftProgramTests {
  /// Scenarios whose programs are pinned in Tests/SwiftPrograms/NAME.swift.txt (`.txt`, so the
  /// lint and the test target leave them alone): one of each shape of program.
  static let golden = [
    "task-group-five", "captured-var-race", "actor-reentrancy", "async-let-downloads",
    "parallel-requests",
    "duration-error", "task-cancel", "dispatch-group-city",
    "serial-tasks", "search-cancel-previous", "search-debounce", "continuation-bridge",
    "continuation-throwing", "cancellation-handler", "stream-buffering-newest",
    "stream-never-finished", "task-local-inheritance", "discarding-group",
    "group-sliding-window", "timeout-race", "queue-sync", "counter-with-atomic",
    "counter-with-mutex", "semaphore-in-async",
  ]

  static let goldenFolder = TestSupport.packageRoot.appendingPathComponent("Tests/SwiftPrograms")

  /// A bundled scenario, named by its path relative to the package, as `lab swift` shows it.
  static func scenario(named name: String) throws -> Scenario {
    let path = try #require(
      TestSupport.scenarioPaths.first {
        URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent == name
      })
    var scenario = try TestSupport.scenario(path)
    scenario.file = path
    return scenario
  }

  @Test(arguments: golden) func programIsTheRecordedOne(_ name: String) throws {
    let program = try SwiftProgram.generate(try Self.scenario(named: name))
    let file = Self.goldenFolder.appendingPathComponent("\(name).swift.txt")
    let environment = ProcessInfo.processInfo.environment
    if environment["LAB_RECORD_SWIFT"] == "1", environment["CI"] == nil {
      try FileManager.default.createDirectory(
        at: Self.goldenFolder, withIntermediateDirectories: true)
      try program.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let recorded = try? String(contentsOf: file, encoding: .utf8)
    #expect(
      program == recorded,
      """
      `lab swift \(name)` differs from Tests/SwiftPrograms/\(name).swift.txt; if the change is \
      meant, re-record with `LAB_RECORD_SWIFT=1 swift test --filter SwiftProgramTests` and \
      review the diff
      """)
  }

  /// Every bundled scenario has its program, the same every time it is written.
  @Test(arguments: TestSupport.scenarioPaths) func everyScenarioIsWrittenTheSameTwice(
    _ path: String
  ) throws {
    var scenario = try TestSupport.scenario(path)
    scenario.file = path
    let program = try SwiftProgram.generate(scenario)
    #expect(try SwiftProgram.generate(scenario) == program, "\(path) differs between runs")
    #expect(program.contains("try await main()"), "\(path)")
  }

  @Test func aStepThatCannotBeWrittenIsNamedAtItsPlace() throws {
    let scenario = try TestSupport.scenario(json: Self.taskOnAnActor)
    #expect(throws: Diagnostic.self) { try SwiftProgram.generate(scenario) }
    do {
      _ = try SwiftProgram.generate(scenario)
    } catch {
      #expect(error.description.hasPrefix("inline.json:3:5: error: cannot write this"))
      #expect(error.description.contains("a task isolated to actor 'Counter'"))
    }
  }

  /// A scenario the generator cannot write: a `Task` isolated to an actor of the scenario's own
  /// (Swift spells it as a closure taking an `isolated Counter` parameter, which the program
  /// does not write yet).
  static let taskOnAnActor = """
    {"format": 1, "actors": {"Counter": {"state": {"n": 0}, "methods": {}}},
     "steps": [
       {"task": "a", "isolation": "Counter", "steps": [{"sleep": 10}]}
     ]}
    """

  /// The three scenarios the generator learnt last, each with the Swift form the tutorial
  /// gives: a `SerialTasks` actor, a stored `searchTask` cancelled by the next keystroke, and
  /// debounce / removeDuplicates / switchToLatest written with tasks.
  @Test func theTutorialsPatternsAreWrittenAsTheyAre() throws {
    let serial = try SwiftProgram.generate(try Self.scenario(named: "serial-tasks"))
    #expect(serial.contains("actor SerialTasks<Success: Sendable>"))
    #expect(serial.contains("let makeRequest = await serialTasks.add {"))
    let cancel = try SwiftProgram.generate(try Self.scenario(named: "search-cancel-previous"))
    #expect(cancel.contains("var searchTask: Task<Void, Error>?"))
    #expect(cancel.contains("viewModel.searchTask?.cancel()\n  let searchTask = Task {"))
    #expect(cancel.contains("viewModel.searchTask = searchTask"))
    let debounce = try SwiftProgram.generate(try Self.scenario(named: "search-debounce"))
    #expect(debounce.contains("try await Task.sleep(for: .milliseconds(800))"))
    #expect(debounce.contains("if input.value == lastValue {"))
    #expect(debounce.contains("current?.cancel()"))
  }

  /// `lab swift NAME --check` for a bundled scenario, in a folder of its own; nil (and a note)
  /// without a toolchain.
  /// Expects the program of scenario `name` to compile in Swift 6 mode, as the lab expects of
  /// it (skipped without a compiler).
  static func expectCompiles(
    _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    guard let check = try compile(name) else { return }
    #expect(
      check.isExpected && check.swift6.compiled, "\(check.report)", sourceLocation: sourceLocation)
  }

  static func compile(_ name: String) throws -> SwiftCheck? {
    guard let compiler = SwiftCompiler.find(environment: ProcessInfo.processInfo.environment)
    else {
      print("skipped: no swiftc on PATH or at /opt/swift/usr/bin")
      return nil
    }
    let scenario = try scenario(named: name)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-swift-test-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try SwiftCheck.run(
      scenario, source: try SwiftProgram.generate(scenario), compiler: compiler, in: folder,
      runProgram: NativeRunner.runRaceBuild)
  }

  /// One program of each verdict: accepted in Swift 6 mode, and refused there as a race (which
  /// Swift 5 mode compiles). Skipped without a toolchain.
  @Test(arguments: ["task-group-five", "racy-counter"]) func swiftcGivesTheExpectedVerdict(
    _ name: String
  ) throws {
    guard let check = try Self.compile(name) else { return }
    #expect(check.isExpected, "\(check.report)")
    #expect(check.swift6.compiled == !check.showsRace, "\(check.report)")
    if check.showsRace {
      #expect(check.swift6.diagnostics.contains("risks causing data races"), "\(check.report)")
      #expect(check.swift5?.compiled == true, "\(check.report)")
    }
  }
}
