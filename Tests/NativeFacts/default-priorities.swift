// fact: Unless given one, every task runs at .medium (21): main, a Task {} made in main, a Task.detached, an async let child, and a Task.detached made on a plain Thread; async let children inherit their parent's priority (25 inside a .high task).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: main: 21
// log: Task {} made in main: 21
// log: Task.detached {}: 21
// log: async let child of main: 21
// log: async let child of a .high task: 25
// log: Task.detached {} made on a plain Thread: 21
import Foundation

@main struct Main {
  static func main() async {
    print("log: main: \(Task.currentPriority.rawValue)")
    print("log: Task {} made in main: \(await Task { Task.currentPriority.rawValue }.value)")
    print("log: Task.detached {}: \(await Task.detached { Task.currentPriority.rawValue }.value)")
    async let child = Task.currentPriority.rawValue
    print("log: async let child of main: \(await child)")
    let high = Task(priority: .high) { () -> UInt8 in
      async let child = Task.currentPriority.rawValue
      return await child
    }
    print("log: async let child of a .high task: \(await high.value)")
    let fromThread = await withCheckedContinuation { (done: CheckedContinuation<UInt8, Never>) in
      Thread {
        let detached = Task.detached { Task.currentPriority.rawValue }
        Task.detached { done.resume(returning: await detached.value) }
      }.start()
    }
    print("log: Task.detached {} made on a plain Thread: \(fromThread)")
  }
}
