/// Which job ran where a program's run had a choice: at each point where more than one job was
/// ready, the index of the one chosen among them in the order they arrived, 0 the oldest.
/// Written `0.2.1` (trailing zeros dropped: past its end, the oldest runs), it replays a run
/// exactly: `lab run FILE.swift --schedule 0.2.1`.
public struct OwnSchedule: Sendable, Hashable {
  public var picks: [Int]

  public init(picks: [Int]) {
    var picks = picks
    while picks.last == 0 { picks.removeLast() }
    self.picks = picks
  }

  /// Reads `--schedule`'s text; nil unless it is whole numbers separated by dots, or empty.
  public init?(_ text: String) {
    if text.isEmpty || text == "0" {
      self.init(picks: [])
      return
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    var picks: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 6, part.allSatisfy(\.isASCII),
        let pick = Int(part), pick >= 0
      else { return nil }
      picks.append(pick)
    }
    self.init(picks: picks)
  }

  /// `0.2.1`, or `0` for first in, first out throughout.
  public var text: String { picks.isEmpty ? "0" : picks.map(String.init).joined(separator: ".") }

  /// How far it departs from first in, first out: each pick counts the jobs it passed over.
  public var departures: Int { picks.reduce(0, +) }
}

/// The choices one run made.
public struct OwnChoices: Sendable, Equatable {
  /// At each point with a choice, how many jobs were ready.
  public var counts: [Int]
  /// And which ran.
  public var picks: [Int]
  /// False when the run had more points than the scheduler notes (100,000).
  public var whole: Bool

  public var schedule: OwnSchedule { OwnSchedule(picks: picks) }
}
