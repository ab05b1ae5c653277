import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

// MARK: - SVG timeline

extension HTMLReport {
  /// The geometry of the SVG timeline, in user units (the page scales it to its width).
  struct Layout {
    static let width = 980.0
    static let labelWidth = 120.0
    static let rightMargin = 84.0
    static let rowHeight = 24.0
    static let barHeight = 14.0
    static let top = 36.0
    static let sectionHeight = 22.0

    let end: Double

    var plotWidth: Double { Self.width - Self.labelWidth - Self.rightMargin }

    func x(_ time: Double) -> Double { Self.labelWidth + time / end * plotWidth }
  }

  /// Lanes (one `<g class="lane">` per thread) and, below them, one row per task, over a shared
  /// time axis; the main thread's stalls are shaded across every row.
  static func svg(_ picture: RunPicture, steps: Bool = false, events: [EventPoint] = []) -> String {
    let layout = Layout(end: picture.end)
    let rows = Double(picture.lanes.count + picture.tasks.count)
    let rowsHeight = rows * Layout.rowHeight + 2 * Layout.sectionHeight
    let height = Layout.top + rowsHeight + 8
    var parts: [String] = []
    parts.append(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(Layout.width)) \(n(height))\" "
        + "role=\"img\" aria-label=\"Timeline of the run\">")

    // Stalls first, so everything else is drawn over the shading.
    for stall in picture.stalls {
      let x0 = layout.x(stall.start)
      let width = max(2, layout.x(stall.end) - x0)
      let length = TraceText.time(stall.end - stall.start)
      parts.append(
        "<rect class=\"stall-band\" x=\"\(n(x0))\" y=\"\(n(Layout.top - 14))\" "
          + "width=\"\(n(width))\" height=\"\(n(rowsHeight + 14))\">"
          + "<title>main thread stalled \(length) ms</title></rect>")
      if width > 110 {
        parts.append(
          "<text class=\"stall-text\" x=\"\(n(x0 + 4))\" y=\"\(n(Layout.top - 3))\">"
            + "main stalled \(length) ms</text>")
      }
    }
    parts.append(
      contentsOf: axis(layout, top: Layout.top, bottom: Layout.top + rowsHeight, steps: steps))

    var y = Layout.top
    parts.append(section("THREADS", y: y))
    y += Layout.sectionHeight
    var laneY: [String: Double] = [:]
    for lane in picture.lanes {
      parts.append(row(lane, kind: "lane", y: y, layout: layout, stalls: lane.name == "main"))
      laneY[lane.name] = y
      y += Layout.rowHeight
    }
    parts.append(section("TASKS", y: y))
    y += Layout.sectionHeight
    var rowY: [String: Double] = [:]
    for task in picture.tasks {
      parts.append(row(task, kind: "task-row", y: y, layout: layout, stalls: false))
      rowY[task.name] = y
      y += Layout.rowHeight
    }
    parts.append(contentsOf: arrows(picture.arrows, rowY: rowY, layout: layout))
    if !events.isEmpty {
      parts.append(
        contentsOf: eventMarks(
          events, rowY: { rowY[$0.task] ?? laneY[$0.thread] ?? Layout.top }, layout: layout,
          bottom: Layout.top + rowsHeight))
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }

