import LabInterpreter
import LabModel
import LabRuntime

/// A parsed `NAME.expected` file: the trace lines a run must produce, in the trace's own text
/// notation, with `any order { … }` blocks and `*` wildcards where runs legitimately differ.
///
///     # comment
///            0  main      root      start
///     any order {
///            0  worker-*  g[*]      start
///            0  worker-*  g[*]      start
///     }
///         5000  *         root      resume  group g done
///
/// Items match the run's events in order, each event exactly once: a line matches one event; an
/// any-order block of N lines matches the next N events in any order. docs/expected-traces.md
/// defines the notation.
public struct ExpectedTrace: Sendable {
  /// One expected trace line: five fields, each a pattern.
  public struct Line: Sendable, Hashable {
    /// Where the line is in the file, from 1.
    public var number: Int
    /// The time as traces print it: `300`, `2.5`.
    public var time: Field
    /// The thread: `main`, `worker-2`.
    public var thread: Field
    /// The task: `root`, `num1`, `g[2]`.
    public var task: Field
    /// The event kind: `start`, `block`, ….
    public var kind: Field
    /// The details, to the end of the line.
    public var text: Field

    /// Whether `event` is what this line expects. Names and text compare as a trace shows them
    /// (`terminalSafe`: a line break is `\n`), which is how `lab record` writes them.
    public func matches(_ event: TraceEvent) -> Bool {
      kind.matches(event.kind.rawValue) && task.matches(terminalSafe(event.task))
        && text.matches(trimmingBlanks(terminalSafe(event.text)))
        && thread.matches(terminalSafe(event.thread)) && time.matches(TraceText.time(event.time))
    }

    /// The line with its fields in the trace's columns, as written (wildcards and escapes kept).
    func rendered(threadWidth: Int, taskWidth: Int) -> String {
      let line =
        TraceText.pad(time.source, 8, left: true) + "  " + TraceText.pad(thread.source, threadWidth)
        + "  " + TraceText.pad(task.source, taskWidth) + "  " + TraceText.pad(kind.source, 7) + " "
        + text.source
      return trimmingTrailingBlanks(line)
    }
  }

