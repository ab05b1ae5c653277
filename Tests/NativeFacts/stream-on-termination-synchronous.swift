// fact: An AsyncStream continuation's onTermination closure is synchronous: an await in it does not compile.
// checked: Swift 6.3.1, Linux
// verdict: error: invalid conversion from 'async' function of type '@Sendable (AsyncStream<Int>.Continuation.Termination) async -> Void' to synchronous function type '@Sendable (AsyncStream<Int>.Continuation.Termination) -> Void'
let (prices, continuation) = AsyncStream.makeStream(of: Int.self)
continuation.onTermination = { reason in
  try? await Task.sleep(for: .milliseconds(10))
}
