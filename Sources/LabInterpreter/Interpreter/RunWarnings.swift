import LabModel

/// Misuse a run shows without being stopped by it, found in its trace after the run, as the
/// runtime's own warnings and tools like tokio-console report them. Warnings fail no check; they
/// are printed after the trace and counted in the JSON (`warnings`).
public enum RunWarnings {
  /// Every warning of a run whose root's steps ended at `rootEnd` (nil: never).
  public static func of(_ events: [TraceEvent], rootEnd: Double?) -> [String] {
    guard let rootEnd else { return [] }
    return unawaitedTasks(events, rootEnd: rootEnd)
  }

  /// Unstructured tasks the root started (itself, or through the functions and children it ran)
  /// that nobody awaited and that went on after the root's steps ended. The lab waits for them;
  /// a command-line program whose `main()` returned would have ended with them half done. Tasks
  /// an input's handler starts are an app's, which keeps running: they are not counted.
  static func unawaitedTasks(_ events: [TraceEvent], rootEnd: Double) -> [String] {
    var parent: [String: String] = [:]
    var unstructured: [(name: String, spawned: Double)] = []
    var awaited: Set<String> = []
    var ends: [String: Double] = [:]
    for event in events {
      switch event.kind {
      case .spawn:
        guard let name = spawnedTask(event.text) else { continue }
        parent[name] = event.task
        if event.text.hasPrefix("task ") || event.text.hasPrefix("detached task ") {
          unstructured.append((name, event.time))
        }
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
      let ran = end.map { "ended at \(TraceText.time($0)) ms" } ?? "never ended"
      return "task '\(task.name)' was never awaited and \(ran), after the root's steps "
        + "(\(TraceText.time(rootEnd)) ms): a command-line program's main() would have returned "
        + "first and cut it short; await its value, or keep it where work may outlive the call"
    }
  }

  /// `x` from a spawn event's text: `task x`, `detached task x (…)`, `async let x = …`,
  /// `group[2]`.
  static func spawnedTask(_ text: String) -> String? {
    for prefix in ["detached task ", "task ", "async let "] where text.hasPrefix(prefix) {
      let rest = text.dropFirst(prefix.count)
      return String(rest.prefix { $0 != " " })
    }
    return text.contains(" ") ? nil : text
  }
}
