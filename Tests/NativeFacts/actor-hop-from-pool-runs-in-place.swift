// fact: A task on the cooperative pool that calls an idle actor runs the method, and comes back, on its own thread at once: ahead of a task queued in the pool before the call, while the pool's other thread is busy.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the actor's method and the way back ran before the task queued ahead of them, in some round: true
//
// The lab's virtual runtime does the same (docs/runtimes.md, "The hop to an idle actor runs in
// place"). Two threads in the pool, as on this machine; one is kept busy by a task that blocks
// for 5 ms, so the task queued after it waits for a thread.
import Foundation
import Synchronization

actor Store {
  var n = 0
  func bump(_ log: Log) {
    n += 1
    log.add("actor")
  }
}

final class Log: Sendable {
  let lines = Mutex<[String]>([])
  func add(_ line: String) { lines.withLock { $0.append(line) } }
}

@main struct Main {
  static func main() async {
    var inPlace = false
    for _ in 0..<100 {
      let log = Log()
      let store = Store()
      await Task.detached {
        let hold = Task.detached { usleep(5_000) }
        usleep(1_000)
        let queued = Task.detached { log.add("queued") }
        await store.bump(log)
        log.add("back")
        _ = await (hold.value, queued.value)
      }.value
      let order = log.lines.withLock { $0 }
      if order == ["actor", "back", "queued"] { inPlace = true }
    }
    print(
      "log: the actor's method and the way back ran before the task queued ahead of them, "
        + "in some round: \(inPlace)")
  }
}
