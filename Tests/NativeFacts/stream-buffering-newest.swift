// fact: an AsyncStream with .bufferingNewest(2) hands a value to a waiting consumer at once and keeps only the newest two of those yielded while it is busy
// checked: Swift 6.3.1, Linux
// scenario: Tests/NativeFacts/stream-buffering-newest.json
// compare: sequence
import Foundation

let start = ContinuousClock.now
/// Milliseconds since start, to the nearest 100: what the scenario's `{(now + 50) / 100 * 100}` logs.
func at() -> Int { Int((ContinuousClock.now - start) / .milliseconds(1) + 50) / 100 * 100 }

@main struct StreamBufferingNewest {
  static func main() async {
    _ = start  // a global is set on first use: start the clock now
    let (prices, continuation) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: .bufferingNewest(2))
    let consumer = Task {
      for await price in prices {
        print("log: got \(price) at \(at())")
        try? await Task.sleep(for: .milliseconds(100))
      }
      print("log: the loop ends at \(at())")
    }
    try? await Task.sleep(for: .milliseconds(10))
    for i in 1...5 {
      continuation.yield(i)
      try? await Task.sleep(for: .milliseconds(10))
    }
    continuation.finish()
    await consumer.value
  }
}
