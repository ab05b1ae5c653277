// fact: With `-default-isolation MainActor`, unannotated code is main-actor code: an unannotated async function runs on the main actor, and a `Task {}` it makes waits for main; an `async let` child or a task group child starts off the main actor, and an unannotated function it calls runs on the main actor.
// checked: Swift 6.3.1, Linux
// flags: -default-isolation MainActor
// compare: sequence
// log: main() runs on the main actor: true
// log: an unannotated async function ran on the main actor: true
// log: a Task {} it made started while it held main: false
// log: an async let child started while its parent held main: true
// log: an unannotated function the child called ran on the main actor: true
// log: a task group child started while the group's body held main: true
// Holding main is spinning without an `await`: a task that can start does so within microseconds
// (1 s covers a loaded machine); one on main cannot, and 300 ms shows it.
import Foundation
import Synchronization

nonisolated let started = Atomic<Bool>(false)

/// Holds the caller's thread until `started` is set, or `limit` seconds pass.
nonisolated func holdUntilStarted(limit: Double) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !started.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  return started.load(ordering: .sequentiallyConsistent)
}

/// Traps unless it runs on the main actor.
nonisolated func onMainActor() -> Bool {
  MainActor.assumeIsolated { true }
}

nonisolated func markStarted() -> Bool {
  started.store(true, ordering: .sequentiallyConsistent)
  return true
}

func decode() -> Bool { onMainActor() }

func load() async -> (onMain: Bool, taskStarted: Bool) {
  let onMain = onMainActor()
  started.store(false, ordering: .sequentiallyConsistent)
  let task = Task { _ = markStarted() }
  let taskStarted = holdUntilStarted(limit: 0.3)
  await task.value
  return (onMain, taskStarted)
}

@main struct Main {
  static func main() async {
    print("log: main() runs on the main actor: \(onMainActor())")
    let loaded = await load()
    print("log: an unannotated async function ran on the main actor: \(loaded.onMain)")
    print("log: a Task {} it made started while it held main: \(loaded.taskStarted)")
    started.store(false, ordering: .sequentiallyConsistent)
    async let childStarted = markStarted()
    print(
      "log: an async let child started while its parent held main: \(holdUntilStarted(limit: 1))")
    _ = await childStarted
    async let decoded = decode()
    print("log: an unannotated function the child called ran on the main actor: \(await decoded)")
    started.store(false, ordering: .sequentiallyConsistent)
    let groupChildStarted = await withTaskGroup(of: Void.self) { group in
      group.addTask { _ = markStarted() }
      return holdUntilStarted(limit: 1)
    }
    print("log: a task group child started while the group's body held main: \(groupChildStarted)")
  }
}
