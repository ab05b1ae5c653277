import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

// The grid the terminal picture is drawn on: which glyph fills each cell, then the lines.
extension Timeline {
  /// What one cell shows.
  enum Glyph: Equatable {
    case idle, brief, running, blocked, stalled, suspended
    case mark(RunPicture.MarkKind)
    /// A letter of a task's name written over the span it fills on a thread row.
    case letter(Character, under: RunPicture.State)

    func character(unicode: Bool) -> Character {
      switch self {
      case .idle: " "
      case .brief: unicode ? "│" : "|"
      case .running: unicode ? "▒" : "="
      case .blocked, .stalled: unicode ? "█" : "#"
      case .suspended: unicode ? "░" : "."
      case .mark(.cancel): unicode ? "×" : "x"
      case .mark(.throw): "!"
      case .mark(.race): unicode ? "◆" : "*"
      case .mark(.leak): unicode ? "⊘" : "o"
      case .letter(let letter, _): letter
      }
    }

    /// The SGR parameters of the colour this glyph is drawn in.
    var color: String? {
      switch self {
      case .idle: nil
      case .brief, .running, .letter(_, .running): "32"
      case .blocked, .letter(_, .blocked): "33"
      case .stalled: "1;31"
      case .suspended, .letter(_, .suspended): "2"
      case .mark(.cancel): "1;35"
      case .mark(.throw): "1;31"
      case .mark(.race): "1;31;7"
      case .mark(.leak): "1;33"
      }
    }
  }

  struct Drawing {
    let picture: RunPicture
    let options: Options
    let labelWidth: Int
    /// Scenario milliseconds per column: a round number, so ticks fall on columns.
    let slice: Double
    let columns: Int
    let axisKind: Axis
    var used: Set<String> = []

    init(picture: RunPicture, options: Options, axis: Axis = .time) {
      self.picture = picture
      self.options = options
      self.axisKind = axis
      let names = picture.lanes.map(\.name) + (options.taskRows ? picture.tasks.map(\.name) : [])
      labelWidth = min(20, max(8, (names.map { terminalSafe($0).count }.max() ?? 0) + 2))
      // Room on the right for the last tick's label, which starts at the right edge.
      let room = max(10, options.width - labelWidth - 1 - 6)
      slice =
        axis == .steps
        ? max(1, Timeline.niceStep(picture.end / Double(room), factors: [1, 2, 5]))
        : Timeline.niceStep(picture.end / Double(room))
      columns = max(1, Int((picture.end / slice).rounded(.up)))
    }

