// fact: A Task {}, a task group child and an async let child inherit their creator's priority and task-local values; Task(priority: .low) {} sets the priority and keeps the task-locals; a Task.detached {} inherits neither: made in a .high task, it runs at .medium and reads the task-local's default.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: in the .high task: priority high, request "r42"
// log: Task {}: priority high, request "r42"
// log: group child: priority high, request "r42"
// log: async let child: priority high, request "r42"
// log: Task.detached {}: priority medium, request "none"
// log: Task(priority: .low) {}: priority low, request "r42"
//
// The parent never awaits a task before it has finished: awaiting it from a .high task would
// escalate it to .high (escalation.swift). Each task leaves what it saw in `seenBy`, which the
// parent polls with Task.sleep.
import Foundation
import Synchronization

enum Request {
  @TaskLocal static var id = "none"
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

func seen() -> String { "priority \(Task.currentPriority.name), request \"\(Request.id)\"" }

let seenBy = Mutex<[String: String]>([:])
func note(_ who: String) {
  let what = seen()
  seenBy.withLock { $0[who] = what }
}
/// What `who` saw, once it has noted it (polled every 10 ms, for at most 10 s).
func result(_ who: String) async -> String {
  for _ in 0..<1000 {
    if let what = seenBy.withLock({ $0[who] }) { return what }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return "nothing within 10 s"
}

@main struct Main {
  static func main() async {
    await Task.detached(priority: .high) {
      await Request.$id.withValue("r42") {
        print("log: in the .high task: \(seen())")
        let task = Task { note("task") }
        print("log: Task {}: \(await result("task"))")
        await task.value
        await withTaskGroup(of: Void.self) { group in
          group.addTask { note("group") }
          print("log: group child: \(await result("group"))")
        }
        async let letChild: Void = note("async let")
        print("log: async let child: \(await result("async let"))")
        await letChild
        Task.detached { note("detached") }
        print("log: Task.detached {}: \(await result("detached"))")
        Task(priority: .low) { note("low") }
        print("log: Task(priority: .low) {}: \(await result("low"))")
      }
    }.value
  }
}
