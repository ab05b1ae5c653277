// fact: DispatchGroup.wait() in a task holds its thread of the cooperative pool: with one waiting
//   task per thread, the tasks that would leave the group get no thread until the waits time out.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: waits that timed out: all
// log: each wait lasted its whole 500 ms: true
// log: the leaving tasks ran only after the waits: true
// One group child per core enters a group of its own, starts a Task {} that sleeps 100 ms and
// then leaves it, and waits with group.wait(timeout:) for up to 500 ms.
import Foundation
import Synchronization

let start = ContinuousClock.now
func ms() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1)) }
let leftEarly = Atomic<Int>(0)

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let results = await withTaskGroup(of: (timedOut: Bool, waited: Int).self) { tasks in
      for _ in 0..<cores {
        tasks.addTask {
          let group = DispatchGroup()
          group.enter()
          Task {
            try? await Task.sleep(for: .milliseconds(100))
            if ms() < 500 { leftEarly.add(1, ordering: .sequentiallyConsistent) }
            group.leave()
          }
          let began = ms()
          let timedOut = group.wait(timeout: .now() + .milliseconds(500)) == .timedOut
          return (timedOut, ms() - began)
        }
      }
      var all: [(timedOut: Bool, waited: Int)] = []
      for await result in tasks { all.append(result) }
      return all
    }
    let timedOut = results.filter(\.timedOut).count
    print("log: waits that timed out: \(timedOut == cores ? "all" : "\(timedOut) of \(cores)")")
    print("log: each wait lasted its whole 500 ms: \(results.allSatisfy { $0.waited >= 490 })")
    print(
      "log: the leaving tasks ran only after the waits: \(leftEarly.load(ordering: .sequentiallyConsistent) == 0)"
    )
  }
}
