// fact: Task.currentPriority is the task's priority now (inherited by an async let child, raised by a task that awaits it), and Task.isCancelled reads true once the task is cancelled, even inside synchronous work.
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/20-priorities/current-priority.json
// compare: sequence
import Foundation

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

func log(_ text: String) { print("log: \(text)") }

/// Synchronous work that holds its thread, as the lab's `block`.
func block(_ milliseconds: Int) { Thread.sleep(forTimeInterval: Double(milliseconds) / 1000) }

/// The root task's steps, off the main actor as the scenario's root is.
func run() async {
  log("root runs at \(Task.currentPriority.name), cancelled: \(Task.isCancelled)")
  let chore = Task(priority: .background) { () -> String in
    try? await Task.sleep(for: .milliseconds(100))
    log("chore wakes at \(Task.currentPriority.name)")
    return Task.currentPriority.name
  }
  let urgent = Task(priority: .high) { () -> [String] in
    async let child = Task.currentPriority.name
    let childSaw = await child
    log("urgent's async let child runs at \(childSaw)")
    return [childSaw, await chore.value]
  }
  let urgentSaw = await urgent.value
  let worker = Task { () -> Bool in
    block(50)
    log("worker cancelled: \(Task.isCancelled)")
    return Task.isCancelled
  }
  worker.cancel()
  let workerSaw = await worker.value
  print("seen: \([Task.currentPriority.name, urgentSaw[0], urgentSaw[1]]), \(workerSaw)")
}

await run()
