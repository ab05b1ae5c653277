import LabRuntime

/// Which task awaits which (`awaitTask`), to find a cycle of awaits the moment it closes: a task
/// awaiting itself, or two tasks awaiting each other, can never end. The virtual scheduler would
/// find the run stuck later, but real threads give no such sign — a live run would only end at
/// `--timeout` — so both runtimes stop at the await that closes the cycle, with the same words.
final class AwaitGraph: Sendable {
  private let edges = Locked<[String: String]>([:])
  /// The cycle's report, once one closed; the runner reports the run as a deadlock.
  let cycle = Locked<String?>(nil)

  /// Notes that `task` awaits `awaited`; returns the cycle it closes (`a → b → a`), if any. A
  /// cycle closed before stays in the graph while the run is stopped: a walk that comes back to
  /// a task it passed, without reaching `task`, found a task waiting on that cycle, which closes
  /// nothing new (a root awaiting a task that awaits itself).
  func begin(_ task: String, awaits awaited: String) -> [String]? {
    edges.withLock { edges in
      var path = [task, awaited]
      var passed: Set<String> = [awaited]
      var node = awaited
      while node != task {
        guard let next = edges[node], passed.insert(next).inserted || next == task else {
          edges[task] = awaited
          return nil
        }
        path.append(next)
        node = next
      }
      edges[task] = awaited
      return path
    }
  }

  func end(_ task: String) {
    edges.withLock { _ = $0.removeValue(forKey: task) }
  }
}
