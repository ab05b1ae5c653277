// fact: A `Task { @concurrent in … }` made on the main actor does not inherit the main actor: it
//   starts on the pool while its creator still holds main, where a plain `Task {}` made there
//   waits for main.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Task {}: started while main was held: false
// log: Task { @concurrent in }: started while main was held: true
// The creator spins without an `await`, holding the main actor: a task that can start does so
// within microseconds (1 s covers a loaded machine); one on main cannot, and 300 ms shows it.
import Foundation
import Synchronization

let started = Atomic<Bool>(false)

/// Holds the caller's thread (and actor) until the task has started or `limit` seconds pass.
func holdUntilStarted(limit: Duration) -> Bool {
  let deadline = ContinuousClock.now + limit
  while !started.load(ordering: .sequentiallyConsistent) && ContinuousClock.now < deadline {}
  return started.load(ordering: .sequentiallyConsistent)
}

@MainActor func run() async {
  started.store(false, ordering: .sequentiallyConsistent)
  let plain = Task { started.store(true, ordering: .sequentiallyConsistent) }
  let startedFirst = holdUntilStarted(limit: .milliseconds(300))
  print("log: Task {}: started while main was held: \(startedFirst)")
  await plain.value

  started.store(false, ordering: .sequentiallyConsistent)
  let concurrent = Task { @concurrent in started.store(true, ordering: .sequentiallyConsistent) }
  let startedBeside = holdUntilStarted(limit: .seconds(1))
  print("log: Task { @concurrent in }: started while main was held: \(startedBeside)")
  await concurrent.value
}

@main struct Main {
  static func main() async {
    await run()
  }
}
