// fact: Two serial queues whose work items each call sync on the other, while the other is busy, hang: neither sync returns and nothing traps (watched for 500 ms, on Linux).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: both items are running, each about to sync onto the other's queue
// log: a sync returned within 500 ms: false
// log: the process is still running: true
//
// Each item waits until the other has started before it calls sync, so both queues are busy
// when the syncs begin. main watches with a timed semaphore wait, then ends the process.
import Foundation

let cache = DispatchQueue(label: "cache")
let disk = DispatchQueue(label: "disk")
let bothStarted = DispatchGroup()
let returned = DispatchSemaphore(value: 0)

bothStarted.enter()
bothStarted.enter()
cache.async {
  bothStarted.leave()
  bothStarted.wait()
  disk.sync {}
  returned.signal()
}
disk.async {
  bothStarted.leave()
  bothStarted.wait()
  cache.sync {}
  returned.signal()
}
bothStarted.wait()
print("log: both items are running, each about to sync onto the other's queue")
let result = returned.wait(timeout: .now() + .milliseconds(500))
print("log: a sync returned within 500 ms: \(result == .success)")
print("log: the process is still running: true")
