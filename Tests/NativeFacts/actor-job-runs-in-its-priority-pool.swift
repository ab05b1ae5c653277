// fact: On Linux, a default actor runs each job on a thread of the pool of that job's priority: a .high call runs on a user-initiated thread and a .low one on a utility thread, also when it waited behind the other on the busy actor.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: urgent (.high, first): a user-initiated thread
// log: chore (.low, queued behind urgent): a utility thread
// log: chore2 (.low, first): a utility thread
// log: urgent2 (.high, queued behind chore2): a user-initiated thread
// libdispatch names its threads by quality of service; Linux keeps 15 characters of the name.
import Foundation

func poolOfThisThread() -> String {
  let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
  if name.contains("initiated-qos") { return "a user-initiated thread" }
  if name.contains("utility-qos") { return "a utility thread" }
  return "another thread (\(name.trimmingCharacters(in: .whitespacesAndNewlines)))"
}

actor Store {
  func work() -> String {
    usleep(50_000)
    return poolOfThisThread()
  }
}

@main struct Main {
  static func main() async {
    let store = Store()
    let urgent = Task.detached(priority: .high) { await store.work() }
    try? await Task.sleep(for: .milliseconds(10))
    let chore = Task.detached(priority: .low) { await store.work() }
    print("log: urgent (.high, first): \(await urgent.value)")
    print("log: chore (.low, queued behind urgent): \(await chore.value)")
    let chore2 = Task.detached(priority: .low) { await store.work() }
    try? await Task.sleep(for: .milliseconds(10))
    let urgent2 = Task.detached(priority: .high) { await store.work() }
    print("log: chore2 (.low, first): \(await chore2.value)")
    print("log: urgent2 (.high, queued behind chore2): \(await urgent2.value)")
  }
}
