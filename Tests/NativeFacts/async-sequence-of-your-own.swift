// fact: A type of your own becomes an AsyncSequence with an iterator whose `next()` is async and
//   returns nil at the end: `for await` calls it once per element, awaiting each.
// checked: Swift 6.3.1, Linux
// compare: sequence
// log: countdown: [3, 2, 1]
struct Countdown: AsyncSequence {
  let from: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    var current: Int
    mutating func next() async -> Int? {
      guard current > 0 else { return nil }
      try? await Task.sleep(for: .milliseconds(1))  // an element that takes time to come
      defer { current -= 1 }
      return current
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(current: from) }
}

@main struct Main {
  static func main() async {
    var seen: [Int] = []
    for await n in Countdown(from: 3) { seen.append(n) }
    print("log: countdown: \(seen)")
  }
}
