// fact: Calls from pool tasks into a `@MainActor` method run on the main actor one at a time: 400 calls from four tasks, each reading and then writing a counter, never overlap and lose no update.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: calls that overlapped another call on the main actor: 0
// log: timeStamps = 400
// Each call counts itself in and out with an atomic and holds its thread about 50 µs between
// reading the counter and writing it, long enough for an overlap or a lost update to show.
import Foundation
import Synchronization

let inside = Atomic<Int>(0)
let overlaps = Atomic<Int>(0)

@MainActor final class TimeStore {
  var timeStamps = 0

  func addStamp() {
    if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
      overlaps.add(1, ordering: .sequentiallyConsistent)
    }
    let read = timeStamps
    let until = ContinuousClock.now + .microseconds(50)
    while ContinuousClock.now < until {}
    timeStamps = read + 1
    inside.subtract(1, ordering: .sequentiallyConsistent)
  }
}

@main struct Main {
  static func main() async {
    let store = TimeStore()
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...4 {
        group.addTask {
          for _ in 1...100 { await store.addStamp() }
        }
      }
    }
    print(
      "log: calls that overlapped another call on the main actor: \(overlaps.load(ordering: .sequentiallyConsistent))"
    )
    print("log: timeStamps = \(store.timeStamps)")
  }
}
