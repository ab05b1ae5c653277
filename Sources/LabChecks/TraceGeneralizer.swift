import LabInterpreter
import LabModel
import LabRuntime

/// Writes one expected trace that holds for several runs of a scenario (`lab record --seeds K`):
/// events of one moment whose order varies become an any-order block, fields that vary become
/// wildcards. Pure: returns the file's lines.
///
/// The runs must agree on when things happen — the same moments with the same number of events
/// each. Events of a moment are paired across runs by task, kind and occurrence (the second `set`
/// of `num1` at 300 ms), or, when the runs' tasks differ there, by kind and occurrence alone.
public enum TraceGeneralizer {
  /// Why the runs cannot share one expected trace.
  public struct Problem: Error, Sendable {
    /// What differs, or what went wrong and what to do.
    public var difference: String
    /// Whether the runs differ because the trace depends on the schedule: the problem then says
    /// what to do instead of recording one file.
    public var dependsOnSchedule = true

    /// What differs and what to do, with the lab's documentation where the user can open it.
    public func message(docs hints: HintCommand) -> String {
      dependsOnSchedule ? "\(difference); " + TraceGeneralizer.scheduleDependent(hints) : difference
    }
  }

  /// What a generalization produced: the trace lines and how much had to vary.
  public struct Generalization: Sendable {
    /// The expected trace's lines (no comments).
    public var lines: [String]
    /// How many any-order blocks were needed.
    public var blocks: Int
    /// Lines with at least one wildcard.
    public var wildcardLines: Int
  }

  /// One expected trace for every run in `runs`; the first is the reference whose order plain
  /// lines follow. `labels` name the runs in problems (`seed 3 (pct)`).
  public static func generalize(
    _ runs: [[TraceEvent]], labels: [String]
  ) throws(Problem) -> Generalization {
    guard !runs.isEmpty else { return Generalization(lines: [], blocks: 0, wildcardLines: 0) }
    let moments = runs.map(Self.moments)
    try checkSameMoments(moments, labels: labels)
    let threadWidth = max(8, runs.flatMap { $0.map(\.thread.count) }.max() ?? 0)
    let taskWidth = max(8, runs.flatMap { $0.map(\.task.count) }.max() ?? 0)
    var output = Generalization(lines: [], blocks: 0, wildcardLines: 0)
    for moment in moments[0].indices {
      let events = moments.map { $0[moment].events }
      let orders = try keys(events, labels: labels, time: moments[0][moment].time)
      // The order all runs share at the start and the end of the moment stays plain.
      var prefix = 0
      while prefix < orders[0].count, orders.allSatisfy({ $0[prefix] == orders[0][prefix] }) {
        prefix += 1
      }
      var suffix = 0
      while suffix < orders[0].count - prefix,
        orders.allSatisfy({ $0[$0.count - 1 - suffix] == orders[0][orders[0].count - 1 - suffix] })
      {
        suffix += 1
      }
      func line(_ position: Int) -> String {
        let (text, wildcards) = Self.line(
          of: orders[0][position], in: events, orders: orders, widths: (threadWidth, taskWidth))
        if wildcards { output.wildcardLines += 1 }
        return text
      }
      let count = orders[0].count
      // A block a file may not hold is refused here, in words, not by parsing what was written.
      let varying = count - suffix - prefix
      if varying > ExpectedTrace.maxBlockLines {
        throw Problem(
          difference:
            "the runs order \(varying) events at \(TraceText.time(moments[0][moment].time)) "
            + "ms differently, more than the \(ExpectedTrace.maxBlockLines) lines an 'any order' "
            + "block may hold")
      }
      output.lines += (0..<prefix).map(line)
      if prefix < count - suffix {
        output.blocks += 1
        output.lines.append(ExpectedTrace.blockOpening)
        output.lines += (prefix..<(count - suffix)).map(line)
        output.lines.append(ExpectedTrace.blockClosing)
      }
      output.lines += ((count - suffix)..<count).map(line)
    }
    // The pairing guarantees a match; checking keeps a wildcard surprise from being written.
    let trace: ExpectedTrace
    do {
      trace = try ExpectedTrace.parse(output.lines.joined(separator: "\n"), file: "generalized")
    } catch {
      throw Problem(
        difference: "the generalized trace does not parse: \(error)", dependsOnSchedule: false)
    }
    for (index, run) in runs.enumerated() {
      let comparison = TraceComparison(expected: trace, events: run)
      if let divergence = comparison.divergence {
        throw Problem(
          difference: "the generalized trace does not match \(labels[index]) at trace line "
            + "\((divergence.event ?? run.count) + 1); write the file by hand",
          dependsOnSchedule: false)
      }
    }
    return output
  }

  /// The line of the event `key` names in every run of one moment, and whether it holds a
  /// wildcard. Written as `ExpectedTrace.render` writes one run: text escaped as the terminal
  /// shows it (a tab, a line break or an escape in a log broke the file), and a name's spaces
  /// escaped too, since a space ends its field.
  static func line(
    of key: String, in events: [[TraceEvent]], orders: [[String]],
    widths: (thread: Int, task: Int)
  ) -> (text: String, wildcards: Bool) {
    let group = events.indices.map { run in events[run][orders[run].firstIndex(of: key)!] }
    func name(_ values: [String]) -> String {
      pattern(values.map(terminalSafe)).replacing(" ", with: "\\ ")
    }
    let fields = [
      TraceText.time(group[0].time), name(group.map(\.thread)), name(group.map(\.task)),
      group[0].kind.rawValue, pattern(group.map { terminalSafe($0.text) }),
    ]
    let text =
      TraceText.pad(fields[0], 8, left: true) + "  " + TraceText.pad(fields[1], widths.thread)
      + "  " + TraceText.pad(fields[2], widths.task) + "  " + TraceText.pad(fields[3], 7) + " "
      + fields[4]
    return (
      trimmingTrailingBlanks(text), fields[1...].contains { ExpectedTrace.Field($0).isPattern }
    )
  }

