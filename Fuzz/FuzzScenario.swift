import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// libFuzzer's entry point: one input is one scenario file. It goes through everything a teacher's
/// file goes through — parse, decode, name checks, a virtual run, the expectation checks and the
/// text report — with small limits, so a hostile file can only end in a diagnostic or a reported
/// problem. Any crash, hang or runaway allocation is a bug. Built and run by `Scripts/fuzz.sh`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let scenario: Scenario
  do {
    scenario = try ScenarioLoader.load(bytes: bytes, file: "fuzz.json")
  } catch {
    // Rendering the diagnostics is part of what a teacher sees.
    for diagnostic in error.diagnostics { _ = diagnostic.description }
    return 0
  }
  var options = RunOptions()
  options.limits = FuzzLimits.run
  let result = ScenarioRunner.runAndCheck(scenario, options: options)
  _ = TraceText.report(result)
  return 0
}

/// Small limits: enough for every bundled scenario to finish, small enough that one input takes
/// milliseconds, so the fuzzer explores instead of waiting.
enum FuzzLimits {
  static let run: RunLimits = {
    var limits = RunOptions().limits
    limits.maxTime = 100_000
    limits.maxJobs = 20_000
    limits.maxEvents = 5_000
    limits.maxTasks = 500
    limits.wallClockSeconds = 5
    return limits
  }()
}
