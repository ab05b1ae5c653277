import Foundation
import LabChecks
import LabInterpreter
import LabModel

// MARK: - The player: the timeline and the trace, one event at a time

extension HTMLReport {
  /// Where an event of the trace sits in the picture: on its axis (milliseconds, or its index on
  /// a step axis), on the row of its task (or, for an event of no task, of its thread).
  struct EventPoint {
    var time: Double
    var task: String
    var thread: String
  }

  /// The interactive picture of one run, a `<section class="player">`: the SVG timeline with a mark
  /// per event and a cursor, a scrubber with step buttons, the values as they change, and the
  /// trace. The page's script makes it move; without the script it reads as a static report with
  /// event 1 current. `id` names the player in links (`#event=N`, `#run=K&event=N`). `initial` is
  /// the scenario's `state`: the values shown before any `set` (a `names = []` is there from
  /// event 1, not "none set yet").
  /// The most events a page's player shows of one run (about 1 MB of page).
  package static let maxEvents = 3_000
  /// The most events one page's players show together: a page of many players (a lesson's block
  /// of runs) is bounded as one player is. The bundled lessons' largest page shows 481.
  package static let maxPageEvents = 4 * maxEvents

  /// `shown` is how many of the run's events the player may show, at most `maxEvents`.
  package static func player(
    _ whole: RunResult, id: String, level: Int = 2, initial: [(name: String, value: Value)],
    shown limit: Int = maxEvents
  ) -> String {
    // A page shows at most `maxEvents` of a run: each event is a row, a mark and a step of the
    // player, some 300 bytes, and a 130-byte scenario that logs 300,000 times made a 99 MB page.
    let limit = max(0, min(limit, maxEvents))
    var result = whole
    let cut = whole.events.count - limit
    if cut > 0 { result.events.removeLast(cut) }
    let picture = RunPicture(result)
    // As the terminal timeline: when every event shares one millisecond, a column per event.
    let stepped = Timeline.stepPicture(result, picture)
    let drawn = stepped ?? picture
    let points = result.events.enumerated().map { index, event in
      EventPoint(
        time: stepped == nil ? event.time : Double(index), task: event.task, thread: event.thread)
    }
    let count = result.events.count
    var parts = ["<section class=\"player\" id=\"\(escape(id))\" data-events=\"\(count)\">"]
    parts.append("<h\(level)>Timeline</h\(level)>")
    // On a narrow screen the timeline keeps a readable size and scrolls sideways in its box.
    parts.append("<div class=\"timeline-box\">")
    parts.append(svg(drawn, steps: stepped != nil, events: points))
    parts.append("</div>")
    parts.append(legend(drawn))
    if cut > 0 {
      parts.append(
        "<p class=\"note\">The run has \(whole.events.count) events; this page shows the first "
          + "\(limit)\(limit < maxEvents ? ", all that is left of the page's \(maxPageEvents)" : ""). <code>\(escape(HintCommand.lab.command("run", whole.scenario)))"
          + "</code> prints them all.</p>")
    }
    if stepped != nil {
      parts.append(
        "<p class=\"note\">No time passed: every event happened at 0 ms, so the timeline gives "
          + "each event of the trace a column of its own, in order.</p>")
    } else if picture.isInstantaneous {
      parts.append("<p class=\"note\">No time passed: every event happened at 0 ms.</p>")
    }
    if count > 0 {
      let initial = initial.map {
        TraceEvent.Binding($0.name, TraceEvent.bounded($0.value.description))
      }
      parts.append(controls(result.events, id: id, initial: initial))
    }
    parts.append(
      "<h\(level)>Trace <span class=\"count\">\(count) event\(count == 1 ? "" : "s")</span>"
        + "</h\(level)>")
    parts.append("<div class=\"trace-box\">")
    parts.append(table(result.events))
    parts.append("</div>")
    parts.append("</section>")
    return parts.joined(separator: "\n")
  }

