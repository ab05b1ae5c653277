// fact: DispatchQueue.sync onto a serial queue that is busy waits for the work queued before it, then runs its block on the calling thread and returns the block's value; sync onto a concurrent queue from a block already running on it runs the inner block at once.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: async block starts
// log: caller calls sync
// log: async block ends
// log: sync block runs on the caller's thread: true
// log: sync returned 42
// log: outer block on the concurrent queue calls sync onto it
// log: inner block runs
// log: after the inner sync
import Foundation

let serial = DispatchQueue(label: "serial")
let started = DispatchSemaphore(value: 0)
serial.async {
  print("log: async block starts")
  started.signal()
  usleep(100_000)
  print("log: async block ends")
}
started.wait()
print("log: caller calls sync")
let caller = pthread_self()
let value = serial.sync { () -> Int in
  print(
    "log: sync block runs on the caller's thread: \(pthread_equal(pthread_self(), caller) != 0)")
  return 42
}
print("log: sync returned \(value)")

let concurrent = DispatchQueue(label: "concurrent", attributes: .concurrent)
let done = DispatchSemaphore(value: 0)
concurrent.async {
  print("log: outer block on the concurrent queue calls sync onto it")
  concurrent.sync { print("log: inner block runs") }
  print("log: after the inner sync")
  done.signal()
}
done.wait()
