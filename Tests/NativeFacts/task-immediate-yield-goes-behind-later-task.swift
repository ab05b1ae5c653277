// fact: A `Task.immediate` made by a task on the pool that yields in its first part goes on after a `Task.detached` its caller makes after that yield, when one thread of the pool is free (in 20 of 20 rounds in each of 2 runs here, on 2 cores; with two tasks made after the yield, it went on after both in 9 of 10): the yield need not keep its place in the pool's queue.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: rounds where the later task ran before the yielded task went on: some
// The caller holds its own thread for 50 ms after making both tasks, so one other thread of the
// cooperative pool (as wide as the cores) is free for the two jobs waiting. The yield's job is
// queued before the later task, but when a thread takes it, it queues the yielded task behind
// it (fact yield-goes-round-the-queue-twice); the lab models it so (docs/runtimes.md,
// "Task.immediate, measured").
import Foundation
import Synchronization

let order = Mutex<[String]>([])

func mark(_ name: String) { order.withLock { $0.append(name) } }

@concurrent func round() async -> Bool {
  order.withLock { $0 = [] }
  let immediate = Task.immediate {
    mark("first part")
    await Task.yield()
    mark("goes on")
  }
  let later = Task.detached { mark("later task") }
  let end = Date().addingTimeInterval(0.05)
  while Date() < end {}
  await immediate.value
  await later.value
  return order.withLock { $0 } == ["first part", "later task", "goes on"]
}

@main struct Main {
  static func main() async {
    var after = 0
    for _ in 1...20 where await round() { after += 1 }
    print(
      "log: rounds where the later task ran before the yielded task went on: "
        + (after > 0 ? "some" : "none"))
    print("(\(after) of 20 rounds)")
  }
}
