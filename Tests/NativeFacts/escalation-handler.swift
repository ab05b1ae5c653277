// fact: withTaskPriorityEscalationHandler's handler gets the old and the new priority when the task is escalated: by a .high task's await of it, on the awaiting task's thread, at the await, or by a call of escalatePriority(to:) on its handle, inside that call; afterwards Task.currentPriority reads the new priority.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: await from a .high task: the handler got low → high
// log: await from a .high task: the handler ran on the awaiting task's thread: true
// log: await from a .high task: the task then reads Task.currentPriority high
// log: escalatePriority(to: .high): the handler got low → high before the call returned: true
//
// Each .low task sleeps 300 ms inside the handler's operation, so it is suspended when it is
// escalated. Threads are named by their Linux thread id (/proc/thread-self).
import Foundation
import Synchronization

func threadID() -> Int {
  let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
  return Int(stat.split(separator: " ").first ?? "") ?? -1
}

extension TaskPriority {
  var name: String {
    switch self {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(rawValue)"
    }
  }
}

struct Seen: Sendable {
  var change = ""
  var thread = -1
}

/// A .low task that sleeps 300 ms, passing `note` what its escalation handler got, and
/// returning its priority after the sleep.
func lowTask(_ note: @escaping @Sendable (Seen) -> Void) -> Task<String, Never> {
  Task.detached(priority: .low) {
    await withTaskPriorityEscalationHandler {
      try? await Task.sleep(for: .milliseconds(300))
      return Task.currentPriority.name
    } onPriorityEscalated: { old, new in
      note(Seen(change: "\(old.name) → \(new.name)", thread: threadID()))
    }
  }
}

let byAwait = Mutex(Seen())
let byCall = Mutex(Seen())

@main struct Main {
  static func main() async {
    let refresh = lowTask { seen in byAwait.withLock { $0 = seen } }
    try? await Task.sleep(for: .milliseconds(50))
    let (awaiter, after) = await Task.detached(priority: .high) {
      let awaiter = threadID()
      return (awaiter, await refresh.value)
    }.value
    let seen = byAwait.withLock { $0 }
    print("log: await from a .high task: the handler got \(seen.change)")
    print(
      "log: await from a .high task: the handler ran on the awaiting task's thread: \(seen.thread == awaiter)"
    )
    print("log: await from a .high task: the task then reads Task.currentPriority \(after)")

    let report = lowTask { seen in byCall.withLock { $0 = seen } }
    try? await Task.sleep(for: .milliseconds(50))
    report.escalatePriority(to: .high)
    let change = byCall.withLock { $0.change }
    print(
      "log: escalatePriority(to: .high): the handler got \(change) before the call returned: \(change == "low → high")"
    )
    _ = await report.value
  }
}
