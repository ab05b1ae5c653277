import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabSwift
import LabTestSupport
import Testing

@testable import LabNative

/// What a native program says of how a child ended, the pool it asks for, and the checks a
/// ThreadSanitizer build is expected to miss: no compiler involved, so these are fast.
@Suite struct NativeExpectedMissTests {
  /// A child that threw says so on its end line; one that threw `CancellationError()` was
  /// cancelled, as the interpreter records it.
  @Test func anEndLineSaysHowTheChildEnded() {
    #expect(NativeTrace.ending("threw uploadFailed") == .threw(error: "uploadFailed"))
    #expect(NativeTrace.ending("threw CancellationError()") == .cancelled)
    #expect(NativeTrace.ending("") == .returned(nil))
    let trace = NativeTrace(
      output: """
           0.000 main 1 log root start
           1.000 140 2 log uploads[3] start
         200.000 140 2 log uploads[3] end threw CancellationError()
        """)
    #expect(trace.events.last?.payload == .end(.cancelled))
  }

  /// The native program of a child that can throw reports the error on its end line; the program
  /// a learner reads (`lab swift`) keeps its plain `defer`.
  @Test func aThrowingChildsProgramReportsItsError() throws {
    let scenario = try TestSupport.scenario(named: "discarding-group")
    let native = try SwiftProgram.generate(scenario, native: true)
    #expect(native.contains(#"defer { log("uploads[\(i)] end\(taskEnding)") }"#))
    #expect(native.contains(#"taskEnding = " threw \(error)""#))
    let plain = try SwiftProgram.generate(scenario, native: false)
    #expect(!plain.contains("taskEnding"))
  }

  /// The native program runs `main()` with a preference for the scenario's pool, and a task that
  /// runs off every actor asks for it too; one on main keeps `Task { }`, which inherits main.
  /// The program a learner reads has none of it.
  @Test func tasksOffEveryActorPreferTheScenariosPool() throws {
    let scenario = try TestSupport.scenario(
      json: """
        {"format": 1, "threads": 4, "steps": [
          {"task": "upload", "detached": true, "steps": [{"sleep": 10}]},
          {"task": "refresh", "isolation": "main", "steps": [{"sleep": 10}]},
          {"awaitTask": "upload"}, {"awaitTask": "refresh"}
        ]}
        """)
    let native = try SwiftProgram.generate(scenario, native: true)
    #expect(native.contains("try await withTaskExecutorPreference(pool) { try await main() }"))
    #expect(native.contains(#"environment["LAB_THREADS"]"#))
    #expect(native.contains("Task.detached(executorPreference: pool)"))
    #expect(!native.contains("Task(executorPreference: pool) { @MainActor"))
    let plain = try SwiftProgram.generate(scenario, native: false)
    #expect(!plain.contains("executorPreference") && !plain.contains("LAB_THREADS"))
    #expect(NativeRunner.environment(scale: 1, sanitized: false, threads: 4)["LAB_THREADS"] == "4")
  }

  static func check(_ name: String, passed: Bool, expected: String = "5000 ms") -> CheckResult {
    CheckResult(name: name, passed: passed, expected: expected, actual: "x")
  }

  /// A ThreadSanitizer build's missed times and unreported race are expected misses; a missed
  /// value, or a race where none is allowed, still fails.
  @Test func aSanitizerBuildsTimesAndUnreportedRaceAreExpectedMisses() {
    let missed = [
      Self.check("duration", passed: false), Self.check("finishes.a", passed: false),
      Self.check("mainStall", passed: false), Self.check("times.at", passed: false),
      Self.check("races", passed: false, expected: "a data race"),
    ].map(NativeRunner.sanitizerMiss)
    #expect(missed.allSatisfy { $0.expectedMiss != nil && $0.holds && !$0.passed })
    let failing = [
      Self.check("values.counter", passed: false, expected: "6"),
      Self.check("races", passed: false, expected: "no data race"),
      Self.check("outcome", passed: false),
    ].map(NativeRunner.sanitizerMiss)
    #expect(failing.allSatisfy { $0.expectedMiss == nil && !$0.holds })
    #expect(NativeRunner.sanitizerMiss(Self.check("duration", passed: true)).expectedMiss == nil)
  }

  /// A run whose only misses were expected passes, and its report labels each such ✗.
  @Test func anExpectedMissPassesTheRunAndIsLabelled() throws {
    let scenario = try TestSupport.scenario(json: #"{"format": 1, "steps": []}"#)
    let record = NativeRunner.record(
      scenario,
      process: NativeProcess(
        output: "     0.000 main 1 log root start\n     3.000 main 1 log root end\n",
        ending: .exited(0), seconds: 0.1),
      scale: 1)
    var check = Self.check("duration", passed: false, expected: "0 ms ± (1 ms + 2%)")
    check.expectedMiss = "ThreadSanitizer's own time (see the note)"
    let result = RunResult(record: record, checks: [check])
    #expect(result.passed)
    let report = TraceText.summary(result, hints: .lab)
    #expect(
      report.contains(
        "✗ duration: expected 0 ms ± (1 ms + 2%), got x — expected on this machine: "
          + "ThreadSanitizer's own time (see the note)"))
    #expect(!RunResult(record: record, checks: [Self.check("duration", passed: false)]).passed)
  }
}
