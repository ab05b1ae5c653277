import LabTestSupport
import Testing

@testable import LabChecks
@testable import LabInterpreter
@testable import LabModel
@testable import LabRuntime

/// The seam between the runner and a runtime: the runner learns what it needs from the report a
/// run returns, never from which runtime it was.
@Suite struct RuntimeReportTests {
  static let blockOnMain = """
    { "format": 1, "threads": 2, "steps": [ { "onMain": [ { "block": 10 } ] } ] }
    """

  @Test func aVirtualRunReportsNoScaleAndATearDownThatUnwindsAll() throws {
    let scenario = try TestSupport.scenario(json: Self.blockOnMain)
    let runtime = VirtualRuntime(threads: 2, seed: 1)
    let interpreter = Interpreter(scenario: scenario, runtime: runtime)
    let outcome = RootOutcome()
    let watch: @Sendable () -> String? = {
      Issue.record("a virtual run sees a deadlock itself; it never asks the watch")
      return nil
    }
    let report = runtime.run(limits: RuntimeLimits(), watch: watch) {
      await interpreter.runRoot(outcome)
    }
    #expect(report.end == .finished)
    #expect(report.scale == nil)
    #expect(report.escapedJobs == 0)
    #expect(report.tearDownUnwindsAll)
    #expect(report.mainStall == 10)
    #expect(report.busySpans.contains(ThreadSpan(thread: "main", start: 0, end: 10)))
  }

  @Test func aLiveRunReportsItsScaleAndAsksTheWatch() throws {
    // 100 real ms: the watch is asked every 10.
    let scenario = try TestSupport.scenario(
      json: Self.blockOnMain.replacing(#""block": 10"#, with: #""block": 200"#))
    let runtime = LiveRuntime(threads: 2, scale: 0.5)
    let interpreter = Interpreter(scenario: scenario, runtime: runtime)
    let outcome = RootOutcome()
    let watch: @Sendable () -> String? = { "stop here" }
    let report = runtime.run(limits: RuntimeLimits(), watch: watch) {
      await interpreter.runRoot(outcome)
    }
    #expect(report.scale == 0.5)
    #expect(!report.tearDownUnwindsAll)
    #expect(report.escapedJobs == 0)
    // The watch's reason stops the run, as a deadlock the interpreter found would.
    #expect(report.end == .limitReached("stop here"))
  }

  @Test func aRecordSaysWhichRuntimeRanIt() throws {
    let scenario = try TestSupport.scenario(json: Self.blockOnMain)
    var options = RunOptions()
    #expect(ScenarioRunner.run(scenario, options: options).mode == .virtual)
    #expect(ScenarioRunner.run(scenario, options: options).leftSuspended == 0)
    options.mode = .live
    options.scale = 0.2
    let live = ScenarioRunner.run(scenario, options: options)
    #expect(live.mode == .live)
    #expect(live.scale == 0.2)
    #expect(live.leftSuspended == nil)
  }

  /// A runtime runs virtual or live; `native` names records `LabNative` makes.
  @Test func nativeIsNoRuntimeMode() {
    #expect(RuntimeMode.allCases.map(\.rawValue) == ["virtual", "live"])
    #expect(RunMode.native.rawValue == "native")
    #expect(RunMode(.live) == .live)
  }
}
