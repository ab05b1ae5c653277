// fact: A `Task {}` made in main-actor code inherits the main actor: it does not start while its creator holds main, and runs on the main actor once main is free; a `Task.detached {}` made there starts on the pool while main is still held.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the Task {} started while main was held: false
// log: the Task.detached {} started while main was held: true
// log: the Task {} ran on the main actor, after main was free: true
// The creator spins without an `await`, holding the main actor: a task that can start does so
// within microseconds (1 s covers a loaded machine); one on main cannot, and 300 ms shows it.
import Foundation
import Synchronization

let started = Atomic<Bool>(false)

/// Holds the caller's thread (and actor) until the task has started or `limit` seconds pass.
func holdUntilStarted(limit: Double) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !started.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  return started.load(ordering: .sequentiallyConsistent)
}

/// Synchronous, so it may check: traps unless it runs on the main actor.
func onMainActor() -> Bool {
  MainActor.assumeIsolated { true }
}

@MainActor func run() async {
  started.store(false, ordering: .sequentiallyConsistent)
  let plain = Task {
    started.store(true, ordering: .sequentiallyConsistent)
    return onMainActor()
  }
  print("log: the Task {} started while main was held: \(holdUntilStarted(limit: 0.3))")
  let ranOnMain = await plain.value

  started.store(false, ordering: .sequentiallyConsistent)
  let detached = Task.detached { started.store(true, ordering: .sequentiallyConsistent) }
  print("log: the Task.detached {} started while main was held: \(holdUntilStarted(limit: 1))")
  await detached.value
  print("log: the Task {} ran on the main actor, after main was free: \(ranOnMain)")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
