// fact: Cancelling a task does more than set its flag: before cancel() returns, it runs the task's cancellation handler and cancels its child tasks (async let and task group children), running their handlers too; their Task.sleep calls then throw CancellationError at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before cancel() returned, the task's handler had run: true
// log: before cancel() returned, the async let child's handler had run: true
// log: before cancel() returned, the group child's handler had run: true
// log: the async let child: Task.sleep(for: 5 s) threw CancellationError within 1 s: true
// log: the group child: Task.sleep(for: 5 s) threw CancellationError within 1 s: true
//
// Every handler sets a flag; main reads the flags right after cancel() returns.
import Foundation
import Synchronization

let taskHandler = Atomic<Bool>(false)
let childHandler = Atomic<Bool>(false)
let groupChildHandler = Atomic<Bool>(false)
let ready = Atomic<Int>(0)

/// Sleeps 5 s inside a cancellation handler that runs `mark`; says how the sleep ended.
func sleepWatched(_ mark: @escaping @Sendable () -> Void) async -> String {
  let start = ContinuousClock.now
  return await withTaskCancellationHandler {
    ready.add(1, ordering: .sequentiallyConsistent)
    do {
      try await Task.sleep(for: .seconds(5))
      return "slept 5 s"
    } catch {
      let soon = ContinuousClock.now - start < .seconds(1)
      return "Task.sleep(for: 5 s) threw \(type(of: error)) within 1 s: \(soon)"
    }
  } onCancel: {
    mark()
  }
}

@main struct Main {
  static func main() async {
    let task = Task.detached {
      await withTaskCancellationHandler {
        async let child = sleepWatched {
          childHandler.store(true, ordering: .sequentiallyConsistent)
        }
        let groupChild = await withTaskGroup(of: String.self) { group in
          group.addTask {
            await sleepWatched { groupChildHandler.store(true, ordering: .sequentiallyConsistent) }
          }
          return await group.next()!
        }
        return (await child, groupChild)
      } onCancel: {
        taskHandler.store(true, ordering: .sequentiallyConsistent)
      }
    }
    while ready.load(ordering: .sequentiallyConsistent) < 2 {
      try? await Task.sleep(for: .milliseconds(10))
    }
    task.cancel()
    let seen = (
      taskHandler.load(ordering: .sequentiallyConsistent),
      childHandler.load(ordering: .sequentiallyConsistent),
      groupChildHandler.load(ordering: .sequentiallyConsistent)
    )
    print("log: before cancel() returned, the task's handler had run: \(seen.0)")
    print("log: before cancel() returned, the async let child's handler had run: \(seen.1)")
    print("log: before cancel() returned, the group child's handler had run: \(seen.2)")
    let (child, groupChild) = await task.value
    print("log: the async let child: \(child)")
    print("log: the group child: \(groupChild)")
  }
}