  /// An arrow from each awaited task's end to the task that waited for it, between task rows.
  static func arrows(_ arrows: [RunPicture.Arrow], rowY: [String: Double], layout: Layout)
    -> [String]
  {
    var parts: [String] = []
    for arrow in arrows {
      guard let from = rowY[arrow.from], let to = rowY[arrow.to], from != to else { continue }
      let middle = (Layout.rowHeight - Layout.barHeight) / 2
      let (x0, x1) = (layout.x(arrow.start), layout.x(arrow.end))
      // From the bar's edge nearest the other row, to the other bar's edge.
      let y0 = from + (to < from ? middle : middle + Layout.barHeight)
      let y1 = to + (to < from ? middle + Layout.barHeight : middle)
      // The curve ends vertically, so its head points straight up or down.
      let head = to < from ? 5.0 : -5.0
      let middleY = n((y0 + y1) / 2)
      let title =
        "\(escape(arrow.to)) waited for \(escape(arrow.from)): it ended at \(TraceText.time(arrow.start)) ms, "
        + "\(escape(arrow.to)) went on at \(TraceText.time(arrow.end)) ms"
      parts.append(
        "<g><title>\(title)</title>"
          + "<path class=\"join\" d=\"M\(n(x0)),\(n(y0)) C\(n(x0)),\(middleY) \(n(x1)),\(middleY) \(n(x1)),\(n(y1 + head))\"/>"
          + "<path class=\"join-head\" d=\"M\(n(x1)),\(n(y1)) L\(n(x1 - 3.5)),\(n(y1 + head + 1)) "
          + "L\(n(x1 + 3.5)),\(n(y1 + head + 1)) z\"/></g>")
    }
    return parts
  }

  static func section(_ title: String, y: Double) -> String {
    "<text class=\"section\" x=\"0\" y=\"\(n(y + 15))\">\(title)</text>"
  }

  /// Gridlines at round times with their labels above the rows.
  static func axis(_ layout: Layout, top: Double, bottom: Double, steps: Bool = false) -> [String] {
    let step = Timeline.niceStep(layout.end / 8, factors: [1, 2, 5])
    var parts: [String] = []
    var tick = 0.0
    while tick <= layout.end + step / 1e6 {
      let x = layout.x(tick)
      parts.append(
        "<line class=\"grid\" x1=\"\(n(x))\" y1=\"\(n(top - 4))\" x2=\"\(n(x))\" "
          + "y2=\"\(n(bottom))\"/>")
      // On a step axis, column i is the trace's event i + 1.
      let label =
        steps
        ? (tick == 0 ? "event 1" : "\(Int(tick) + 1)")
        : Timeline.format(tick, step: step) + (tick == 0 ? " ms" : "")
      parts.append(
        "<text class=\"tick\" x=\"\(n(x))\" y=\"\(n(top - 20))\" text-anchor=\"middle\">"
          + "\(label)</text>")
      tick += step
    }
    return parts
  }

