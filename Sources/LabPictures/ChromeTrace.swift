import LabChecks
import LabInterpreter
import LabModel
import LabRuntime

/// A run as Chrome Trace Event JSON, the format Perfetto's UI (ui.perfetto.dev) and
/// chrome://tracing open.
///
/// Each thread is a thread track (`ph: "M"` `thread_name`); each task is a nestable async span
/// (`ph: "b"`/`"e"`, one `id` per task) with its waits and blocks nested inside; the time a
/// thread was held is a complete event (`ph: "X"`) on its track; other events (hops, logs,
/// cancellations, throws, races) are thread instants (`ph: "i"`, `s: "t"`); an await that ended
/// because tasks ended is an arrow from each one's end to the waiter (flow events v2: `bind_id`
/// with `flow_out`/`flow_in` on zero-length async slices, `ph: "n"`). Timestamps are
/// microseconds. The legacy `S`/`F` phases and `T` are avoided: Perfetto ignores the first two and
/// reads `T` as thread state.
public enum ChromeTrace {
  /// How every trace the lab writes begins: `--chrome FILE` replaces only such a file.
  package static let marker = "{\"traceEvents\":[\n{\"ph\":\"M\",\"name\":\"process_name\""

  /// How the run is named in the title: its mode, and its seed (and policy, when not the fair
  /// choice) where a seed replays it (a virtual run, one under the lab's scheduler).
  static func runName(_ result: RunResult) -> String {
    guard result.mode == .virtual || result.mode == .scheduled else { return result.mode.rawValue }
    let policy = result.policy == .random ? "" : " (\(result.policy.rawValue))"
    return "\(result.mode.rawValue), seed \(result.seed)\(policy)"
  }

  /// The whole JSON document: `{"traceEvents":[…],"displayTimeUnit":"ms"}`, one event per line.
  public static func document(_ result: RunResult) -> String {
    let picture = RunPicture(result)
    var tids: [String: Int] = [:]
    for (index, lane) in picture.lanes.enumerated() { tids[lane.name] = index + 1 }
    let main = tids["main"] ?? 1
    let run = Self.runName(result) + ", \(result.threads) thread\(result.threads == 1 ? "" : "s")"

    let process = quote("lab run \(result.scenario) (\(run))")
    var metadata = [line("M", "process_name", tid: 0, args: [("name", process)])]
    for lane in picture.lanes {
      let tid = tids[lane.name]!
      metadata.append(line("M", "thread_name", tid: tid, args: [("name", quote(lane.name))]))
      metadata.append(line("M", "thread_sort_index", tid: tid, args: [("sort_index", "\(tid)")]))
    }

    var timed = Timed()
    // A stall goes first so that, at the same timestamp, it encloses the blocks it is made of.
    for stall in picture.stalls {
      let length = stall.end - stall.start
      timed.add(
        stall.start, "X", "main stalled", tid: main,
        [("cat", quote("stall")), ("dur", micros(length))], args: [("ms", number(length))])
    }
    for lane in picture.lanes {
      for span in lane.spans where span.state == .blocked {
        let what = span.note.isEmpty ? "held" : span.note
        timed.add(
          span.start, "X", span.task.isEmpty ? what : span.task, tid: tids[lane.name]!,
          [("cat", quote("blocked")), ("dur", micros(span.end - span.start))],
          args: [("task", quote(span.task)), ("what", quote(what))])
      }
    }
    var asyncIDs: [String: Int] = [:]
    for (index, task) in picture.tasks.enumerated() {
      asyncIDs[task.name] = index + 1
      let first = result.events.first { $0.task == task.name }
      let tid = first.flatMap { tids[$0.thread] } ?? main
      let start = task.start ?? task.instants.min() ?? 0
      let end = max(start, task.end ?? picture.end)
      let async = [("cat", quote("task")), ("id", "\(index + 1)")]
      timed.add(start, "b", task.name, tid: tid, async)
      for span in task.spans where span.state != .running {
        let name = span.note.isEmpty ? span.state.rawValue : span.note
        let spanTid = tids[span.thread] ?? tid
        timed.add(
          span.start, "b", name, tid: spanTid, async, args: [("state", quote(span.state.rawValue))])
        timed.add(span.end, "e", name, tid: spanTid, async)
      }
      let outcome = task.outcome.map { [("outcome", quote($0))] } ?? []
      timed.add(end, "e", task.name, tid: tid, async, args: outcome)
    }
    // An await that ended because a task ended: an arrow from that task's end to the waiter,
    // flow events of format v2 bound to a zero-length async slice at each end.
    for (flow, arrow) in picture.arrows.enumerated() {
      guard let from = asyncIDs[arrow.from], let to = asyncIDs[arrow.to] else { continue }
      timed.add(
        arrow.start, "n", "joined by \(arrow.to)", tid: tids[arrow.fromThread] ?? main,
        [
          ("cat", quote("task")), ("id", "\(from)"), ("bind_id", "\(flow + 1)"),
          ("flow_out", "true"),
        ],
        early: true)
      timed.add(
        arrow.end, "n", "\(arrow.from) ended", tid: tids[arrow.toThread] ?? main,
        [("cat", quote("task")), ("id", "\(to)"), ("bind_id", "\(flow + 1)"), ("flow_in", "true")])
    }
    for event in result.events where isInstant(event.kind) {
      let kind = event.kind.rawValue
      timed.add(
        event.time, "i", event.text.isEmpty ? kind : "\(kind) \(event.text)",
        tid: tids[event.thread] ?? main, [("cat", quote(kind)), ("s", quote("t"))],
        args: [("task", quote(event.task)), ("text", quote(event.text))])
    }
    let lines = metadata + timed.sorted()
    return "{\"traceEvents\":[\n" + lines.joined(separator: ",\n")
      + "\n],\n\"displayTimeUnit\":\"ms\"}\n"
  }

