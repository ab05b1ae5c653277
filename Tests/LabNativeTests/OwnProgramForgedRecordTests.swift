import Foundation
import LabInterpreter
import Testing

@testable import LabNative

/// A program that finds its run's key in its own memory can write records the scheduler never
/// wrote; whatever they say, the lab reads them without trapping: a time before the run began
/// is no record, choices the scheduler could not have made are none, and a wait's length is
/// never negative (a held-out review's program crashed the lab with both).
struct OwnProgramForgedRecordTests {
  static let key = "0123456789abcdef"

  static func trace(_ records: [String]) -> OwnProgramTrace {
    let prefix = OwnProgramScheduler.recordPrefix(key: key)
    return OwnProgramTrace(
      output: records.map { prefix + $0 }.joined(separator: "\n"), key: key)
  }

  @Test func aTimeBeforeTheRunBeganIsNoRecord() {
    let trace = Self.trace([
      "wait\t-9223372036854775808\t5\tworker-1\t\tsemaphore",
      "print\t9223372036854775807\t5\tworker-1\t\tlate",
      "waited\t9223372036854775807\t5\tworker-1\t\t-9223372036854775808",
      "end\t9223372036854775807\t0\tmain\t\t1 0 0",
    ])
    let record = trace.record(name: "forged", seed: 0, threads: 4)
    #expect(record.events.count == 1)
    #expect(trace.otherOutput.count == 1)
  }

  @Test(arguments: [
    ("-9223372036854775808 2", "0 1"),
    ("2 2", "0 5"),
    ("1 3", "0 0"),
    ("2", "1 1"),
    ("9223372036854775807 9223372036854775807", "9223372036854775806 9223372036854775806"),
  ])
  func choicesTheSchedulerCouldNotMakeAreNone(_ counts: String, _ picks: String) {
    let trace = Self.trace(["choices\t0\t0\twhole\t\(picks)\t\(counts)"])
    #expect(trace.choices == nil)
  }

  @Test func choicesTheSchedulerMakesAreRead() {
    let trace = Self.trace(["choices\t0\t0\twhole\t0 2 1\t2 3 2"])
    #expect(trace.choices == OwnChoices(counts: [2, 3, 2], picks: [0, 2, 1], whole: true))
  }
}
