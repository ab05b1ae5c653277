import Foundation
import LabInterpreter
import LabModel
import LabRuntime

/// What a native program printed, read back as a trace in the lab's own terms.
///
/// Each line of a native build is `TIME LANE TASK KIND TEXT`: scenario milliseconds on the
/// program's clock (started just before the root), `main` or the OS thread, the current task's
/// identity (`none` outside one), `log`, `block` or `value`, then the text (a line break in it
/// written `\n`, a backslash `\\`); `TIME - - trap` is the moment a trap stopped it. A `log` of
/// `NAME start` or `NAME end` is a task's start or end and names the task that printed it; `root
/// start` marks time 0. Lines that do not have this shape are kept as other output.
public struct NativeTrace: Sendable {
  /// The events, in time order, times from the root's start, in scenario milliseconds.
  public var events: [TraceEvent] = []
  /// Each shared variable's final value as the program printed it.
  public var values: [String: String] = [:]
  /// When the root's `main()` returned; nil when it never did.
  public var duration: Double?
  /// The longest stretch blocks held the main actor, as measured, in scenario milliseconds.
  public var mainStall: Double = 0
  /// Each `block` on the main actor, as measured: what held main.
  public var mainSpans: [ThreadSpan] = []
  /// Lines that are not trace lines, in order.
  public var otherOutput: [String] = []
  /// When the program trapped, by its own clock: the `trap` line its signal handler writes.
  public var trapTime: Double?

  /// Reads a native program's stdout. Blocks on the main actor by one task, less than `gap` apart
  /// with nothing else on main between them, held main as one piece of work (`mainStall`).
  public init(output: String, joiningWithin gap: Double = 0) {
    var parsed: [(line: Int, event: TraceEvent)] = []
    var names = Names()
    var rootStart: Double?
    var rootEnd: Double?
    var heldOnMain: [(span: ThreadSpan, task: String)] = []
    for (number, text) in output.split(separator: "\n").enumerated() {
      guard let line = Line(text) else {
        otherOutput.append(String(text))
        continue
      }
      if line.kind == "trap" {
        trapTime = trapTime ?? line.time
        continue
      }
      if line.kind == "value" {
        if let equals = line.text.range(of: " = ") {
          values[String(line.text[..<equals.lowerBound])] = String(
            line.text[equals.upperBound...])
        }
        continue
      }
      let thread = names.thread(line.lane)
      switch line.kind {
      case "block":
        let parts = line.text.components(separatedBy: " ms, held ")
        let task = names.task(line.task)
        if thread == "main", parts.count == 2, let held = Double(parts[1]) {
          let span = ThreadSpan(thread: "main", start: line.time, end: line.time + held)
          heldOnMain.append((span, task))
        }
        // The program prints whole milliseconds; anything else is kept as it printed it.
        let block = Int64(parts[0]).map { TraceEvent.Payload.block(.printed(milliseconds: $0)) }
        let event = TraceEvent(
          time: line.time, thread: thread, task: task,
          payload: block ?? .text(.block, parts[0] + " ms"))
        parsed.append((number, event))
      default:
        var payload = TraceEvent.Payload.log(line.text)
        let task: String
        if let (name, edge, rest) = Self.taskEdge(line.text) {
          payload = edge == "start" ? .start(note: rest) : .end(Self.ending(rest))
          task = edge == "start" ? names.started(line.task, as: name) : names.ended(line.task, name)
          if name == "root" {
            if edge == "start" { rootStart = rootStart ?? line.time } else { rootEnd = line.time }
          }
        } else {
          task = names.task(line.task)
        }
        parsed.append(
          (
            number,
            TraceEvent(time: line.time, thread: thread, task: task, payload: payload)
          ))
      }
    }
    let origin = rootStart ?? 0
    events =
      parsed
      .map { item in
        var event = item.event
        event.time = Self.rounded(event.time - origin)
        return (item.line, event)
      }
      .sorted { ($0.1.time, $0.0) < ($1.1.time, $1.0) }
      .map(\.1)
    duration = rootEnd.map { Self.rounded($0 - origin) }
    trapTime = trapTime.map { Self.rounded($0 - origin) }
    let spans = heldOnMain.map { held in
      let span = ThreadSpan(
        thread: "main", start: held.span.start - origin, end: held.span.end - origin)
      return (span, held.task)
    }
    mainSpans = Self.joined(spans, within: gap, events: events)
    mainStall = Self.rounded(mainSpans.map { $0.end - $0.start }.max() ?? 0)
  }

  /// Spans of main held by blocks, those less than `gap` apart joined when no other task's event
  /// on main falls between them: a loop of blocks on main holds it throughout.
  static func joined(
    _ spans: [(span: ThreadSpan, task: String)], within gap: Double, events: [TraceEvent]
  ) -> [ThreadSpan] {
    var result: [(span: ThreadSpan, task: String)] = []
    for (span, task) in spans.sorted(by: { $0.span.start < $1.span.start }) {
      if var last = result.last, last.task == task, span.start - last.span.end <= gap,
        !events.contains(where: {
          $0.thread == "main" && $0.task != task && $0.time > last.span.end
            && $0.time < span.start
        })
      {
        last.span.end = max(last.span.end, span.end)
        result[result.count - 1] = last
        continue
      }
      result.append((span, task))
    }
    return result.map(\.span)
  }

