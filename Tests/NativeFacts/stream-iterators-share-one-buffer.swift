// fact: each makeAsyncIterator() of one AsyncStream reads the stream's one buffer: an iterator's next() takes 1, a for await loop (an iterator of its own) goes on from 2; after finish() and an empty buffer, next() returns nil at once, so `?? -1` gives -1
// checked: Swift 6.3.1, Linux
// scenario: Scenarios/18-streams/stream-next.json
// compare: sequence
// log: first: 1
// log: the loop: 2
// log: the loop: 3
// log: the loop ended
// log: after the end: -1
// The values are all buffered before the first next(); the scenario yields them one by one.
func log(_ text: String) { print("log: \(text)") }

let (prices, continuation) = AsyncStream.makeStream(of: Int.self)

@main struct StreamIteratorsShareOneBuffer {
  static func main() async {
    for price in 1...3 { continuation.yield(price) }
    continuation.finish()
    var iterator = prices.makeAsyncIterator()
    log("first: \(await iterator.next() ?? -1)")
    for await price in prices { log("the loop: \(price)") }
    log("the loop ended")
    log("after the end: \(await iterator.next() ?? -1)")
  }
}
