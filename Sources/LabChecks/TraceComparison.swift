import LabInterpreter
import LabModel
import LabRuntime

/// Compares a run's events with an expected trace: the verdict, the first divergence, and a
/// unified diff of trace lines. Pure: returns text, prints nothing.
public struct TraceComparison: Sendable {
  /// Where the run first departs from the expected file.
  public struct Divergence: Sendable {
    /// The event that does not fit, by index; nil when the trace ended too soon.
    public var event: Int?
    /// The time of that event, or of the last event when the trace ended too soon.
    public var time: Double?
    /// What the file expected there: one line, the lines of an any-order block still unmatched,
    /// or none when the file expected the trace to end.
    public var expected: [ExpectedTrace.Line]
    /// The `any order {` line when the divergence is inside a block.
    public var block: Int?
  }

  /// What the file expects.
  public let expected: ExpectedTrace
  /// What the run recorded.
  public let events: [TraceEvent]
  /// Nil when the events match the expected trace.
  public let divergence: Divergence?

  /// Matches `events` against `expected`.
  public init(expected: ExpectedTrace, events: [TraceEvent]) {
    self.expected = expected
    self.events = events
    divergence = Self.firstDivergence(expected, events)
  }

  /// Whether every event matched, in order.
  public var matches: Bool { divergence == nil }

  /// Walks the items in order, each consuming its events; the first that does not fit diverges.
  static func firstDivergence(_ expected: ExpectedTrace, _ events: [TraceEvent]) -> Divergence? {
    var next = 0
    let lastTime = events.last?.time
    for item in expected.items {
      switch item {
      case .line(let line):
        guard next < events.count else {
          return Divergence(event: nil, time: lastTime, expected: [line], block: nil)
        }
        guard line.matches(events[next]) else {
          return Divergence(event: next, time: events[next].time, expected: [line], block: nil)
        }
        next += 1
      case .anyOrder(let opening, let lines):
        var matching = BlockMatching(lines: lines)
        for offset in lines.indices {
          let index = next + offset
          guard index < events.count else {
            return Divergence(
              event: nil, time: lastTime, expected: matching.unmatched, block: opening)
          }
          guard matching.add(events[index], as: index) else {
            return Divergence(
              event: index, time: events[index].time, expected: matching.unmatched, block: opening)
          }
        }
        next += lines.count
      }
    }
    guard next == events.count else {
      return Divergence(event: next, time: events[next].time, expected: [], block: nil)
    }
    return nil
  }

  // MARK: - The diff

  /// The diff between the expected lines and the events: the expected lines as arranged, and the
  /// steps from them to the events. Any-order blocks are first arranged in the order the run
  /// produced their lines, so a block that matches shows no change.
  func diff() -> (lines: [ExpectedTrace.Line], steps: [SequenceDiff.Step]) {
    let flat = arrangedLines()
    return (flat, SequenceDiff.steps(flat.count, events.count) { flat[$0].matches(events[$1]) })
  }

  /// How many line-to-event comparisons arranging any-order blocks may take in all.
  static let maxArrangingComparisons = 1_000_000

  /// The expected lines with each any-order block reordered to follow the events it matches. A
  /// block's events are looked for between the events matched by the plain lines around it.
  func arrangedLines() -> [ExpectedTrace.Line] { arranged().lines }

