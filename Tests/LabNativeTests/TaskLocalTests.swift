import Foundation
import LabChecks
import LabChecksTestSupport
import LabInterpreter
import LabModel
import LabNativeTestSupport
import LabRuntime
import LabSwift
import LabTestSupport
import Testing

/// Task-local values (Scenarios/19-task-locals): which kind of task sees a binding, on a real
/// `@TaskLocal`, as the program in docs/runtimes.md ("Task-local values, measured") showed.
@Suite struct TaskLocalTests {
  static func value(_ name: String, _ result: RunResult) -> Value? {
    result.values.first { $0.name == name }?.value
  }

  /// What each task logged: its name and the text of its log lines.
  static func logs(_ result: RunResult) -> [String: [String]] {
    var logs: [String: [String]] = [:]
    for event in result.events where event.kind == .log {
      logs[event.task, default: []].append(event.text)
    }
    return logs
  }

  /// Every kind of task on every seed: `async let`, group children and `Task {}` inherit 7, the
  /// detached task reads 0, a child's rebinding stays in the child, and the binding ends with
  /// the closure for the root but not for the task that copied it.
  @Test func eachKindOfTaskSeesWhatSwiftGivesIt() throws {
    let scenario = try TestSupport.scenario(named: "task-local-inheritance")
    for (label, result) in TestSupport.passingRunsOnEverySeed(scenario) {
      let logs = Self.logs(result)
      #expect(logs["child"] == ["async let child: requestID = 7"], "\(label)")
      #expect(logs["workers[1]"] == ["group child: requestID = 7"], "\(label)")
      #expect(logs["workers[2]"] == ["group child: requestID = 7"], "\(label)")
      #expect(logs["logger"] == ["Task: requestID = 7"], "\(label)")
      #expect(logs["audit"] == ["Task.detached: requestID = 0"], "\(label)")
      #expect(
        logs["rebinder"] == [
          "rebinder inside its own withValue: requestID = 8",
          "rebinder after its withValue: requestID = 7",
        ], "\(label)")
      #expect(logs["late"] == ["late, after the withValue ended: requestID = 7"], "\(label)")
      #expect(logs["after"] == ["Task created after withValue: requestID = 0"], "\(label)")
      #expect(
        logs["root"] == [
          "before withValue: requestID = 0", "handleRequest: requestID = 7",
          "after withValue: requestID = 0",
        ], "\(label)")
      #expect(Self.value("rootSawAfterRebinding", result) == .int(7), "\(label)")
    }
  }

  /// Small scenarios of their own, run on both runtimes.
  static let shapes: [(name: String, json: String, values: [String: Value])] = [
    (
      "nested bindings",
      """
      { "format": 1, "taskLocals": { "id": 0, "user": "nobody" },
        "state": { "inner": -1, "innerUser": "", "outer": -1, "after": -1 },
        "steps": [
          { "withValue": "id", "value": 1, "steps": [
            { "withValue": "id", "value": "id + 1", "steps": [
              { "set": "inner", "to": "id" }, { "set": "innerUser", "to": "user" } ] },
            { "set": "outer", "to": "id" } ] },
          { "set": "after", "to": "id" } ] }
      """,
      ["inner": .int(2), "innerUser": .string("nobody"), "outer": .int(1), "after": .int(0)]
    ),
    (
      "dispatch and main",
      """
      { "format": 1, "queues": { "work": "concurrent" }, "taskLocals": { "id": 0 },
        "state": { "onQueue": -1, "onMainQueue": -1, "onMainActor": -1 },
        "steps": [
          { "withValue": "id", "value": 5, "steps": [
            { "dispatch": "work", "steps": [ { "set": "onQueue", "to": "id" } ] },
            { "dispatch": "main", "steps": [ { "set": "onMainQueue", "to": "id" } ] },
            { "onMain": [ { "set": "onMainActor", "to": "id" } ] },
            { "sleep": 20 } ] } ] }
      """,
      ["onQueue": .int(0), "onMainQueue": .int(0), "onMainActor": .int(5)]
    ),
  ]

  /// Nested bindings restore the outer one, one task-local leaves another alone, Dispatch work
  /// reads the defaults (it runs in no task) and `MainActor.run` the caller's binding (same task).
  @Test(arguments: shapes.indices) func aShapeGivesSwiftsValuesOnEverySeed(_ index: Int) throws {
    let shape = Self.shapes[index]
    let scenario = try TestSupport.scenario(json: shape.json)
    for seed in UInt64(1)...8 {
      var options = RunOptions()
      options.seed = seed
      let result = ScenarioRunner.runAndCheck(scenario, options: options)
      #expect(result.problem == nil, "\(shape.name) seed \(seed): \(result.problem ?? "")")
      for (name, expected) in shape.values {
        #expect(Self.value(name, result) == expected, "\(shape.name) seed \(seed): \(name)")
      }
    }
  }

  /// The binding shows in the trace where it starts and where it ends.
  @Test func theTraceShowsWhereABindingStartsAndEnds() throws {
    let result = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(named: "task-local-inheritance"))
    let root = result.events.filter { $0.task == "root" && $0.kind == .set }.map(\.text)
    #expect(root.contains("withValue requestID = 7"))
    #expect(root.contains("withValue requestID ended: requestID = 0 again"))
  }

  /// `withValue` in a synchronous closure is the synchronous overload: no `await` before it.
  @Test func aBindingInsideWithLockIsWrittenWithoutAwait() throws {
    let scenario = try TestSupport.scenario(
      json: """
        { "format": 1, "taskLocals": { "id": 0 }, "state": { "seen": 0 }, "steps": [
          { "withLock": "lock", "steps": [
            { "withValue": "id", "value": 3, "steps": [ { "set": "seen", "to": "id" } ] } ] } ] }
        """)
    let program = try SwiftProgram.generate(scenario)
    #expect(program.contains("@TaskLocal static var id = 0"))
    #expect(program.contains("  TaskLocals.$id.withValue(3) {"), "\(program)")
    #expect(!program.contains("await TaskLocals.$id"), "\(program)")
    #expect(Self.value("seen", ScenarioRunner.runAndCheck(scenario)) == .int(3))
  }

  /// The program compiles in Swift 6 mode: `@TaskLocal static var` in `enum TaskLocals`.
  @Test func theProgramCompilesInSwift6Mode() throws {
    try TestSupport.expectCompiles("task-local-inheritance")
  }
}

/// The same on real threads: the live runtime's tasks inherit as the virtual runtime's do.
@Suite(.serialized) struct LiveTaskLocalTests {
  @Test func liveRunsAgreeWithVirtual() async throws {
    let scenario = try TestSupport.scenario(named: "task-local-inheritance")
    let result = await TestSupport.liveRunPassing(scenario)
    #expect(result.passed, "\(result.checks.map { "\($0.name): \($0.actual)" })")
    #expect(TaskLocalTests.logs(result)["audit"] == ["Task.detached: requestID = 0"])
  }

  @Test(arguments: TaskLocalTests.shapes.indices) func aShapeGivesSwiftsValuesLive(_ index: Int)
    throws
  {
    let shape = TaskLocalTests.shapes[index]
    var options = RunOptions()
    options.mode = .live
    let result = ScenarioRunner.runAndCheck(
      try TestSupport.scenario(json: shape.json), options: options)
    #expect(result.problem == nil, "\(shape.name): \(result.problem ?? "")")
    for (name, expected) in shape.values {
      #expect(TaskLocalTests.value(name, result) == expected, "\(shape.name) live: \(name)")
    }
  }
}
