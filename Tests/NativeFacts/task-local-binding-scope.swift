// fact: A task-local binding (withValue) is read by the tasks created inside it — an async let child, a group child, a Task {} with or without an executor preference, even after withValue has returned — but not by Task.detached (with or without a preference) nor by a DispatchQueue work item; a child's own withValue is its own, and the binding ends when withValue returns.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before withValue: requestID = 0
// log: inside withValue: requestID = 7
// log: async let child: requestID = 7
// log: group child: requestID = 7
// log: Task {}: requestID = 7
// log: Task.detached: requestID = 0
// log: Task(executorPreference:): requestID = 7
// log: Task.detached(executorPreference:): requestID = 0
// log: DispatchQueue.global().async: requestID = 0
// log: Task {} inside its own withValue(8): requestID = 8
// log: Task {} after its own withValue: requestID = 7
// log: parent after the child rebound: requestID = 7
// log: after withValue returned: requestID = 0
// log: Task {} created after withValue returned: requestID = 0
// log: Task {} started inside, 50 ms later: requestID = 7
import Dispatch

enum Request {
  @TaskLocal static var requestID = 0
}

func show(_ who: String) { print("log: \(who): requestID = \(Request.requestID)") }

@main struct Main {
  static func main() async {
    show("before withValue")
    var late: Task<Void, Never>?
    await Request.$requestID.withValue(7) {
      show("inside withValue")
      async let child: Void = show("async let child")
      await child
      await withTaskGroup(of: Void.self) { group in group.addTask { show("group child") } }
      await Task { show("Task {}") }.value
      await Task.detached { show("Task.detached") }.value
      await Task(executorPreference: globalConcurrentExecutor) {
        show("Task(executorPreference:)")
      }.value
      await Task.detached(executorPreference: globalConcurrentExecutor) {
        show("Task.detached(executorPreference:)")
      }.value
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          show("DispatchQueue.global().async")
          done.resume()
        }
      }
      await Task {
        Request.$requestID.withValue(8) { show("Task {} inside its own withValue(8)") }
        show("Task {} after its own withValue")
      }.value
      show("parent after the child rebound")
      late = Task {
        try? await Task.sleep(for: .milliseconds(50))
        show("Task {} started inside, 50 ms later")
      }
    }
    show("after withValue returned")
    await Task { show("Task {} created after withValue returned") }.value
    await late?.value
  }
}
