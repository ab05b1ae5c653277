import Foundation
import LabInterpreter
import LabModel
import LabRuntime
import Testing

@testable import LabNative

/// The scheduler's records share the program's standard output with whatever the program
/// writes there itself, from any thread.
@Suite(.serialized) struct OwnProgramOutputTests {
  /// A program whose standard output is a pipe in packet mode, where each write is a packet: it
  /// runs `work`, then prints how many packets did not end a line.
  static func packets(_ work: String) -> OwnProgram {
    OwnProgram(
      path: "packets.swift",
      source: """
        import Glibc
        import Synchronization

        /// Standard output as a pipe in packet mode (O_DIRECT, which `fcntl` sets on a pipe since
        /// Linux 4.5): each write of at most PIPE_BUF bytes is one packet, and a read returns one. A
        /// thread forwards every packet to the real standard output and counts those that did not end
        /// a line — a write that was not whole records.
        enum Packets {
          static let torn = Atomic<Int>(0)
          static let all = Atomic<Int>(0)
          nonisolated(unsafe) static var saved: Int32 = -1
          nonisolated(unsafe) static var reader: Int32 = -1

          static func forward() {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
              let count = read(reader, &buffer, buffer.count)
              if count <= 0 { break }
              all.add(1, ordering: .relaxed)
              if buffer[count - 1] != 10 { torn.add(1, ordering: .relaxed) }
              var offset = 0
              while offset < count {
                let written = buffer.withUnsafeBytes { write(saved, $0.baseAddress! + offset, count - offset) }
                if written <= 0 { break }
                offset += written
              }
            }
          }
        }

        /// The reader thread's start: a function, not a closure of the top level, which would be the
        /// main actor's and checked for it on the thread.
        func forward(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
          Packets.forward()
          return nil
        }

        Packets.saved = dup(1)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("pipe") }
        for end in ends { _ = fcntl(end, F_SETFL, 0o40000) }
        dup2(ends[1], 1)
        close(ends[1])
        Packets.reader = ends[0]
        var thread = pthread_t()
        pthread_create(&thread, nil, forward, nil)
        \(work)
        // Back to the real standard output: the pipe ends, and the reader forwards what it held.
        dup2(Packets.saved, 1)
        pthread_join(thread, nil)
        let many = Packets.all.load(ordering: .relaxed) > 10
        print("packets that did not end a line: \\(Packets.torn.load(ordering: .relaxed)), of more than 10: \\(many)")
        """)
  }

  /// The last line the run printed, which `packets` makes the count.
  static func count(_ program: OwnProgram) throws -> (String?, OwnRun)? {
    guard let run = try OwnProgramTests.runs(program, seeds: [0]).first else { return nil }
    #expect(run.record.problem == nil, "\(run.record.problem ?? "")")
    let last = run.record.events.last.flatMap { event -> String? in
      if case .log(let text) = event.payload { text } else { nil }
    }
    return (last, run)
  }

