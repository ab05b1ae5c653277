// fact: An AsyncStream's onTermination handler set after finish() does not run then; it runs, with .cancelled, when the AsyncStream itself is released (releasing only its continuation does not run it).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: after setting the handler: not run yet
// log: after the continuation is released: not run yet
// log: after the stream is released: cancelled
import Foundation

final class Record: @unchecked Sendable {
  private var reason = "not run yet"
  private let lock = NSLock()
  func set(_ text: String) { lock.withLock { reason = text } }
  var text: String { lock.withLock { reason } }
}

let record = Record()
var stream: AsyncStream<Int>?
var continuation: AsyncStream<Int>.Continuation?
(stream, continuation) = AsyncStream.makeStream(of: Int.self)
continuation!.finish()
continuation!.onTermination = { reason in record.set("\(reason)") }
print("log: after setting the handler: \(record.text)")
continuation = nil
print("log: after the continuation is released: \(record.text)")
withExtendedLifetime(stream) {}
stream = nil
print("log: after the stream is released: \(record.text)")
