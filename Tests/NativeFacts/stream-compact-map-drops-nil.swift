// fact: for await over an AsyncStream's .compactMap { price in price > 2 ? price * 10 : nil } gets only the non-nil results; the consumer runs the closure per value as it pulls it, and after a nil pulls the next value at once, without running the loop's body
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: closure on 1
// log: closure on 3
// log: got 30
// log: closure on 2
// log: closure on 4
// log: got 40
// log: the loop ended
// The closure logs each value it sees; the loop's body logs what reaches it. The producer yields
// 1 and 3, the consumer takes them, then 2 and 4 are yielded and the stream finishes.
func log(_ text: String) { print("log: \(text)") }

let (prices, continuation) = AsyncStream.makeStream(of: Int.self)

@main struct StreamCompactMapDropsNil {
  static func main() async {
    continuation.yield(1)
    continuation.yield(3)
    let reader = Task {
      var seen = 0
      for await price in prices.compactMap({ price in
        log("closure on \(price)")
        return price > 2 ? price * 10 : nil
      }) {
        log("got \(price)")
        seen += 1
        if seen == 1 {
          continuation.yield(2)
          continuation.yield(4)
          continuation.finish()
        }
      }
      log("the loop ended")
    }
    await reader.value
  }
}
