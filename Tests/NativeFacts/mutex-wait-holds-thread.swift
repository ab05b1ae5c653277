// fact: A task that waits for a Mutex keeps its thread, while a task that waits for a busy actor suspends and frees it: with one pool thread holding a Mutex (or an actor) for 400 ms and a second task waiting for it on the other thread, a third task started at 100 ms starts at 400 ms behind the Mutex and at 100 ms behind the actor. Adds done inside withLock lose no update.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: Mutex: the third task started at 400 ms
// log: actor: the third task started at 100 ms
// log: counter = 200000
//
// The pool of .medium tasks is as wide as the cores; cores - 2 blockers hold the threads beyond
// two. Times are rounded to 100 ms.
import Foundation
import Synchronization

let start = ContinuousClock.now
/// Milliseconds since `from`, to the nearest 100.
func at(_ from: ContinuousClock.Instant) -> Int {
  Int((ContinuousClock.now - from) / .milliseconds(1) + 50) / 100 * 100
}

let lock = Mutex<Int>(0)

actor Store {
  func hold() { usleep(400_000) }
  func touch() {}
}

/// Holds a thread with `holder`, makes a second task wait with `waiter`, starts a third at
/// 100 ms, and says when the third started.
func thirdStart(
  holder: @escaping @Sendable () async -> Void,
  waiter: @escaping @Sendable () async -> Void
) async -> Int {
  let begin = ContinuousClock.now
  for _ in 2..<ProcessInfo.processInfo.activeProcessorCount {
    Task.detached(priority: .medium) { usleep(700_000) }
  }
  let first = Task.detached(priority: .medium) { await holder() }
  try? await Task.sleep(for: .milliseconds(20))
  let second = Task.detached(priority: .medium) { await waiter() }
  try? await Task.sleep(for: .milliseconds(80))
  let third = await Task.detached(priority: .medium) { at(begin) }.value
  await first.value
  await second.value
  return third
}

@main struct Main {
  static func main() async {
    let mutex = await thirdStart(
      holder: { lock.withLock { _ in _ = usleep(400_000) } },
      waiter: { lock.withLock { $0 += 0 } })
    print("log: Mutex: the third task started at \(mutex) ms")
    usleep(400_000)  // let any blockers of the first round end
    let store = Store()
    let actor = await thirdStart(
      holder: { await store.hold() },
      waiter: { await store.touch() })
    print("log: actor: the third task started at \(actor) ms")
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<100_000 { lock.withLock { $0 += 1 } }
        }
      }
    }
    print("log: counter = \(lock.withLock { $0 })")
  }
}
