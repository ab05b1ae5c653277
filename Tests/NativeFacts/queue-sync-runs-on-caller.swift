// fact: DispatchQueue.sync on a serial queue waits for the blocks queued before it, then runs its block on the calling thread (here a task's thread of the cooperative pool, held all along), and returns once the block has run.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the sync block saw count = 3
// log: the sync block ran on the calling thread: true
// log: the writes ran on the calling thread: false
//
// Three store.async writes take 100 ms each; a task then reads with store.sync. Threads are named
// by their Linux thread id (/proc/thread-self).
import Foundation
import Synchronization

func threadID() -> Int {
  let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
  return Int(stat.split(separator: " ").first ?? "") ?? -1
}

final class Box: @unchecked Sendable {  // touched only on `store`
  var count = 0
  var writers: [Int] = []
}

@main struct Main {
  static func main() async {
    let store = DispatchQueue(label: "store")
    let box = Box()
    for _ in 1...3 {
      store.async {
        usleep(100_000)
        box.count += 1
        box.writers.append(threadID())
      }
    }
    let (seen, caller, blockThread, writers, waited) = await Task.detached {
      let caller = threadID()
      let begin = ContinuousClock.now
      let (seen, blockThread, writers) = store.sync { (box.count, threadID(), box.writers) }
      return (seen, caller, blockThread, writers, ContinuousClock.now - begin)
    }.value
    print("log: the sync block saw count = \(seen)")
    print("log: the sync block ran on the calling thread: \(blockThread == caller)")
    print("log: the writes ran on the calling thread: \(writers.contains(caller))")
    print("info: sync returned after \(waited)")
  }
}
