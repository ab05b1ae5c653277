import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// A run of the virtual scheduler written down: which task went next at every turn where more
/// than one could, as a short string that `lab run NAME --schedule S` replays exactly.
///
/// `3-HHHHHH-BODY-CC`: the format version (`version`); six hex digits naming the scenario (its
/// name, program and pool width: `identity`), so a schedule of another scenario is refused; the
/// choices; two hex digits that check the rest. Only choices other than the default (go on with the task of the previous turn,
/// else the first task by ordinal) are written, each as two numbers: how many choices with
/// alternatives passed since the last one written, and which of the other candidates (in ordinal
/// order) ran. A number is base-16 digits `0-9a-f` ending in one digit from `g-v`, so most
/// choices take two characters and a run that never preempts is `3-HHHHHH--CC`.
package struct Schedule: Sendable, Equatable {
  /// A written-down choice: `gap` choices with alternatives went the default way before it, then
  /// the `index`-th of the other candidates ran.
  package struct Choice: Sendable, Equatable {
    package var gap: Int
    package var index: Int

    package init(gap: Int, index: Int) {
      self.gap = gap
      self.index = index
    }
  }

  package var scenario: UInt32
  package var choices: [Choice]

  /// 2: a step that touches shared state after another one in the same turn begins a turn of
  /// its own, so the turns, and the choices among them, are not those of version 1. 3: so does
  /// a creator's step after it starts a task, and a step on an actor or main.
  package static let version = "3"

  /// The identity a schedule carries: the scenario's name, its program (what shapes a run, not
  /// its prose or expectations: `Scenario.programDigest`) and the pool width, hashed.
  package static func identity(of scenario: Scenario, threads: Int?) -> UInt32 {
    let text = "\(scenario.name)/\(threads ?? scenario.threads)/\(scenario.programDigest)"
    return fnv(Array(text.utf8)) & 0xFF_FFFF
  }

  /// The schedule of a recorded run.
  package init(scenario: UInt32, decisions: [ScheduleChooser.Decision]) {
    self.scenario = scenario
    var choices: [Choice] = []
    var gap = 0
    for decision in decisions where decision.candidates.count > 1 {
      if decision.chosen == decision.preferred {
        gap += 1
        continue
      }
      let others = decision.candidates.filter { $0 != decision.preferred }
      choices.append(Choice(gap: gap, index: others.firstIndex(of: decision.chosen)!))
      gap = 0
    }
    self.choices = choices
  }

  package init(scenario: UInt32, choices: [Choice]) {
    self.scenario = scenario
    self.choices = choices
  }

  /// The string to copy.
  package var text: String {
    let body = choices.map { Self.number($0.gap) + Self.number($0.index) }.joined()
    let head = "\(Self.version)-\(Self.hex(scenario, 6))-\(body)"
    return head + "-" + Self.hex(Self.fnv(Array(head.utf8)) & 0xFF, 2)
  }

  /// Why a string is not a schedule of this scenario.
  package enum Problem: Error, Equatable {
    case damaged
    case otherScenario
    /// Written by a lab whose schedules have another version (named).
    case otherVersion(String)
    /// Longer than `maxLength`.
    case tooLong
  }

  /// The longest schedule string the lab reads, in bytes: a run's schedule names only the turns
  /// that left the default order, and a search's are its shortest; one read from a shard file
  /// is read before the merge's budget can stop it, and 5 MB of it took 13 s.
  package static let maxLength = 1 << 20

  /// Reads `text` as a schedule of the scenario whose identity is `scenario` (nil: any).
  package static func parse(_ text: String, scenario: UInt32?) -> Result<Schedule, Problem> {
    guard text.utf8.count <= maxLength else { return .failure(.tooLong) }
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: "-", omittingEmptySubsequences: false)
    if parts.count == 4, parts[0] != Substring(version), parts[0].count <= 3,
      parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber)
    {
      return .failure(.otherVersion(String(parts[0])))
    }
    guard parts.count == 4, parts[0] == Substring(version), parts[1].count == 6,
      parts[3].count == 2, let identity = UInt32(parts[1], radix: 16),
      let check = UInt32(parts[3], radix: 16),
      check == fnv(Array("\(parts[0])-\(parts[1])-\(parts[2])".utf8)) & 0xFF,
      let numbers = numbers(in: parts[2]), numbers.count % 2 == 0
    else { return .failure(.damaged) }
    guard identity == scenario ?? identity else { return .failure(.otherScenario) }
    let choices = stride(from: 0, to: numbers.count, by: 2).map {
      Choice(gap: numbers[$0], index: numbers[$0 + 1])
    }
    return .success(Schedule(scenario: identity, choices: choices))
  }

  /// A chooser that replays this schedule; `fits` is false afterwards when the run did not match
  /// it (a choice named a candidate that did not exist, or choices were left over).
  package func replay(showsSplitReads: Bool = true) -> (ScheduleChooser, Replay) {
    let replay = Replay(choices: choices)
    let chooser = ScheduleChooser(showsSplitReads: showsSplitReads) { _, candidates, preferred in
      replay.choose(candidates, preferred)
    }
    return (chooser, replay)
  }

  /// The state of a replay, on the loop thread.
  package final class Replay: @unchecked Sendable {
    private let choices: [Choice]
    private var next = 0
    private var gap = 0
    private var misfit = false

    init(choices: [Choice]) { self.choices = choices }

    /// Whether the run used every choice, each among candidates that existed.
    package var fits: Bool { !misfit && next == choices.count }

    func choose(_ candidates: [Int], _ preferred: Int) -> Int {
      guard candidates.count > 1, next < choices.count else { return preferred }
      guard gap == choices[next].gap else {
        gap += 1
        return preferred
      }
      let others = candidates.filter { $0 != preferred }
      let index = choices[next].index
      next += 1
      gap = 0
      guard index < others.count else {
        misfit = true
        return preferred
      }
      return others[index]
    }
  }

  // MARK: - Encoding

  private static let digits = Array("0123456789abcdef")
  private static let lastDigits = Array("ghijklmnopqrstuv")
  /// Each byte's place among `digits` (0–15) or `lastDigits` (16–31), else -1: the reader's
  /// table, made from the writer's two alphabets.
  private static let digitCodes: [Int8] = {
    var codes = [Int8](repeating: -1, count: 256)
    for (place, character) in (digits + lastDigits).enumerated() {
      codes[Int(character.asciiValue!)] = Int8(place)
    }
    return codes
  }()

  package static func number(_ value: Int) -> String {
    var value = value
    var text = String(lastDigits[value & 15])
    value >>= 4
    while value > 0 {
      text = String(digits[value & 15]) + text
      value >>= 4
    }
    return text
  }

  /// The numbers `text` holds, read byte by byte: a shard file's schedule is anyone's to write,
  /// and read as characters, each looked up among the digits, 5 MB of it took 13 s to refuse,
  /// past any `--max-seconds` of the merge that read it.
  package static func numbers(in text: Substring) -> [Int]? {
    var numbers: [Int] = []
    var value = 0
    var length = 0
    for byte in text.utf8 {
      let code = Int(digitCodes[Int(byte)])
      if code < 0 { return nil }
      if code >= 16 {
        numbers.append(value << 4 | (code - 16))
        value = 0
        length = 0
        continue
      }
      value = value << 4 | code
      length += 1
      if length > 8 { return nil }
    }
    return length == 0 ? numbers : nil
  }

  static func hex(_ value: UInt32, _ width: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  static func fnv(_ bytes: [UInt8]) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return hash
  }
}

