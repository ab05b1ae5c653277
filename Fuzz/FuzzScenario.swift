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
  for options in FuzzRuns.options(for: bytes) {
    let result = ScenarioRunner.runAndCheck(scenario, options: options)
    _ = TraceText.report(result)
  }
  return 0
}

/// The virtual runs of one input: its own seed, then seeds, pool widths and policies taken from
/// the input's bytes, so one file is also run under schedules its author never chose.
enum FuzzRuns {
  static func options(for bytes: [UInt8]) -> [RunOptions] {
    // FNV-1a: the same input always gets the same runs, so a finding replays.
    let hash = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    var runs = [RunOptions()]
    var other = RunOptions()
    other.seed = hash >> 1
    other.threads = 1 + Int(hash % 4)
    runs.append(other)
    other.seed = hash >> 2
    other.policy = .pct
    runs.append(other)
    runs += schedules.map { adjust in
      var run = RunOptions()
      adjust(&run, bytes)
      return run
    }
    for index in runs.indices { runs[index].limits = FuzzLimits.run }
    return runs
  }

  /// A hook for runs the fuzzer cannot ask for yet, such as a forced schedule string read from
  /// the input once `RunOptions` takes one: each entry sets up one more run.
  static let schedules: [@Sendable (inout RunOptions, [UInt8]) -> Void] = []
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
    // Ten million steps of an empty loop took over the 10 s timeout once each input runs three
    // times; the bad-input tests use the same bound.
    limits.maxSteps = 100_000
    limits.wallClockSeconds = 5
    return limits
  }()
}
