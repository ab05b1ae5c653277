// fact: A task is not tied to a thread: after an await suspends it, it can resume on another thread of the cooperative pool than the one it ran on before.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: a task resumed on another thread after an await, in some round: true
// Eight tasks at a time each hold their thread 1 ms, note it, sleep 1 ms and note it again;
// rounds stop as soon as one task comes back on another thread.
// The thread is named by reading /proc/thread-self (Linux), since -O may merge two calls of
// pthread_self(), which C declares constant.
import Glibc

func threadID() -> String {
  var buffer = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &buffer, 63)
  return String(decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func movedInSomeRound() async -> Bool {
  for _ in 1...500 {
    let moved = await withTaskGroup(of: Bool.self) { group in
      for _ in 1...8 {
        group.addTask {
          usleep(1000)  // hold the thread a moment, so that the pool uses more than one
          let before = threadID()
          try? await Task.sleep(for: .milliseconds(1))
          return threadID() != before
        }
      }
      return await group.contains(true)
    }
    if moved { return true }
  }
  return false
}

print(
  "log: a task resumed on another thread after an await, in some round: \(await movedInSomeRound())"
)
