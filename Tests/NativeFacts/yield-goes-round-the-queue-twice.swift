// fact: `Task.yield()` enqueues a job that, when a thread takes it, enqueues the task again: a task
//   enqueued after the yield, before that job ran, goes on before the yielding task (the order
//   below in 20 of 20 rounds in each of 2 runs here, on 2 cores; one trip through the queue
//   would put y's second line before z2's).
// checked: Swift 6.3.1, Linux
// compare: sequence
// scenario: Scenarios/14-starvation/yield-goes-round-twice.json
// log: y: before the yield
// log: z1: queued before y yielded
// log: z2: queued by z1, after y yielded
// log: y: after the yield
// The caller holds its own thread, so one thread of the pool (as wide as the cores) runs y, z1
// and z2 in turn. z1 is queued before y yields, z2 by z1 after it: z2 still goes first, because
// the yield's job went to the queue, not y. (`Task.yield()` in the standard library: it makes a
// continuation job and enqueues it on the task's executor; the job resumes the continuation,
// which enqueues the task.)
import Foundation
import Synchronization

let order = Mutex<[String]>([])
let children = Mutex<[Task<Void, Never>]>([])

func mark(_ name: String) { order.withLock { $0.append(name) } }

@concurrent func round() async -> [String] {
  order.withLock { $0 = [] }
  let y = Task.detached {
    mark("y: before the yield")
    let z1 = Task.detached {
      mark("z1: queued before y yielded")
      let z2 = Task.detached { mark("z2: queued by z1, after y yielded") }
      children.withLock { $0.append(z2) }
    }
    children.withLock { $0.append(z1) }
    await Task.yield()
    mark("y: after the yield")
  }
  let end = Date().addingTimeInterval(0.03)
  while Date() < end {}
  await y.value
  for child in children.withLock({ $0 }) { await child.value }
  children.withLock { $0 = [] }
  return order.withLock { $0 }
}

@main struct Main {
  static func main() async {
    var orders: [[String]: Int] = [:]
    for _ in 1...20 { orders[await round(), default: 0] += 1 }
    // The order of every round, when all agree; else each order with its count.
    if orders.count == 1, let only = orders.keys.first {
      for name in only { print("log: \(name)") }
    } else {
      for (names, count) in orders { print("\(count) rounds: \(names.joined(separator: ", "))") }
    }
  }
}
