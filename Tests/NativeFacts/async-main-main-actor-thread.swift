// fact: On Linux, a program whose `main` is async drains the main queue with no run loop: until main's first suspension, main-actor code runs on the process's first thread; after it, main-actor code and blocks sent to `DispatchQueue.main` run on another thread, one and the same, where `Thread.isMainThread` is false.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before the first suspension: on the first thread: true, Thread.isMainThread: true
// log: after it: on the main actor: true, on the first thread: false, Thread.isMainThread: false
// log: a block sent to DispatchQueue.main ran, with no run loop: true
// log: it ran on the thread that runs main-actor code: true
// log: five later main-actor jobs ran on that same thread: true
// Threads are named by the kernel (/proc/thread-self): pthread_self() values are reused once a
// thread ends, and the first thread's id is the process id.
import Foundation
import Synchronization

func threadID() -> Int {
  var buffer = [CChar](repeating: 0, count: 64)
  let count = readlink("/proc/thread-self", &buffer, 63)
  let path = String(
    decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return Int(path.split(separator: "/").last ?? "") ?? -1
}

/// Traps unless it runs on the main actor.
func onMainActor() -> Bool {
  MainActor.assumeIsolated { true }
}

let blockThread = Atomic<Int>(0)

@main struct Main {
  @MainActor static func main() async {
    let first = Int(getpid())
    print(
      "log: before the first suspension: on the first thread: \(threadID() == first), Thread.isMainThread: \(Thread.isMainThread)"
    )
    DispatchQueue.main.async { blockThread.store(threadID(), ordering: .sequentiallyConsistent) }
    try? await Task.sleep(for: .milliseconds(10))
    let mainActorThread = threadID()
    print(
      "log: after it: on the main actor: \(onMainActor()), on the first thread: \(mainActorThread == first), Thread.isMainThread: \(Thread.isMainThread)"
    )
    var waited = 0
    while blockThread.load(ordering: .sequentiallyConsistent) == 0 && waited < 100 {
      try? await Task.sleep(for: .milliseconds(10))
      waited += 1
    }
    let block = blockThread.load(ordering: .sequentiallyConsistent)
    print("log: a block sent to DispatchQueue.main ran, with no run loop: \(block != 0)")
    print("log: it ran on the thread that runs main-actor code: \(block == mainActorThread)")
    var same = true
    for _ in 1...5 {
      await Task.detached { try? await Task.sleep(for: .milliseconds(1)) }.value
      same = same && threadID() == mainActorThread && onMainActor()
    }
    print("log: five later main-actor jobs ran on that same thread: \(same)")
  }
}
