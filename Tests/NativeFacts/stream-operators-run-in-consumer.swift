// fact: map and filter on an AsyncStream run nothing when a value is yielded: the consumer applies them to each value as it pulls it, one value at a time, and after a value the filter drops it pulls the next at once, without running the loop's body
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: yielded 1, 2 and 3
// log: map 1
// log: filter 10
// log: map 2
// log: filter 20
// log: body 20
// log: map 3
// log: filter 30
// log: body 30
// log: the loop ended
func log(_ text: String) { print("log: \(text)") }

let (prices, continuation) = AsyncStream.makeStream(of: Int.self)

@main struct StreamOperatorsRunInConsumer {
  static func main() async {
    for price in 1...3 { continuation.yield(price) }
    log("yielded 1, 2 and 3")
    continuation.finish()
    let consumer = Task {
      let doubled = prices.map { price in
        log("map \(price)")
        return price * 10
      }
      let kept = doubled.filter { price in
        log("filter \(price)")
        return price > 10
      }
      for await price in kept { log("body \(price)") }
      log("the loop ended")
    }
    await consumer.value
  }
}