  /// A field of an expected line: literal text in which `*` matches any run of characters.
  public struct Field: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
      case literal(String)
      case any
    }

    /// The field as written, escapes included.
    public let source: String
    let pieces: [Piece]

    /// Parses `source`: `*` is a wildcard, `\*` a star, `\\` a backslash and `\ ` a space
    /// (which a thread's or a task's name needs: a space ends those fields).
    public init(_ source: String) {
      self.source = source
      var pieces: [Piece] = []
      var literal = ""
      var escaped = false
      for character in source {
        if escaped {
          if character != "*" && character != "\\" && character != " " { literal.append("\\") }
          literal.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "*" {
          if !literal.isEmpty { pieces.append(.literal(literal)) }
          literal = ""
          if pieces.last != .any { pieces.append(.any) }
        } else {
          literal.append(character)
        }
      }
      if escaped { literal.append("\\") }
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      self.pieces = pieces
    }

    /// Whether the field has a wildcard.
    public var isPattern: Bool { pieces.contains(.any) }

    /// Whether `value` matches: literals in order, wildcards taking any run between them.
    public func matches(_ value: String) -> Bool {
      if case .literal(let only)? = pieces.first, pieces.count == 1 { return only == value }
      // The ends first: a diff compares every line with many events, and most differ there
      // before a long middle is searched (a block of 1,000 such lines took 32 s to show).
      if case .literal(let head)? = pieces.first, !value.hasPrefix(head) { return false }
      if case .literal(let tail)? = pieces.last, !value.hasSuffix(tail) { return false }
      var rest = Substring(value)
      var floating = false  // after a wildcard, the next literal may start anywhere
      for (index, piece) in pieces.enumerated() {
        switch piece {
        case .any:
          floating = true
        case .literal(let text):
          let isLast = index == pieces.count - 1
          if !floating {
            guard rest.hasPrefix(text) else { return false }
            rest = rest.dropFirst(text.count)
          } else if isLast {
            // The last literal after a wildcard anchors at the end.
            return rest.hasSuffix(text)
          } else {
            guard let range = rest.firstRange(of: text) else { return false }
            rest = rest[range.upperBound...]
          }
          floating = false
        }
      }
      return floating || rest.isEmpty
    }
  }

  /// A part of the file: one line, or a block whose lines match in any order.
  public enum Item: Sendable {
    case line(Line)
    /// Lines that match the next `lines.count` events in any order; `opening` is the line number
    /// of `any order {`.
    case anyOrder(opening: Int, lines: [Line])
  }

  /// The lines and blocks in file order.
  public var items: [Item]

  /// Every expected line in file order.
  public var lines: [Line] {
    items.flatMap { item -> [Line] in
      switch item {
      case .line(let line): [line]
      case .anyOrder(_, let lines): lines
      }
    }
  }

  /// An expected trace from parsed items.
  public init(items: [Item]) {
    self.items = items
  }

  static let blockOpening = "any order {"
  static let blockClosing = "}"

  /// Parses the text of an expected file; `file` names it in diagnostics.
  /// The most lines an any-order block may hold: matching one pairs every line with every event
  /// (`BlockMatching`), and a recorded block is one moment's events (the bundled traces' largest
  /// is 50).
  static let maxBlockLines = 1_000

  public static func parse(_ text: String, file: String) throws(DiagnosticList) -> ExpectedTrace {
    var items: [Item] = []
    var diagnostics: [Diagnostic] = []
    var block: (opening: Int, lines: [Line])?
    func fail(_ number: Int, _ column: Int, _ message: String) {
      diagnostics.append(
        Diagnostic(
          file: file, location: SourceLocation(line: number, column: column, offset: 0),
          message: message))
    }
    for (index, raw) in textLines(text).enumerated() {
      let number = index + 1
      let content = trimmingTrailingBlanks(raw)
      let indent = content.prefix { $0 == " " || $0 == "\t" }.count
      let body = content.dropFirst(indent)
      if body.isEmpty || body.hasPrefix("#") { continue }
      if body.filter({ $0 != " " && $0 != "\t" }) == "anyorder{" {
        if let open = block {
          fail(
            number, indent + 1,
            "'any order {' inside the block opened on line \(open.opening); blocks do not nest, "
              + "close it with '}' first")
        } else {
          block = (number, [])
        }
        continue
      }
      if body == blockClosing {
        if let open = block {
          if open.lines.isEmpty {
            fail(
              open.opening, 1,
              "empty 'any order' block; put the lines that may come in any order inside")
          } else if open.lines.count > Self.maxBlockLines {
            fail(
              open.opening, 1,
              "this 'any order' block holds \(open.lines.count) lines, more than the "
                + "\(Self.maxBlockLines) a block may; split it where the order is known, or grade "
                + "the scenario by its outcomes")
          }
          items.append(.anyOrder(opening: open.opening, lines: open.lines))
          block = nil
        } else {
          fail(number, indent + 1, "'}' without an 'any order {' to close")
        }
        continue
      }
      switch parseLine(body, number: number, indent: indent) {
      case .success(let line):
        if block != nil { block!.lines.append(line) } else { items.append(.line(line)) }
      case .failure(let problem):
        fail(number, problem.column, problem.message)
      }
    }
    if let open = block {
      fail(open.opening, 1, "'any order {' is never closed; add a line with '}' after its lines")
    }
    guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
    return ExpectedTrace(items: items)
  }

  struct LineProblem: Error {
    var column: Int
    var message: String
  }

  /// Splits a trace line into its fields: time, thread, task, event, details (the rest). A task
  /// name with spaces (`g[a b]`) runs up to the first word that is an event kind.
  static func parseLine(_ body: Substring, number: Int, indent: Int) -> Result<Line, LineProblem> {
    var words: [(text: Substring, column: Int)] = []
    var index = body.startIndex
    var column = indent + 1
    while index < body.endIndex {
      if body[index] == " " || body[index] == "\t" {
        index = body.index(after: index)
        column += 1
        continue
      }
      let start = index
      let startColumn = column
      while index < body.endIndex, body[index] != " ", body[index] != "\t" {
        // `\ ` is a space of the field's own, as in a task named `g[a\ b]`.
        if body[index] == "\\", body.index(after: index) < body.endIndex {
          index = body.index(after: index)
          column += 1
        }
        index = body.index(after: index)
        column += 1
      }
      words.append((body[start..<index], startColumn))
    }
    guard words.count >= 4 else {
      return .failure(
        LineProblem(
          column: indent + 1,
          message: "a trace line has at least four fields — time, thread, task, event — then the "
            + "details, such as '300  worker-1  root  block  300 ms'"))
    }
    let time = words[0].text
    guard time.contains("*") || Double(time) != nil else {
      return .failure(
        LineProblem(
          column: words[0].column,
          message: "'\(time)' is not a time; a trace line starts with milliseconds, such as 300, "
            + "or '*' for any time"))
    }
    let kinds = TraceEvent.Kind.allCases.map(\.rawValue)
    func isKind(_ word: Substring) -> Bool { kinds.contains(String(word)) }
    var kindIndex = 3
    if !isKind(words[3].text), !words[3].text.contains("*"),
      let later = words.indices.dropFirst(4).first(where: { isKind(words[$0].text) })
    {
      kindIndex = later
    }
    let kind = words[kindIndex].text
    guard isKind(kind) || kind.contains("*") else {
      return .failure(
        LineProblem(
          column: words[kindIndex].column,
          message: "unknown event '\(kind)'"
            + or(
              didYouMean(String(kind), in: kinds), "; events are " + kinds.joined(separator: ", ")))
      )
    }
    let task = words[2..<kindIndex].map(\.text).joined(separator: " ")
    let textStart = kind.endIndex
    let text = body[textStart...].drop { $0 == " " || $0 == "\t" }
    return .success(
      Line(
        number: number, time: Field(String(time)), thread: Field(String(words[1].text)),
        task: Field(task), kind: Field(String(kind)), text: Field(String(text))))
  }

  // MARK: - Recording

  /// The expected file for `events`: `comments` as `#` lines, then one trace line per event, with
  /// `*` and `\` escaped so that every line matches only its event.
  public static func render(_ events: [TraceEvent], comments: [String] = []) -> String {
    // A name's spaces are escaped too: a space ends the thread and task fields.
    func name(_ text: String) -> String {
      escape(terminalSafe(text)).replacing(" ", with: "\\ ")
    }
    let threadWidth = max(8, events.map { name($0.thread).count }.max() ?? 0)
    let taskWidth = max(8, events.map { name($0.task).count }.max() ?? 0)
    let lines = events.map { event in
      trimmingTrailingBlanks(
        TraceText.pad(TraceText.time(event.time), 8, left: true) + "  "
          + TraceText.pad(name(event.thread), threadWidth) + "  "
          + TraceText.pad(name(event.task), taskWidth) + "  "
          + TraceText.pad(event.kind.rawValue, 7) + " " + escape(terminalSafe(event.text)))
    }
    let all = comments.map { $0.isEmpty ? "#" : "# \($0)" } + lines
    return all.joined(separator: "\n") + "\n"
  }

  /// What re-recording changes: a unified diff of an expected file's old and new text, headed
  /// by their names; empty when they are the same.
  public static func changes(from old: String, to new: String, oldName: String, newName: String)
    -> String
  {
    func lines(_ text: String) -> [String] {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      return lines
    }
    return SequenceDiff.unified(lines(old), lines(new), oldName: oldName, newName: newName)
  }

  /// Escapes the characters the notation gives a meaning to.
  public static func escape(_ text: String) -> String {
    guard text.contains(where: { $0 == "*" || $0 == "\\" }) else { return text }
    var out = ""
    for character in text {
      if character == "*" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
