import Foundation
import LabChecks
import Testing

/// A schedule string is anyone's to write — in a shard file `lab explore --merge` reads, a
/// lesson's `lab run --schedule` line, a challenge page's address — so reading one is bounded.
@Suite struct ScheduleTextTests {
  static func text(choices count: Int) -> String {
    let choices = Array(
      repeating: Schedule.Choice(gap: 0xFFF_FFFF, index: 0xFFF_FFFF), count: count)
    return Schedule(scenario: 0xABCDEF, choices: choices).text
  }

  /// A merge read a shard's schedule before its budget could stop it: 5 MB of schedule took 13 s
  /// to refuse under `--max-seconds 1`. A string longer than any the lab writes is refused
  /// before it is read, and one within the bound reads back whole.
  @Test func aScheduleLongerThanAnyTheLabWritesIsRefusedUnread() {
    let long = Self.text(choices: 80_000)
    #expect(long.utf8.count > Schedule.maxLength)
    guard case .failure(let problem) = Schedule.parse(long, scenario: 0xABCDEF) else {
      Issue.record("a schedule of \(long.utf8.count) bytes was read")
      return
    }
    #expect(problem == .tooLong)
    let message = problem.message(hints: HintCommand("lab"))
    #expect(message.hasPrefix("this schedule string is longer than any the lab writes"))

    let fits = Self.text(choices: 70_000)
    #expect(fits.utf8.count <= Schedule.maxLength)
    guard case .success(let read) = Schedule.parse(fits, scenario: 0xABCDEF) else {
      Issue.record("a schedule the lab wrote does not read back")
      return
    }
    #expect(read.choices.count == 70_000)
  }
}
