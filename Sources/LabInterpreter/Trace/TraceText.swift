import LabModel
import LabRuntime

/// The text rendering of traces: one event per line, columns aligned, stable, made to be diffed.
///
///     time ms  thread    task      event   details
///           0  worker-1  root      spawn   async let num1 = downloadFile(file: "file1", size: 10)
public enum TraceText {
  /// One line per event, without trailing spaces.
  public static func lines(_ events: [TraceEvent]) -> [String] {
    let widths = columnWidths(events)
    return events.map { line($0, widths) }
  }

  /// The widths of the thread and task columns for `events`: each name's width is measured
  /// once, however many events carry it (a run of a million events has a handful of names).
  public static func columnWidths(_ events: [TraceEvent]) -> (thread: Int, task: Int) {
    var threads: Set<String> = []
    var tasks: Set<String> = []
    for event in events {
      threads.insert(event.thread)
      tasks.insert(event.task)
    }
    return (
      max(8, threads.map { terminalSafe($0).count }.max() ?? 0),
      max(8, tasks.map { terminalSafe($0).count }.max() ?? 0)
    )
  }

  /// One event's line, its columns `widths` wide.
  public static func line(_ event: TraceEvent, _ widths: (thread: Int, task: Int)) -> String {
    // Names and text come from the scenario file: never let them reach a terminal raw.
    let line =
      pad(time(event.time), 8, left: true) + "  " + pad(terminalSafe(event.thread), widths.thread)
      + "  " + pad(terminalSafe(event.task), widths.task) + "  " + pad(event.kind.rawValue, 7)
      + " " + terminalSafe(event.text)
    return trimmingTrailingSpaces(line)
  }

  /// The line without the spaces at its end, found from the end in UTF-8 (a line may hold a
  /// 1,000-character value; walking it as reversed Characters cost 300 µs a line).
  package static func trimmingTrailingSpaces(_ line: String) -> String {
    guard let last = line.utf8.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
    return String(decoding: line.utf8[...last], as: UTF8.self)
  }

  /// A time as traces show it: whole milliseconds, or one decimal for measured times.
  public static func time(_ milliseconds: Double) -> String {
    if milliseconds == milliseconds.rounded() { return String(Int64(milliseconds)) }
    return String((milliseconds * 10).rounded() / 10)
  }

  package static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
  }

  /// The column header that goes above `lines`.
  public static func header(_ events: [TraceEvent]) -> String {
    let threadWidth = max(8, events.map { terminalSafe($0.thread).count }.max() ?? 0)
    let taskWidth = max(8, events.map { terminalSafe($0.task).count }.max() ?? 0)
    return pad("ms", 8, left: true) + "  " + pad("thread", threadWidth) + "  "
      + pad("task", taskWidth)
      + "  event   details"
  }
}