  /// The scrubber, the step buttons, the current event and, when the scenario declares variables
  /// or the trace sets some, their values at the current event: `initial` (the scenario's, each
  /// an element the script reads too), then what the events up to it set.
  static func controls(_ events: [TraceEvent], id: String, initial: [TraceEvent.Binding])
    -> String
  {
    var parts = ["<div class=\"controls\">"]
    parts.append(
      "<button type=\"button\" class=\"prev\" aria-label=\"previous event\">◀</button>"
        + "<input type=\"range\" min=\"1\" max=\"\(events.count)\" value=\"1\" "
        + "aria-label=\"event\" aria-valuetext=\"event 1 of \(events.count)\" "
        + "id=\"\(escape(id))-scrubber\"/>"
        + "<button type=\"button\" class=\"next\" aria-label=\"next event\">▶</button>"
        + "<output class=\"position\">event 1 of \(events.count)</output>")
    parts.append(
      "<p class=\"now\"><span class=\"now-text\">\(escape(describe(events[0])))</span> "
        + "<a class=\"link\" href=\"#event=1\">link to this moment</a></p>")
    if !initial.isEmpty || events.contains(where: { value(of: $0) != nil }) {
      let declared = initial.map {
        "<data class=\"initial\" data-var=\"\(escape($0.name))\" value=\"\(escape($0.value))\"></data>"
      }
      parts.append(
        "<p class=\"now-values\">Values: <code class=\"values-text\">"
          + "\(escape(valuesText(initial, events.prefix(1))))</code>\(declared.joined())</p>")
    }
    // A keyboard's keys mean nothing on a phone: the style shows the sentence for the device.
    parts.append(
      "<p class=\"keys keys-pointer\">← → step through the events, Home and End go to the first "
        + "and the last; click a trace line or a mark in the timeline to jump there.</p>"
        + "<p class=\"keys keys-touch\">Tap ◀ ▶ or drag the slider to step through the events; "
        + "tap a trace line to jump there.</p>")
    parts.append("</div>")
    return parts.joined(separator: "\n")
  }

  /// The values after `events`: the declared ones in their order, then each name the events set
  /// for the first time, each with its last value (as the script's `values(n)` writes them).
  static func valuesText(_ initial: [TraceEvent.Binding], _ events: ArraySlice<TraceEvent>)
    -> String
  {
    var order = initial.map(\.name)
    var latest = Dictionary(initial.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    for case (let name, let value)? in events.map(value(of:)) {
      if latest.updateValue(value, forKey: name) == nil { order.append(name) }
    }
    guard !order.isEmpty else { return "none set yet" }
    return order.map { "\($0) = \(latest[$0] ?? "")" }.joined(separator: " · ")
  }

  /// One line for the current event: when, where, what.
  static func describe(_ event: TraceEvent) -> String {
    let text = event.text.isEmpty ? "" : " — \(event.text)"
    return "\(TraceText.time(event.time)) ms · \(event.thread) · \(event.task) · "
      + "\(event.kind.rawValue)\(text)"
  }

  /// The variable and value a `set` event gives (`counter = 3 (read 2)` → counter, 3); nil for
  /// other events and for a Dispatch group's `set` (`group g: enter`).
  static func value(of event: TraceEvent) -> (name: String, value: String)? {
    event.payload.assignment.map { ($0.name, $0.value) }
  }

  /// The trace, one row per event, numbered from 1; event 1 is current until the script moves.
  static func table(_ events: [TraceEvent]) -> String {
    var rows = [
      "<table>",
      "<thead><tr><th class=\"num\">#</th><th class=\"num\">ms</th><th>thread</th><th>task</th>"
        + "<th>event</th><th>details</th></tr></thead>",
      "<tbody>",
    ]
    for (index, event) in events.enumerated() {
      let kind = escape(event.kind.rawValue)
      var attributes = "class=\"k-\(kind)\" data-i=\"\(index + 1)\""
      if let (name, value) = value(of: event) {
        attributes += " data-var=\"\(escape(name))\" data-val=\"\(escape(value))\""
      }
      if index == 0 { attributes += " aria-current=\"step\"" }
      rows.append(
        "<tr \(attributes)><td class=\"num\">\(index + 1)</td>"
          + "<td class=\"num\">\(TraceText.time(event.time))</td>"
          + "<td>\(escape(event.thread))</td><td>\(escape(event.task))</td>"
          + "<td class=\"kind\">\(kind)</td><td>\(escape(event.text))</td></tr>")
    }
    rows.append("</tbody>")
    rows.append("</table>")
    return rows.joined(separator: "\n")
  }

  /// A thin mark per event on its row, and the cursor: a line across every row at the current
  /// event (event 1 until the script moves it).
  static func eventMarks(
    _ events: [EventPoint], rowY: (EventPoint) -> Double, layout: Layout, bottom: Double
  ) -> [String] {
    var parts = ["<g class=\"events\">"]
    for (index, event) in events.enumerated() {
      let x = layout.x(event.time)
      let y = rowY(event) + (Layout.rowHeight - Layout.barHeight) / 2 - 3
      parts.append(
        "<rect class=\"ev\(index == 0 ? " current" : "")\" data-i=\"\(index + 1)\" "
          + "data-x=\"\(n(x))\" x=\"\(n(x - 2.5))\" y=\"\(n(y))\" width=\"5\" "
          + "height=\"\(n(Layout.barHeight + 6))\"><title>event \(index + 1)</title></rect>")
    }
    parts.append("</g>")
    let x = n(layout.x(events[0].time))
    parts.append(
      "<line class=\"cursor\" x1=\"\(x)\" y1=\"\(n(Layout.top - 6))\" x2=\"\(x)\" "
        + "y2=\"\(n(bottom))\"/>")
    return parts
  }
}
