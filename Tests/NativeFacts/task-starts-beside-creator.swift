// fact: A `Task {}` made by code on no actor does not wait for its creator to suspend: while the creator runs on without an `await`, the task starts at once on another thread of the pool (in every one of 20 rounds, on 2 cores).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: rounds where the task started while its creator ran on: 20 of 20
// log: rounds where the task ran on another thread than its creator: 20 of 20
// The creator spins (up to 5 s, stopping as soon as the task has started) and never suspends, so
// its thread is never free: a task that waited for it would never start within the round.
import Foundation
import Synchronization

let started = Atomic<Int>(0)

/// The kernel's name of the calling thread (Linux): -O may merge two calls of pthread_self().
func threadID() -> Int {
  var buffer = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &buffer, 63)
  let path = String(
    decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return Int(path.split(separator: "/").last ?? "") ?? -1
}

@concurrent func creator(round: Int) async -> (startedMeanwhile: Bool, otherThread: Bool) {
  let mine = threadID()
  let taskThread = Atomic<Int>(-1)
  let task = Task {
    taskThread.store(threadID(), ordering: .sequentiallyConsistent)
    started.store(round, ordering: .sequentiallyConsistent)
  }
  let deadline = Date().addingTimeInterval(5)
  while started.load(ordering: .sequentiallyConsistent) != round && Date() < deadline {}
  let startedMeanwhile = started.load(ordering: .sequentiallyConsistent) == round
  await task.value
  return (startedMeanwhile, taskThread.load(ordering: .sequentiallyConsistent) != mine)
}

@main struct Main {
  static func main() async {
    let rounds = 20
    var meanwhile = 0
    var elsewhere = 0
    for round in 1...rounds {
      let seen = await creator(round: round)
      if seen.startedMeanwhile { meanwhile += 1 }
      if seen.otherThread { elsewhere += 1 }
    }
    print("log: rounds where the task started while its creator ran on: \(meanwhile) of \(rounds)")
    print(
      "log: rounds where the task ran on another thread than its creator: \(elsewhere) of \(rounds)"
    )
  }
}
