// fact: An AsyncStream's yield returns at once, with what it did, even when the buffer is full: a consumer waiting in for await gets the first yielded value at once, so it is never buffered; while the consumer is busy, .unbounded keeps every value, .bufferingOldest(2) keeps the first two and drops each newer one (yield returns .dropped(that value)), .bufferingNewest(2) drops the oldest waiting one (.dropped(2), then .dropped(3)); finish() ends the loop only after the buffer is drained.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: unbounded: yields 1: enqueued(remaining: 9223372036854775807), 2: enqueued(remaining: 9223372036854775807), 3: enqueued(remaining: 9223372036854775807), 4: enqueued(remaining: 9223372036854775807), 5: enqueued(remaining: 9223372036854775807)
// log: unbounded: the consumer got [1, 2, 3, 4, 5], 4 of them after finish()
// log: bufferingOldest(2): yields 1: enqueued(remaining: 2), 2: enqueued(remaining: 1), 3: enqueued(remaining: 0), 4: dropped(4), 5: dropped(5)
// log: bufferingOldest(2): the consumer got [1, 2, 3], 2 of them after finish()
// log: bufferingNewest(2): yields 1: enqueued(remaining: 2), 2: enqueued(remaining: 1), 3: enqueued(remaining: 0), 4: dropped(2), 5: dropped(3)
// log: bufferingNewest(2): the consumer got [1, 4, 5], 2 of them after finish()
// The three streams run at once. Each consumer takes 100 ms over a value; once it waits, its
// producer yields 1 to 5, one every 10 ms, then finishes.
import Foundation

final class Flag: @unchecked Sendable {
  private var value = false
  private let lock = NSLock()
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

func describe(_ result: AsyncStream<Int>.Continuation.YieldResult) -> String {
  switch result {
  case .enqueued(let remaining): "enqueued(remaining: \(remaining))"
  case .dropped(let value): "dropped(\(value))"
  case .terminated: "terminated"
  @unknown default: "unknown"
  }
}

func run(_ label: String, _ policy: AsyncStream<Int>.Continuation.BufferingPolicy) async -> [String]
{
  let (prices, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
  let finished = Flag()
  let consumer = Task {
    var got: [Int] = []
    var afterFinish = 0
    for await price in prices {
      got.append(price)
      if finished.isSet { afterFinish += 1 }
      try? await Task.sleep(for: .milliseconds(100))
    }
    return (got, afterFinish)
  }
  try? await Task.sleep(for: .milliseconds(50))  // the consumer waits in for await
  var yields: [String] = []
  for price in 1...5 {
    yields.append("\(price): \(describe(continuation.yield(price)))")
    try? await Task.sleep(for: .milliseconds(10))
  }
  finished.set()
  continuation.finish()
  let (got, afterFinish) = await consumer.value
  return [
    "\(label): yields \(yields.joined(separator: ", "))",
    "\(label): the consumer got \(got), \(afterFinish) of them after finish()",
  ]
}

@main struct Main {
  static func main() async {
    async let unbounded = run("unbounded", .unbounded)
    async let oldest = run("bufferingOldest(2)", .bufferingOldest(2))
    async let newest = run("bufferingNewest(2)", .bufferingNewest(2))
    for line in await unbounded + oldest + newest { print("log: \(line)") }
  }
}