  /// Scenario milliseconds to 0.1, as live runs show them.
  static func rounded(_ milliseconds: Double) -> Double {
    (max(0, milliseconds) * 10).rounded() / 10
  }

  /// `tasks[2] start` → (`tasks[2]`, `start`, ""); a handler's `search start (input 3)` keeps
  /// `(input 3)` as the event's text, `root end threw tooLong` keeps `threw tooLong`. Nil for
  /// any other log text.
  static func taskEdge(_ text: String) -> (name: String, edge: String, rest: String)? {
    // Most lines are logs: one without " start" or " end" is none, found without splitting.
    guard text.utf8.contains(UInt8(ascii: " ")),
      text.contains(" start") || text.contains(" end")
    else { return nil }
    let words = text.split(separator: " ", maxSplits: 2).map(String.init)
    guard words.count >= 2, words[1] == "start" || words[1] == "end", isTaskName(words[0])
    else { return nil }
    let rest = words.count > 2 ? words[2] : ""
    guard rest.isEmpty || (rest.hasPrefix("(") && rest.hasSuffix(")")) || rest.hasPrefix("threw ")
    else { return nil }
    return (words[0], words[1], rest)
  }

  /// How a task's end line says it ended: nothing (it returned), `threw E`, or a handler's
  /// `(input 3)`. A task that threw `CancellationError()` was cancelled, as the interpreter
  /// records it.
  static func ending(_ rest: String) -> TraceEvent.Ending {
    if rest.isEmpty { return .returned(nil) }
    if rest == "threw CancellationError()" { return .cancelled }
    if rest.hasPrefix("threw ") { return .threw(error: String(rest.dropFirst(6))) }
    return .noted(rest)
  }

  /// `name`, `name#2`, or `group[item]`: a scenario task as the trace names it.
  static func isTaskName(_ word: String) -> Bool {
    var base = Substring(word)
    if let open = base.firstIndex(of: "["), base.hasSuffix("]") { base = base[..<open] }
    guard let first = base.first, first.isLetter || first == "_" else { return false }
    return base.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "#" || $0 == "." }
  }

  /// One trace line, split into its fields.
  struct Line {
    var time: Double
    var lane: String
    var task: String
    var kind: String
    var text: String

    init?(_ line: Substring) {
      let fields = line.drop { $0 == " " }.split(
        separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
      guard fields.count >= 4, let time = Double(fields[0]),
        ["log", "block", "value", "trap"].contains(fields[3])
      else { return nil }
      self.time = time
      lane = String(fields[1])
      task = String(fields[2])
      kind = String(fields[3])
      text = fields.count > 4 ? Self.unescaped(fields[4]) : ""
    }

    /// The text as the program had it. Its trace helper writes a line feed `\n`, a carriage
    /// return `\r` and a backslash `\\`, so that one event stays one line; any other backslash
    /// is kept as printed.
    static func unescaped(_ text: Substring) -> String {
      guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
      var out = ""
      var scalars = text.unicodeScalars.makeIterator()
      while let scalar = scalars.next() {
        guard scalar == "\\" else {
          out.unicodeScalars.append(scalar)
          continue
        }
        switch scalars.next() {
        case "n"?: out += "\n"
        case "r"?: out += "\r"
        case "\\"?: out += "\\"
        case let other?: out += "\\" + String(other)
        case nil: out += "\\"
        }
      }
      return out
    }
  }

  /// The lab's names for what the program prints as numbers: `thread-1`, `thread-2`… in order
  /// of appearance (`main` stays `main`, as does a lane the lab's scheduler named); a task is named by its `NAME start` line, and one that
  /// prints none (the task that delivers inputs) is `task-1`, `task-2`….
  struct Names {
    var threads: [String: String] = [:]
    var tasks: [String: String] = [:]
    var unnamed = 0

    mutating func thread(_ lane: String) -> String {
      // `main`, and a name the lab's scheduler gave (`worker-1`), stay; a number is a thread.
      if lane == "main" || !lane.allSatisfy(\.isNumber) { return lane }
      if let name = threads[lane] { return name }
      let name = "thread-\(threads.count + 1)"
      threads[lane] = name
      return name
    }

    mutating func started(_ id: String, as name: String) -> String {
      if id != "none" { tasks[id] = name }
      return name
    }

    /// A task's pointer can be reused once it ends: forget the name then. The root's task
    /// goes on after `root end` (it waits for what it never awaited), so it keeps its name.
    mutating func ended(_ id: String, _ name: String) -> String {
      if tasks[id] == name, name != "root" { tasks[id] = nil }
      return name
    }

    mutating func task(_ id: String) -> String {
      if let name = tasks[id] { return name }
      if id == "none" { return "-" }
      unnamed += 1
      tasks[id] = "task-\(unnamed)"
      return tasks[id]!
    }
  }
}
