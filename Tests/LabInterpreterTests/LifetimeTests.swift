import LabInterpreter
import LabModel
import LabRuntime
import LabTestSupport
import Testing

/// `"lifetime"`: when the root's steps end, a command-line tool's process exits and cuts short
/// what still runs (Tests/NativeFacts/process-exit.swift); an app's keeps running.
@Suite struct LifetimeTests {
  static func scenario(_ lifetime: String?) throws -> Scenario {
    let field = lifetime.map { #""lifetime": "\#($0)","# } ?? ""
    return try TestSupport.scenario(
      json: """
        {"format": 1, \(field) "state": {"uploaded": false}, "steps": [
          {"task": "upload", "detached": true, "steps": [
            {"sleep": 500}, {"set": "uploaded", "to": true}, {"log": "backup uploaded"}]},
          {"sleep": 100}, {"log": "main returns"}]}
        """)
  }

  static func uploaded(_ record: RunRecord) -> Value? {
    record.values.first { $0.name == "uploaded" }?.value
  }

  @Test(arguments: [RuntimeMode.virtual, .live])
  func aCommandLineToolsMainReturnCutsTheTaskShort(_ mode: RuntimeMode) throws {
    var options = RunOptions()
    options.mode = mode
    let record = ScenarioRunner.run(try Self.scenario("commandLine"), options: options)
    #expect(record.end == .finished, "\(record.problem ?? "")")
    #expect(record.problem == nil)
    #expect(record.events.last?.payload == .cancel(.processExit(cut: ["upload"])))
    #expect(record.events.last?.task == "root")
    #expect(!record.events.contains { $0.text == "backup uploaded" })
    #expect(Self.uploaded(record) == .bool(false))
    #expect(record.warnings.first?.contains("cutting it short") == true, "\(record.warnings)")
  }

  @Test(arguments: [nil, "app"])
  func anAppKeepsRunningUntilTheTaskEnds(_ lifetime: String?) throws {
    let record = ScenarioRunner.run(try Self.scenario(lifetime))
    #expect(record.end == .finished)
    #expect(Self.uploaded(record) == .bool(true))
    #expect(record.events.last?.task == "upload")
    #expect(
      !record.events.contains { if case .cancel(.processExit) = $0.payload { true } else { false } }
    )
  }

  @Test func aCommandLineToolWithNothingLeftEndsAsBefore() throws {
    let record = ScenarioRunner.run(
      try TestSupport.scenario(
        json: #"{"format": 1, "lifetime": "commandLine", "steps": [{"log": "done"}]}"#))
    #expect(record.end == .finished)
    #expect(record.events.last?.kind == .end)
  }

  /// A root off main returns to top-level code on main, which runs what main's queue holds
  /// first (Tests/NativeFacts/command-line-exit-runs-mains-queue-first): the work item and the
  /// task for main run on every seed, then the process exits, on main; a root on main exits at
  /// once, cutting both short.
  @Test(arguments: [("concurrent", true), ("main", false)])
  func mainsQueuedWorkRunsBeforeTheExitOfARootOffMain(_ isolation: String, _ runs: Bool) throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "lifetime": "commandLine", "isolation": "\(isolation)", "steps": [
          {"dispatch": "main", "steps": [{"log": "main's work item"}]},
          {"task": "onMain", "isolation": "main", "steps": [{"log": "main's task"}]}]}
        """)
    for seed in UInt64(1)...10 {
      var options = RunOptions()
      options.seed = seed
      let record = ScenarioRunner.run(scenario, options: options)
      let logs = record.events.compactMap { event -> String? in
        if case .log(let text) = event.payload { return text }
        return nil
      }
      #expect(logs == (runs ? ["main's work item", "main's task"] : []), "seed \(seed)")
      #expect(record.end == .finished)
      if !runs {
        #expect(record.events.last?.kind == .cancel, "seed \(seed)")
        #expect(record.events.last?.thread == "main", "seed \(seed)")
      }
    }
  }

  @Test func theLifetimeIsReadAndItsDefaultIsApp() throws {
    #expect(try Self.scenario(nil).lifetime == .app)
    #expect(try Self.scenario("commandLine").lifetime == .commandLine)
    let problems = TestSupport.diagnostics(json: #"{"format": 1, "lifetime": "tool", "steps": []}"#)
    #expect(
      problems.contains { $0.contains("'lifetime' is \"app\"") && $0.contains("not 'tool'") },
      "\(problems)")
  }
}
