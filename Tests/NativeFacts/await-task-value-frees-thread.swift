// fact: A task awaiting another task's result holds no thread: while eight tasks on a 2-core pool await one task's 300 ms result, a ninth task starts and ends on the pool.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: tasks awaiting the result: 8
// log: the ninth task ran before the awaited result came: true
// log: every waiter got the result: true
import Foundation
import Synchronization

let waiting = Atomic<Int>(0)
let ninthRan = Atomic<Bool>(false)

@main struct Main {
  static func main() async {
    let slow = Task.detached {
      try? await Task.sleep(for: .milliseconds(300))
      return ninthRan.load(ordering: .sequentiallyConsistent)
    }
    let waiters = (1...8).map { _ in
      Task.detached {
        waiting.add(1, ordering: .sequentiallyConsistent)
        return await slow.value
      }
    }
    while waiting.load(ordering: .sequentiallyConsistent) < 8 {
      try? await Task.sleep(for: .milliseconds(1))
    }
    print("log: tasks awaiting the result: \(waiting.load(ordering: .sequentiallyConsistent))")
    await Task.detached { ninthRan.store(true, ordering: .sequentiallyConsistent) }.value
    var results: [Bool] = []
    for waiter in waiters { results.append(await waiter.value) }
    print("log: the ninth task ran before the awaited result came: \(await slow.value)")
    print("log: every waiter got the result: \(results.count == 8)")
  }
}
