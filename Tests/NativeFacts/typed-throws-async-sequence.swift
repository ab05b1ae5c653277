// fact: An AsyncSequence whose `Failure` is a concrete error type (SE-0421) throws it typed: in
//   a plain `do { for try await … } catch`, the catch's `error` is a FeedError, not `any Error`
//   (Swift 6.3.1 infers the `do`'s error type from what its body throws).
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the feed gave [1, 2], then threw offline as a FeedError
enum FeedError: Error { case offline }

struct Feed: AsyncSequence {
  typealias Element = Int
  typealias Failure = FeedError

  struct AsyncIterator: AsyncIteratorProtocol {
    var sent = 0
    mutating func next(isolation actor: isolated (any Actor)?) async throws(FeedError) -> Int? {
      sent += 1
      if sent > 2 { throw .offline }
      return sent
    }
    mutating func next() async throws(FeedError) -> Int? { try await next(isolation: nil) }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

@main struct Main {
  static func main() async {
    var items: [Int] = []
    do {
      for try await n in Feed() { items.append(n) }
    } catch {
      let typed: FeedError = error  // compiles only because the error is typed
      print("log: the feed gave \(items), then threw \(typed) as a FeedError")
    }
  }
}
