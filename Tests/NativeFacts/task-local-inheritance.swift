// fact: A @TaskLocal value bound with withValue is read by code in the task (a function it calls too) and by every task made inside the closure, which copies the binding: an async let child, task group children, a Task {}; a Task.detached and a DispatchQueue.global().async closure read the default.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before withValue: requestID = 0
// log: handleRequest: requestID = 7
// log: async let child: requestID = 7
// log: group child: requestID = 7
// log: group child: requestID = 7
// log: Task {}: requestID = 7
// log: Task.detached: requestID = 0
// log: DispatchQueue.global().async: requestID = 0
import Dispatch

enum TaskLocals {
  @TaskLocal static var requestID = 0
}

func show(_ who: String) { print("log: \(who): requestID = \(TaskLocals.requestID)") }

func handleRequest() async {
  show("handleRequest")
  async let child: Void = show("async let child")
  await child
  await withTaskGroup(of: Void.self) { group in
    group.addTask { show("group child") }
    await group.next()
    group.addTask { show("group child") }
  }
  await Task { show("Task {}") }.value
  await Task.detached { show("Task.detached") }.value
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    DispatchQueue.global().async {
      show("DispatchQueue.global().async")
      done.resume()
    }
  }
}

@main struct Main {
  static func main() async {
    show("before withValue")
    await TaskLocals.$requestID.withValue(7) {
      await handleRequest()
    }
  }
}
