// fact: On Linux, a Task.detached made without a priority runs at .medium (21) whatever the priority of the task that makes it and of the thread it is made on (.high, .medium, .low or .background), as long as nothing awaits it from higher.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: made in a .high task: 21
// log: made in a .medium task: 21
// log: made in a .low task: 21
// log: made in a .background task: 21
// The maker waits for the new task's reading without awaiting it: an await while it runs
// would escalate it to the maker's priority.
import Foundation
import Synchronization

func detachedPriority(madeIn priority: TaskPriority) async -> UInt8 {
  await Task.detached(priority: priority) { () -> UInt8 in
    let reading = Atomic<UInt8>(0)
    let made = Task.detached { @Sendable in
      reading.store(Task.currentPriority.rawValue, ordering: .sequentiallyConsistent)
    }
    while reading.load(ordering: .sequentiallyConsistent) == 0 { usleep(1_000) }
    await made.value
    return reading.load(ordering: .sequentiallyConsistent)
  }.value
}

for (name, priority) in [
  ("high", TaskPriority.high), ("medium", .medium), ("low", .low), ("background", .background),
] {
  print("log: made in a .\(name) task: \(await detachedPriority(madeIn: priority))")
}
