// fact: usleep and Thread.sleep hold the thread they run on: called on the main thread (directly or from a synchronous function, which runs on its caller's thread), they keep every main-actor task and DispatchQueue.main block waiting until they return.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: 0 ms: main queues a main-actor task and a main-queue block, then blocks
// log: the synchronous function runs on the main thread: true
// log: 600 ms: main's blocks ended
// log: 600 ms: the main-queue block runs
// log: 600 ms: the main-actor task runs
//
// main (the main actor, on the main thread) blocks 300 ms with usleep, then calls a synchronous
// function that blocks 300 ms with Thread.sleep. Times are rounded to 100 ms.
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

func takesTooLong() {
  print("log: the synchronous function runs on the main thread: \(Thread.isMainThread)")
  Thread.sleep(forTimeInterval: 0.3)
}

@main struct Main {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    print("log: \(at()) ms: main queues a main-actor task and a main-queue block, then blocks")
    DispatchQueue.main.async { print("log: \(at()) ms: the main-queue block runs") }
    let task = Task { @MainActor in print("log: \(at()) ms: the main-actor task runs") }
    usleep(300_000)
    takesTooLong()
    print("log: \(at()) ms: main's blocks ended")
    await task.value
  }
}
