import LabChecks
import LabCommandLine
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
    _ = TraceText.report(result, hints: .lab)
    // A stopped run is torn down: a task left suspended is memory never freed (TeardownTests).
    guard result.leftSuspended == 0 else {
      fatalError("\(result.leftSuspended ?? -1) tasks left suspended: \(result.problem ?? "")")
    }
  }
  FuzzRuns.checkReplay(scenario, bytes)
  return 0
}

/// The virtual runs of one input: its own seed, then seeds, pool widths and policies taken from
/// the input's bytes, so one file is also run under schedules its author never chose.
enum FuzzRuns {
  static func options(for bytes: [UInt8]) -> [RunOptions] {
    let hash = fnv(bytes)
    var runs = [RunOptions()]
    var other = RunOptions()
    other.seed = hash >> 1
    other.threads = 1 + Int(hash % 4)
    runs.append(other)
    other.seed = hash >> 2
    other.policy = .pct
    runs.append(other)
    for index in runs.indices { runs[index].limits = FuzzLimits.run }
    return runs
  }

  /// FNV-1a: the same input always gets the same runs, so a finding replays.
  static func fnv(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// The oracle of schedule strings: a run whose every choice the input's bytes make (the
  /// schedule no seed may ever give), written down as a string, read back and replayed, must give
  /// the same trace, byte for byte, and use every choice of the string. One input in four, so
  /// the fuzzer keeps its speed.
  static func checkReplay(_ scenario: Scenario, _ bytes: [UInt8]) {
    let hash = fnv(bytes)
    guard hash % 4 == 0, !bytes.isEmpty else { return }
    var first = RunOptions()
    first.limits = FuzzLimits.run
    first.threads = 1 + Int((hash >> 8) % 4)
    first.chooser = ScheduleChooser { turn, candidates, _ in
      candidates[Int(bytes[(turn &* 7 &+ Int(hash % 64)) % bytes.count]) % candidates.count]
    }
    let original = ScenarioRunner.runAndCheck(scenario, options: first)
    let text = ScheduleOption.text(scenario, first)!
    var second = first
    second.chooser = nil
    guard case .success(let replay) = ScheduleOption.prepare(scenario, &second, replaying: text),
      let replay
    else { fatalError("a recorded schedule does not parse: \(text)") }
    let again = ScenarioRunner.runAndCheck(scenario, options: second)
    // The memory budget samples the process, which the two runs share unequally.
    if [original, again].contains(where: { $0.record.problem?.contains("--max-memory-mb") == true })
    {
      return
    }
    let (was, now) = (
      withoutPeak(TraceText.report(original, hints: .lab)),
      withoutPeak(TraceText.report(again, hints: .lab))
    )
    guard was == now, replay.fits else {
      fatalError("schedule \(text) does not replay (fits: \(replay.fits)):\n\(was)\n---\n\(now)")
    }
  }
}

/// A stopped run's report names the process's peak memory, which no schedule decides.
private func withoutPeak(_ report: String) -> String {
  report.replacing(/\s\((by then )?the lab's memory (had )?peaked at \d+ MB\)/, with: "")
}

/// Small limits: enough for every bundled scenario to finish, small enough that one input takes
/// milliseconds, so the fuzzer explores instead of waiting.
enum FuzzLimits {
  static let run: RunLimits = {
    var limits = RunOptions().limits
    limits.runtime.maxTime = 100_000
    limits.runtime.maxJobs = 20_000
    limits.interpreter.maxEvents = 5_000
    limits.interpreter.maxTasks = 500
    // Ten million steps of an empty loop took over the 10 s timeout once each input runs three
    // times; the bad-input tests use the same bound.
    limits.interpreter.maxSteps = 100_000
    limits.runtime.wallClockSeconds = 5
    // Half the default budget: an input that grows memory that far leaves the process's high-water
    // mark there (ASan keeps freed memory a while), and the fuzzer runs for hours under a 2 GB cap.
    limits.runtime.maxMemoryBytes = 256 << 20
    return limits
  }()
}
