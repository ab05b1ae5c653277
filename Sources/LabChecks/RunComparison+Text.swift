import LabInterpreter
import LabModel
import LabRuntime

/// The text of a comparison: two columns, A | B, a row per aligned event, the first difference
/// marked `▶` and said in words below. Rows that differ in what ran are marked `≠`, rows that
/// differ only in thread or time `~`.
extension RunComparison {
  /// Below this width a thread is shown by its initial and number (`w1` for `worker-1`), so each
  /// half keeps room for details at 80 columns.
  public static let wideWidth = 140
  /// The widest A's column is padded to when the report is not fitted to a width.
  static let widestColumn = 80
  /// Unchanged rows kept on each side of a difference when identical rows are folded.
  static let context = 2

  /// The comparison as text. `labels` name the runs as the command line gave them; `width` fits
  /// every line to a terminal (rows cut with `…`, other lines wrapped), nil: never cut; `fold`
  /// folds identical events away from any difference into one line that counts them. With
  /// `rows` (a lesson's), at most that many rows are made, and `more` says what the rest are:
  /// a run of a million events is shown as its first lines, not made whole and then cut.
  public func report(
    labels: (a: String, b: String), width: Int?, fold: Bool,
    rows limit: (count: Int, more: (Int) -> String)? = nil
  ) -> String {
    let short = width.map { $0 < Self.wideWidth } ?? false
    let parts = parts(fold: fold, limit: limit.map { $0.count + 1 } ?? .max)
    let isCut = limit.map { parts.count > $0.count } ?? false
    let shownParts = isCut ? Array(parts.prefix(limit?.count ?? 0)) : parts
    // The rows after the last part shown, folded or not.
    let shownRows = shownParts.reduce(0) { count, part in
      switch part {
      case .row: count + 1
      case .folded(let folded): count + folded
      }
    }
    let more = isCut ? limit?.more(rows.count - shownRows) : nil
    // The columns' widths are those of the events shown.
    let shown =
      more == nil
      ? nil
      : shownParts.flatMap { part -> [Row] in
        if case .row(let index) = part { [rows[index]] } else { [] }
      }
    let columns = (
      a: Columns(shown.map { $0.compactMap(\.a).map { a.events[$0] } } ?? a.events, short: short),
      b: Columns(shown.map { $0.compactMap(\.b).map { b.events[$0] } } ?? b.events, short: short)
    )
    let number = String(max(rows.count, 1)).count
    let prefix = 2 + number + 1
    let halves: (a: Int?, b: Int?) =
      width.map { width in
        let room = max(16, width - prefix - 3)
        return (room / 2, room - room / 2)
      } ?? (nil, nil)
    var cells: [(mark: String, number: String, a: String, b: String)] = []
    cells.append(("", "#", columns.a.header, columns.b.header))
    for part in shownParts {
      switch part {
      case .row(let index):
        let row = rows[index]
        cells.append(
          (
            mark(index), String(index + 1),
            row.a.map { columns.a.cell(a.events[$0]) } ?? "",
            row.b.map { columns.b.cell(b.events[$0]) } ?? ""
          ))
      case .folded(let count):
        cells.append(("", "…", "\(count) identical event\(count == 1 ? "" : "s")", ""))
      }
    }
    // Unfitted (no terminal, no COLUMNS), A's column is as wide as its cells up to
    // `widestColumn`; a wider cell runs past it on its own row, not every row padded to it.
    let aWidth = halves.a ?? min(Self.widestColumn, cells.map(\.a.count).max() ?? 0)
    var table = cells.map { cell in
      let left = halves.a.map { cut(cell.a, toWidth: $0) } ?? cell.a
      let right = halves.b.map { cut(cell.b, toWidth: $0) } ?? cell.b
      let line =
        TableText.pad(cell.mark, 1) + " " + TableText.pad(cell.number, number, left: true) + " "
        + TableText.pad(left, aWidth) + " │ " + right
      return TraceText.trimmingTrailingSpaces(line)
    }
    if let more { table.append(more) }
    var heading = [
      "A  " + terminalSafe(labels.a) + " · " + Self.describe(a),
      "B  " + terminalSafe(labels.b) + " · " + Self.describe(b),
    ]
    let legendEvents =
      shown.map { rows in
        rows.compactMap(\.a).map { a.events[$0] } + rows.compactMap(\.b).map { b.events[$0] }
      } ?? (a.events + b.events)
    if let legend = Self.legend(legendEvents, short: short) { heading.append(legend) }
    let fitted = { (lines: [String]) in
      width.map { width in lines.flatMap { WordWrap.fit($0, width: max(20, width - 1)) } } ?? lines
    }
    return (fitted(heading) + [""] + table + [""] + fitted(summary()))
      .joined(separator: "\n") + "\n"
  }

