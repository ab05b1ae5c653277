// fact: A `Task.immediate {}` isolated to an actor its caller is not on (here a `@MainActor` closure made on the pool) does not run at once: it is queued on that actor like a `Task {}`, and its caller goes on.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the caller went on before the immediate task ran: true
// log: the immediate task ran on the main actor, once main was free: true
// Main-actor code holds main (spinning, up to 1 s) while a detached task makes the immediate task
// and notes that it went on; only then is main free for the immediate task.
import Foundation
import Synchronization

let callerWentOn = Atomic<Bool>(false)
let taskRan = Atomic<Bool>(false)

/// Synchronous, so it may check: traps unless it runs on the main actor.
func onMainActor() -> Bool {
  MainActor.assumeIsolated { true }
}

@concurrent func caller() async -> Bool {
  let eager = Task.immediate { @MainActor in
    taskRan.store(true, ordering: .sequentiallyConsistent)
    return onMainActor()
  }
  callerWentOn.store(
    !taskRan.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
  return await eager.value
}

@MainActor func run() async {
  let detached = Task.detached { await caller() }
  let deadline = Date().addingTimeInterval(1)
  while !callerWentOn.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  print(
    "log: the caller went on before the immediate task ran: \(callerWentOn.load(ordering: .sequentiallyConsistent))"
  )
  let onMain = await detached.value
  print("log: the immediate task ran on the main actor, once main was free: \(onMain)")
}

@main struct Main {
  static func main() async {
    await run()
  }
}
