// fact: Cancelling the task that iterates an AsyncStream while it is busy between two values
//   does not run onTermination inside cancel(): the handler runs, with .cancelled, in the
//   consumer's own task, when its loop next asks for a value; the values buffered before the
//   cancel are still delivered, and then the loop ends.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: cancel() returned; the handler has run: false
// log: onTermination(cancelled), inside cancel(): false, in the consumer's task: true, after the loop took 1 value(s)
// log: the loop got [1, 2, 3], then ended
// log: yield after the loop ended: terminated
//
// The consumer takes 1, then holds its thread until main has cancelled it; 2 and 3 wait in the
// buffer meanwhile. A task-local bound in the consumer's task tells where the handler ran.
import Foundation
import Synchronization

enum Where {
  @TaskLocal static var task = "main"
}

final class Lines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()
  func add(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

let lines = Lines()
let taken = Atomic<Int>(0)
let cancelled = Atomic<Bool>(false)
let inCancel = Atomic<Bool>(false)

@main struct Main {
  static func main() async {
    let (prices, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { reason in
      let inside = inCancel.load(ordering: .sequentiallyConsistent)
      let took = taken.load(ordering: .sequentiallyConsistent)
      lines.add(
        "onTermination(\(reason)), inside cancel(): \(inside), in the consumer's task: "
          + "\(Where.task == "consumer"), after the loop took \(took) value(s)")
    }
    let consumer = Task.detached {
      await Where.$task.withValue("consumer") {
        var got: [Int] = []
        for await price in prices {
          got.append(price)
          taken.store(got.count, ordering: .sequentiallyConsistent)
          // Busy: not waiting for a value until main has cancelled this task (at most 5 s).
          let deadline = ContinuousClock.now + .seconds(5)
          while !cancelled.load(ordering: .sequentiallyConsistent)
            && ContinuousClock.now < deadline
          {
            usleep(1000)
          }
        }
        lines.add("the loop got \(got), then ended")
      }
    }
    continuation.yield(1)
    while taken.load(ordering: .sequentiallyConsistent) == 0 {
      try? await Task.sleep(for: .milliseconds(1))
    }
    continuation.yield(2)
    continuation.yield(3)
    inCancel.store(true, ordering: .sequentiallyConsistent)
    consumer.cancel()
    inCancel.store(false, ordering: .sequentiallyConsistent)
    let handlerRan = lines.all.contains { $0.hasPrefix("onTermination") }
    lines.add("cancel() returned; the handler has run: \(handlerRan)")
    cancelled.store(true, ordering: .sequentiallyConsistent)
    await consumer.value
    switch continuation.yield(4) {
    case .terminated: lines.add("yield after the loop ended: terminated")
    default: lines.add("yield after the loop ended: not terminated")
    }
    for line in lines.all { print("log: \(line)") }
  }
}
