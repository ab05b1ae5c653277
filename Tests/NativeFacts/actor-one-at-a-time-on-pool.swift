// fact: An actor is not a thread: its methods run on the cooperative pool, on more than one thread over a run, but never two at once (400 calls from four tasks: no overlap, no lost update).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the actor's code ran on more than one thread: true
// log: calls that overlapped another call on the actor: 0
// log: count after the four tasks: 400
// Four tasks make 100 calls each at once; then single calls from fresh tasks, 1 ms apart, until
// the actor has run on two threads. Each call notes its thread, counts itself in and out with an
// atomic, and holds its thread about 50 µs in between, long enough for an overlap to show.
import Foundation
import Synchronization

func threadID() -> Int {
  var buffer = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &buffer, 63)
  let path = String(
    decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return Int(path.split(separator: "/").last ?? "") ?? -1
}

let inside = Atomic<Int>(0)
let overlaps = Atomic<Int>(0)

actor Counter {
  var count = 0
  var threads: Set<Int> = []

  func add() {
    if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
      overlaps.add(1, ordering: .sequentiallyConsistent)
    }
    threads.insert(threadID())
    let read = count
    let until = ContinuousClock.now + .microseconds(50)
    while ContinuousClock.now < until {}
    count = read + 1
    inside.subtract(1, ordering: .sequentiallyConsistent)
  }
}

@main struct Main {
  static func main() async {
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...4 {
        group.addTask {
          for _ in 1...100 { await counter.add() }
        }
      }
    }
    // Calls from fresh tasks, 1 ms apart, until two threads are seen.
    var round = 0
    while await counter.threads.count < 2 && round < 500 {
      await Task.detached { await counter.add() }.value
      try? await Task.sleep(for: .milliseconds(1))
      round += 1
    }
    print("log: the actor's code ran on more than one thread: \(await counter.threads.count > 1)")
    print(
      "log: calls that overlapped another call on the actor: \(overlaps.load(ordering: .sequentiallyConsistent))"
    )
    print("log: count after the four tasks: \(await counter.count - round)")
  }
}
