// fact: An AsyncStream's onTermination handler runs once, synchronously, inside finish(), on the finishing thread, with .finished, before finish() returns; the values still buffered are delivered afterwards, and a second finish() does not run the handler again.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: before finish()
// log: onTermination(finished), on the thread that called finish(): true
// log: after finish()
// log: after the second finish()
// log: the loop took [1, 2], then ended
import Foundation

final class Lines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()
  func add(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

let lines = Lines()
let finisher = pthread_self()  // the thread that runs this code and calls finish()
let (prices, continuation) = AsyncStream.makeStream(of: Int.self)
continuation.onTermination = { reason in
  lines.add(
    "onTermination(\(reason)), on the thread that called finish(): \(pthread_equal(pthread_self(), finisher) != 0)"
  )
}
continuation.yield(1)
continuation.yield(2)
// This thread finishes the stream; nobody iterates it yet.
lines.add("before finish()")
continuation.finish()
lines.add("after finish()")
continuation.finish()
lines.add("after the second finish()")
var got: [Int] = []
for await price in prices { got.append(price) }
lines.add("the loop took \(got), then ended")
for line in lines.all { print("log: \(line)") }
