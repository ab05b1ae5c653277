import LabModel

/// How a run's output is read: as bytes, line by line, without a list of its lines — a program
/// that writes 64 MB of one-letter lines past `print` has 32 million of them, and reading them
/// as text took 97 s and 1.1 GB (a search for the record prefix was built per line).
extension OwnProgramTrace {
  /// Reads the output of a run with `key`: a record may stand anywhere in a line, after text the
  /// program wrote without ending its line (records go out in blocks, the program's writes as
  /// it makes them).
  /// At most `maxEvents` records of what happened are kept (`--max-events`): past them the run
  /// is cut, its records of how it ended kept (2,000,000 prints held 492 MB of the lab's).
  init(output: String, key: String, keepsAllOutput: Bool = false, maxEvents: Int = .max) {
    var reader = Reader(
      prefix: Array(OwnProgramScheduler.recordPrefix(key: key).utf8), keepsAll: keepsAllOutput,
      maxEvents: maxEvents)
    var copy = output
    self = copy.withUTF8 { bytes in
      reader.read(bytes)
      return OwnProgramTrace(
        records: reader.records, otherHead: reader.head, otherTail: reader.tail(of: bytes),
        otherLeftOut: reader.leftOut, eventsLeftOut: reader.eventsLeftOut, maxEvents: maxEvents)
    }
  }

  typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

  /// The state of one reading: the records so far, and the other output kept.
  struct Reader {
    let prefix: [UInt8]
    /// Whether every line of other output is kept (a scenario's program writes its trace there).
    let keepsAll: Bool
    let maxEvents: Int
    var records: [Record] = []
    /// Records of what happened left out past `maxEvents`; whether the last one was (its `more`
    /// records go with it).
    var eventsLeftOut = 0
    var leftOutLast = false
    var head: [String] = []
    /// The last lines of other output, where they are in the output: a ring written at `next`.
    var ring: [Range<Int>] = []
    var next = 0
    var leftOut = 0

    static let lineFeed = UInt8(ascii: "\n")

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
      var start = 0
      while start < bytes.count {
        let end = bytes[start...].firstIndex(of: Self.lineFeed) ?? bytes.count
        line(bytes[start..<end])
        start = end + 1
      }
    }

    /// Where `prefix` starts in `line`, if it does: it starts with a byte a program rarely writes.
    func find(in line: Bytes) -> Int? {
      var from = line.startIndex
      while let found = line[from...].firstIndex(of: prefix[0]) {
        if line[found...].starts(with: prefix) { return found }
        from = found + 1
      }
      return nil
    }

    mutating func line(_ line: Bytes) {
      guard let found = find(in: line) else {
        if !line.isEmpty { other(line) }
        return
      }
      if found > line.startIndex { other(line[..<found]) }
      let fields = Self.fields(line[(found + prefix.count)...])
      // A time before the run began is no record the scheduler wrote (a program forged it).
      guard fields.count == 6, let kind = Kind(rawValue: Self.text(fields[0])),
        let time = Int64(Self.text(fields[1])), time >= 0,
        let task = UInt64(Self.text(fields[2]))
      else { return other(line[found...]) }
      if kind == .more {
        if leftOutLast { return }
        guard !records.isEmpty else { return other(line[found...]) }
        records[records.count - 1].text += OwnProgramTrace.unescaped(fields[5])
        return
      }
      leftOutLast = kind.isEvent && records.count >= maxEvents
      if leftOutLast {
        eventsLeftOut += 1
        return
      }
      let name = OwnProgramTrace.unescaped(fields[4])
      records.append(
        Record(
          kind: kind, time: time, task: task, lane: Self.text(fields[3]),
          // A task's name, cut; the choices record keeps its picks there, whole.
          name: kind == .choices ? name : cut(name, toWidth: OwnProgramTrace.shownNameColumns),
          text: OwnProgramTrace.unescaped(fields[5])))
    }

    /// A record's fields: split at its first five tabs.
    static func fields(_ record: Bytes) -> [Bytes] {
      var fields: [Bytes] = []
      var start = record.startIndex
      while fields.count < 5, let tab = record[start...].firstIndex(of: UInt8(ascii: "\t")) {
        fields.append(record[start..<tab])
        start = tab + 1
      }
      fields.append(record[start...])
      return fields
    }

    static func text(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Keeps a line of other output within the head and tail's bounds: the tail as places in
    /// the output, made text once the reading is done.
    mutating func other(_ line: Bytes) {
      if keepsAll { return head.append(Self.text(line)) }
      if head.count < OwnProgramTrace.otherHeadLines { return head.append(Self.shown(line)) }
      if ring.count < OwnProgramTrace.otherTailLines {
        return ring.append(line.startIndex..<line.endIndex)
      }
      ring[next] = line.startIndex..<line.endIndex
      next = (next + 1) % ring.count
      leftOut += 1
    }

    /// The tail's lines, oldest first.
    func tail(of bytes: UnsafeBufferPointer<UInt8>) -> [String] {
      (ring[next...] + ring[..<next]).map { Self.shown(bytes[$0]) }
    }

    /// A line of other output as it is kept: cut at `shownColumns`, from its first bytes.
    static func shown(_ line: Bytes) -> String {
      PrintedOutput.shownLine(UnsafeBufferPointer(rebasing: line)).0
    }
  }

  /// The scheduler's escapes: `\n`, `\t`, `\r`; any other escaped byte (`\\`) stands for itself.
  static let escapes: [UInt8: UInt8] = [
    UInt8(ascii: "n"): UInt8(ascii: "\n"), UInt8(ascii: "t"): UInt8(ascii: "\t"),
    UInt8(ascii: "r"): UInt8(ascii: "\r"),
  ]

  /// The scheduler's escapes undone.
  static func unescaped(_ text: Bytes) -> String {
    let backslash = UInt8(ascii: "\\")
    guard text.contains(backslash) else { return String(decoding: text, as: UTF8.self) }
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var escaping = false
    for byte in text {
      if escaping {
        result.append(escapes[byte] ?? byte)
        escaping = false
      } else if byte == backslash {
        escaping = true
      } else {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
