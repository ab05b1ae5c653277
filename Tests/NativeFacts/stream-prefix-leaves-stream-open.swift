// fact: for await over an AsyncStream's .prefix(2) ends after two values without pulling a third, and does not terminate the stream: a later yield is still .enqueued, onTermination runs only at finish(), and another loop takes the values left
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/18-streams/stream-operators.json
// compare: sequence
// log: got 20
// log: got 30
// log: the reader's loop ended
// log: onTermination(finished)
// log: still in the stream: 4
// log: still in the stream: 5
// The scenario's stream is a global, as `lab swift` writes it, so no iterator's end can drop
// the last reference to it (a stream whose last reference goes is terminated, .cancelled).
// yield(5) is enqueued, as the second loop's 5 shows; a yield that was not says so.
func log(_ text: String) { print("log: \(text)") }

let (prices, continuation) = AsyncStream.makeStream(of: Int.self)

@main struct StreamPrefixLeavesStreamOpen {
  static func main() async {
    continuation.onTermination = { reason in log("onTermination(\(reason))") }
    for price in 1...4 { continuation.yield(price) }
    let reader = Task {
      for await price in prices.map({ price in price * 10 }).filter({ price in price > 10 })
        .prefix(2)
      {
        log("got \(price)")
      }
      log("the reader's loop ended")
    }
    await reader.value
    let result = continuation.yield(5)
    if case .enqueued = result {} else { log("yield(5) after the loop: \(result)") }
    continuation.finish()
    for await left in prices { log("still in the stream: \(left)") }
  }
}