  /// The mark of row `index`: `▶` the first difference, `≠` another event, `~` another place.
  private func mark(_ index: Int) -> String {
    guard let difference = rows[index].difference else { return "" }
    if index == firstDifference { return "▶" }
    switch difference {
    case .thread, .time: return "~"
    case .task, .kind, .details, .onlyA, .onlyB: return "≠"
    }
  }

  /// A row shown, or identical rows folded into one line.
  enum Part: Equatable {
    case row(Int)
    case folded(Int)
  }

  /// The rows to show: every one, or with `fold` the identical ones more than `context` rows from
  /// a difference counted instead (a stretch of fewer than three is shown: the line would be as
  /// long as what it leaves out). With `limit`, the first `limit` parts only, read no further
  /// than they need: a lesson shows the start of a comparison of millions of rows.
  func parts(fold: Bool, limit: Int = .max) -> [Part] {
    guard fold else { return rows.indices.prefix(limit).map(Part.row) }
    var parts: [Part] = []
    var hidden: [Int] = []
    func flush() {
      if hidden.count >= 3 {
        parts.append(.folded(hidden.count))
      } else {
        parts += hidden.map(Part.row)
      }
      hidden = []
    }
    // The last difference at or before the row, and the next at or after it.
    var last = Int.min / 2
    var next = -1
    for index in rows.indices {
      if parts.count >= limit { break }
      if rows[index].difference != nil { last = index }
      if next < index {
        next = rows[index...].firstIndex { $0.difference != nil } ?? Int.max / 2
      }
      if index - last <= Self.context || next - index <= Self.context {
        flush()
        parts.append(.row(index))
      } else {
        hidden.append(index)
      }
    }
    flush()
    return Array(parts.prefix(limit))
  }

  /// The lines under the table: the first difference in words, the counts, durations and values.
  func summary() -> [String] {
    var out: [String] = []
    if let divergence {
      out.append(
        "first difference at event \(divergence.row + 1): "
          + sentence(Row(a: divergence.a, b: divergence.b, difference: divergence.difference)))
    } else {
      out.append(
        "no difference: the same \(rows.count) events, at the same times, on the same threads")
    }
    let counts = Difference.allCases.compactMap { difference -> String? in
      let count = count(difference)
      return count == 0 ? nil : "\(count) \(Self.name(difference))"
    }
    let same = rows.count(where: { $0.difference == nil })
    out.append(
      "\(rows.count) aligned events: \(same) the same" + counts.map { ", " + $0 }.joined())
    // A native program's trace is what it prints: the rows the runtime alone knows of are not
    // there, and a reader should not take them for a difference in what ran. Two programs'
    // runs both hold only what they print: a row only in one is a difference.
    for (side, record, other, otherRecord) in [("A", a, "B", b), ("B", b, "A", a)]
    where record.mode.isSwiftProgram && !otherRecord.mode.isSwiftProgram
      && count(side == "A" ? .onlyB : .onlyA) > 0
    {
      out.append(
        "note: \(side) is a Swift program's run, whose trace holds only what it prints — each "
          + "task's start and end, its logs and the main thread's blocks — not the awaits, hops "
          + "and sets the lab records, so rows only in \(other) are expected")
    }
    let duration = { (record: RunRecord) in
      record.duration.map { "\(TraceText.time($0)) ms" } ?? "never finished"
    }
    out.append("duration A \(duration(a)) · B \(duration(b))")
    let values = (a: Self.values(a), b: Self.values(b))
    if values.a == values.b {
      if !values.a.isEmpty { out.append("values (both) " + values.a) }
    } else {
      out.append("values A " + (values.a.isEmpty ? "none" : values.a))
      out.append("values B " + (values.b.isEmpty ? "none" : values.b))
    }
    for (side, record) in [("A", a), ("B", b)] {
      if let problem = record.problem { out.append("problem \(side): \(terminalSafe(problem))") }
    }
    return out
  }

