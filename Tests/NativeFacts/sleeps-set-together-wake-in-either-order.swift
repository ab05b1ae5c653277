// fact: Two tasks that start together and each sleep 20 ms wake in either order: each order comes up in some round.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the task made first woke first, in some round: true
// log: the task made second woke first, in some round: true
//
// The lab's virtual runtime wakes sleepers due at one time in the order their sleeps were set;
// natively, sleeps set microseconds apart keep no such order (docs/runtimes.md, seed 7 of the
// fidelity fuzzer).
import Synchronization

final class Log: Sendable {
  let lines = Mutex<[String]>([])
  func add(_ line: String) { lines.withLock { $0.append(line) } }
}

@main struct Main {
  static func main() async {
    var firstFirst = false
    var secondFirst = false
    for _ in 0..<200 {
      let log = Log()
      let first = Task {
        try? await Task.sleep(for: .milliseconds(20))
        log.add("first")
      }
      let second = Task {
        try? await Task.sleep(for: .milliseconds(20))
        log.add("second")
      }
      _ = await (first.value, second.value)
      let order = log.lines.withLock { $0 }
      if order == ["first", "second"] { firstFirst = true }
      if order == ["second", "first"] { secondFirst = true }
      if firstFirst, secondFirst { break }
    }
    print("log: the task made first woke first, in some round: \(firstFirst)")
    print("log: the task made second woke first, in some round: \(secondFirst)")
  }
}
