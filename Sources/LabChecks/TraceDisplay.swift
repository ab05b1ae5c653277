import LabInterpreter
import LabModel

/// How a text trace is shown: which events (`--task`, `--lane`), and whether repeats are folded
/// (`lab run` and lessons fold unless `--full`). Display only: the run, its checks, expected
/// traces, lesson excerpts and the JSON document always hold every event.
public struct TraceDisplay: Sendable, Equatable {
  /// Show only these tasks' events; a name also matches its group's children (`g` shows `g[2]`).
  /// Empty: every task.
  public var tasks: [String]
  /// Show only events on these threads (`main`, `worker-1`, …). Empty: every thread.
  public var lanes: [String]
  /// Show a run of repeated rounds as its first round and one line that counts the rest.
  public var fold: Bool
  /// Cut event lines longer than this with `…` (a terminal's width); nil: never.
  public var width: Int?

  public init(tasks: [String] = [], lanes: [String] = [], fold: Bool = false, width: Int? = nil) {
    self.tasks = tasks
    self.lanes = lanes
    self.fold = fold
    self.width = width
  }

  /// Whether some events are left out by task or thread.
  public var filters: Bool { !tasks.isEmpty || !lanes.isEmpty }

  /// Every event, as recorded.
  public static let plain = TraceDisplay()

  /// Whether `event` is shown.
  public func shows(_ event: TraceEvent) -> Bool {
    (tasks.isEmpty || tasks.contains { event.task == $0 || event.task.hasPrefix($0 + "[") })
      && (lanes.isEmpty || lanes.contains(event.thread))
  }

  /// A usage error's message for the first `--task` or `--lane` name that names no task or
  /// thread among `events` (it would show an empty trace, silently): it names the nearest one
  /// for a typo and lists the run's, at most `listed` of them. Nil when every name shows
  /// something.
  public func unknownName(in events: [TraceEvent], listed: Int = 20) -> String? {
    guard filters else { return nil }
    // What `shows` matches: a task's whole name, and each group's name in it (`g` of `g[2]`).
    var known: Set<String> = []
    var tasks: [String] = []
    var listedTasks: Set<String> = []
    var lanes: [String] = []
    var seenLanes: Set<String> = []
    for event in events where known.insert(event.task).inserted {
      let groups = event.task.indices.filter { event.task[$0] == "[" }.map {
        String(event.task[..<$0])
      }
      known.formUnion(groups)
      // A group's children are listed as the group, which `--task g` shows whole.
      let task = groups.first ?? event.task
      if listedTasks.insert(task).inserted { tasks.append(task) }
    }
    for event in events where seenLanes.insert(event.thread).inserted {
      lanes.append(event.thread)
    }
    if let task = self.tasks.first(where: { !known.contains($0) }) {
      return Self.unknown("--task", task, "task", among: tasks, listed: listed)
    }
    if let lane = self.lanes.first(where: { !seenLanes.contains($0) }) {
      return Self.unknown("--lane", lane, "thread", among: lanes, listed: listed)
    }
    return nil
  }

  private static func unknown(
    _ option: String, _ name: String, _ kind: String, among names: [String], listed: Int
  ) -> String {
    let shown = names.prefix(listed).joined(separator: ", ")
    let more = names.count > listed ? ", … (\(names.count) in all)" : ""
    let list = names.isEmpty ? "it recorded no event" : "its \(kind)s: \(shown)\(more)"
    return "\(option) '\(name)' names no \(kind) of this run (\(list))"
      + didYouMean(name, in: names)
  }
}

extension TraceText {
  /// The lines of the events `display` shows, in columns as wide as the whole trace's (the header
  /// is made from every event).
  public static func lines(_ events: [TraceEvent], display: TraceDisplay) -> [String] {
    guard let width = display.width else { return unCut(events, display: display) }
    return unCut(events, display: display).map { cut($0, toWidth: width) }
  }

  /// Only the lines shown are rendered: a run stopped after a million events folds to a few
  /// lines, and rendering every event first took half a minute.
  static func unCut(_ events: [TraceEvent], display: TraceDisplay) -> [String] {
    let widths = columnWidths(events)
    guard display != .plain else { return events.map { line($0, widths) } }
    let shown = display.filters ? events.filter(display.shows) : events
    guard display.fold else { return shown.map { line($0, widths) } }
    return folded(shown).flatMap { part -> [String] in
      switch part {
      case .event(let index): return [line(shown[index], widths)]
      case .rounds(let count, let from, let to):
        let times = from == to ? time(from) : "\(time(from))–\(time(to))"
        return [pad("…", 8, left: true) + " \(count) more rounds like this, \(times) ms"]
      }
    }
  }