  /// Throws unless every run has events at the same moments, in the same numbers: only the order
  /// within a moment may differ between the runs one file describes.
  static func checkSameMoments(
    _ moments: [[(time: Double, events: [TraceEvent])]], labels: [String]
  ) throws(Problem) {
    for (index, run) in moments.enumerated().dropFirst() {
      let difference = zip(moments[0], run).first {
        $0.0.time != $0.1.time || $0.0.events.count != $0.1.events.count
      }
      if difference != nil || run.count != moments[0].count {
        let place =
          difference.map { ours, theirs in
            "at \(TraceText.time(min(ours.time, theirs.time))) ms: \(theirs.events.count) events at "
              + "\(TraceText.time(theirs.time)) ms against \(ours.events.count) at "
              + "\(TraceText.time(ours.time)) ms"
          } ?? "\(run.count) moments with events against \(moments[0].count)"
        throw Problem(
          difference:
            "\(labels[index]) differs from \(labels[0]) in when things happen (\(place))")
      }
    }
  }

  /// What to do about runs that one file cannot describe: the trace depends on the schedule, so
  /// a file recorded from one seed fails `lab check --seeds` on the others; the outcomes are
  /// what holds for every schedule.
  static func scheduleDependent(_ hints: HintCommand) -> String {
    "one file cannot hold for every run: this trace depends on the schedule, and a file recorded "
      + "from one seed fails 'lab check --seeds' on others. Grade the scenario by its outcomes "
      + "(\"expect\": {\"outcomes\": …}, \(hints.doc("outcomes.md"))) and keep no expected "
      + "trace, or write one by hand whose any-order blocks and wildcards hold for every seed "
      + "(\(hints.doc("expected-traces.md")))"
  }

  /// A run's events grouped by moment: runs of consecutive events with the same time.
  static func moments(_ events: [TraceEvent]) -> [(time: Double, events: [TraceEvent])] {
    var moments: [(time: Double, events: [TraceEvent])] = []
    for event in events {
      if moments.last?.time == event.time {
        moments[moments.count - 1].events.append(event)
      } else {
        moments.append((event.time, [event]))
      }
    }
    return moments
  }

  /// Each run's events of one moment as pairing keys, in the run's order.
  static func keys(_ events: [[TraceEvent]], labels: [String], time: Double) throws(Problem)
    -> [[String]]
  {
    func keyed(byTask: Bool) -> [[String]] {
      events.map { moment in
        var seen: [String: Int] = [:]
        return moment.map { event in
          let base = byTask ? "\(event.task)\u{0}\(event.kind.rawValue)" : event.kind.rawValue
          seen[base, default: 0] += 1
          return "\(base)\u{0}\(seen[base]!)"
        }
      }
    }
    for byTask in [true, false] {
      let keys = keyed(byTask: byTask)
      let reference = keys[0].sorted()
      if let other = keys.indices.dropFirst().first(where: { keys[$0].sorted() != reference }) {
        if !byTask {
          throw Problem(
            difference:
              "at \(TraceText.time(time)) ms \(labels[other]) has other kinds of events than "
              + "\(labels[0])")
        }
        continue
      }
      return keys
    }
    return []
  }

  /// A field pattern that matches every value: the value when all agree; else the values with
  /// each number that differs replaced by `*`; else their common start and end around a `*`.
  static func pattern(_ values: [String]) -> String {
    if values.allSatisfy({ $0 == values[0] }) { return ExpectedTrace.escape(values[0]) }
    let tokenized = values.map(tokens)
    let shape = tokenized[0].map(\.isNumber)
    if tokenized.allSatisfy({ $0.map(\.isNumber) == shape }) {
      var same = true
      var out = ""
      for position in shape.indices {
        let column = tokenized.map { $0[position].text }
        if column.allSatisfy({ $0 == column[0] }) {
          out += ExpectedTrace.escape(column[0])
        } else if shape[position] {
          out += "*"
        } else {
          same = false
          break
        }
      }
      if same { return out }
    }
    let shortest = values.map(\.count).min() ?? 0
    var prefix = 0
    let characters = values.map(Array.init)
    while prefix < shortest, characters.allSatisfy({ $0[prefix] == characters[0][prefix] }) {
      prefix += 1
    }
    var suffix = 0
    while suffix < shortest - prefix,
      characters.allSatisfy({
        $0[$0.count - 1 - suffix] == characters[0][characters[0].count - 1 - suffix]
      })
    {
      suffix += 1
    }
    let start = String(characters[0][..<prefix])
    let end = String(characters[0][(characters[0].count - suffix)...])
    return ExpectedTrace.escape(start) + "*" + ExpectedTrace.escape(end)
  }

  /// Text split into runs of digits and runs of anything else.
  static func tokens(_ text: String) -> [(text: String, isNumber: Bool)] {
    var tokens: [(text: String, isNumber: Bool)] = []
    for character in text {
      let isNumber = character.isASCII && character.isNumber
      if let last = tokens.last, last.isNumber == isNumber {
        tokens[tokens.count - 1].text.append(character)
      } else {
        tokens.append((String(character), isNumber))
      }
    }
    return tokens
  }
}
