import LabModel
import LabRuntime

/// Misuse a run shows without being stopped by it, found in its trace after the run, as the
/// runtime's own warnings and tools like tokio-console report them. Warnings fail no check; they
/// are printed after the trace and counted in the JSON (`warnings`).
public enum RunWarnings {
  /// Every warning of a run whose root's steps ended at `rootEnd` (nil: never).
  public static func of(
    _ events: [TraceEvent], rootEnd: Double?, mode: RuntimeMode = .virtual
  ) -> [String] {
    guard let rootEnd else { return [] }
    // A virtual task waits for a thread or it does not; a real clock adds noise.
    let threshold = mode == .virtual ? 1 : 2 * Tolerance.live.milliseconds
    return unawaitedTasks(events, rootEnd: rootEnd) + locksHeldWhileBlocking(events)
      + poolBlocking(events, threshold: threshold)
  }

  /// Locks held across a `block`: the slow work runs with the lock taken, so every task that
  /// asks for it meanwhile waits — holding its own thread, since a Mutex wait blocks.
  static func locksHeldWhileBlocking(_ events: [TraceEvent]) -> [String] {
    guard events.contains(where: { Self.lockTaken($0.payload) != nil }) else { return [] }
    struct Held {
      var blocks = 0
      var longest = 0
      var holder = ""
      var waited = 0.0
      var waiters: Set<String> = []
    }
    var holding: [String: String] = [:]  // task → lock
    var waitingSince: [String: Double] = [:]  // task → when it began to wait for a lock
    var locks: [String: Held] = [:]
    var order: [String] = []
    for event in events {
      if let lock = Self.lockTaken(event.payload) {
        holding[event.task] = lock
        if let since = waitingSince.removeValue(forKey: event.task) {
          locks[lock, default: Held()].waited += event.time - since
          locks[lock, default: Held()].waiters.insert(event.task)
        }
      } else if case .set(.lockReleased) = event.payload {
        holding[event.task] = nil
      } else if case .block(.lockWait) = event.payload {
        waitingSince[event.task] = event.time
      } else if let lock = holding[event.task], let milliseconds = Self.work(event.payload) {
        if locks[lock] == nil { order.append(lock) }
        var held = locks[lock, default: Held()]
        held.blocks += 1
        if milliseconds > held.longest { (held.longest, held.holder) = (milliseconds, event.task) }
        locks[lock] = held
      }
    }
    return order.compactMap { lock in
      guard let held = locks[lock], held.blocks > 0 else { return nil }
      let times = held.blocks == 1 ? "once" : "\(held.blocks) times"
      let waits =
        held.waiters.isEmpty
        ? "no task asked for it meanwhile in this run, but any that does waits"
        : "\(held.waiters.count) task\(held.waiters.count == 1 ? "" : "s") waited for it "
          + "\(TraceText.time(held.waited)) ms in all"
      return "lock '\(lock)' was held across blocking work \(times) (the longest \(held.longest) "
        + "ms, by \(held.holder)): \(waits), holding their threads; do the slow work outside "
        + "withLock and hold the lock only to read or write"
    }
  }

  /// Unstructured tasks the root started (itself, or through the functions and children it ran)
  /// that nobody awaited and that went on after the root's steps ended: cut short when a
  /// command-line tool's `main` returned (`"lifetime": "commandLine"`), or run on by an app, where
  /// a command-line tool would have cut them short. Tasks an input's handler starts are an
  /// app's, which keeps running: they are not counted.
  static func unawaitedTasks(_ events: [TraceEvent], rootEnd: Double) -> [String] {
    // Most runs start no unstructured task: one cheap pass says so (a group of 100,000
    // children records 300,000 events whose joins the full pass would gather).
    guard events.contains(where: { isUnstructured($0.payload) }) else {
      return []
    }
    var parent: [String: String] = [:]
    var unstructured: [(name: String, spawned: Double)] = []
    var awaited: Set<String> = []
    var ends: [String: Double] = [:]
    var cut: Set<String> = []
    for event in events {
      if case .cancel(.processExit(let tasks)) = event.payload { cut.formUnion(tasks) }
      switch event.kind {
      case .spawn:
        guard let name = event.payload.spawnedTask else { continue }
        parent[name] = event.task
        if isUnstructured(event.payload) { unstructured.append((name, event.time)) }
      case .end: ends[event.task] = event.time
      default: break
      }
      awaited.formUnion(event.joins)
    }
    func isRoots(_ task: String) -> Bool {
      var task = task
      var seen: Set<String> = []
      while task != "root" {
        guard let up = parent[task], seen.insert(task).inserted else { return false }
        task = up
      }
      return true
    }
    return unstructured.compactMap { task in
      guard !awaited.contains(task.name), isRoots(task.name) else { return nil }
      let end = ends[task.name]
      guard end.map({ $0 > rootEnd }) ?? true else { return nil }
      if cut.contains(task.name) {
        return "task '\(task.name)' was never awaited: main returned at "
          + "\(TraceText.time(rootEnd)) ms and the process exited, cutting it short; await its "
          + "value before main returns, or run it where the process stays (an app)"
      }
      let ran = end.map { "ended at \(TraceText.time($0)) ms" } ?? "never ended"
      return "task '\(task.name)' was never awaited and \(ran), after the root's steps "
        + "(\(TraceText.time(rootEnd)) ms): an app keeps running, but a command-line tool's "
        + "main() returns first and cuts it short (\"lifetime\": \"commandLine\"); await its "
        + "value, or keep it where work may outlive the call"
    }
  }

  /// Whether a spawn started an unstructured task: `Task { }`, `Task.detached { }`.
  static func isUnstructured(_ payload: TraceEvent.Payload) -> Bool {
    if case .spawn(.task) = payload { true } else { false }
  }

  /// The lock a task took, waiting for it or not.
  static func lockTaken(_ payload: TraceEvent.Payload) -> String? {
    switch payload {
    case .set(.lockTaken(let lock)), .resume(.lockTaken(let lock)): lock
    default: nil
    }
  }

  /// The time a `block` step held its thread, in whole milliseconds; nil for any other event
  /// and for a negative time, which holds nothing.
  static func work(_ payload: TraceEvent.Payload) -> Int? {
    switch payload {
    case .block(.work(let milliseconds)), .block(.printed(let milliseconds)):
      milliseconds >= 0 ? Int(milliseconds) : nil
    default: nil
    }
  }
}
