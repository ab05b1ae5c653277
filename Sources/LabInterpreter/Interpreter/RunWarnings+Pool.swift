import LabModel
import LabRuntime

extension RunWarnings {
  /// Blocking work on the cooperative pool that kept ready tasks from a thread: the pool has only
  /// as many threads as the machine's cores, and a thread held by `Thread.sleep`, a lock or a
  /// semaphore runs nothing else meanwhile. Named only when someone did wait: a task whose sleep
  /// had ended, or a new task, that got a worker late. `threshold` is the smallest wait counted,
  /// in scenario milliseconds (real clocks add noise to live runs).
  static func poolBlocking(_ events: [TraceEvent], threshold: Double) -> [String] {
    guard events.contains(where: { $0.kind == .block && isWorker($0.thread) }) else { return [] }
    var blocks = 0
    var longest: (milliseconds: Int, task: String) = (0, "")
    var spawned: [String: Double] = [:]
    var waits: [(task: String, waited: Double)] = []
    for event in events {
      switch event.kind {
      case .block where isWorker(event.thread):
        blocks += 1
        let milliseconds = work(event.payload) ?? 0
        if milliseconds > longest.milliseconds { longest = (milliseconds, event.task) }
      case .spawn:
        if let name = event.payload.spawnedTask { spawned[name] = event.time }
      case .start where isWorker(event.thread):
        if let since = spawned.removeValue(forKey: event.task), event.time - since >= threshold {
          waits.append((event.task, event.time - since))
        }
      case .wake where isWorker(event.thread):
        if case .wake(.late(_, let waited)) = event.payload, waited >= threshold {
          waits.append((event.task, waited))
        }
      default: break
      }
    }
    guard let worst = waits.max(by: { $0.waited < $1.waited }) else { return [] }
    let total = waits.reduce(0) { $0 + $1.waited }
    let tasks = Set(waits.map(\.task)).count
    let held =
      longest.milliseconds > 0 ? ", the longest \(longest.milliseconds) ms by \(longest.task)" : ""
    return [
      "blocking work held the cooperative pool's threads (\(blocks) blocking wait"
        + "\(blocks == 1 ? "" : "s") on worker threads\(held)): \(tasks) task"
        + "\(tasks == 1 ? " was" : "s were") ready and waited \(TraceText.time(total)) ms in all "
        + "for a thread, the longest \(TraceText.time(worst.waited)) ms (\(worst.task)); the pool "
        + "has as many threads as cores, so in async code await instead of blocking (Task.sleep), "
        + "or move blocking work off the pool"
    ]
  }

  static func isWorker(_ thread: String) -> Bool { PriorityBand(thread: thread) != nil }

  /// `W` from a wake's note written as text, `ready at R ms, waited W ms for a thread`.
  static func waitedForThread(_ text: String) -> Double? {
    guard case .wake(.late(_, let waited)) = TraceEvent.Payload(.wake, text: text) else {
      return nil
    }
    return waited
  }
}