/// What `lab run` tells the learner about a schedule string it cannot use.
extension Schedule.Problem {
  /// `hints` starts the commands it names.
  package func message(hints: HintCommand) -> String {
    switch self {
    case .damaged:
      "this schedule string is damaged or cut short; copy it whole from '"
        + hints.line("explore NAME --exhaustive") + "' or '"
        + hints.line("run NAME --show-schedule") + "'"
    case .otherScenario:
      "this schedule belongs to another scenario (or another version of it, or another "
        + "--threads); make one for this one with '" + hints.line("explore NAME --exhaustive")
        + "'"
    case .tooLong:
      "this schedule string is longer than any the lab writes (more than "
        + "\(Schedule.maxLength >> 20) MiB); copy it whole from '"
        + hints.line("explore NAME --exhaustive") + "' or '"
        + hints.line("run NAME --show-schedule") + "'"
    case .otherVersion(let version):
      "this is a schedule of version \(version), and this lab reads version \(Schedule.version) "
        + "(its turns are cut differently); make it again with '"
        + hints.line("explore NAME --exhaustive") + "' or '"
        + hints.line("run NAME --show-schedule") + "'"
    }
  }
}

/// A run that records its schedule shows an `add`'s read as its own event; where nothing of
/// another task came between the read and its write, the read line is dropped again, so the
/// trace reads like a plain run's (`counter = 3 (read 2)`).
package enum SplitReads {
  package static func merge(_ events: [TraceEvent]) -> [TraceEvent] {
    guard events.contains(where: { $0.kind == .read }) else { return events }
    var kept: [TraceEvent] = []
    kept.reserveCapacity(events.count)
    for (index, event) in events.enumerated() {
      if event.kind == .read, !interrupted(events, after: index) { continue }
      kept.append(event)
    }
    return kept
  }

  /// Whether another task's event comes between the read at `index` and its task's next `set`.
  private static func interrupted(_ events: [TraceEvent], after index: Int) -> Bool {
    let task = events[index].task
    for event in events[(index + 1)...] {
      if event.task != task { return true }
      if event.kind == .set { return false }
    }
    return false
  }
}
