import LabCommandLine
import Testing

/// Every numeric option takes a number only as the help writes one, in plain decimal digits:
/// Swift's own readers took `--max-seconds 0x10` as 16, `1e3` as 1000 and `+5` as 5.
@Suite struct OptionNumberTests {
  /// Forms Swift's `Int(_:)`, `UInt64(_:)` or `Double(_:)` read as a number, or that look like
  /// one: none is the plain form.
  static let unplain = [
    "0x10", "+5", " 5", "5 ", "５", "1_000", "1e3", "inf", "nan", "0x1p4", "-0", "5.", ".5", "",
  ]

  /// Each numeric option, with a command that takes it and the words it needs beside it.
  static let options: [(command: [String], option: String)] = [
    (["run", "racy-counter"], "--seed"), (["run", "racy-counter"], "--threads"),
    (["run", "racy-counter"], "--max-time"), (["run", "racy-counter"], "--max-jobs"),
    (["run", "racy-counter"], "--timeout"), (["run", "racy-counter"], "--max-events"),
    (["run", "racy-counter"], "--max-trace-mb"), (["run", "racy-counter"], "--max-tasks"),
    (["run", "racy-counter"], "--max-steps"), (["run", "racy-counter"], "--max-depth"),
    (["run", "racy-counter"], "--max-memory-mb"),
    (["run", "racy-counter", "--native"], "--max-cpu"),
    (["run", "racy-counter", "--live"], "--scale"),
    (["explore", "racy-counter", "--exhaustive"], "--max-schedules"),
    (["explore", "racy-counter", "--exhaustive"], "--max-seconds"),
    (["explore", "racy-counter", "--exhaustive"], "--jobs"),
    (["explore", "racy-counter", "--exhaustive"], "--preemptions"),
    (["explore", "racy-counter"], "--runs"), (["check", "racy-counter"], "--seeds"),
    (["step", "racy-counter"], "--max-seconds"), (["lesson", "1"], "--max-seconds"),
    (["record", "racy-counter"], "--seeds"), (["facts"], "--seeds"), (["facts"], "--runs"),
    (["facts"], "--max-seconds"), (["snippets"], "--max-seconds"),
  ]

  @Test(arguments: unplain)
  func aNumberWrittenOtherwiseIsAUsageErrorForEveryOption(_ value: String) {
    for (command, option) in Self.options {
      let run = InProcessLab.run(command + [option, value])
      #expect(run.status == 64, "\(option) '\(value)': \(run.err)")
      #expect(run.err.contains("'\(option)' takes a "), "\(option) '\(value)': \(run.err)")
    }
  }

  @Test(arguments: unplain)
  func aToleranceOrShardWrittenOtherwiseIsAUsageError(_ value: String) {
    let tolerance = InProcessLab.run(["run", "racy-counter", "--live", "--tolerance", "\(value)+5"])
    #expect(tolerance.status == 64 && tolerance.err.contains("'--tolerance' takes MS+PERCENT"))
    let percent = InProcessLab.run(["run", "racy-counter", "--live", "--tolerance", "5+\(value)"])
    #expect(percent.status == 64 && percent.err.contains("'--tolerance' takes MS+PERCENT"))
    let shard = InProcessLab.run([
      "explore", "racy-counter", "--exhaustive", "--shard", "1/\(value)",
    ])
    #expect(shard.status == 64 && shard.err.contains("--shard takes K/N"), "\(shard.err)")
  }

  @Test func aValueSwiftWouldReadInRangeIsShownPlainly() {
    let hex = InProcessLab.run(["explore", "racy-counter", "--exhaustive", "--max-seconds", "0x10"])
    #expect(
      hex.err.hasPrefix(
        "error: '--max-seconds' takes a number from 0.001 to 86400, not '0x10'; write it in plain "
          + "digits: 16"), "\(hex.err)")
    let sign = InProcessLab.run(["run", "racy-counter", "--threads", "+5"])
    #expect(
      sign.err.hasPrefix(
        "error: '--threads' takes a whole number from 1 to 64, not '+5'; write it in plain digits: 5"
      ), "\(sign.err)")
  }

  @Test func thePlainFormsStillRead() {
    #expect(PlainNumber.whole("007") == 7 && PlainNumber.whole("18446744073709551616") == nil)
    #expect(PlainNumber.whole("18446744073709551615", as: UInt64.self) == .max)
    #expect(PlainNumber.decimal("2.5") == 2.5 && PlainNumber.decimal("16") == 16)
    #expect(PlainNumber.decimal("1.2.3") == nil && PlainNumber.decimal("١") == nil)
    let run = InProcessLab.run([
      "run", "racy-counter", "--seed", "007", "--threads", "2", "--timeout", "30.5",
    ])
    #expect(run.status != 64, "\(run.err)")
    let live = InProcessLab.run([
      "run", "sync-download", "--live", "--scale", "0.05", "--tolerance", "100+20%",
    ])
    #expect(live.status != 64, "\(live.err)")
  }

  @Test func aLessonsNumberIsPlainToo() {
    let signed = InProcessLab.run(["lesson", "+1"])
    #expect(signed.status == 64 && signed.err.contains("no lesson named '+1'"), "\(signed.err)")
  }
}