  /// `arrangedLines`, with how many line-to-event comparisons arranging took.
  func arranged() -> (lines: [ExpectedTrace.Line], comparisons: Int) {
    var flat: [(line: ExpectedTrace.Line, block: Int?)] = []
    for (index, item) in expected.items.enumerated() {
      switch item {
      case .line(let line): flat.append((line, nil))
      case .anyOrder(_, let lines): flat += lines.map { ($0, index) }
      }
    }
    guard flat.contains(where: { $0.block != nil }) else { return (flat.map(\.line), 0) }
    // Anchor on plain lines only.
    let anchors = SequenceDiff.steps(flat.count, events.count) { left, right in
      flat[left].block == nil && flat[left].line.matches(events[right])
    }
    var matchedEvent = [Int?](repeating: nil, count: flat.count)
    for case .same(let left, let right) in anchors { matchedEvent[left] = right }
    var used = Set<Int>()
    var start = 0
    // Arranging is for the reader; past this many comparisons the blocks left stay as written
    // (four blocks of 1,000 wildcard lines, none matching, took five minutes to arrange).
    var comparisons = 0
    while start < flat.count, comparisons < Self.maxArrangingComparisons {
      guard let block = flat[start].block else {
        start += 1
        continue
      }
      var end = start
      while end < flat.count, flat[end].block == block { end += 1 }
      let lower =
        (flat[..<start].indices.last { matchedEvent[$0] != nil }).map { matchedEvent[$0]! + 1 } ?? 0
      let upper =
        (flat[end...].indices.first { matchedEvent[$0] != nil }).map { matchedEvent[$0]! }
        ?? events.count
      var matching = BlockMatching(lines: flat[start..<end].map(\.line))
      if lower < upper {
        for event in lower..<upper where !used.contains(event) {
          if comparisons + matching.comparisons >= Self.maxArrangingComparisons { break }
          _ = matching.add(events[event], as: event)
        }
      }
      comparisons += matching.comparisons
      used.formUnion(matching.assigned.compactMap { $0 })
      let order = flat[start..<end].indices.sorted { a, b in
        let left = matching.assigned[a - start] ?? Int.max
        let right = matching.assigned[b - start] ?? Int.max
        return (left, a) < (right, b)
      }
      let arranged = order.map { flat[$0] }
      flat.replaceSubrange(start..<end, with: arranged)
      start = end
    }
    return (flat.map(\.line), comparisons)
  }

