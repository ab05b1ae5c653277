// fact: confirmation(expectedCount:) passes when its event happens that many times before its body returns, and fails when it happens fewer times.
// checked: Swift 6.3.1, Linux
// tests: threePricesAreConfirmedThreeTimes() passes, expectingFourOfThreeFails() fails
import Testing

func prices() -> AsyncStream<Int> {
  AsyncStream { continuation in
    Task {
      for price in [3, 5, 8] { continuation.yield(price) }
      continuation.finish()
    }
  }
}

@Test func threePricesAreConfirmedThreeTimes() async {
  await confirmation(expectedCount: 3) { received in
    for await _ in prices() { received() }
  }
}

@Test func expectingFourOfThreeFails() async {
  await confirmation(expectedCount: 4) { received in
    for await _ in prices() { received() }
  }
}
