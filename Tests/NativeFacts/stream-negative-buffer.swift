// fact: An AsyncStream made with .bufferingNewest(-1) or .bufferingOldest(-1) is accepted and keeps nothing, as a size of 0 does: with no consumer waiting, every yield returns .dropped.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: bufferingNewest(0): dropped(1) dropped(2)
// log: bufferingNewest(-1): dropped(1) dropped(2)
// log: bufferingOldest(-1): dropped(1) dropped(2)
func describe(_ result: AsyncStream<Int>.Continuation.YieldResult) -> String {
  switch result {
  case .enqueued(let remaining): "enqueued(remaining: \(remaining))"
  case .dropped(let value): "dropped(\(value))"
  case .terminated: "terminated"
  @unknown default: "unknown"
  }
}

for (name, policy) in [
  ("bufferingNewest(0)", AsyncStream<Int>.Continuation.BufferingPolicy.bufferingNewest(0)),
  ("bufferingNewest(-1)", .bufferingNewest(-1)),
  ("bufferingOldest(-1)", .bufferingOldest(-1)),
] {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: policy)
  print("log: \(name): \(describe(continuation.yield(1))) \(describe(continuation.yield(2)))")
  _ = stream
}
