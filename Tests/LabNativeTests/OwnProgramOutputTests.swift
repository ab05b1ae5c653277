import Foundation
import LabInterpreter
import LabNative
import Testing

/// The scheduler's records share the program's standard output with whatever the program
/// writes there itself, from any thread.
@Suite(.serialized) struct OwnProgramOutputTests {
  /// The scheduler writes its records in pieces of at most `PIPE_BUF` bytes that each end a
  /// record, which the kernel writes to a pipe whole: another thread's write to standard output
  /// lands between records, never inside one. One 64-KB write let a thread's blocks tear
  /// records, and a held-out review lost one to five prints a run. The program makes its
  /// standard output a pipe in packet mode, where each write is a packet, and counts the packets
  /// that do not end a line (the old writes: 86 of them).
  @Test func everyWriteOfTheRecordsEndsARecord() throws {
    let program = OwnProgram(
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
        for i in 0..<5000 { print("line \\(i) " + String(repeating: "y", count: 40)) }
        // Back to the real standard output: the pipe ends, and the reader forwards what it held.
        dup2(Packets.saved, 1)
        pthread_join(thread, nil)
        let many = Packets.all.load(ordering: .relaxed) > 10
        print("packets that did not end a line: \\(Packets.torn.load(ordering: .relaxed)), of more than 10: \\(many)")
        """)
    let runs = try OwnProgramTests.runs(program, seeds: [0])
    guard let run = runs.first else { return print("skipped: no swiftc") }
    #expect(run.record.problem == nil, "\(run.record.problem ?? "")")
    let last = run.record.events.last.flatMap { event -> String? in
      if case .log(let text) = event.payload { text } else { nil }
    }
    #expect(last == "packets that did not end a line: 0, of more than 10: true")
  }
}
