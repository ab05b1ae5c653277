import Foundation
import LabInterpreter
import LabNative
import LabProcess
import LabRuntime
import LabSwift
import Testing

/// The C library's sleeps and timed waits the scheduler defines again answer an odd time as the
/// C library does — a negative or malformed one is refused with EINVAL, a deadline long past
/// times out — rather than trap in the scheduler's arithmetic (a held-out review's program: the
/// run "crashed: killed by SIGILL"); and a sleep to the largest time leaves every clock
/// readable.
@Suite(.serialized) struct OwnProgramTimeEdgeTests {
  static let oddTimes = OwnProgram(
    path: "odd-times.swift",
    source: """
      import Glibc
      let t = Task.detached {
        var sem = sem_t()
        sem_init(&sem, 0, 0)
        var past = timespec(tv_sec: -9_000_000_000, tv_nsec: 0)
        let waited = sem_timedwait(&sem, &past)
        print("sem_timedwait long past: \\(waited) \\(waited == 0 ? 0 : errno)")
        var malformed = timespec(tv_sec: 1, tv_nsec: 2_000_000_000)
        let bad = sem_timedwait(&sem, &malformed)
        print("sem_timedwait malformed: \\(bad) \\(bad == 0 ? 0 : errno)")
        print("clock_nanosleep negative: \\(clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &past, nil))")
        var least = timespec(tv_sec: Int.min, tv_nsec: 0)
        let slept = nanosleep(&least, nil)
        print("nanosleep Int.min: \\(slept) \\(slept == 0 ? 0 : errno)")
      }
      await t.value
      """)

  @Test func oddTimesAreAnsweredAsTheCLibraryDoes() throws {
    guard let compiler = SwiftCompiler.find(environment: OwnProgramTests.environment) else {
      return print("skipped: no swiftc")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lab-odd-times-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let verdict = try compiler.compile(Self.oddTimes.source, name: "odd", mode: 6, in: folder)
    let binary = try #require(verdict.executable, "\(verdict.diagnostics)")
    let native = try NativeProcess.run(
      binary, environment: [:],
      limits: NativeProcess.Limits(
        seconds: 30, memoryMegabytes: 512, cpuSeconds: 30, outputMegabytes: 1))
    let real = native.output.split(separator: "\n").map(String.init)
    #expect(real.count == 4, "\(native.output)")
    let runs = try OwnProgramTests.runs(Self.oddTimes, seeds: [0])
    let run = try #require(runs.first)
    #expect(run.record.problem == nil, "\(run.record.problem ?? "")")
    #expect(run.printed == real)
  }

  /// Two sleeps of about 4 × 10¹⁸ ns take the virtual time near the largest there is; the
  /// clocks read after them saturate instead of trapping.
  @Test func aSleepToTheLargestTimeLeavesTheClocksReadable() throws {
    let program = OwnProgram(
      path: "far-sleep.swift",
      source: """
        import Foundation
        try? await Task.sleep(nanoseconds: 4_000_000_000_000_000_000)
        try? await Task.sleep(nanoseconds: 4_000_000_000_000_000_000)
        _ = Date()
        _ = DispatchTime.now()
        print("read the clocks")
        """)
    var options = RunOptions()
    options.limits.runtime.maxTime = .max
    let runs = try OwnProgramTests.runs(program, seeds: [0], options: options)
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.record.problem == nil, "\(run.record.problem ?? "")")
    #expect(run.printed == ["read the clocks"])
  }
}