  /// One row: its name, a pale track, spans as bars, brief work as ticks, marks on top.
  static func row(
    _ row: RunPicture.Row, kind: String, y: Double, layout: Layout, stalls: Bool
  ) -> String {
    let barTop = y + (Layout.rowHeight - Layout.barHeight) / 2
    let attribute = kind == "lane" ? "data-lane" : "data-task"
    var parts = ["<g class=\"\(kind)\" \(attribute)=\"\(escape(row.name))\">"]
    parts.append("<text class=\"label\" x=\"0\" y=\"\(n(barTop + 11))\">\(escape(row.name))</text>")
    parts.append(
      "<rect class=\"row-bg\" x=\"\(n(Layout.labelWidth))\" y=\"\(n(barTop))\" "
        + "width=\"\(n(layout.plotWidth))\" height=\"\(n(Layout.barHeight))\"/>")
    var covered: [(Double, Double)] = []
    for span in row.spans {
      let x0 = layout.x(span.start)
      let width = max(1.5, layout.x(span.end) - x0)
      let style = span.state == .blocked && stalls ? "stall" : span.state.rawValue
      let who = kind == "lane" && !span.task.isEmpty ? "\(span.task) " : ""
      let what = span.note.isEmpty ? span.state.rawValue : span.note
      let title = "\(who)\(what), \(TraceText.time(span.start))–\(TraceText.time(span.end)) ms"
      parts.append(
        "<rect class=\"\(style)\" x=\"\(n(x0))\" y=\"\(n(barTop))\" width=\"\(n(width))\" "
          + "height=\"\(n(Layout.barHeight))\"><title>\(escape(title))</title></rect>")
      if span.state != .suspended { covered.append((x0, x0 + width)) }
    }
    parts.append(contentsOf: insideLabels(row, kind: kind, barTop: barTop, layout: layout))
    // Work that took no measurable time (a hop to main in a virtual run) is still drawn.
    var drawn: Set<Int> = []
    for time in row.instants {
      let x = layout.x(time)
      guard !covered.contains(where: { $0.0 - 0.5 <= x && x <= $0.1 + 0.5 }),
        drawn.insert(Int((x * 2).rounded())).inserted
      else { continue }
      parts.append(
        "<line class=\"instant\" x1=\"\(n(x))\" y1=\"\(n(barTop - 2))\" x2=\"\(n(x))\" "
          + "y2=\"\(n(barTop + Layout.barHeight + 2))\"/>")
    }
    for mark in visibleMarks(row, layout: layout) {
      let x = layout.x(mark.time)
      let title = "\(mark.kind.rawValue) at \(TraceText.time(mark.time)) ms: \(mark.text)"
      parts.append(
        "<text class=\"mark-text m-\(mark.kind.rawValue)\" x=\"\(n(x))\" y=\"\(n(barTop + 12))\" "
          + "text-anchor=\"middle\">\(markGlyph(mark.kind))<title>\(escape(title))</title></text>")
    }
    if kind == "task-row", let outcome = row.outcome, !outcome.isEmpty, let end = row.end {
      parts.append(
        "<text class=\"outcome\" x=\"\(n(layout.x(end) + 9))\" y=\"\(n(barTop + 11))\">"
          + "\(escape(outcome))</text>")
    }
    parts.append("</g>")
    return parts.joined(separator: "\n")
  }

  /// The marks worth drawing: where several fall within a few units, only the one that matters
  /// most (a race, then a cancellation, then a throw), as in the terminal picture.
  static func visibleMarks(_ row: RunPicture.Row, layout: Layout) -> [RunPicture.Mark] {
    let priority: [RunPicture.MarkKind] = [.throw, .cancel, .race]
    var best: [Int: RunPicture.Mark] = [:]
    for mark in row.marks {
      let slot = Int((layout.x(mark.time) / 6).rounded())
      if let kept = best[slot],
        priority.firstIndex(of: kept.kind)! >= priority.firstIndex(of: mark.kind)!
      {
        continue
      }
      best[slot] = mark
    }
    return best.keys.sorted().map { best[$0]! }
  }

  /// Names inside bars wide enough to hold them: the holding task on a thread, the wait on a task.
  /// Neighbouring spans of the same task and state are read as one.
  static func insideLabels(
    _ row: RunPicture.Row, kind: String, barTop: Double, layout: Layout
  ) -> [String] {
    // Gaps too small to see (a live run's hop between two blocks) do not split a label.
    let gap = layout.end / 400
    var merged: [RunPicture.Span] = []
    for span in row.spans {
      if var last = merged.last, last.task == span.task, last.state == span.state,
        span.start <= last.end + gap, kind == "lane" || span.state == .blocked
      {
        last.end = max(last.end, span.end)
        merged[merged.count - 1] = last
      } else {
        merged.append(span)
      }
    }
    var parts: [String] = []
    for span in merged {
      let text: String
      let style: String
      if kind == "lane" {
        guard span.state == .blocked, !span.task.isEmpty else { continue }
        (text, style) = (span.task, "inside")
      } else if span.state == .suspended {
        (text, style) = (span.note, "note")
      } else {
        continue
      }
      let width = layout.x(span.end) - layout.x(span.start)
      guard Double(text.count) * 6.6 + 8 <= width else { continue }
      parts.append(
        "<text class=\"\(style)\" x=\"\(n(layout.x(span.start) + 4))\" y=\"\(n(barTop + 10.5))\">"
          + "\(escape(text))</text>")
    }
    return parts
  }

  /// A coordinate with at most two decimals.
  static func n(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
