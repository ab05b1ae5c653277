// fact: An AsyncStream that nobody finished runs its onTermination handler with .cancelled when the last reference to it goes (the stream and its continuation both released, with no consumer).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: inside the scope: not run yet
// log: after the scope: cancelled
import Foundation

final class Record: @unchecked Sendable {
  private var reason = "not run yet"
  private let lock = NSLock()
  func set(_ text: String) { lock.withLock { reason = text } }
  var text: String { lock.withLock { reason } }
}

let record = Record()
func scope() {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  continuation.onTermination = { reason in record.set("\(reason)") }
  continuation.yield(1)
  print("log: inside the scope: \(record.text)")
  withExtendedLifetime(stream) {}
}
scope()
print("log: after the scope: \(record.text)")
