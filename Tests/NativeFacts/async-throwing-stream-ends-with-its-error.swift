// fact: An AsyncThrowingStream finished with an error gives its loop every element yielded before,
//   then throws that error from `for try await`.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: the stream gave [1, 2], then threw offline
enum FeedError: Error { case offline }

@main struct Main {
  static func main() async {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish(throwing: FeedError.offline)
    var got: [Int] = []
    do {
      for try await n in stream { got.append(n) }
    } catch {
      print("log: the stream gave \(got), then threw \(error)")
    }
  }
}
