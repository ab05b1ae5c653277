// fact: On Linux, a thread that waits for a Synchronization Mutex held by another thread sleeps
//   in the kernel, in a futex call (FUTEX_LOCK_PI), until the holder lets go.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the waiter sleeps in a futex call while the lock is held: true
// log: its futex operation is FUTEX_LOCK_PI: true
// log: it took the lock once the holder let go: true
//
// One thread holds the Mutex until the other has been seen waiting (at most 5 s). The waiter's
// state is read from /proc/self/task/TID: `syscall` gives the system call it sleeps in (202,
// futex on x86_64; 98 on arm64) and its second argument, the operation (FUTEX_LOCK_PI is 6, with
// FUTEX_PRIVATE_FLAG 134); `stat` gives its state, S (sleeping).
import Foundation
import Synchronization

let lock = Mutex<Int>(0)
let waiterID = Atomic<Int>(0)
let seen = Atomic<Bool>(false)

/// The kernel's id of the calling thread.
func threadID() -> Int {
  let stat = (try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8)) ?? ""
  return Int(stat.split(separator: " ").first ?? "") ?? -1
}

/// The system call number, its operation argument and the state of thread `id`.
func waitState(of id: Int) -> (call: Int, operation: Int, state: String) {
  let task = "/proc/self/task/\(id)"
  let syscall = (try? String(contentsOfFile: "\(task)/syscall", encoding: .utf8)) ?? ""
  let fields = syscall.split(separator: " ")
  let stat = (try? String(contentsOfFile: "\(task)/stat", encoding: .utf8)) ?? ""
  // The state follows the command name, which ends with ") ".
  let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
  let call = fields.first.flatMap { Int($0) } ?? -1
  let operation = fields.count > 2 ? Int(fields[2].dropFirst(2), radix: 16) ?? -1 : -1
  return (call, operation, state)
}

#if arch(arm64)
  let futexCall = 98
#else
  let futexCall = 202
#endif

let holding = DispatchSemaphore(value: 0)
let holder = Thread {
  lock.withLock { _ in
    holding.signal()
    let deadline = ContinuousClock.now + .seconds(5)
    while !seen.load(ordering: .sequentiallyConsistent) && ContinuousClock.now < deadline {
      usleep(1000)
    }
  }
}
holder.start()
holding.wait()

let taken = DispatchSemaphore(value: 0)
let waiter = Thread {
  waiterID.store(threadID(), ordering: .sequentiallyConsistent)
  lock.withLock { $0 += 1 }
  taken.signal()
}
waiter.start()

var sleepsInFutex = false
var lockPI = false
let deadline = ContinuousClock.now + .seconds(4)
while ContinuousClock.now < deadline {
  let id = waiterID.load(ordering: .sequentiallyConsistent)
  if id > 0 {
    let now = waitState(of: id)
    if now.call == futexCall && now.state == "S" {
      sleepsInFutex = true
      lockPI = now.operation & 0x7f == 6
      if lockPI { break }
    }
  }
  usleep(1000)
}
seen.store(true, ordering: .sequentiallyConsistent)
let tookIt = taken.wait(timeout: .now() + 5) == .success && lock.withLock { $0 } == 1
print("log: the waiter sleeps in a futex call while the lock is held: \(sleepsInFutex)")
print("log: its futex operation is FUTEX_LOCK_PI: \(lockPI)")
print("log: it took the lock once the holder let go: \(tookIt)")
