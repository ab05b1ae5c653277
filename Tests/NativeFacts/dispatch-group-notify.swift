// fact: A DispatchGroup counts enter() and leave(): notify(queue: .main) runs its block once, on the main queue, when the count is back to zero after the last leave(), and group.wait() holds its thread until that moment.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 100 ms: weather: leave()
// log: 300 ms: city and photo: leave()
// log: 300 ms: group.wait() returned
// log: 300 ms: notify's block runs on the main queue: true
// log: notify's block ran 1 time
//
// Two branches enter the group: one leaves at 100 ms; the other after 100 + 200 ms, in the
// completion of its second step. A global-queue item waits with group.wait(). Times are
// rounded to 100 ms.
import Foundation
import Synchronization

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }
let notifyRuns = Atomic<Int>(0)
let queueName = DispatchSpecificKey<String>()

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    DispatchQueue.main.setSpecific(key: queueName, value: "main")
    let group = DispatchGroup()
    let queue = DispatchQueue(label: "fetch", attributes: .concurrent)
    group.enter()
    queue.asyncAfter(deadline: .now() + .milliseconds(100)) {
      print("log: \(at()) ms: weather: leave()")
      group.leave()
    }
    group.enter()
    queue.asyncAfter(deadline: .now() + .milliseconds(100)) {
      queue.asyncAfter(deadline: .now() + .milliseconds(200)) {
        print("log: \(at()) ms: city and photo: leave()")
        group.leave()
      }
    }
    let waited = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      group.wait()
      print("log: \(at()) ms: group.wait() returned")
      waited.signal()
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      group.notify(queue: .main) {
        waited.wait()  // print after the waiter, so that the lines come in one order
        notifyRuns.add(1, ordering: .sequentiallyConsistent)
        let onMain = DispatchQueue.getSpecific(key: queueName) == "main"
        print("log: \(at()) ms: notify's block runs on the main queue: \(onMain)")
        done.resume()
      }
    }
    try? await Task.sleep(for: .milliseconds(100))
    print("log: notify's block ran \(notifyRuns.load(ordering: .sequentiallyConsistent)) time")
  }
}
