/// Events given as text (written by hand in a test or a tool) read into payloads, so that what
/// consumes them sees the same values a run records. Only the shapes consumers look into are
/// read; a text of another shape is kept as `.text`, and every reading renders back to its text.
extension TraceEvent.Payload {
  public init(_ kind: TraceEvent.Kind, text: String) {
    let read = Self.read(kind, text)
    self = read.flatMap { $0.text == text ? $0 : nil } ?? .text(kind, text)
  }

  private static func read(_ kind: TraceEvent.Kind, _ text: String) -> Self? {
    switch kind {
    case .start: return .start(note: text)
    case .end: return .end(ending(text))
    case .log: return .log(text)
    case .catch: return .catch(error: text)
    case .yield: return text.isEmpty ? .yield : nil
    case .block:
      if let lock = around(text, "lock ", ": held by ", "; waits, holding the thread") {
        return .block(.lockWait(lock: lock.0, holder: lock.1))
      }
      return milliseconds(text).map { .block(.work(milliseconds: $0)) }
    case .sleep: return milliseconds(text).map { .sleep(milliseconds: $0) }
    case .wake: return wake(text)
    case .spawn: return spawn(text)
    case .set: return change(text).map { .set($0) }
    case .resume:
      return after("lock ", before: " taken", in: text).map { .resume(.lockTaken($0)) }
    case .hop, .await, .read, .cancel, .collect, .throw, .race, .input, .escalate, .leak:
      return nil
    }
  }

  private static func ending(_ text: String) -> TraceEvent.Ending {
    switch text {
    case "": .returned(nil)
    case "cancelled": .cancelled
    case "stopped": .stopped
    case _ where text.hasPrefix("returned "): .returned(String(text.dropFirst(9)))
    case _ where text.hasPrefix("threw "): .threw(error: String(text.dropFirst(6)))
    case _ where text.hasPrefix("failed: "): .failed(message: String(text.dropFirst(8)))
    default: .noted(text)
    }
  }

  private static func milliseconds(_ text: String) -> Int64? {
    text.hasSuffix(" ms") ? Int64(text.dropLast(3)) : nil
  }

  private static func wake(_ text: String) -> Self? {
    if text.isEmpty { return .wake(.onTime) }
    if text == TraceEvent.Wake.cancelled.text { return .wake(.cancelled) }
    guard let (ready, waited) = around(text, "ready at ", " ms, waited ", " ms for a thread"),
      let readyAt = Double(ready), let waited = Double(waited)
    else { return nil }
    return .wake(.late(readyAt: readyAt, waited: waited))
  }

  private static func spawn(_ text: String) -> Self? {
    if let name = after("async let ", before: " = ", in: text, last: false) {
      return .spawn(.asyncLet(name: name, work: String(text.dropFirst(13 + name.count))))
    }
    for (prefix, detached) in [("detached task ", true), ("task ", false)]
    where text.hasPrefix(prefix) {
      let rest = text.dropFirst(prefix.count)
      let name = String(rest.prefix { $0 != " " })
      let chain = after(
        " (after the previous task of chain ", before: ")", in: String(rest.dropFirst(name.count)))
      return .spawn(.task(name: name, detached: detached, chain: chain))
    }
    return text.contains(" ") ? nil : .spawn(.child(name: text))
  }

  private static func change(_ text: String) -> TraceEvent.Change? {
    if let lock = after("lock ", before: " taken", in: text) { return .lockTaken(lock) }
    if let lock = after("lock ", before: " released", in: text) { return .lockReleased(lock) }
    guard let equals = text.firstRange(of: " = ") else { return nil }
    let name = String(text[..<equals.lowerBound])
    guard !name.contains(" ") else { return nil }
    let value = text[equals.upperBound...]
    if let atomic = value.firstRange(of: " (atomic: read "),
      let new = Int64(value[..<atomic.lowerBound]),
      let old = after(
        "", before: " and wrote in one step)", in: String(value[atomic.upperBound...])
      )
      .flatMap({ Int64($0) })
    {
      return .atomic(name, new: new, old: old)
    }
    if let read = value.ranges(of: " (read ").last, value.hasSuffix(")") {
      return .variable(
        name, value: String(value[..<read.lowerBound]),
        read: String(value[read.upperBound...].dropLast()))
    }
    return .variable(name, value: String(value), read: nil)
  }

  /// The text between `prefix` and `suffix` when `text` is exactly that; `last`: the suffix is
  /// the text's end, else its first occurrence after the prefix.
  private static func after(
    _ prefix: String, before suffix: String, in text: String, last: Bool = true
  ) -> String? {
    guard text.hasPrefix(prefix) else { return nil }
    let rest = text.dropFirst(prefix.count)
    if last { return rest.hasSuffix(suffix) ? String(rest.dropLast(suffix.count)) : nil }
    return rest.firstRange(of: suffix).map { String(rest[..<$0.lowerBound]) }
  }

  /// The two texts of `start A middle B end`.
  private static func around(
    _ text: String, _ start: String, _ middle: String, _ end: String
  ) -> (String, String)? {
    guard let inner = after(start, before: end, in: text), let split = inner.firstRange(of: middle)
    else { return nil }
    return (String(inner[..<split.lowerBound]), String(inner[split.upperBound...]))
  }
}

extension TraceEvent {
  /// The tasks that started (or were spawned) and have not ended, by their names in the trace.
  /// `workItems`: Dispatch work queued and not ended is named too (what a process exit cuts).
  public static func unfinishedTasks(_ events: [TraceEvent], workItems: Bool = false) -> [String] {
    var alive: [String] = []
    var ended: Set<String> = []
    var seen: Set<String> = []
    for event in events {
      // A spawn names the task it makes before that task's own start does.
      var spawned = event.payload.spawnedTask
      if workItems, case .spawn(.dispatch(_, _, _, let name)) = event.payload { spawned = name }
      if let name = spawned, seen.insert(name).inserted { alive.append(name) }
      switch event.kind.taskChange {
      case .starts: if seen.insert(event.task).inserted { alive.append(event.task) }
      case .ends: ended.insert(event.task)
      case .blocks, .suspends, .resumes, .arrives, .none: break
      }
    }
    return alive.filter { !ended.contains($0) }
  }
}
