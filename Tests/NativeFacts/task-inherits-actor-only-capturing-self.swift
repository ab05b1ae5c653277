// fact: A `Task {}` made in an actor's method runs on that actor only if its closure uses `self`: without `self`, it starts on the pool while the method still holds the actor; with `self` (a use or `[self]`), it waits until the actor is free.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a Task {} that does not use self started while the actor was held: true
// log: a Task {} that uses self started while the actor was held: false
// log: a Task {} that captures [self] started while the actor was held: false
// The method makes the task, then spins without an `await`, holding the actor: a task that can
// start does so within microseconds (1 s covers a loaded machine); one on the actor cannot, and
// 300 ms of holding shows it.
import Foundation
import Synchronization

let started = Atomic<Bool>(false)

/// Holds the caller's thread (and actor) until the task has started or `limit` seconds pass.
func holdUntilStarted(limit: Double) -> Bool {
  let deadline = Date().addingTimeInterval(limit)
  while !started.load(ordering: .sequentiallyConsistent) && Date() < deadline {}
  return started.load(ordering: .sequentiallyConsistent)
}

actor Store {
  var count = 0

  func taskWithoutSelf() async -> Bool {
    started.store(false, ordering: .sequentiallyConsistent)
    let task = Task { started.store(true, ordering: .sequentiallyConsistent) }
    let startedMeanwhile = holdUntilStarted(limit: 1)
    await task.value
    return startedMeanwhile
  }

  func taskUsingSelf() async -> Bool {
    started.store(false, ordering: .sequentiallyConsistent)
    let task = Task {
      count += 1
      started.store(true, ordering: .sequentiallyConsistent)
    }
    let startedMeanwhile = holdUntilStarted(limit: 0.3)
    await task.value
    return startedMeanwhile
  }

  func taskCapturingSelf() async -> Bool {
    started.store(false, ordering: .sequentiallyConsistent)
    let task = Task { [self] in
      _ = self
      started.store(true, ordering: .sequentiallyConsistent)
    }
    let startedMeanwhile = holdUntilStarted(limit: 0.3)
    await task.value
    return startedMeanwhile
  }
}

@main struct Main {
  static func main() async {
    let store = Store()
    print(
      "log: a Task {} that does not use self started while the actor was held: \(await store.taskWithoutSelf())"
    )
    print(
      "log: a Task {} that uses self started while the actor was held: \(await store.taskUsingSelf())"
    )
    print(
      "log: a Task {} that captures [self] started while the actor was held: \(await store.taskCapturingSelf())"
    )
  }
}