  /// A part of a folded trace: an event shown (its index), or repeated rounds left out.
  package enum FoldedPart: Equatable {
    case event(Int)
    case rounds(count: Int, from: Double, to: Double)
  }

  /// The longest repeats folded: where a round of 1–4 events comes back at least twice more, in
  /// the same shape (thread, task, kind, and text with each number read as #), the first round
  /// stays and the rest become one `.rounds`. Longer runs win over shorter rounds.
  package static func folded(_ events: [TraceEvent]) -> [FoldedPart] {
    let shapes = events.map(shape)
    var parts: [FoldedPart] = []
    var index = 0
    while index < events.count {
      var best: (period: Int, rounds: Int)?
      for period in 1...4 {
        var rounds = 1
        while index + (rounds + 1) * period <= events.count,
          (0..<period).allSatisfy({
            shapes[index + rounds * period + $0] == shapes[index + $0]
          })
        {
          rounds += 1
        }
        if rounds >= 3, period * rounds > (best.map { $0.period * $0.rounds } ?? 0) {
          best = (period, rounds)
        }
      }
      guard let (period, rounds) = best else {
        parts.append(.event(index))
        index += 1
        continue
      }
      parts.append(contentsOf: (index..<index + period).map(FoldedPart.event))
      let end = index + period * rounds
      parts.append(
        .rounds(
          count: rounds - 1, from: events[index + period].time, to: events[end - 1].time))
      index = end
    }
    return parts
  }

  /// What makes two events the same step of a loop: all but the numbers in their text. Digits
  /// that end a name (`num1`, `file2`) are part of the name, not a number.
  private static func shape(_ event: TraceEvent) -> EventShape {
    EventShape(thread: event.thread, task: event.task, kind: event.kind, text: shape(event.text))
  }

  /// An event as a loop's rounds compare it: its fields as they are (shared, not joined into a
  /// copy), its text with each number read as #. Texts are compared by their bytes: a text past
  /// ASCII compared as Swift's `==` does (canonically) cost more than the rest of the fold.
  private struct EventShape: Equatable {
    var thread: String
    var task: String
    var kind: TraceEvent.Kind
    var text: String

    static func == (a: Self, b: Self) -> Bool {
      a.kind == b.kind && a.text.hasSameBytes(as: b.text) && a.task.hasSameBytes(as: b.task)
        && a.thread.hasSameBytes(as: b.thread)
    }
  }

  /// Digits outside a name become one `#`; a name is a letter or `_`, then letters, `_` and
  /// digits. Walked over the text's bytes, decoding a scalar only past ASCII to ask whether it
  /// is a letter: by Character, a million events of text with an arrow (`yield(5) → .enqueued`)
  /// took 20 s; appended scalar by scalar to a string, 60,000 log lines of 1,000 characters took
  /// 2.1 s of `lab run`'s 2.3; through the string's views, 0.1 s. A text with no digit is its
  /// own shape, and is not copied.
  package static func shape(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes -> String? in
      guard bytes.contains(where: { $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { shape in
        var count = 0
        var inNumber = false
        var inName = false
        var offset = 0
        while offset < bytes.count {
          let byte = bytes[offset]
          let digit = byte &- UInt8(ascii: "0") < 10
          if digit, !inName {
            if !inNumber {
              shape[count] = UInt8(ascii: "#")
              count += 1
            }
            inNumber = true
            offset += 1
            continue
          }
          inNumber = false
          let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
          for index in offset..<offset + length {
            shape[count] = bytes[index]
            count += 1
          }
          let letter =
            byte < 0x80
            ? (byte | 0x20) &- UInt8(ascii: "a") < 26
            : scalar(in: bytes, at: offset, length: length).properties.isAlphabetic
          inName = letter || byte == UInt8(ascii: "_") || (inName && digit)
          offset += length
        }
        return count
      }
    } ?? text
  }

  /// The scalar whose `length` bytes of valid UTF-8 start at `offset`.
  private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, length: Int)
    -> Unicode.Scalar
  {
    var value = UInt32(bytes[offset] & (0xFF >> (length + 1)))
    for index in offset + 1..<offset + length {
      value = value << 6 | UInt32(bytes[index] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }
}
