import Foundation
import Testing

@testable import LabProcess

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a program wrote before it died is read whole, however late the lab's thread comes to
/// read it: on a loaded machine the drain's deadline passed before its first read, and a run's
/// last lines (a scheduler's records, written at exit) were lost.
struct OutputDrainTests {
  @Test func aDrainPastItsDeadlineStillReadsWhatThePipeHolds() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    // 130 KB: more than two reads of the reader's 64 KB buffer, and no more than the pipe (64
    // KiB) holds once the reader has read its first 64 KiB, so the writer ends; written from a
    // thread, as a program writes into the pipe. (150 KB did not fit: the writer still had
    // 20 KB to write when the drain began, and a loaded machine's drain, finding the pipe empty
    // before the writer ran again, ended short — a test of the machine's timing, not the drain.)
    let text = Array(repeating: UInt8(ascii: "x"), count: 130_000) + Array("\nend\n".utf8)
    let done = DispatchSemaphore(value: 0)
    let writer = Thread { [end = ends[1]] in
      defer { done.signal() }
      var offset = 0
      while offset < text.count {
        let written = text.withUnsafeBytes {
          write(end, $0.baseAddress! + offset, text.count - offset)
        }
        guard written > 0 else { break }
        offset += written
      }
      close(end)
    }
    let clock = ContinuousClock()
    var reader = OutputReader(file: ends[0], limit: 1 << 20, began: clock.now, clock: clock)
    writer.start()
    // As the lab does while the program runs, until the writer has filled the pipe.
    while reader.bytes.count < 65_536 { reader.read(waiting: 10) }
    // The program has exited: everything it wrote is in the pipe.
    done.wait()
    reader.drain(until: clock.now - .seconds(1))
    #expect(reader.bytes.count == text.count)
    #expect(reader.bytes.suffix(5) == Array("\nend\n".utf8))
  }
}
