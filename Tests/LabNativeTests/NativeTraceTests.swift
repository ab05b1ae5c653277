import Foundation
import LabChecks
import LabInterpreter
import LabModel
import LabProcess
import LabRuntime
import Testing

@testable import LabNative

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a native program's output becomes a trace, and how a crash or a hang is reported: no
/// compiler involved, so these are fast.
@Suite struct NativeTraceTests {
  /// What a native build prints: a block line comes when the block is over, with its start time.
  /// (The first line warms the program's helpers up before its clock starts.)
  static let output = """
         0.000 999 none value (scale) = 0.05
         5.000 main 7a log root start
         6.000 139 1b log tasks[1] start
         6.100 139 1b block 300 ms, held 301.5
       310.000 139 1b log Completed Task 1 = 310
       310.100 139 1b log tasks[1] end
         7.000 main 7a block 100 ms, held 100.2
       107.300 main 7a block 100 ms, held 100.1
       208.000 140 2c log file1: 1/10
       400.000 main 7a log root end
       400.100 main none value count = 3
       400.200 main none value names = ["a", "b, \\\\"c\\\\""]
    Fatal error: not a trace line
    """

  @Test func linesBecomeEventsFromTheRootsStart() throws {
    let trace = NativeTrace(output: Self.output, joiningWithin: 20)
    let shown = trace.events.map { "\($0.time) \($0.thread) \($0.task) \($0.kind) \($0.text)" }
    #expect(
      shown == [
        "0.0 main root start ",
        "1.0 thread-1 tasks[1] start ",
        "1.1 thread-1 tasks[1] block 300 ms",
        "2.0 main root block 100 ms",
        "102.3 main root block 100 ms",
        "203.0 thread-2 task-1 log file1: 1/10",
        "305.0 thread-1 tasks[1] log Completed Task 1 = 310",
        "305.1 thread-1 tasks[1] end ",
        "395.0 main root end ",
      ])
    #expect(trace.duration == 395)
    // A value line names no thread: the first thread of an event is thread-1.
    #expect(trace.values == ["(scale)": "0.05", "count": "3", "names": #"["a", "b, \"c\""]"#])
    #expect(trace.otherOutput == ["Fatal error: not a trace line"])
    // The two blocks on main, 0.1 ms apart with nothing else on main between, held it as one.
    #expect(trace.mainStall == 200.4)
    #expect(trace.mainSpans.count == 1)
  }

  /// The program writes a line break in a log as `\n` (and `\` as `\\`), so that the event
  /// stays one line, and the lab reads it back whole: a native run showed only the text before
  /// the break, where a virtual run shows it all.
  @Test func aLogsLineBreakIsReadBackWhole() {
    let output = #"""
           0.000 main 7a log root start
           1.000 main 7a log before\nafter the break, \\n and \\ as typed\r
           2.000 main 7a log root end
      """#
    let logs = NativeTrace(output: output).events.filter { $0.kind == .log }.map(\.text)
    #expect(logs == ["before\nafter the break, \\n and \\ as typed\r"])
  }

  @Test func blocksFarApartOrInterleavedAreSeparateStalls() {
    let apart = NativeTrace(output: Self.output, joiningWithin: 0.05)
    #expect(apart.mainStall == 100.2)
    #expect(apart.mainSpans.count == 2)
  }

  @Test func onlyTaskNamesStartAndEndTasks() {
    #expect(NativeTrace.taskEdge("tasks[2] start")! == ("tasks[2]", "start", ""))
    #expect(NativeTrace.taskEdge("search start (input 3)")! == ("search", "start", "(input 3)"))
    #expect(NativeTrace.taskEdge("root end threw tooLong")! == ("root", "end", "threw tooLong"))
    #expect(NativeTrace.taskEdge("the download will start soon") == nil)
    #expect(NativeTrace.taskEdge("file1: start") == nil)
    #expect(NativeTrace.taskEdge("start") == nil)
  }

  @Test func valuesAreReadAsTheInitialValuesType() throws {
    let scenario = try ScenarioLoader.load(
      bytes: Array(
        #"{"format": 1, "state": {"n": 0, "s": "", "b": false, "l": []}, "steps": []}"#.utf8),
      file: "v.json")
    let process = NativeProcess(
      output: """
           0.000 main 1 log root start
           1.000 main 1 log root end
           1.000 main none value n = 42
           1.000 main none value s = 42
           1.000 main none value b = true
           1.000 main none value l = ["x", "y, z"]
        """, ending: .exited(0), seconds: 0.1)
    let record = NativeRunner.record(scenario, process: process, scale: 0.05)
    #expect(
      record.values.map(\.value) == [
        .int(42), .string("42"), .bool(true), .list([.string("x"), .string("y, z")]),
      ])
    #expect(record.problem == nil)
    #expect(record.mode == .native)
  }

  /// A trap's time is the one its `trap` line gives, by the program's clock, not its last line's;
  /// what the runtime printed before it is part of the problem, its stack trace is not.
  @Test func aTrapIsReportedAtItsTimeWithTheRuntimesMessage() throws {
    let scenario = try ScenarioLoader.load(
      bytes: Array(#"{"format": 1, "steps": []}"#.utf8), file: "trap.json")
    let process = NativeProcess(
      output: """
           5.000 main 1 log root start
           6.000 140 2 block 10 ms, held 10.1
        Fatal error: resumed twice
          16.400 - - trap
        Current stack trace:
        0    libswiftCore.so    0x00007fb3a935f130 swift_reportError + 33
        """, ending: .signalled(SIGILL), seconds: 0.5, originSeconds: 0.1)
    let record = NativeRunner.record(scenario, process: process, scale: 0.05)
    #expect(
      record.problem
        == "the program crashed: killed by SIGILL at 11.4 ms, after 2 events; it printed: "
        + "Fatal error: resumed twice")
    #expect(record.end == .finished)
  }

  /// Without a `trap` line, the time is the exit's, from the arrival of time 0; each limit says
  /// which it is and how to raise it, and stops the run as a limit does.
  @Test func anExitAndTheLimitsAreReportedWithTheirTimes() throws {
    let scenario = try ScenarioLoader.load(
      bytes: Array(#"{"format": 1, "steps": []}"#.utf8), file: "limits.json")
    func problem(_ ending: NativeProcess.Ending) -> (String?, RunEnd) {
      let process = NativeProcess(
        output: "     0.000 main 1 log root start\n", ending: ending, seconds: 0.3,
        originSeconds: 0.1)
      let record = NativeRunner.record(scenario, process: process, scale: 0.5)
      return (record.problem, record.end)
    }
    #expect(problem(.exited(3)).0 == "the program exited with status 3 at about 400 ms")
    let memory = problem(.memoryLimit(megabytes: 512))
    #expect(
      memory.0
        == "stopped at about 400 ms: the program used more than 512 MB of memory (the "
        + "--max-memory-mb limit); raise it with --max-memory-mb 1024")
    #expect(memory.1 != .finished)
    #expect(
      problem(.cpuLimit(seconds: 10)).0
        == "stopped at about 400 ms: the program used more than 10 s of CPU time (the --max-cpu "
        + "limit); raise it with --max-cpu 20")
    #expect(
      problem(.outputLimit(megabytes: 64)).0
        == "stopped at about 400 ms: the program printed more than 64 MB (the --max-trace-mb "
        + "limit); raise it with --max-trace-mb 128")
  }

  static let shell = URL(fileURLWithPath: "/bin/sh")

  /// The default limits of a native run, with a timeout of `seconds`.
  static func limits(seconds: Double) -> NativeProcess.Limits {
    NativeProcess.Limits(RunLimits(), seconds: seconds)
  }

  /// A real process killed by a signal, and one that outlives its timeout.
  @Test func aCrashAndATimeoutAreReported() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("native-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func script(_ name: String, _ body: String) throws -> URL {
      let url = folder.appendingPathComponent(name)
      try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
      chmod(url.path, 0o755)
      return url
    }
    let scenario = try ScenarioLoader.load(
      bytes: Array(#"{"format": 1, "steps": []}"#.utf8), file: "crash.json")

    let crash = try script("crash", "echo '     0.000 main 1 log root start'; kill -SEGV $$")
    // Run by /bin/sh, not exec'd: a script just written can be "busy" while a process another
    // test starts holds its descriptor for a moment.
    let crashed = try NativeProcess.run(
      Self.shell, arguments: [crash.path], environment: [:], limits: Self.limits(seconds: 10))
    #expect(crashed.ending == .signalled(SIGSEGV))
    let record = NativeRunner.record(scenario, process: crashed, scale: 0.05)
    #expect(record.problem?.hasPrefix("the program crashed: killed by SIGSEGV") == true)
    #expect(record.events.map(\.kind) == [.start])

    let hang = try script("hang", "exec sleep 30")
    let hung = try NativeProcess.run(
      Self.shell, arguments: [hang.path], environment: [:], limits: Self.limits(seconds: 0.3))
    #expect(hung.ending == .timedOut(seconds: 0.3))
    #expect(hung.seconds < 5)
    let stopped = NativeRunner.record(scenario, process: hung, scale: 0.05)
    #expect(stopped.problem?.contains("(--timeout)") == true)
    #expect(stopped.end != .finished)
  }
}
