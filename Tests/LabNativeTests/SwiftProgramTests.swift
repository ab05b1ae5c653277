import Foundation
import LabModel
import LabNative
import LabNativeTestSupport
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
    "counter-with-mutex", "semaphore-in-async", "retry-loop", "results-as-they-come",
    "group-returns-total", "group-returns-early",
  ]

  @Test(arguments: golden) func programIsTheRecordedOne(_ name: String) throws {
    let program = try SwiftProgram.generate(try TestSupport.programScenario(named: name))
    let file = TestSupport.swiftPrograms.appendingPathComponent("\(name).swift.txt")
    let environment = ProcessInfo.processInfo.environment
    if environment["LAB_RECORD_SWIFT"] == "1", environment["CI"] == nil {
      try FileManager.default.createDirectory(
        at: TestSupport.swiftPrograms, withIntermediateDirectories: true)
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
    let scenario = try TestSupport.scenario(json: TestSupport.taskOnAnActor)
    #expect(throws: Diagnostic.self) { try SwiftProgram.generate(scenario) }
    do {
      _ = try SwiftProgram.generate(scenario)
    } catch {
      #expect(error.description.hasPrefix("inline.json:3:5: error: cannot write this"))
      #expect(error.description.contains("a task isolated to actor 'Counter'"))
    }
  }

  /// The three scenarios the generator learnt last, each with the Swift form the tutorial
  /// gives: a `SerialTasks` actor, a stored `searchTask` cancelled by the next keystroke, and
  /// debounce / removeDuplicates / switchToLatest written with tasks.
  @Test func theTutorialsPatternsAreWrittenAsTheyAre() throws {
    let serial = try SwiftProgram.generate(try TestSupport.programScenario(named: "serial-tasks"))
    #expect(serial.contains("actor SerialTasks<Success: Sendable>"))
    #expect(serial.contains("let makeRequest = await serialTasks.add {"))
    let cancel = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "search-cancel-previous"))
    #expect(cancel.contains("var searchTask: Task<Void, Error>?"))
    #expect(cancel.contains("viewModel.searchTask?.cancel()\n  let searchTask = Task {"))
    #expect(cancel.contains("viewModel.searchTask = searchTask"))
    let debounce = try SwiftProgram.generate(
      try TestSupport.programScenario(named: "search-debounce"))
    #expect(debounce.contains("try await Task.sleep(for: .milliseconds(800))"))
    #expect(debounce.contains("if input.value == lastValue {"))
    #expect(debounce.contains("current?.cancel()"))
  }

  /// One program of each verdict: accepted in Swift 6 mode, and refused there as a race (which
  /// Swift 5 mode compiles). Skipped without a toolchain.
  @Test(arguments: ["task-group-five", "racy-counter"]) func swiftcGivesTheExpectedVerdict(
    _ name: String
  ) throws {
    guard let check = try TestSupport.compileProgram(name) else { return }
    #expect(check.isExpected, "\(check.report)")
    #expect(check.swift6.compiled == !check.showsRace, "\(check.report)")
    if check.showsRace {
      #expect(check.swift6.diagnostics.contains("risks causing data races"), "\(check.report)")
      #expect(check.swift5?.compiled == true, "\(check.report)")
    }
  }
}
