// fact: An actor's method keeps the actor across an `await` that does not suspend (a call to
//   another method of the same actor that never suspends, or the value of a task that has
//   already ended): a call queued on the actor meanwhile does not run; at an `await` that
//   suspends (Task.sleep), the actor takes the queued call.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the queued call ran during an await of the actor's own method: false
// log: the queued call ran during an await of an ended task's value: false
// log: the queued call ran during an await of Task.sleep: true
// A detached task queues `other()` on the actor while `method` holds it (spinning, without an
// `await`). After each `await`, the method spins up to 300 ms watching for `other()`: had the
// actor been given up, a free thread would run it within microseconds (2 cores, one held).
import Synchronization

let otherRan = Atomic<Bool>(false)
let otherQueued = Atomic<Bool>(false)

/// Holds the thread for `ms` milliseconds, or until `done()` says so.
func spin(ms: Int, until done: () -> Bool = { false }) {
  let end = ContinuousClock.now + .milliseconds(ms)
  while ContinuousClock.now < end && !done() {}
}

func ran() -> Bool { otherRan.load(ordering: .sequentiallyConsistent) }

actor Store {
  /// Isolated to the actor, and never suspends.
  func helper() async -> Int { 1 }

  func other() { otherRan.store(true, ordering: .sequentiallyConsistent) }

  func method(ended: Task<Int, Never>) async -> [Bool] {
    Task.detached {
      otherQueued.store(true, ordering: .sequentiallyConsistent)
      await self.other()
    }
    spin(ms: 1_000) { otherQueued.load(ordering: .sequentiallyConsistent) }
    spin(ms: 50)  // the detached task's call is queued on the actor by now
    var seen: [Bool] = []
    _ = await helper()
    spin(ms: 300, until: ran)
    seen.append(ran())
    _ = await ended.value
    spin(ms: 300, until: ran)
    seen.append(ran())
    try? await Task.sleep(for: .milliseconds(50))
    seen.append(ran())
    return seen
  }
}

@main struct Main {
  static func main() async {
    let ended = Task { 1 }
    _ = await ended.value
    let seen = await Store().method(ended: ended)
    print("log: the queued call ran during an await of the actor's own method: \(seen[0])")
    print("log: the queued call ran during an await of an ended task's value: \(seen[1])")
    print("log: the queued call ran during an await of Task.sleep: \(seen[2])")
  }
}
