// fact: Cancelling the task that iterates an AsyncStream ends its for await loop although nothing
//   finished the stream: when the loop is waiting for a value, onTermination runs with .cancelled
//   inside the cancel() call, on the canceller's thread, before it returns; then the loop ends,
//   with the values it already had, and a later yield returns .terminated. (A busy consumer:
//   stream-cancel-busy-consumer.swift.)
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before cancel()
// log: onTermination(cancelled), on the canceller's thread: true
// log: after cancel()
// log: the loop ended with [1, 2], after the handler ran: true
// log: yield after the cancel: terminated
import Foundation

final class Lines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()
  func add(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
  func contains(_ line: String) -> Bool { lock.withLock { lines.contains(line) } }
  /// The thread that calls cancel(), set just before the call.
  private var cancellerThread: pthread_t?
  var canceller: pthread_t? {
    get { lock.withLock { cancellerThread } }
    set { lock.withLock { cancellerThread = newValue } }
  }
}

@main struct Main {
  static func main() async {
    let lines = Lines()
    let (ticks, continuation) = AsyncStream.makeStream(of: Int.self)
    continuation.onTermination = { reason in
      let here = lines.canceller.map { pthread_equal($0, pthread_self()) != 0 } ?? false
      lines.add("onTermination(\(reason)), on the canceller's thread: \(here)")
    }
    let consumer = Task.detached {  // on the pool, beside the main thread
      var got: [Int] = []
      for await tick in ticks { got.append(tick) }
      return
        "the loop ended with \(got), after the handler ran: \(lines.all.contains { $0.hasPrefix("onTermination") })"
    }
    continuation.yield(1)
    continuation.yield(2)
    try? await Task.sleep(for: .milliseconds(100))  // the consumer waits for a third value
    lines.add("before cancel()")
    lines.canceller = pthread_self()
    consumer.cancel()
    lines.add("after cancel()")
    lines.add(await consumer.value)
    switch continuation.yield(3) {
    case .terminated: lines.add("yield after the cancel: terminated")
    default: lines.add("yield after the cancel: not terminated")
    }
    for line in lines.all { print("log: \(line)") }
  }
}