    mutating func draw() -> String {
      var lines = axis(title: "threads")
      for lane in picture.lanes {
        lines.append(row(lane, isLane: true))
        if lane.name == "main", !picture.stalls.isEmpty { lines.append(stallLine()) }
      }
      if options.taskRows, !picture.tasks.isEmpty {
        lines.append(axis(title: "tasks")[1])
        // A picture to look at, not a listing: 30,000 children drew 30,000 rows (4 MB, 18 s).
        for task in picture.tasks.prefix(Timeline.maxTaskRows) {
          lines.append(row(task, isLane: false))
        }
        let left = picture.tasks.count - Timeline.maxTaskRows
        if left > 0 {
          lines.append(
            "… \(left) more tasks not drawn (a picture shows \(Timeline.maxTaskRows)); "
              + "--task NAME shows one task's events")
        }
      }
      lines.append(contentsOf: legend())
      return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Cells

    /// The column that holds time `time`; the run's last instant falls in the last column.
    func column(_ time: Double) -> Int {
      min(columns - 1, max(0, Int((time / slice).rounded(.down))))
    }

    /// The last column a span ending at `time` reaches into.
    func lastColumn(_ time: Double) -> Int {
      min(columns - 1, max(0, Int((time / slice).rounded(.up)) - 1))
    }

    func cells(_ row: RunPicture.Row, isLane: Bool) -> [Glyph] {
      var coverage = Array(repeating: [RunPicture.State: Double](), count: columns)
      var holders = Array(repeating: [String: Double](), count: columns)
      for span in row.spans {
        for index in column(span.start)...column(span.end) {
          let overlap =
            min(span.end, Double(index + 1) * slice) - max(span.start, Double(index) * slice)
          guard overlap > 0 else { continue }
          coverage[index][span.state, default: 0] += overlap
          if span.state != .suspended, !span.task.isEmpty {
            holders[index][span.task, default: 0] += overlap
          }
        }
      }
      var instants = Array(repeating: false, count: columns)
      for time in row.instants { instants[column(time)] = true }
      var glyphs = (0..<columns).map { index -> Glyph in
        // Ties go to the state that matters more to the reader: blocked, then running.
        let winner = RunPicture.State.allCases.filter { coverage[index][$0] != nil }
          .max { (coverage[index][$0]!, rank($0)) < (coverage[index][$1]!, rank($1)) }
        switch winner {
        case .blocked?: return isLane && row.name == "main" ? .stalled : .blocked
        case .running?: return .running
        case .suspended?: return instants[index] ? .brief : .suspended
        case nil: return instants[index] ? .brief : .idle
        }
      }
      // A race matters most; a cancelled task's CancellationError reads better as a cancel.
      let priority: [RunPicture.MarkKind] = [.throw, .cancel, .race]
      for mark in row.marks {
        let index = column(mark.time)
        if case .mark(let existing) = glyphs[index],
          priority.firstIndex(of: existing)! > priority.firstIndex(of: mark.kind)!
        {
          continue
        }
        glyphs[index] = .mark(mark.kind)
      }
      if isLane { label(&glyphs, holders) }
      return glyphs
    }

    func rank(_ state: RunPicture.State) -> Int {
      switch state {
      case .blocked: 2
      case .running: 1
      case .suspended: 0
      }
    }

    /// Writes the holding task's name over each stretch of a thread row it fills: whole when it
    /// fits with a column to spare on each side, else its end where the stretch begins (`…2` for
    /// `num2`: siblings differ at the end), so that one task's stretch never reads as part of the
    /// next one's.
    func label(_ glyphs: inout [Glyph], _ holders: [[String: Double]]) {
      let owner = holders.map {
        $0.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { terminalSafe($0.key) }
      }
      var start = 0
      while start < columns {
        var end = start + 1
        while end < columns, owner[end] == owner[start], glyphs[end] == glyphs[start] { end += 1 }
        let state: RunPicture.State? =
          switch glyphs[start] {
          case .blocked, .stalled: .blocked
          case .running: .running
          case .idle, .brief, .suspended, .mark, .letter: nil
          }
        if let name = owner[start], let state, end - start >= name.count + 2 {
          let offset = start + (end - start - name.count) / 2
          for (index, letter) in name.enumerated() {
            glyphs[offset + index] = .letter(letter, under: state)
          }
        } else if let name = owner[start], let state, start > 0, let before = owner[start - 1],
          before != name, end - start >= 2
        {
          let room = end - start - 1
          let shown =
            name.count <= room
            ? name
            : room == 1
              ? String(name.suffix(1)) : (options.unicode ? "…" : "~") + name.suffix(room - 1)
          for (index, letter) in shown.enumerated() {
            glyphs[start + index] = .letter(letter, under: state)
          }
        }
        start = end
      }
    }

    // MARK: Lines

    mutating func row(_ row: RunPicture.Row, isLane: Bool) -> String {
      let glyphs = cells(row, isLane: isLane)
      for glyph in glyphs { used.insert(key(glyph)) }
      return TraceText.trimmingTrailingSpaces(name(row.name) + paint(glyphs))
    }

    func key(_ glyph: Glyph) -> String {
      switch glyph {
      case .letter(_, let state): "\(state)"
      case .mark(let kind): "mark.\(kind)"
      case .stalled: "blocked"
      case .idle, .brief, .running, .blocked, .suspended: "\(glyph)"
      }
    }

    func name(_ raw: String) -> String {
      let text = terminalSafe(raw)
      // Long names lose their middle: siblings differ at the end (`fetch#2`, `tasks[3]`).
      let room = labelWidth - 1
      let head = (room - 1) / 2
      let shown =
        text.count > room
        ? String(text.prefix(head)) + (options.unicode ? "…" : "~")
          + String(text.suffix(room - 1 - head))
        : text
      return shown + String(repeating: " ", count: labelWidth - shown.count + 1)
    }

    /// Glyphs as text, each run of one colour wrapped in one escape sequence; no trailing spaces.
    func paint(_ glyphs: [Glyph]) -> String {
      var out = ""
      var current: String?
      var trimmed = glyphs
      while trimmed.last == .idle { trimmed.removeLast() }
      for glyph in trimmed {
        let color = options.color ? glyph.color : nil
        if color != current {
          if current != nil { out += "\u{1B}[0m" }
          if let color { out += "\u{1B}[\(color)m" }
          current = color
        }
        out.append(glyph.character(unicode: options.unicode))
      }
      if current != nil { out += "\u{1B}[0m" }
      return out
    }

    func dim(_ text: String) -> String {
      options.color ? "\u{1B}[2m\(text)\u{1B}[0m" : text
    }

    /// Two lines: tick labels in scenario milliseconds, then the ticks, the second titled. Each
    /// tick marks the left edge of its column; the last one, the right edge of the picture.
    func axis(title: String) -> [String] {
      let widest = Timeline.format(Double(columns) * slice, step: slice).count
      let every = [5, 10, 20, 50, 100, 200, 500, 1000].first { $0 >= max(8, widest + 2) } ?? 1000
      let step = slice * Double(every)
      var labels = Array(repeating: Character(" "), count: columns + 1 + widest)
      var ticks = Array(repeating: Character(options.unicode ? "─" : "-"), count: columns + 1)
      for index in stride(from: 0, through: columns, by: every) {
        ticks[index] = options.unicode ? "┬" : "+"
        for (offset, letter) in Timeline.format(Double(index) * slice, step: step).enumerated() {
          labels[index + offset] = letter
        }
      }
      let top = TraceText.trimmingTrailingSpaces(String(labels))
      return [name(axisKind == .steps ? "step" : "ms") + top, name(title) + dim(String(ticks))]
    }

    /// Brackets under the main row over each stretch the main thread was held.
    func stallLine() -> String {
      var line = Array(repeating: Character(" "), count: columns)
      for stall in picture.stalls {
        let first = column(stall.start)
        let last = max(first, lastColumn(stall.end))
        let width = last - first + 1
        if width == 1 {
          line[first] = "^"
          continue
        }
        line[first] = options.unicode ? "└" : "+"
        line[last] = options.unicode ? "┘" : "+"
        for index in (first + 1)..<last { line[index] = options.unicode ? "─" : "-" }
        let text = " \(TraceText.time(stall.end - stall.start)) ms "
        if width >= text.count + 2 {
          let offset = first + (width - text.count) / 2
          for (index, letter) in text.enumerated() { line[offset + index] = letter }
        }
      }
      let text = TraceText.trimmingTrailingSpaces(String(line))
      let shown = options.color ? "\u{1B}[1;31m\(text)\u{1B}[0m" : text
      return name("  stalled") + shown
    }

    /// The legend: every character the picture used, then what a column is worth.
    func legend() -> [String] {
      let unicode = options.unicode
      var entries: [(key: String, glyph: Glyph, text: String)] = [
        ("blocked", .blocked, "blocked (thread held)"),
        ("running", .running, "running"),
        ("brief", .brief, "ran briefly"),
        ("suspended", .suspended, "suspended (await, sleep)"),
      ]
      entries += RunPicture.MarkKind.allCases.map { ("mark.\($0)", .mark($0), $0.legend) }
      entries = entries.filter { used.contains($0.key) }
      var items = entries.map { paint([$0.glyph]) + " " + $0.text }
      var widths = entries.map { $0.text.count + 2 }
      if !picture.stalls.isEmpty {
        let bracket = unicode ? "└─┘" : "+-+"
        items.append(
          (options.color ? "\u{1B}[1;31m\(bracket)\u{1B}[0m" : bracket) + " main stalled")
        widths.append(bracket.count + 13)
      }
      var lines: [String] = []
      var line = ""
      var width = 0
      for (item, itemWidth) in zip(items, widths) {
        if width > 0, width + 2 + itemWidth > options.width {
          lines.append(line)
          line = ""
          width = 0
        }
        line += (width > 0 ? "  " : "") + item
        width += (width > 0 ? 2 : 0) + itemWidth
      }
      if width > 0 { lines.append(line) }
      switch axisKind {
      case .time:
        let scale = "1 column = \(Timeline.format(slice, step: slice)) ms"
        lines.append(
          dim(scale + (picture.isInstantaneous ? "; no time passed: all events at 0 ms" : "")))
      case .steps:
        let events = slice == 1 ? "1 event" : "\(Timeline.format(slice, step: slice)) events"
        lines.append(
          dim("1 column = \(events) of the trace, in order: every event happened at one moment"))
      }
      return lines
    }
  }
}