  /// Events drawn as spans (a task's life, its waits and blocks) are not repeated as instants.
  static func isInstant(_ kind: TraceEvent.Kind) -> Bool {
    switch kind.taskChange {
    case .none, .arrives: true
    case .starts, .blocks, .suspends, .resumes, .ends: false
    }
  }

  /// Timed events, kept in the order they are made so that sorting by time is stable; an event
  /// added `early` goes before the others of its time (so it falls inside a span ending then).
  struct Timed {
    var entries: [(time: Double, rank: Int, line: String)] = []

    mutating func add(
      _ time: Double, _ phase: String, _ name: String, tid: Int, _ fields: [(String, String)],
      args: [(String, String)] = [], early: Bool = false
    ) {
      entries.append(
        (time, early ? 0 : 1, line(phase, name, tid: tid, time: time, fields, args: args)))
    }

    func sorted() -> [String] {
      entries.enumerated()
        .sorted {
          ($0.element.time, $0.element.rank, $0.offset) < (
            $1.element.time, $1.element.rank, $1.offset
          )
        }
        .map(\.element.line)
    }
  }

  /// One event as a JSON object, fields in reading order.
  static func line(
    _ phase: String, _ name: String, tid: Int, time: Double? = nil,
    _ fields: [(String, String)] = [], args: [(String, String)]
  ) -> String {
    var all = [("ph", quote(phase)), ("name", quote(name)), ("pid", "1"), ("tid", "\(tid)")]
    if let time { all.append(("ts", micros(time))) }
    all += fields
    if !args.isEmpty { all.append(("args", object(args))) }
    return object(all)
  }

  static func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  static func quote(_ text: String) -> String { TraceJSON.quote(text) }

  /// Milliseconds as microseconds, to the nanosecond at most.
  static func micros(_ milliseconds: Double) -> String { number(milliseconds * 1000) }

  static func number(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    let whole = rounded == rounded.rounded() && abs(rounded) < 1e15
    return whole ? String(Int64(rounded)) : String(rounded)
  }
}
