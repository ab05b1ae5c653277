// fact: An AsyncStream made with .bufferingNewest(0) keeps nothing, yet a consumer already waiting in for await gets the value yielded to it: yield returns .enqueued(remaining: 0), and a value yielded while the consumer is busy is dropped.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: yield(1) to a waiting consumer: enqueued(remaining: 0)
// log: yield(2) while it is busy: dropped(2)
// log: the consumer got [1]
// The consumer waits 200 ms before the first yield, and takes 300 ms over each value.
func describe(_ result: AsyncStream<Int>.Continuation.YieldResult) -> String {
  switch result {
  case .enqueued(let remaining): "enqueued(remaining: \(remaining))"
  case .dropped(let value): "dropped(\(value))"
  case .terminated: "terminated"
  @unknown default: "unknown"
  }
}

@main struct Main {
  static func main() async {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: .bufferingNewest(0))
    let consumer = Task {
      var got: [Int] = []
      for await value in stream {
        got.append(value)
        try? await Task.sleep(for: .milliseconds(300))
      }
      return got
    }
    try? await Task.sleep(for: .milliseconds(200))
    print("log: yield(1) to a waiting consumer: \(describe(continuation.yield(1)))")
    try? await Task.sleep(for: .milliseconds(50))
    print("log: yield(2) while it is busy: \(describe(continuation.yield(2)))")
    continuation.finish()
    print("log: the consumer got \(await consumer.value)")
  }
}
