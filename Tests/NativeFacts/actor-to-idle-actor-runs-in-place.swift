// fact: A task on an actor that calls another actor nobody is running goes on on its own thread at once, into that actor and back, ahead of a task queued in the pool before the call, while the pool's other thread is busy.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: both actors' code and the way back ran before the task queued ahead of them, in some round: true
//
// As actor-hop-from-pool-runs-in-place.swift, from one actor to another: A's method calls B's;
// B runs on A's thread at once, then A again, then the caller, and only then the queued task.
// Two threads in the pool, as on this machine; one is kept busy by a task that blocks for 5 ms.
import Foundation
import Synchronization

final class Log: Sendable {
  let lines = Mutex<[String]>([])
  func add(_ line: String) { lines.withLock { $0.append(line) } }
}

actor B {
  func hit(_ log: Log) { log.add("B") }
}

actor A {
  func call(_ b: B, _ log: Log) async {
    log.add("A")
    await b.hit(log)
    log.add("A again")
  }
}

@main struct Main {
  static func main() async {
    var inPlace = false
    for _ in 0..<100 {
      let log = Log()
      let (a, b) = (A(), B())
      await Task.detached {
        let hold = Task.detached { usleep(5_000) }
        usleep(1_000)
        let queued = Task.detached { log.add("queued") }
        await a.call(b, log)
        log.add("back")
        _ = await (hold.value, queued.value)
      }.value
      if log.lines.withLock({ $0 }) == ["A", "B", "A again", "back", "queued"] { inPlace = true }
    }
    print(
      "log: both actors' code and the way back ran before the task queued ahead of them, "
        + "in some round: \(inPlace)")
  }
}