  /// The scheduler writes its records in pieces of at most `PIPE_BUF` bytes that each end a
  /// record, which the kernel writes to a pipe whole: another thread's write to standard output
  /// lands between records, never inside one. One 64-KB write let a thread's blocks tear
  /// records, and a held-out review lost one to five prints a run. The program counts the
  /// packets that do not end a line (the old writes: 86 of them).
  @Test func everyWriteOfTheRecordsEndsARecord() throws {
    let program = Self.packets(
      #"for i in 0..<5000 { print("line \(i) " + String(repeating: "y", count: 40)) }"#)
    guard let (last, _) = try Self.count(program) else { return print("skipped: no swiftc") }
    #expect(last == "packets that did not end a line: 0, of more than 10: true")
  }

  /// A print longer than a piece goes out as records of a piece each (`more` after the first),
  /// so it too is written whole; before, its one record was written alone and a thread's write
  /// could land inside it (20 lines of 9,000 characters with tabs and backslashes to escape: 72
  /// packets that did not end a line).
  @Test func aPrintLongerThanAPieceIsWrittenInWholeRecords() throws {
    let program = Self.packets(
      #"for i in 0..<20 { print("line \(i) ⟨" + String(repeating: "é\t\\", count: 3000) + "⟩") }"#)
    guard let (last, run) = try Self.count(program) else { return print("skipped: no swiftc") }
    #expect(last == "packets that did not end a line: 0, of more than 10: true")
    #expect(run.record.events.count { if case .log = $0.payload { true } else { false } } == 21)
    #expect(run.otherOutput.isEmpty, "\(run.otherOutput.prefix(3))")
  }

  /// The lab joins a `more` record to the record before it, text unescaped piece by piece,
  /// whatever the program wrote between them; a `more` with nothing before it is other output.
  @Test func aMoreRecordIsJoinedToTheRecordBeforeIt() {
    let prefix = OwnProgramScheduler.recordPrefix(key: "k")
    let output = [
      prefix + "print\t5\t1\tmain\t\tab\\t",
      "a line of the program's own",
      prefix + "more\t5\t1\tmain\t\tc\\nd",
      prefix + "more\t5\t1\tmain\t\té",
      prefix + "end\t5\t0\t\t\t",
    ].joined(separator: "\n")
    let trace = OwnProgramTrace(output: output, key: "k")
    #expect(trace.records.map(\.kind) == [.print, .end])
    #expect(trace.records.first?.text == "ab\tc\ndé")
    #expect(trace.otherOutput == ["a line of the program's own"])
    let alone = OwnProgramTrace(output: prefix + "more\t5\t1\tmain\t\tx", key: "k")
    #expect(alone.records.isEmpty)
    #expect(alone.otherOutput.count == 1)
  }

  /// Other output keeps its first lines and its last, in order, and counts what it left out
  /// between them, however many lines come: they are read as bytes, never made a list.
  @Test func otherOutputKeepsItsHeadAndItsTail() {
    let prefix = OwnProgramScheduler.recordPrefix(key: "k")
    let lines = (0..<10_000).map { "other \($0)" }
    let output =
      lines.joined(separator: "\n") + "\n" + String(repeating: "x", count: 50_000) + prefix
      + "end\t5\t0\t\t\t3 0 0"
    let trace = OwnProgramTrace(output: output, key: "k")
    let cut = String(repeating: "x", count: OwnProgramTrace.shownColumns - 1) + "…"
    #expect(trace.otherOutput == Array(lines.prefix(200)) + Array(lines.suffix(49)) + [cut])
    #expect(trace.otherLeftOut == 10_001 - 250)
    #expect(trace.records.map(\.kind) == [.end])
    #expect(trace.jobs == 3)
  }

  /// What a run printed is what the program's prints wrote, terminators and all, as a real run
  /// shows it: `print("a", terminator: "")` and `print("b")` are one line, "ab".
  @Test func printedOutputIsWhatThePrintsWrote() throws {
    let program = OwnProgram(
      path: "ends.swift",
      source:
        #"print("a", terminator: ""); print("b"); print("c", "d", separator: "+", terminator: "|")"#
    )
    guard let run = try OwnProgramTests.runs(program, seeds: [0]).first else {
      return print("skipped: no swiftc")
    }
    #expect(run.output.text == "ab\nc+d|")
    #expect(run.printed == ["ab", "c+d|"])
    let logs = run.record.events.compactMap { event -> String? in
      if case .log(let text) = event.payload { text } else { nil }
    }
    #expect(logs == ["a", "b", "c+d|"])
  }

  /// A child the program forks (no `exec`) is no part of the run: its sleep is the machine's,
  /// its print plain output, and what the parent held when it forked is written once. Before,
  /// the child's sleep was a 2,000 ms block of main's, its print main's line, and "before"
  /// came twice.
  @Test func aForkedChildIsNoPartOfTheRun() throws {
    let program = OwnProgram(
      path: "fork.swift",
      source: """
        import Glibc
        print("before")
        let pid = fork()
        if pid == 0 {
          usleep(300_000)
          print("child after its sleep")
          exit(0)
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        print("parent done")
        """)
    guard let run = try OwnProgramTests.runs(program, seeds: [0]).first else {
      return print("skipped: no swiftc")
    }
    #expect(run.printed == ["before", "parent done"])
    #expect(run.otherOutput == ["child after its sleep"])
    #expect(!run.record.events.contains { if case .block = $0.payload { true } else { false } })
    #expect(run.record.problem == nil, "\(run.record.problem ?? "")")
  }

  /// What a program printed before the lab stopped it is kept: a job that goes on sends what is
  /// held every 100 ms, and the CPU limit's signal sends it too. A loop with no await after a
  /// print showed an empty trace at --timeout and at --max-cpu.
  @Test(arguments: [(1.5, 10), (30.0, 1)])
  func linesPrintedBeforeAStopAreKept(seconds: Double, cpu: Int) throws {
    let program = OwnProgram(
      path: "spin.swift",
      source: """
        print("started")
        var x = 0
        while true { x &+= 1; if x == -1 { print(x) } }
        """)
    var options = RunOptions()
    options.limits.runtime.wallClockSeconds = seconds
    options.limits.maxCPUSeconds = cpu
    guard let run = try OwnProgramTests.runs(program, seeds: [0], options: options).first else {
      return print("skipped: no swiftc")
    }
    #expect(run.printed == ["started"], "\(run.record.problem ?? "")")
    #expect(run.record.problem != nil)
  }

  /// `dump` and `debugPrint` print as `print` does, so a rule reads their lines under the
  /// scheduler as it does natively; `dump(_:to:)` still writes where it is told. `dump` was the
  /// program's other output, so a scheduled run printed fewer lines than a real one.
  @Test func dumpAndDebugPrintAreWhatTheProgramPrinted() throws {
    let program = OwnProgram(
      path: "dumps.swift",
      source: """
        debugPrint("s")
        dump([1, 2], name: "xs")
        var kept = ""
        dump(3, to: &kept)
        print("a", kept.count)
        """)
    guard let run = try OwnProgramTests.runs(program, seeds: [0]).first else {
      return print("skipped: no swiftc")
    }
    #expect(run.printed == ["\"s\"", "▿ xs: 2 elements", "  - 1", "  - 2", "a 4"])
    #expect(run.otherOutput.isEmpty, "\(run.otherOutput)")
  }

  /// Past `--max-events` the lab keeps the first records of what happened and cuts the run,
  /// its end still read: 2,000,000 prints held 492 MB of the lab's.
  @Test func aRunPastMaxEventsIsCut() throws {
    let program = OwnProgram(path: "many.swift", source: "for i in 0..<5_000 { print(i) }")
    var options = RunOptions()
    options.limits.interpreter.maxEvents = 100
    guard let run = try OwnProgramTests.runs(program, seeds: [0], options: options).first else {
      return print("skipped: no swiftc")
    }
    #expect(run.record.events.count <= 100)
    #expect(run.printed.first == "0")
    #expect(run.jobs != nil, "the end record was read")
    #expect(
      run.record.problem
        == "stopped: the run made more than 100 events (the --max-events limit), and the lab "
        + "kept the first; raise it with --max-events 200")
  }
}