  /// What differs on `row`, in words.
  func sentence(_ row: Row) -> String {
    let left = row.a.map { a.events[$0] }
    let right = row.b.map { b.events[$0] }
    func step(_ event: TraceEvent) -> String {
      terminalSafe(
        "\(event.task) \(event.kind.rawValue)" + (event.text.isEmpty ? "" : " \(event.text)"))
    }
    func time(_ event: TraceEvent) -> String { "\(TraceText.time(event.time)) ms" }
    guard let difference = row.difference else { return "nothing" }
    // Every difference but a run that had ended has an event on both sides.
    func both(_ text: (TraceEvent, TraceEvent) -> String) -> String {
      guard let left, let right else { return "nothing" }
      return text(left, right)
    }
    switch difference {
    case .task:
      return both { x, y in "another task ran: A ran \(step(x)), B ran \(step(y))" }
    case .kind:
      return both { x, y in "\(terminalSafe(x.task)) did something else: A \(step(x)), B \(step(y))"
      }
    case .details:
      return both { x, y in
        // Texts that differ by a look-alike character print alike: say where they differ.
        let note = TraceComparison.lookAlike(step(x), step(y), sides: ("A", "B"))
        return "a different value: A \(step(x)), B \(step(y))" + (note.map { " (\($0))" } ?? "")
      }
    case .thread:
      return both { x, y in
        let when = x.time == y.time ? "" : " (A at \(time(x)), B at \(time(y)))"
        return "a different thread: \(step(x)) ran on \(terminalSafe(x.thread)) in A, on "
          + "\(terminalSafe(y.thread)) in B\(when)"
      }
    case .time:
      return both { x, y in "only the time: \(step(x)) at \(time(x)) in A, at \(time(y)) in B" }
    case .onlyA:
      return left.map { "run B had ended; A went on with \(step($0))" } ?? "nothing"
    case .onlyB:
      return right.map { "run A had ended; B went on with \(step($0))" } ?? "nothing"
    }
  }

  /// How the summary counts rows that differ this way.
  static func name(_ difference: Difference) -> String {
    switch difference {
    case .task: "another task"
    case .kind: "something else"
    case .details: "a different value"
    case .thread: "another thread"
    case .time: "only the time"
    case .onlyA: "only in A"
    case .onlyB: "only in B"
    }
  }

  /// `virtual · 2 threads · seed 1 · 17 events`, as a run's report heads it.
  static func describe(_ record: RunRecord) -> String {
    var parts = [record.mode.rawValue, "\(record.threads) thread\(record.threads == 1 ? "" : "s")"]
    if record.mode == .virtual {
      parts.append(
        "seed \(record.seed)" + (record.policy == .random ? "" : " (\(record.policy.rawValue))"))
    }
    parts.append("\(record.events.count) events")
    return parts.joined(separator: " · ")
  }

  static func values(_ record: RunRecord) -> String {
    terminalSafe(
      record.values.map { "\($0.name) = \($0.value.description)" }.joined(separator: " · "))
  }

  /// The line that says what short thread names stand for; nil when none is shortened.
  static func legend(_ events: [TraceEvent], short: Bool) -> String? {
    guard short else { return nil }
    var prefixes: [String] = []
    for event in events {
      let name = terminalSafe(event.thread)
      guard let (prefix, _) = Columns.numbered(name) else { continue }
      if !prefixes.contains(prefix) { prefixes.append(prefix) }
    }
    guard !prefixes.isEmpty else { return nil }
    return "threads: "
      + prefixes.map { "\($0.prefix(1))N = \($0)-N" }.joined(separator: ", ")
  }

  /// One side's columns: ms, thread, task, event, details, each as wide as that run needs.
  struct Columns {
    let time: Int
    let thread: Int
    let task: Int
    let kind: Int
    let short: Bool

    init(_ events: [TraceEvent], short: Bool) {
      self.short = short
      time = max(2, events.map { TraceText.time($0.time).count }.max() ?? 0)
      let threads = events.map { Self.thread($0.thread, short: short) }
      thread = max(short ? 2 : 6, threads.map(\.count).max() ?? 0)
      task = max(4, events.map { terminalSafe($0.task).count }.max() ?? 0)
      kind = max(5, events.map(\.kind.rawValue.count).max() ?? 0)
    }

    var header: String {
      TableText.pad("ms", time, left: true) + " " + TableText.pad(short ? "th" : "thread", thread)
        + " " + TableText.pad("task", task) + " " + TableText.pad("event", kind) + " details"
    }

    func cell(_ event: TraceEvent) -> String {
      TableText.pad(TraceText.time(event.time), time, left: true) + " "
        + TableText.pad(Self.thread(event.thread, short: short), thread) + " "
        + TableText.pad(terminalSafe(event.task), task) + " "
        + TableText.pad(event.kind.rawValue, kind) + " " + terminalSafe(event.text)
    }

    /// `worker-1` as `w1` when short; any other name as it is.
    static func thread(_ name: String, short: Bool) -> String {
      let safe = terminalSafe(name)
      guard short, let (prefix, number) = numbered(safe) else { return safe }
      return String(prefix.prefix(1)) + number
    }

    /// `worker-12` as (`worker`, `12`); nil for a name that is not a word, a dash and a number.
    static func numbered(_ name: String) -> (String, String)? {
      guard let dash = name.lastIndex(of: "-") else { return nil }
      let prefix = String(name[..<dash])
      let number = String(name[name.index(after: dash)...])
      guard !prefix.isEmpty, !number.isEmpty, number.allSatisfy(\.isNumber) else { return nil }
      return (prefix, number)
    }
  }
}