  /// The mismatch report: a unified diff of trace lines, then the first divergence and what the
  /// file expected there. `expectedName` and `actualName` head the diff.
  public func report(expectedName: String, actualName: String, context: Int = 3) -> String {
    guard let divergence else { return "" }
    let threadWidth = max(8, events.map(\.thread.count).max() ?? 0)
    let taskWidth = max(8, events.map(\.task.count).max() ?? 0)
    let rendered = TraceText.lines(events)
    func show(_ line: ExpectedTrace.Line) -> String {
      line.rendered(threadWidth: threadWidth, taskWidth: taskWidth)
    }
    let (flat, steps) = diff()
    var out = ["--- \(expectedName)", "+++ \(actualName)"]
    for hunk in SequenceDiff.hunks(steps, context: context) {
      out.append(hunk.header)
      for step in hunk.steps {
        switch step {
        case .same(_, let event): out.append(" " + rendered[event])
        case .removed(let line): out.append("-" + show(flat[line]))
        case .added(let event): out.append("+" + rendered[event])
        }
      }
    }
    let file = expectedName.split(separator: "/").last.map(String.init) ?? expectedName
    let time = divergence.time.map { "\(TraceText.time($0)) ms" } ?? "the start"
    switch (divergence.event, divergence.expected.isEmpty) {
    case (let event?, true):
      out.append(
        "first divergence at \(time), trace line \(event + 1): \(file) ends after "
          + "\(expected.lines.count) lines, but the run went on")
      out.append("  got:      " + rendered[event])
    case (let event?, false):
      out.append(
        "first divergence at \(time), trace line \(event + 1) "
          + "(\(file):\(divergence.expected[0].number))"
          + (divergence.block.map { ", inside the any-order block opened on line \($0)" } ?? ""))
      out.append(contentsOf: expectedLines(divergence, show))
      out.append("  got:      " + rendered[event])
      if divergence.expected.count == 1,
        let difference = Self.lookAlike(show(divergence.expected[0]), rendered[event])
      {
        out.append("  " + difference)
      }
    case (nil, _):
      out.append(
        "first divergence after the last event (\(events.count) events, at \(time)): the run "
          + "ended, but \(file):\(divergence.expected.first.map { String($0.number) } ?? "?") "
          + "expects more")
      out.append(contentsOf: expectedLines(divergence, show))
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// Where two lines that differ may look the same on a terminal: the first character where
  /// their scalars differ, when either side there is not a printable ASCII character (a
  /// no-break space for a space, a Cyrillic "а" for a Latin "a"), named by code point. Nil
  /// when the difference is plain to see.
  static func lookAlike(
    _ expected: String, _ got: String, sides names: (String, String) = ("the file", "the run")
  ) -> String? {
    let (file, run) = (Array(expected.unicodeScalars), Array(got.unicodeScalars))
    let shorter = min(file.count, run.count)
    guard
      let at = (0..<shorter).first(where: { file[$0] != run[$0] })
        ?? (file.count == run.count ? nil : shorter)
    else { return nil }
    let sides = [file, run].map { $0.indices.contains(at) ? $0[at] : nil }
    guard sides.contains(where: { $0.map { !(0x21...0x7E).contains($0.value) } ?? false }) else {
      return nil
    }
    func name(_ scalar: Unicode.Scalar?) -> String {
      guard let scalar else { return "the line's end" }
      return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
    let column = String(String.UnicodeScalarView(file[..<at])).count + 1
    return "the lines differ at character \(column): \(name(sides[0])) in \(names.0), "
      + "\(name(sides[1])) in \(names.1)"
  }

  private func expectedLines(
    _ divergence: Divergence, _ show: (ExpectedTrace.Line) -> String
  ) -> [String] {
    if divergence.expected.count == 1 { return ["  expected: " + show(divergence.expected[0])] }
    return ["  expected one of (any order):"]
      + divergence.expected.map { "             " + show($0) }
  }
}

/// Assigns events to the lines of an any-order block one event at a time, each line to at most
/// one event (Kuhn's augmenting paths), so a wildcard line never steals the event a more specific
/// line needs.
struct BlockMatching {
  let lines: [ExpectedTrace.Line]
  /// For each line, the event it is assigned to.
  private(set) var assigned: [Int?]
  private var candidates: [Int: [Int]] = [:]

  /// For each line, the first line of the block written the same way: an event is matched
  /// against each way of writing a line once, however many lines are written so.
  private let pattern: [Int]
  /// How many times an event was compared with a line, for the tests.
  private(set) var comparisons = 0

  init(lines: [ExpectedTrace.Line]) {
    self.lines = lines
    assigned = Array(repeating: nil, count: lines.count)
    var first: [ExpectedTrace.Line: Int] = [:]
    pattern = lines.indices.map { index in
      var written = lines[index]
      written.number = 0
      if let earlier = first[written] { return earlier }
      first[written] = index
      return index
    }
  }

  /// Adds an event; false when no assignment can include it with the events added before.
  mutating func add(_ event: TraceEvent, as index: Int) -> Bool {
    var matched = [Bool?](repeating: nil, count: lines.count)
    let fits = lines.indices.filter { line in
      let first = pattern[line]
      if let known = matched[first] { return known }
      let fits = lines[first].matches(event)
      matched[first] = fits
      comparisons += 1
      return fits
    }
    guard !fits.isEmpty else { return false }
    candidates[index] = fits
    // A free line first: lines alike (wildcards) then take events in one pass each. Looking for
    // a path of reassignments before a free line made a block of 1,500 alike lines take 90 s.
    if let free = fits.first(where: { assigned[$0] == nil }) {
      assigned[free] = index
      return true
    }
    var visited = Set<Int>()
    return augment(index, &visited)
  }

  private mutating func augment(_ event: Int, _ visited: inout Set<Int>) -> Bool {
    for line in candidates[event] ?? [] where visited.insert(line).inserted {
      if let holder = assigned[line] {
        guard augment(holder, &visited) else { continue }
      }
      assigned[line] = event
      return true
    }
    return false
  }

  /// The lines no event has been assigned to yet, in file order.
  var unmatched: [ExpectedTrace.Line] {
    lines.indices.filter { assigned[$0] == nil }.map { lines[$0] }
  }
}

extension String {
  /// The text with "0"s in front, to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
